import Testing
import TraceModel

@testable import Reports

@Suite struct ReportFindingsTests {
    @Test func saysPlainlyWhenTuningMadeThingsWorse() {
        var report = TuningReport.sample
        report.verdict.before = TuningReport.rate(40, of: 1_000)
        report.verdict.after = TuningReport.rate(50, of: 1_000)
        report.verdict.mcnemarPValue = 0.31
        let f = ReportFindings(report)
        #expect(f.headline.hasPrefix("Misfires on 12 held-out users rose from 4.0 % (95 % CI 2.9–5.4 %) to 5.0 %"))
        #expect(f.headline.hasSuffix("(+25.0 % relative)."))
        // 57 fixed and 14 broken: production passes McNemar's χ² p-value
        // from 25 discordant gestures on, and the sentence says so.
        #expect(f.significance.hasPrefix("The change is not significant (McNemar χ² (continuity-corrected) p = 0.31 at α = 0.05"))
        report.verdict.fixedCount = 8
        report.verdict.brokenCount = 2
        #expect(ReportFindings(report).significance.hasPrefix("The change is not significant (exact McNemar p = 0.31"))
        report.verdict.fixedCount = 143
        report.verdict.brokenCount = 14
        report.verdict.mcnemarPValue = 1.7e-24
        report.verdict.after = .init(count: 30, total: 1_000, lower: 0.02, upper: 0.04)
        #expect(
            ReportFindings(report).significance.hasPrefix(
                "The gain is significant (McNemar χ² (continuity-corrected) p < 0.001 at α = 0.05; 143 gestures fixed, 14 broken")
        )
    }

    @Test func everyIntentMadeWorseIsNamedWithTheIntervalOfItsChange() {
        var report = TuningReport.sample
        func rate(_ count: Int, _ total: Int, _ lower: Double, _ upper: Double) -> TuningReport.Rate {
            TuningReport.Rate(count: count, total: total, lower: lower, upper: upper)
        }
        // One multi-finger swipe of 24 (+4.2 points, within the noise) and
        // half the drags (+50 points, the whole interval above 2 points).
        report.verdict.intents = [
            TuningReport.IntentChange(
                intent: "multi-swipe", before: rate(2, 24, 0.010, 0.270),
                after: rate(3, 24, 0.027, 0.324), fixedCount: 0, brokenCount: 1, pValue: 1,
                changeInterval: -0.1034...0.2003, margin: 0.02),
            TuningReport.IntentChange(
                intent: "tap", before: rate(10, 200, 0.024, 0.090),
                after: rate(6, 200, 0.011, 0.064), fixedCount: 4, brokenCount: 0, pValue: 0.125,
                changeInterval: -0.0493...0.0001, margin: 0.02)
        ]
        var f = ReportFindings(report)
        #expect(
            f.worseIntentsSentence == "Worse after tuning: multi-swipe 8.3 % (95 % CI 1.0–27.0 %) → 12.5 %"
                + " (95 % CI 2.7–32.4 %), 0 fixed, 1 broken, p 1.00, change +4.2 points (95 % CI −10.3 to +20.0)."
                + " None is worse by more than the 2 points the protection allows beyond the sample's noise"
                + " (each change's 95 % interval reaches below it).")
        report.verdict.intents.append(
            TuningReport.IntentChange(
                intent: "drag", before: rate(0, 30, 0, 0.116), after: rate(15, 30, 0.313, 0.687),
                fixedCount: 0, brokenCount: 15, pValue: 0.00006,
                changeInterval: 0.3...0.66, margin: 0.02))
        f = ReportFindings(report)
        #expect(f.worseIntentsSentence.contains("drag 0.0 % (95 % CI 0.0–11.6 %) → 50.0 %"))
        #expect(
            f.worseIntentsSentence.hasSuffix(
                " Worse by more than the 2 points the protection allows, beyond the sample's noise: drag."))
        #expect(!f.worseIntentsSentence.contains("tap"))
    }

    @Test func namesTheBudgetsThatAreMissed() {
        var report = TuningReport.sample
        report.verdict.budgets[1].after = 163.4
        let f = ReportFindings(report)
        #expect(f.budgetSentence == "3 of 4 latency and animation budgets are met; missed: tab-swipe p95 163 ms > 150 ms.")
        let row = f.budgetTable.rows[1]
        #expect(
            row.cells.map(\.text) == [
                "tab-swipe", "", "p95", "≤ 150 ms", Format.ms(report.verdict.budgets[1].before), "163 ms", "missed", "–"
            ])
        #expect(row.cells[6].judgement == .fail)
        #expect(f.budgetTable.rows[0].cells[1].text == "from the last lift to recognition")
        report.verdict.budgets = []
        #expect(ReportFindings(report).budgetSentence == "No latency or animation budgets were set.")
    }

    @Test func budgetsInPointsAreShownInPoints() {
        var report = TuningReport.sample
        report.verdict.budgets = [
            TuningReport.Budget(
                gesture: "cardSwipe overshoot", percentile: 95, unit: "pt",
                limit: 20, before: 32.8, after: 18.25)
        ]
        let f = ReportFindings(report)
        #expect(f.budgetTable.rows[0].cells.map(\.text).dropLast().suffix(4) == ["≤ 20 pt", "33 pt", "18 pt", "met"])
        report.verdict.budgets[0].after = 21
        #expect(
            ReportFindings(report).budgetSentence
                == "0 of 1 latency and animation budgets are met; missed: cardSwipe overshoot p95 21 pt > 20 pt.")
    }

    @Test func aBudgetWithoutObservationsIsNeitherMetNorMissed() {
        var report = TuningReport.sample
        report.verdict.budgets[1].after = .nan
        let f = ReportFindings(report)
        #expect(
            f.budgetSentence
                == "All 3 latency and animation budgets with observations are met (1 without observations: tab-swipe).")
        #expect(f.budgetTable.rows[1].cells[6].text == "no data")
        #expect(report.verdict.budgetsMet)
        report.verdict.budgets[0].after = 1_000
        #expect(
            ReportFindings(report).budgetSentence.hasPrefix(
                "2 of 3 latency and animation budgets with observations are met (1 without observations: tab-swipe); missed: tap p95"
            ))
    }

    @Test func misfireTableSumsEveryIntent() {
        let f = ReportFindings(.sample)
        let last = f.misfireTable.rows.last!.cells.map(\.text)
        let before = TuningReport.sample.misfires.totalBefore, after = TuningReport.sample.misfires.totalAfter
        #expect(last[0] == "all intents")
        #expect(last[1] == "1240")
        #expect(last[2] == "\(before.wrong) → \(after.wrong)")
        #expect(last[6] == "\(before.total) → \(after.total)")
        #expect(before.total == TuningReport.sample.verdict.before.count)
    }

    @Test func latencyTableUsesTheReportsOwnPercentiles() {
        let f = ReportFindings(.sample)
        let d = TuningReport.sample.latency[0]
        let p95 = "\(Format.ms(Percentile.of(d.beforeMs, 95)!)) → \(Format.ms(Percentile.of(d.afterMs, 95)!))"
        #expect(f.latencyTable.rows[0].cells[3].text == p95)
        #expect(f.latencyTable.rows[0].cells[6].text == "met")
    }

    @Test func anEmptyReportStillRenders() throws {
        var report = TuningReport.sample
        report.constants = []
        report.latency = []
        report.springs = []
        report.sensitivity = .init(sweeps: [], pareto: [])
        report.search = []
        report.examples = .init(remaining: [], fixed: [])
        report.breakdown = .init(byUser: [], byDevice: [])
        report.misfires = .init(
            byIntent: [], confusionBefore: .init(intended: [], recognized: [], counts: []),
            confusionAfter: .init(intended: [], recognized: [], counts: []))
        let html = HTMLReport.render(report)
        let root = try XMLTreeBuilder.parse(html)
        #expect(root.elements(named: "section").count == 10)
        #expect(html.contains("None: every held-out gesture is recognized as meant."))
        #expect(MarkdownReport.render(report).contains("## 10. The data and the run"))
    }
}

@Suite struct ExampleSentenceTests {
    @Test func captionsReadAsSentences() {
        let examples = TuningReport.sample.examples
        #expect(ReportFindings.subject(examples.remaining[0].label) == "a tab-swipe left")
        #expect(ReportFindings.subject(examples.fixed[2].label) == "a touch meant as nothing")
        #expect(ReportFindings.subject(Label(start: 0, end: 1, intent: .edgeSwipe, direction: .right)) == "an edge-swipe right")
        #expect(ReportFindings.misfireClause(examples.remaining[0], fixed: false) == "still fires scroll instead")
        #expect(ReportFindings.misfireClause(examples.remaining[2], fixed: false) == "still fires scroll only late")
        #expect(
            ReportFindings.misfireClause(examples.fixed[2], fixed: true)
                == "fired tap though nothing was meant before tuning and is handled correctly after")
        var missed = examples.remaining[0]
        missed.kind = .missed
        missed.recognized = nil
        #expect(ReportFindings.misfireClause(missed, fixed: false) == "still fires nothing")
    }
}
