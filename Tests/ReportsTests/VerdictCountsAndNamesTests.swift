import Foundation
import Testing
import TraceModel

@testable import Reports

// MARK: - Issue 35: the verdict counts its budgets once; intents read as people say them

@Suite struct VerdictCountsAndNamesTests {
    /// The text of every verdict card (label, big figure, detail).
    static func cards(_ html: String) throws -> [String] {
        let root = try XMLTreeBuilder.parse(html)
        return root.elements(named: "div").filter { $0.attributes["class"] == "card" }.map(\.allText)
    }

    @Test("the card and the sentence count the same budgets: those counted and observed")
    func cardAndTextCountTheSameBudgets() throws {
        var report = TuningReport.sample
        // One budget without observations after tuning, one missed.
        report.verdict.budgets[1].after = .nan
        report.verdict.budgets[0].after = 1_000
        let sentence = ReportFindings(report).budgetSentence
        #expect(sentence.hasPrefix("2 of 3 latency and animation budgets with observations are met"))
        let card = try #require(try Self.cards(HTMLReport.render(report)).first { $0.contains("latency and animation budgets") })
        #expect(card.contains("2 of 3 met"), "\(card)")
        #expect(card.contains("1 without observations"))
        #expect(!card.contains("3 of 4"))
        // The model says which it judges, once.
        #expect(report.verdict.judgedBudgets.count == 3 && report.verdict.unobservedBudgets.count == 1)
    }

    @Test("how likely each budget holds on new people: in the text and the table")
    func holdProbabilityIsReported() throws {
        var report = TuningReport.sample
        for k in report.verdict.budgets.indices {
            report.verdict.budgets[k].holdProbability = k == 2 ? 0.83 : 1
            report.verdict.budgets[k].resampledPeople = 5
        }
        report.verdict.budgets[2].newPeopleBound = 9.44
        report.verdict.budgets[2].confidence = 0.95
        let f = ReportFindings(report)
        let budget = report.verdict.budgets[2]
        #expect(f.budgetSentence.contains("How likely each holds on new people (groups of 5 drawn with replacement"))
        #expect(f.budgetSentence.contains("\(budget.gesture) 83 %, "), "the least sure first")
        let cell = try #require(f.budgetTable.rows[2].cells.last?.text)
        #expect(
            cell
                == "p95 ≤ \(Format.measure(9.44, unit: budget.unit)) for new people, 95 % confidence · met by 83 % of held-out groups"
        )
    }

    @Test("the no-gesture intent reads as people say it, in the report, the Markdown and the summary; its label stays")
    func noGestureIntentHasAHumanName() throws {
        #expect(Intent.none.readableName == "no gesture (stray touch)")
        #expect(Intent.readableName(of: "none") == "no gesture (stray touch)")
        #expect(Intent.readableName(of: "tap") == "tap" && Intent.readableName(of: "unlabelled") == "unlabelled")
        #expect(Intent.none.rawValue == "none")
        var report = TuningReport.sample
        report.verdict.intents = [
            TuningReport.IntentChange(
                intent: "none", before: TuningReport.Rate(count: 35, total: 90, lower: 0.291, upper: 0.495),
                after: TuningReport.Rate(count: 37, total: 90, lower: 0.311, upper: 0.516), fixedCount: 3,
                brokenCount: 5, pValue: 0.73, changeInterval: -0.04...0.082, margin: 0.02)
        ]
        let sentence = ReportFindings(report).worseIntentsSentence
        #expect(sentence.hasPrefix("Worse after tuning: no gesture (stray touch) 38.9 %"))
        let card = try #require(try Self.cards(HTMLReport.render(report)).first { $0.contains("intents made worse") })
        #expect(card.contains("1: no gesture (stray touch)") && !card.contains("1: none"))
        let markdown = MarkdownReport.render(report)
        #expect(markdown.contains("no gesture (stray touch) 38.9 %"))
        // The JSON keeps the stored label.
        let json = String(decoding: try JSONEncoder().encode(report.verdict.intents), as: UTF8.self)
        #expect(json.contains(#""intent":"none""#))
    }
}
