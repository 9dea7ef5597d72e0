import Foundation
import Testing
import TraceModel

@testable import Reports

// MARK: - Charts, captions and tables that agree (issue 15)

/// What one figure says must not contradict its caption, its table or
/// another figure: the search's best never rises and ends where the
/// sweeps start, the Pareto chart names the budget it swept and draws its
/// legend, the sweeps share a scale, words say exactly what happened.
@Suite struct ConsistencyTests {
    // MARK: - The search

    /// The reference constants miss a budget (infeasible, low objective);
    /// the first feasible point comes later and higher.
    static var searchWithInfeasibleStart: [TuningReport.SearchStep] {
        [
            .init(evaluation: 1, objective: 0.12, bestSoFar: nil, feasible: false),
            .init(evaluation: 2, objective: 0.10, bestSoFar: nil, feasible: false),
            .init(evaluation: 3, objective: 0.15, bestSoFar: 0.15, feasible: true),
            .init(evaluation: 4, objective: 0.09, bestSoFar: 0.15, feasible: false),
            .init(evaluation: 5, objective: 0.14, bestSoFar: 0.14, feasible: true),
            .init(evaluation: 6, objective: 0.16, bestSoFar: 0.14, feasible: true)
        ]
    }

    @Test func searchSentenceCountsOnlyFeasiblePointsAsBest() {
        var report = TuningReport.sample
        report.search = Self.searchWithInfeasibleStart
        #expect(
            ReportFindings(report).searchSentence
                == "6 evaluations of the exact objective on the training people, from 0.12 at the reference constants"
                + " (which miss a budget or an intent limit). The first to meet every budget and intent limit came at evaluation 3;"
                + " the best that meets them all, 0.14, first at evaluation 5, is the chosen constants' objective."
                + " 3 evaluations missed a limit and count for nothing, however low their objective.")
        report.search = [
            .init(evaluation: 1, objective: 0.09, bestSoFar: 0.09, feasible: true),
            .init(evaluation: 2, objective: 0.05, bestSoFar: 0.05, feasible: true),
            .init(evaluation: 3, objective: 0.07, bestSoFar: 0.05, feasible: true)
        ]
        #expect(
            ReportFindings(report).searchSentence
                == "3 evaluations of the exact objective on the training people, from 0.09 at the reference constants."
                + " The best that meets them all, 0.05, first at evaluation 2, is the chosen constants' objective.")
        report.search = [.init(evaluation: 1, objective: 0.09, bestSoFar: nil, feasible: false)]
        #expect(ReportFindings(report).searchSentence.hasSuffix("; none met every budget and intent limit."))
        report.search = []
        #expect(ReportFindings(report).searchSentence == "The search recorded no evaluations.")
    }

    /// The best-so-far line's points, from the rendered chart.
    static func polyline(_ class: String, in figure: XMLNode) throws -> [(Double, Double)] {
        let line = try #require(figure.elements(named: "polyline").first { $0.attributes["class"] == "series \(`class`)" })
        return try #require(line.attributes["points"]).split(separator: " ").map {
            let xy = $0.split(separator: ",").compactMap { Double($0) }
            return (xy[0], xy[1])
        }
    }

    static func figure(titled title: String, in report: TuningReport) throws -> XMLNode {
        let root = try XMLTreeBuilder.parse(HTMLReport.render(report))
        return try #require(
            root.elements(named: "figure").first {
                $0.elements(named: "title").first?.text == title
            }, "no figure \(title)")
    }

    @Test func bestSoFarLineNeverRisesAndStartsAtTheFirstFeasiblePoint() throws {
        var report = TuningReport.sample
        report.search = Self.searchWithInfeasibleStart
        let figure = try Self.figure(titled: "Objective against evaluations", in: report)
        let best = try Self.polyline("after", in: figure)
        // SVG y grows downwards: a best that never rises never goes up the page.
        #expect(zip(best, best.dropFirst()).allSatisfy { $0.1 <= $1.1 + 0.05 })
        let firstX = try #require(best.first?.0), lastY = try #require(best.last?.1)
        let dots = figure.elements(named: "g").filter { ($0.attributes["class"] ?? "").hasPrefix("dots") }
        // Evaluations 1…6 on the x axis: the line starts at evaluation 3, right of the first two dots.
        let dotXs = dots.flatMap { $0.elements(named: "circle").compactMap { Double($0.attributes["cx"] ?? "") } }.sorted()
        #expect(dotXs.count == 6)
        #expect(abs(firstX - dotXs[2]) < 0.01)
        #expect(dots.count == 2, "feasible and infeasible evaluations are told apart")
        let infeasible = try #require(dots.first { $0.attributes["class"] == "dots budget" })
        #expect(infeasible.elements(named: "circle").count == 3)
        // The infeasible 0.09 is the lowest dot; the line ends above it (at 0.14).
        let lowestDot = try #require(infeasible.elements(named: "circle").compactMap { Double($0.attributes["cy"] ?? "") }.max())
        #expect(lastY < lowestDot)
        let legend = figure.elements(named: "text").filter { $0.attributes["class"] == "legend" }.map(\.allText)
        #expect(legend == ["feasible", "over a limit", "best so far"])
        // All three fit in the chart (the legend does not wrap): the last
        // one ends inside the plot's right edge at the legend's ~6.5 units a character.
        let last = try #require(figure.elements(named: "text").last { $0.attributes["class"] == "legend" })
        #expect(try #require(Double(last.attributes["x"] ?? "")) + Double(last.allText.count) * 6.5 <= Figure.width - 20)
        #expect(
            figure.elements(named: "figcaption").first?.allText.contains("ending at 0.14, the chosen constants' objective")
                == true)
    }

    // MARK: - The sweeps

    static func sweep(_ name: String, _ points: [(Double, Double, Bool)], chosen: Double) -> TuningReport.ParameterSweep {
        .init(
            parameter: name, unit: "s", points: points.map { .init(value: $0.0, objective: $0.1, feasible: $0.2) }, chosen: chosen
        )
    }

    @Test func lowestInSweepIgnoresPointsThatMissALimitAndSaysWhenTheSweepBeatsTheSearch() {
        var report = TuningReport.sample
        report.sensitivity.sweeps = [
            // Lower only where a budget is missed: not a better point.
            Self.sweep(
                "longPress.minimumDuration", [(0.4, 0.1465, true), (0.5, 0.1465, true), (0.6, 0.1333, false)], chosen: 0.5),
            // Lower and feasible: the search missed it, said plainly.
            Self.sweep("tabSwipe.distanceThreshold", [(40, 0.1431, true), (75, 0.1465, true), (120, 0.15, true)], chosen: 75)
        ]
        let f = ReportFindings(report)
        #expect(
            f.sweepTable.rows[0].cells.map(\.text) == [
                "longPress.minimumDuration", "0.5 s", "0.1465", "0.1465 at 0.4 s", "0.4 … 0.6 s, 3 points"
            ])
        #expect(f.sweepTable.rows[0].cells[3].judgement == nil)
        #expect(f.sweepTable.rows[1].cells[3].text == "0.1431 at 40 s (lower than chosen)")
        #expect(f.sweepTable.rows[1].cells[3].judgement == .warn)
        #expect(f.sweepSentence.contains("(0.1465 at the chosen constants)"))
        #expect(
            f.sweepSentence.contains(
                "The sweep found lower objectives that meet every limit, which the search missed: tabSwipe.distanceThreshold at 40 s (0.1431)"
            ))
        #expect(f.sweepSentence.contains("In 1 sweep lower values miss a budget or an intent limit"))
        report.sensitivity.sweeps.removeLast()
        #expect(ReportFindings(report).sweepSentence.contains("No single constant moved alone reaches a lower objective"))
    }

    @Test func sweepChartsShareOneScaleWithShortTicksClearOfTheAxisTitle() throws {
        var report = TuningReport.sample
        report.sensitivity.sweeps = [
            Self.sweep("flat", [(0, 0.13601, true), (1, 0.13605, true), (2, 0.13602, true)], chosen: 1),
            Self.sweep("steep", [(0, 0.14, true), (1, 0.136, true), (2, 0.31, false)], chosen: 1)
        ]
        let root = try XMLTreeBuilder.parse(HTMLReport.render(report))
        let charts = root.elements(named: "figure").filter {
            $0.elements(named: "title").first?.text.hasPrefix("Objective as") == true
        }
        #expect(charts.count == 2)
        let ticks = charts.map { chart in
            chart.elements(named: "text").filter { $0.attributes["class"] == "tick" && $0.attributes["text-anchor"] == "end" }
        }
        // The same y ticks on both, so the flat constant draws flat.
        #expect(ticks[0].map(\.allText) == ticks[1].map(\.allText))
        #expect(ticks[0].map(\.allText) == ["0.10", "0.15", "0.20", "0.25", "0.30", "0.35"])
        let flat = try Self.polyline("after", in: charts[0]).map(\.1)
        #expect((flat.max() ?? 0) - (flat.min() ?? 0) < 1, "a 0.00004 change is flat on the shared scale")
        for label in ticks.flatMap({ $0 }) {
            // The label ends 6 units left of the axis; its start stays right of the
            // rotated title (centred at 14, a 12-unit font: to about 21).
            let end = try #require(Double(label.attributes["x"] ?? ""))
            #expect(
                end - Double(label.allText.count) * ChartFrame.tickCharacterWidth >= ChartFrame.yTitleRight, "\(label.allText)")
        }
    }

    @Test func sweepsThatBarelyMoveDrawFlatWithShortTicks() throws {
        var report = TuningReport.sample
        report.sensitivity.sweeps = [
            Self.sweep("a", [(0, 0.13601, true), (1, 0.13605, true)], chosen: 1),
            Self.sweep("b", [(0, 0.13603, true), (1, 0.13609, true)], chosen: 0)
        ]
        let range = try #require(ReportFindings(report).sweepObjectiveRange)
        #expect(abs(range.upperBound - range.lowerBound - ReportFindings.minimumSweepSpan) < 1e-12)
        let root = try XMLTreeBuilder.parse(HTMLReport.render(report))
        let chart = try #require(
            root.elements(named: "figure").first { $0.elements(named: "title").first?.text == "Objective as a varies" })
        let ticks = chart.elements(named: "text").filter {
            $0.attributes["class"] == "tick" && $0.attributes["text-anchor"] == "end"
        }
        #expect(!ticks.isEmpty)
        #expect(ticks.allSatisfy { ($0.allText.split(separator: ".").last?.count ?? 0) <= 3 }, "\(ticks.map(\.allText))")
    }

    @Test func aLongTickLabelWidensTheMarginInsteadOfRunningIntoTheTitle() {
        let narrow = ChartFrame(xs: [0, 1], ys: [0.136_01, 0.136_05])
        #expect(narrow.yTicks.decimals == 5)
        let widest = Double(narrow.yTicks.values.map { narrow.yTicks.label($0).count }.max() ?? 0)
        #expect(narrow.left == ChartFrame.yTitleRight + ChartFrame.tickGap + widest * ChartFrame.tickCharacterWidth)
        #expect(narrow.left > 64)
        #expect(ChartFrame(xs: [0, 1], ys: [0, 1]).left == 64)
    }

    // MARK: - The Pareto front

    static var front: [TuningReport.ParetoPoint] {
        [
            .init(
                misfireRate: 0.115, latencyMs: 280, onFront: true, chosen: true, holdoutMisfireRate: 0.113, trainObjective: 0.136,
                limitMs: 300),
            .init(
                misfireRate: 0.118, latencyMs: 244, onFront: true, holdoutMisfireRate: 0.113, trainObjective: 0.139, limitMs: 252),
            .init(
                misfireRate: 0.125, latencyMs: 230, onFront: true, holdoutMisfireRate: 0.12, trainObjective: 0.145, limitMs: 224),
            .init(
                misfireRate: 0.13, latencyMs: 250, onFront: false, holdoutMisfireRate: 0.125, trainObjective: 0.15, limitMs: 196)
        ]
    }

    @Test func paretoChartMarksTheSweptBudgetAndItsLegendIsWhatItDraws() throws {
        var report = TuningReport.sample
        report.verdict.budgets.insert(
            .init(gesture: "tap response (immediate)", percentile: 95, limit: 16, before: 0, after: 0), at: 0)
        report.sensitivity.pareto = Self.front
        report.sensitivity.paretoBudget = .init(
            gesture: "tap response (waited)", percentile: 95, limitMs: 300, population: "training people")
        let figure = try Self.figure(titled: "Pareto front of misfire rate against tap response (waited) p95", in: report)
        let texts = figure.elements(named: "text").map(\.allText)
        #expect(texts.contains("budget 300 ms"))
        #expect(!texts.contains { $0.contains("16 ms") }, "the tightest budget is not the one swept")
        #expect(
            figure.elements(named: "text").filter { $0.attributes["class"] == "legend" }.map(\.allText)
                == ["other settings", "Pareto front", "chosen"])
        #expect(
            try #require(figure.elements(named: "g").first { $0.attributes["class"] == "dots muted" }).elements(named: "circle")
                .count == 1)
        #expect(texts.contains("misfire rate, training people"))

        // Only the front: no "other settings" in the legend, none drawn.
        report.sensitivity.pareto.removeLast()
        let frontOnly = try Self.figure(titled: "Pareto front of misfire rate against tap response (waited) p95", in: report)
        #expect(
            frontOnly.elements(named: "text").filter { $0.attributes["class"] == "legend" }.map(\.allText) == [
                "Pareto front", "chosen"
            ])
        #expect(!frontOnly.elements(named: "g").contains { $0.attributes["class"] == "dots muted" })
    }

    @Test func paretoSentenceSaysWhyTheChosenPointBeatsAHeldOutTwin() throws {
        var report = TuningReport.sample
        report.sensitivity.pareto = Self.front
        report.sensitivity.paretoBudget = .init(
            gesture: "tap response (waited)", percentile: 95, limitMs: 300, population: "training people")
        let f = ReportFindings(report)
        let sentence = try #require(f.paretoSentence)
        #expect(sentence.contains("tap response (waited) p95, below its limit of 300 ms"))
        #expect(sentence.contains("rates are the training people's"))
        #expect(sentence.contains("The next faster, 244 ms, costs 11.8 % training misfires (11.3 % held out)."))
        #expect(
            sentence.contains(
                "The setting at 244 ms has the same held-out rate (11.3 %) and a higher training objective (0.139 against 0.136): the search chooses on the training people only"
            ))
        report.sensitivity.pareto = [Self.front[0]]
        #expect(ReportFindings(report).paretoSentence?.hasSuffix("the chosen one is the only point.") == true)
        #expect(
            f.paretoTable.columns.map(\.title) == [
                "limit searched", "p95 achieved", "training misfires", "held-out misfires", "training objective", ""
            ])
        #expect(
            f.paretoTable.rows.map { $0.cells[5].text }
                == ["", "", "", ""].enumerated().map { i, _ in
                    ["on the front", "on the front", "dominated", "chosen"][i]
                })
    }

    // MARK: - Words

    static func example(kind: TuningReport.MisfireKind, recognized: String?, at: Micros?, detail: String? = nil)
        -> TuningReport.Example
    {
        .init(
            sessionID: "s1", user: "u08", device: Device(platform: .ios, screenWidth: 375, screenHeight: 667),
            label: Label(start: 1_000_000, end: 1_400_000, intent: .tabSwipe, direction: .right), kind: kind,
            recognized: recognized, recognizedAt: at, path: [], detail: detail, sharedBy: .init(gestures: 12, people: 4))
    }

    @Test func aMissedGestureThatBeganSaysItSprangBack() {
        let sprang = Self.example(kind: .missed, recognized: "tabSwipe", at: 1_217_000, detail: "sprang back")
        #expect(
            ReportFindings.recognizedText(sprang)
                == "tabSwipe began at 217 ms after the label start but sprang back without committing")
        #expect(
            ReportFindings.misfireClause(sprang, fixed: true)
                == "began tabSwipe but sprang back without committing before tuning and is handled correctly after")
        #expect(ReportFindings.recognizedText(Self.example(kind: .missed, recognized: nil, at: nil)) == "nothing")
        #expect(
            ReportFindings.recognizedText(Self.example(kind: .wrong, recognized: "scroll", at: 1_050_000))
                == "scroll at 50 ms after the label start")
        #expect(ReportFindings.sharedText(sprang) == "12 held-out gestures of 4 people")
        var report = TuningReport.sample
        report.examples = .init(remaining: [], fixed: [sprang])
        let table = ReportFindings(report).exampleTable([sprang], fixed: true)
        #expect(table.columns.map(\.title).suffix(3) == ["misfire before tuning", "recognized before tuning", "same pattern"])
        let html = HTMLReport.render(report)
        #expect(html.contains("<dt>before tuning</dt><dd>missed; correct after</dd>"))
        #expect(!html.contains("missed (before tuning)"))
    }

    @Test func afterIsGreenOnlyWhenItGotBetter() {
        let worse = TuningReport.Budget(
            gesture: "tabSwipe overshoot", percentile: 95, unit: "pt", limit: 10, before: 6, after: 7.3, spring: "tabSwipe")
        let better = TuningReport.Budget(
            gesture: "cardSwipe overshoot", percentile: 95, unit: "pt", limit: 20, before: 5, after: 0.5, spring: "cardSwipe")
        let missed = TuningReport.Budget(gesture: "tap (waited)", percentile: 95, limit: 300, before: 500, after: 320)
        let same = TuningReport.Budget(gesture: "longPress", percentile: 95, limit: 500, before: 500, after: 500)
        #expect(ReportFindings.judgement(of: worse) == .warn)
        #expect(ReportFindings.judgement(of: better) == .ok)
        #expect(ReportFindings.judgement(of: missed) == .fail)
        #expect(ReportFindings.judgement(of: same) == nil)

        var report = TuningReport.sample
        report.verdict.budgets = [worse, better]
        report.constants =
            report.constants.filter { !$0.name.hasPrefix("tabSwipe.spring") }
            + [
                .init(name: "tabSwipe.springResponse", unit: "s", old: 0.35, new: 0.35, lower: 0.15, upper: 1),
                .init(name: "cardSwipe.springDamping", unit: "", old: 0.7, new: 0.9, lower: 0.3, upper: 1)
            ]
        let sentence = ReportFindings(report).unchangedSpringSentence
        #expect(
            sentence?.hasPrefix("tabSwipe overshoot 6.0 pt → 7.3 pt with its spring unchanged") == true, "\(sentence ?? "nil")")
        #expect(sentence?.contains("cardSwipe") == false, "the card spring did change")
        #expect(MarkdownReport.render(report).contains("with its spring unchanged"))
    }

    @Test func runTableCountsPeopleWithLabelsAndRecordingsApart() {
        var report = TuningReport.sample
        report.run.split = .init(
            rule: "by person", trainUsers: ["u00", "u01"], holdoutUsers: ["u08"], trainGestures: 40,
            holdoutGestures: 10, trainUnlabelled: ["flutter-velocity", "N-Trig.drag"], holdoutUnlabelled: [])
        let rows = Dictionary(
            uniqueKeysWithValues: ReportFindings(report).runTable.rows.map { ($0.cells[0].text, $0.cells[1].text) })
        #expect(rows["training people"] == "2 with labelled gestures (40 gestures): u00, u01")
        #expect(rows["held-out people"] == "1 with labelled gestures (10 gestures): u08")
        #expect(
            rows["unlabelled recordings"]
                == "2, not counted as people (no labels to judge them by): N-Trig.drag, flutter-velocity")
        report.run.split.trainUnlabelled = nil
        #expect(ReportFindings(report).runTable.rows.allSatisfy { $0.cells[0].text != "unlabelled recordings" })
    }
}
