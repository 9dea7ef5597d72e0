import Foundation
import Recognizers
import Testing

@testable import Reports

@Suite struct HTMLReportTests {
    let html = HTMLReport.render(.sample)

    func styleSheet(_ html: String) -> String {
        guard let start = html.range(of: "<style>"), let end = html.range(of: "</style>") else { return "" }
        return String(html[start.upperBound..<end.lowerBound])
    }

    // MARK: - Self-contained and safe to open

    @Test func loadsNothingAndRunsNothing() throws {
        let lower = html.lowercased()
        for forbidden in [
            "<script", "<link", "<img", "<iframe", "<object", "<embed", " src=", " style=", "javascript:", "http:", "https:"
        ] {
            #expect(!lower.contains(forbidden), "report contains \(forbidden)")
        }
        let css = styleSheet(lower)
        #expect(css.count > 1_000)
        #expect(!css.contains("@import"))
        #expect(!css.contains("url("))
        #expect(!css.contains("@font-face"))
        let root = try XMLTreeBuilder.parse(html)
        let links = root.all.compactMap { $0.attributes["href"] ?? $0.attributes["src"] ?? $0.attributes["xlink:href"] }
        #expect(!links.isEmpty)
        for link in links {
            #expect(link.hasPrefix("#") && !link.contains("/"), "\(link) leaves the page")
        }
        // Every in-page link has a target.
        let ids = Set(root.all.compactMap { $0.attributes["id"] })
        for link in links { #expect(ids.contains(String(link.dropFirst()))) }
    }

    @Test func everyFigureHasAOneSentenceCaptionAndEveryChartATitle() throws {
        let root = try XMLTreeBuilder.parse(html)
        let figures = root.elements(named: "figure")
        #expect(figures.count >= 20)
        for figure in figures {
            let captions = figure.children.filter { $0.name == "figcaption" }
            #expect(captions.count == 1)
            let caption = captions.first?.text ?? ""
            #expect(caption.hasSuffix("."), "caption is a sentence: \(caption)")
            #expect(!caption.dropLast().contains(". "), "caption is one sentence: \(caption)")
        }
        let charts = root.elements(named: "svg")
        #expect(charts.count >= 20)
        for chart in charts {
            #expect(chart.attributes["role"] == "img")
            #expect(chart.children.first?.name == "title")
            #expect(chart.children.first?.text.isEmpty == false)
            #expect(chart.parent?.name == "figure")
        }
    }

    @Test func contentSecurityPolicyForbidsScriptsAndLoads() throws {
        let root = try XMLTreeBuilder.parse(html)
        let head = try #require(root.elements(named: "head").first)
        let csp = try #require(head.elements(named: "meta").first { $0.attributes["http-equiv"] == "Content-Security-Policy" })
        #expect(csp.attributes["content"] == "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'")
        #expect(head.children.first?.attributes["charset"] == "utf-8", "the charset comes first")
    }

    @Test func followsTheSystemSchemeAndPrints() {
        let css = styleSheet(html)
        #expect(css.contains("@media (prefers-color-scheme:dark)"))
        #expect(css.contains("@media print"))
        #expect(html.contains("<meta content=\"light dark\" name=\"color-scheme\" />"))
    }

    // MARK: - Contents in the order a designer asks

    @Test func sectionsComeInTheDesignersOrder() throws {
        let root = try XMLTreeBuilder.parse(html)
        let sections = root.elements(named: "section").compactMap { $0.attributes["id"] }
        #expect(
            sections == [
                "verdict", "constants", "misfires", "latency", "springs", "sensitivity", "search", "examples", "breakdown", "run"
            ])
        let headings = root.elements(named: "h2").map(\.text)
        #expect(headings.first == "1. Verdict")
        #expect(headings.last == "10. The data and the run")
    }

    /// The contents, the page's headings and anchors and report.md's headings
    /// are all derived from ``ReportSection``: one declaration, one order.
    @Test func everyRenderingOfTheSectionsFollowsTheirOneDeclaration() throws {
        let root = try XMLTreeBuilder.parse(html)
        let declared = ReportSection.allCases
        let contents = root.elements(named: "nav").flatMap { $0.elements(named: "a") }
        #expect(contents.map(\.text) == declared.map(\.numberedTitle))
        #expect(contents.map { $0.attributes["href"] } == declared.map { "#" + $0.id })
        #expect(root.elements(named: "section").compactMap { $0.attributes["id"] } == declared.map(\.id))
        #expect(root.elements(named: "h2").map(\.text) == declared.map(\.numberedTitle))
        let markdown = MarkdownReport.render(TuningReport.sample)
        let markdownHeadings = markdown.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
        #expect(markdownHeadings == declared.map(\.numberedTitle))
    }

    @Test func verdictStatesRatesIntervalsSignificanceAndBudgets() throws {
        let v = TuningReport.sample.verdict
        let root = try XMLTreeBuilder.parse(html)
        let verdict = try #require(root.elements(named: "section").first { $0.attributes["id"] == "verdict" })
        let text = verdict.allText
        #expect(
            text.contains(
                "fell from \(Format.percent(v.before.rate)) (95 % CI \(Format.fixed(v.before.lower * 100, 1))–\(Format.percent(v.before.upper)))"
            ))
        #expect(text.contains("to \(Format.percent(v.after.rate))"))
        #expect(text.contains("The gain is significant (McNemar χ² (continuity-corrected) p < 0.001")) // 71 discordant: χ²
        #expect(text.contains("All 4 latency and animation budgets are met."))
        #expect(text.contains("\(v.fixedCount) gestures fixed, \(v.brokenCount) broken"))
        #expect(verdict.elements(named: "figure").count == 1, "the rates with their intervals as a chart")
    }

    @Test func constantsTableFlagsTheValueOnItsBound() throws {
        let root = try XMLTreeBuilder.parse(html)
        let section = try #require(root.elements(named: "section").first { $0.attributes["id"] == "constants" })
        let rows = section.elements(named: "tr").dropFirst()
        #expect(rows.count == TuningReport.sample.constants.count)
        let slop = try #require(rows.first { $0.children.first?.text == "pan.slop" })
        #expect(
            slop.children.map(\.text) == [
                "pan.slop", "10 pt", "8.02 pt", "\u{2212}1.98", "\u{2212}19.8 %", "8 … 24 pt",
                "on the lower bound: the data pulls it below 8 pt; widen the range to the catalogue's 2 pt with --tune FILE"
                    + " ({\"bounds\": {\"pan.slop\": {\"lower\": 2}}})",
                // 10 pt is not the catalogue's default (18): the run's own reference.
                "this run's reference value (the scene's or --params)"
            ])
        #expect(slop.children[2].attributes["class"] == "num warn")
        let flagged = rows.filter { $0.allText.contains("bound: the data pulls") }
        #expect(flagged.count == 1)
    }

    /// Issue 34: the constants section says where each reference value
    /// comes from — a source's document and lines, a platform's convention,
    /// ours — as data from the catalogue, escaped like every cell.
    @Test func constantsSayWhereEachReferenceValueComesFrom() throws {
        var report = TuningReport.sample
        report.constants[0].provenance = .cite(.tabSession, 164, 415)
        report.constants[1].provenance = .ours("<script>alert(1)</script> | a pipe")
        let html = HTMLReport.render(report), markdown = MarkdownReport.render(report)
        #expect(html.contains("the tab session (001_f8e9ba9022a96da8.txt:164,415)"))
        #expect(markdown.contains("the tab session (001\\_f8e9ba9022a96da8.txt:164,415)")) // `_` escaped
        #expect(!html.contains("<script>alert(1)") && html.contains("&lt;script&gt;alert(1)"))
        #expect(markdown.contains("\\| a pipe") && !markdown.contains("</script> | a pipe"))
        // A report built from a run: the catalogue's default cites its source.
        #expect(
            TuningReport.Constant(name: "x", unit: "", old: 1, new: 2, lower: 0, upper: 3).provenance == nil)
    }

    @Test func drawsEveryExampleAndEveryDistribution() throws {
        let root = try XMLTreeBuilder.parse(html)
        let sample = TuningReport.sample
        let examples = root.all.filter { $0.attributes["class"] == "example" }
        #expect(examples.count == sample.examples.remaining.count + sample.examples.fixed.count)
        for (card, example) in zip(examples, sample.examples.remaining + sample.examples.fixed) {
            #expect(card.allText.contains(example.sessionID))
            #expect(card.elements(named: "path").count == 1, "the recognition star")
        }
        let latency = try #require(root.elements(named: "section").first { $0.attributes["id"] == "latency" })
        #expect(latency.elements(named: "figure").count == sample.latency.count)
        let springs = try #require(root.elements(named: "section").first { $0.attributes["id"] == "springs" })
        #expect(springs.elements(named: "figure").count == sample.springs.count)
        let sensitivity = try #require(root.elements(named: "section").first { $0.attributes["id"] == "sensitivity" })
        #expect(sensitivity.elements(named: "figure").count == sample.sensitivity.sweeps.count + 1)
    }

    @Test func breakdownPutsTheLeastServedFirst() throws {
        let root = try XMLTreeBuilder.parse(html)
        let section = try #require(root.elements(named: "section").first { $0.attributes["id"] == "breakdown" })
        let worst = TuningReport.sample.breakdown.byUser.max { $0.after.rate < $1.after.rate }!
        #expect(section.elements(named: "p").first?.text.hasPrefix("Served least: user \(worst.group) at") == true)
        let highlighted = section.elements(named: "tr").filter { $0.attributes["class"] == "least" }
        #expect(highlighted.first?.children.first?.text == worst.group)
    }

    @Test func runSectionHasWhatItTakesToReproduce() throws {
        let run = TuningReport.sample.run
        let root = try XMLTreeBuilder.parse(html)
        let section = try #require(root.elements(named: "section").first { $0.attributes["id"] == "run" })
        #expect(section.elements(named: "code").first?.text == run.commandLine)
        let text = section.allText
        for needle in [run.corpus, "\(run.seed)", run.split.rule, run.objective, run.method, "version of gsl2.7.1"] {
            #expect(text.contains(needle))
        }
    }

    // MARK: - Hostile data

    @Test func hostileTextIsShownNeverExecuted() throws {
        let html = HTMLReport.render(.hostileSample)
        #expect(!html.lowercased().contains("<script"))
        // Only the charts' own closing tags: one per opening tag.
        #expect(html.components(separatedBy: "</svg>").count == html.components(separatedBy: "<svg").count)
        #expect(html.contains("&amp;amp;"), "an entity in data is shown as written")
        #expect(!html.contains("'single'") && !html.contains("\"quotes\""), "quotes never appear raw (attributes stay closed)")
        // It parses as XML: every tag and attribute is closed where we closed it…
        let root = try XMLTreeBuilder.parse(html)
        let names = Set(root.all.map(\.name))
        #expect(names.isSubset(of: Set(Markup.Tag.allCases.map(\.rawValue) + ["style"])), "no element from data: \(names)")
        #expect(root.elements(named: "style").count == 1)
        // …and a browser shows the data exactly as written (line breaks normalized).
        let shown = hostile.replacingOccurrences(of: "\r\n", with: "\n")
        let notes = root.elements(named: "dd").map(\.text).filter { $0.hasSuffix("#note") }
        #expect(notes.count == 6)
        #expect(notes.allSatisfy { $0 == shown + " #note" })
        let titles = root.elements(named: "title").map(\.text)
        #expect(titles.contains { $0.contains(shown + " #session") }, "SVG titles carry the session id as text")
        let cellTitles = root.all.compactMap { $0.attributes["title"] }
        #expect(cellTitles.contains { $0.hasPrefix(shown + " #intended → ") }, "attribute values round-trip")
        #expect(
            root.elements(named: "code").first?.text
                == TuningReport.hostileSample.run.commandLine.replacingOccurrences(of: "\r\n", with: "\n"))
    }
}
