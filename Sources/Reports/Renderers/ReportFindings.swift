import TraceModel

// MARK: - What the report says, as text both renderers use

/// The sentences and tables of a report, derived from the model once.
struct ReportFindings {
    let report: TuningReport

    init(_ report: TuningReport) { self.report = report }

    // MARK: - 1. Verdict

    static func interval(_ rate: TuningReport.Rate) -> String {
        "95 % CI \(Format.fixed(rate.lower * 100, 1))–\(Format.percent(rate.upper))"
    }

    static func rateWithInterval(_ rate: TuningReport.Rate) -> String {
        "\(Format.percent(rate.rate)) (\(interval(rate)))"
    }

    var headline: String {
        let v = report.verdict
        let verb = v.after.rate < v.before.rate ? "fell" : v.after.rate > v.before.rate ? "rose" : "stayed"
        let relative = v.before.rate > 0 ? " (\(Format.signedPercent((v.after.rate - v.before.rate) / v.before.rate)) relative)" : ""
        return "Misfires on \(v.population) \(verb) from \(Self.rateWithInterval(v.before)) to \(Self.rateWithInterval(v.after))\(relative)."
    }

    var significance: String {
        let v = report.verdict
        let counts = "\(v.fixedCount) gestures fixed, \(v.brokenCount) broken"
        let p = Format.pValue(v.mcnemarPValue)
        let pText = p.hasPrefix("<") ? "p \(p)" : "p = \(p)"
        if v.isSignificantImprovement {
            return "The gain is significant (exact McNemar \(pText) at α = \(Format.smart(v.significanceLevel)); \(counts))."
        }
        return "The change is not significant (exact McNemar \(pText) at α = \(Format.smart(v.significanceLevel)); \(counts))."
    }

    var budgetSentence: String {
        let all = report.verdict.budgets
        if all.isEmpty { return "No latency or animation budgets were set." }
        let fixed = all.filter { !$0.isCounted }
        let fixedNote = fixed.isEmpty ? "" : " \(fixed.count) fixed by design, not counted (no tuned constant can make"
            + " \(fixed.count == 1 ? "it" : "them") fail): \(fixed.map(\.gesture).joined(separator: ", "))."
        return countedBudgetSentence(all.filter(\.isCounted)) + fixedNote
    }

    /// What relaxing the per-intent protection would buy, in one sentence.
    var protectionSentence: String? {
        guard let p = report.sensitivity.protection else { return nil }
        let margin = Format.smart(p.margin * 100)
        let head = "Per-intent protection (no intent's training misfire rate more than \(margin) points above the"
            + " reference's, at 95 % confidence over the gestures each candidate breaks and fixes): \(Format.percent(p.protectedRate)) training misfires with it; a search of"
            + " \(p.evaluations) evaluations without it, started at the chosen constants, reaches"
            + " \(Format.percent(p.unprotectedRate))"
        if p.sacrificed.isEmpty { return head + " without sacrificing any intent." }
        return head + " by sacrificing " + p.sacrificed.map {
            "\($0.intent) (\(Format.percent($0.before)) → \(Format.percent($0.after)))"
        }.joined(separator: ", ") + "."
    }

    /// Every intent made worse on held-out people, with its interval: the
    /// first screen says it, never only a table further down.
    var worseIntentsSentence: String {
        let worse = report.verdict.worseIntents
        guard !worse.isEmpty else {
            return report.verdict.intents.isEmpty ? "" : "No intent has more held-out misfires after tuning."
        }
        return "Worse after tuning: " + worse.map(Self.intentChange).joined(separator: "; ") + "."
    }

    /// `drag 48.5 % (95 % CI 31–66 %) → 100.0 % (95 % CI 89–100 %), 0 fixed, 17 broken, p < 0.0001`.
    static func intentChange(_ c: TuningReport.IntentChange) -> String {
        "\(c.intent) \(rateWithInterval(c.before)) → \(rateWithInterval(c.after)), \(c.fixedCount) fixed,"
            + " \(c.brokenCount) broken, p \(Format.pValue(c.pValue))"
    }

    /// Per-intent changes significant either way.
    var significantIntentsTable: ReportTable? {
        let rows = report.verdict.significantIntents
        guard !rows.isEmpty else { return nil }
        return ReportTable(
            columns: [("intent", .left), ("before", .right), ("after", .right), ("fixed / broken", .right), ("McNemar p", .right)],
            rows: rows.map { c in
                ReportTable.Row(cells: [
                    .init(c.intent), .init(Self.rateWithInterval(c.before)),
                    .init(Self.rateWithInterval(c.after), c.isWorse ? .fail : .ok),
                    .init("\(c.fixedCount) / \(c.brokenCount)"), .init(Format.pValue(c.pValue)),
                ])
            })
    }

    private func countedBudgetSentence(_ budgets: [TuningReport.Budget]) -> String {
        if budgets.isEmpty { return "No budget that a constant could make fail was set." }
        let missed = budgets.filter { !$0.isMet }
        let judged = budgets.filter(\.hasData)
        let empty = budgets.count - judged.count
        let noData = empty == 0 ? "" : " (\(empty) without observations: \(budgets.filter { !$0.hasData }.map(\.gesture).joined(separator: ", ")))"
        if missed.isEmpty {
            return judged.count == budgets.count
                ? "All \(budgets.count) latency and animation budgets are met."
                : "All \(judged.count) latency and animation budgets with observations are met\(noData)."
        }
        let list = missed.map {
            "\($0.gesture) p\(Format.smart($0.percentile)) \(Format.measure($0.after, unit: $0.unit)) > "
                + Format.measure($0.limit, unit: $0.unit)
        }
        let scope = empty == 0 ? "" : " with observations"
        return "\(judged.count - missed.count) of \(judged.count) latency and animation budgets\(scope) are met\(noData); "
            + "missed: \(list.joined(separator: "; "))."
    }

    var budgetTable: ReportTable {
        ReportTable(
            columns: [("budget", .left), ("measured", .left), ("percentile", .right), ("limit", .right), ("before", .right),
                      ("after", .right), ("verdict", .left)],
            rows: report.verdict.budgets.map { budget in
                ReportTable.Row(cells: [
                    .init(budget.gesture), .init(budget.definition), .init("p\(Format.smart(budget.percentile))"),
                    .init("≤ " + Format.measure(budget.limit, unit: budget.unit)),
                    .init(Format.measure(budget.before, unit: budget.unit), budget.before <= budget.limit ? nil : .fail),
                    .init(Format.measure(budget.after, unit: budget.unit), budget.isMet ? .ok : .fail),
                    budget.fixedByDesign != nil ? .init("fixed by design", .dim)
                        : budget.hasData ? .init(budget.isMet ? "met" : "missed", budget.isMet ? .ok : .fail) : .init("no data", .dim),
                ])
            })
    }

    // MARK: - 2. Constants

    var constantsTable: ReportTable {
        ReportTable(
            columns: [("parameter", .left), ("old", .right), ("new", .right), ("change", .right), ("change %", .right),
                      ("search range", .right), ("note", .left)],
            rows: report.constants.map { constant in
                let bound = constant.bound.map { "on \($0.rawValue) bound: the range chose it, not the data" }
                return ReportTable.Row(cells: [
                    .init(constant.name),
                    .init(Format.value(constant.old, unit: constant.unit)),
                    .init(Format.value(constant.new, unit: constant.unit), bound == nil ? nil : .warn),
                    .init(Format.signed(constant.change), constant.change == 0 ? .dim : nil),
                    .init(constant.relativeChange.map(Format.signedPercent) ?? "–"),
                    .init("\(Format.smart(constant.lower)) … \(Format.value(constant.upper, unit: constant.unit))"),
                    .init(bound ?? "", bound == nil ? nil : .warn),
                ])
            })
    }

    // MARK: - 3. Misfires

    static func beforeAfter(_ before: Int, _ after: Int) -> ReportTable.Cell {
        .init("\(before) → \(after)", after < before ? .ok : after > before ? .fail : .dim)
    }

    var misfireTable: ReportTable {
        var rows = report.misfires.byIntent.map { row in
            misfireRow(row.intent, gestures: row.gestures, before: row.before, after: row.after)
        }
        let total = report.misfires.byIntent.reduce(0) { $0 + $1.gestures }
        rows.append(misfireRow("all intents", gestures: total, before: report.misfires.totalBefore, after: report.misfires.totalAfter))
        return ReportTable(
            columns: [("intent", .left), ("gestures", .right)]
                + TuningReport.MisfireKind.allCases.map { ($0.title, .right) }
                + [("all misfires", .right), ("rate", .right)],
            rows: rows)
    }

    private func misfireRow(_ name: String, gestures: Int, before: TuningReport.MisfireCounts, after: TuningReport.MisfireCounts) -> ReportTable.Row {
        let rate: String
        if gestures > 0 {
            rate = "\(Format.percent(Double(before.total) / Double(gestures))) → \(Format.percent(Double(after.total) / Double(gestures)))"
        } else {
            rate = "–"
        }
        return ReportTable.Row(cells: [.init(name), .init("\(gestures)")]
            + TuningReport.MisfireKind.allCases.map { Self.beforeAfter(before[$0], after[$0]) }
            + [Self.beforeAfter(before.total, after.total), .init(rate)])
    }

    static func confusionTable(_ matrix: TuningReport.ConfusionMatrix) -> ReportTable {
        ReportTable(
            columns: [("intended ↓ / recognized →", .left)] + matrix.recognized.map { ($0, .right) } + [("total", .right)],
            rows: matrix.intended.enumerated().map { row, name in
                ReportTable.Row(cells: [.init(name)]
                    + matrix.recognized.indices.map { .init("\(matrix.count(row: row, column: $0))") }
                    + [.init("\(matrix.rowTotal(row))")])
            })
    }

    // MARK: - 4. Latency

    struct LatencySummary {
        var p50: (Double?, Double?)
        var p95: (Double?, Double?)
        var p99: (Double?, Double?)
        var budgeted: (Double?, Double?)
    }

    static func summary(_ distribution: TuningReport.LatencyDistribution) -> LatencySummary {
        func both(_ p: Double) -> (Double?, Double?) {
            (Percentile.of(distribution.beforeMs, p), Percentile.of(distribution.afterMs, p))
        }
        return LatencySummary(p50: both(50), p95: both(95), p99: both(99), budgeted: both(distribution.budgetPercentile))
    }

    var latencyTable: ReportTable {
        ReportTable(
            columns: [("gesture", .left), ("budget", .right), ("p50 before → after", .right), ("p95 before → after", .right),
                      ("p99 before → after", .right), ("gestures", .right), ("verdict", .left)],
            rows: report.latency.map { distribution in
                let s = Self.summary(distribution)
                func pair(_ values: (Double?, Double?)) -> String {
                    "\(values.0.map(Format.ms) ?? "–") → \(values.1.map(Format.ms) ?? "–")"
                }
                let met = s.budgeted.1.map { $0 <= distribution.budgetMs }
                return ReportTable.Row(cells: [
                    .init(distribution.gesture),
                    .init("p\(Format.smart(distribution.budgetPercentile)) ≤ \(Format.ms(distribution.budgetMs))"),
                    .init(pair(s.p50)), .init(pair(s.p95)), .init(pair(s.p99)),
                    .init("\(distribution.beforeMs.count) → \(distribution.afterMs.count)"),
                    met.map { .init($0 ? "met" : "missed", $0 ? .ok : .fail) } ?? .init("no data", .dim),
                ])
            })
    }

    // MARK: - 5. Springs

    var springTable: ReportTable {
        ReportTable(
            columns: [("spring", .left), ("release velocity", .right), ("settle before → after", .right),
                      ("overshoot before → after", .right)],
            rows: report.springs.map { spring in
                ReportTable.Row(cells: [
                    .init(spring.spring),
                    .init("\(spring.velocityName), \(Format.smart(spring.releaseVelocity)) pt/s"),
                    .init("\(Format.fixed(spring.before.settleTime, 3)) s → \(Format.fixed(spring.after.settleTime, 3)) s",
                          spring.after.settleTime < spring.before.settleTime ? .ok : nil),
                    .init("\(Format.percent(spring.before.overshoot)) → \(Format.percent(spring.after.overshoot))"),
                ])
            })
    }

    // MARK: - 6. Sensitivity

    var sweepTable: ReportTable {
        ReportTable(
            columns: [("parameter", .left), ("chosen", .right), ("objective at chosen", .right), ("lowest in sweep", .right),
                      ("swept", .right)],
            rows: report.sensitivity.sweeps.map { sweep in
                let finite = sweep.points.filter { $0.value.isFinite && $0.objective.isFinite }
                let best = finite.min { $0.objective < $1.objective }
                let nearest = finite.min { abs($0.value - sweep.chosen) < abs($1.value - sweep.chosen) }
                let values = finite.map(\.value)
                let swept = values.min().flatMap { low in values.max().map { (low, $0) } }
                return ReportTable.Row(cells: [
                    .init(sweep.parameter),
                    .init(Format.value(sweep.chosen, unit: sweep.unit)),
                    .init(nearest.map { Format.smart($0.objective) } ?? "–"),
                    .init(best.map { "\(Format.smart($0.objective)) at \(Format.value($0.value, unit: sweep.unit))" } ?? "–"),
                    .init(swept.map { "\(Format.smart($0.0)) … \(Format.value($0.1, unit: sweep.unit)), \(values.count) points" } ?? "–"),
                ])
            })
    }

    var paretoTable: ReportTable {
        let front = report.sensitivity.pareto.filter(\.onFront).sorted { $0.latencyMs < $1.latencyMs }
        return ReportTable(
            columns: [("latency", .right), ("misfire rate", .right), ("", .left)],
            rows: front.map {
                ReportTable.Row(cells: [.init(Format.ms($0.latencyMs)), .init(Format.percent($0.misfireRate)),
                                        .init($0.chosen ? "chosen" : "", $0.chosen ? .ok : nil)])
            })
    }

    // MARK: - 7. Search

    var searchSentence: String {
        let steps = report.search
        guard let first = steps.first, let best = steps.min(by: { $0.bestSoFar < $1.bestSoFar }) else {
            return "The search recorded no evaluations."
        }
        let firstBest = steps.first { $0.bestSoFar <= best.bestSoFar }?.evaluation ?? best.evaluation
        return "\(steps.count) evaluations; the objective went from \(Format.smart(first.objective)) at the start "
            + "to \(Format.smart(best.bestSoFar)), first reached at evaluation \(firstBest)."
    }

    // MARK: - 8. Examples

    static func intentText(_ label: Label) -> String {
        var text = label.intent.rawValue
        if let direction = label.direction { text += " " + direction.rawValue }
        if let fingers = label.fingers, fingers > 1 { text += ", \(fingers) fingers" }
        return text
    }

    static func deviceText(_ device: Device) -> String {
        let model = device.model.map { $0.isEmpty ? device.platform.rawValue : $0 } ?? device.platform.rawValue
        return "\(model) (\(Format.smart(device.screenWidth))×\(Format.smart(device.screenHeight)) pt)"
    }

    static func recognizedText(_ example: TuningReport.Example) -> String {
        guard let recognized = example.recognized else { return "nothing" }
        guard let at = example.recognizedAt else { return recognized }
        return "\(recognized) at \(Format.ms(Double(at - example.label.start) / 1000)) after the label start"
    }

    /// The gesture as the subject of a sentence: "a tab-swipe left",
    /// "an edge-swipe", "a touch meant as nothing".
    static func subject(_ label: Label) -> String {
        if label.intent == .none { return "a touch meant as nothing" }
        let text = intentText(label)
        let article = text.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        return "\(article) \(text)"
    }

    /// What went wrong, as the end of a sentence about the gesture:
    /// "still fires scroll instead", "fired tap before tuning, though nothing
    /// was meant, and is handled correctly after".
    static func misfireClause(_ example: TuningReport.Example, fixed: Bool) -> String {
        let recognized = example.recognized ?? "nothing"
        let what: String
        switch example.kind {
        case .wrong: what = fixed ? "fired \(recognized) instead" : "still fires \(recognized) instead"
        case .missed: what = fixed ? "fired nothing" : "still fires nothing"
        case .deadZone: what = fixed ? "fired \(recognized) only late" : "still fires \(recognized) only late"
        case .spurious: what = fixed ? "fired \(recognized) though nothing was meant" : "still fires \(recognized) though nothing was meant"
        }
        return fixed ? what + " before tuning and is handled correctly after" : what
    }

    func exampleTable(_ examples: [TuningReport.Example], recognizedTitle: String) -> ReportTable {
        ReportTable(
            columns: [("session", .left), ("user", .left), ("device", .left), ("meant", .left), ("target", .left),
                      ("note", .left), ("misfire", .left), (recognizedTitle, .left)],
            rows: examples.map { example in
                ReportTable.Row(cells: [
                    .init(example.sessionID), .init(example.user ?? "–"), .init(Self.deviceText(example.device)),
                    .init(Self.intentText(example.label)), .init(example.label.target ?? "–"), .init(example.label.note ?? "–"),
                    .init(example.kind.title), .init(Self.recognizedText(example)),
                ])
            })
    }

    // MARK: - 9. Breakdown

    /// Rows sorted worst-served first (highest misfire rate after tuning);
    /// the first is highlighted.
    static func breakdownTable(_ rows: [TuningReport.BreakdownRow], groupTitle: String) -> ReportTable {
        let sorted = rows.sorted { ($0.after.rate, $0.group) > ($1.after.rate, $1.group) }
        return ReportTable(
            columns: [(groupTitle, .left), ("gestures", .right), ("before", .right), ("after", .right), ("change", .right)],
            rows: sorted.enumerated().map { index, row in
                ReportTable.Row(cells: [
                    .init(row.group), .init("\(row.gestures)"),
                    .init(rateWithInterval(row.before)), .init(rateWithInterval(row.after)),
                    .init(Format.signedFixed((row.after.rate - row.before.rate) * 100, 1) + " pp",
                          row.after.rate < row.before.rate ? .ok : row.after.rate > row.before.rate ? .fail : .dim),
                ], highlighted: index == 0 && sorted.count > 1)
            })
    }

    static func leastServed(_ rows: [TuningReport.BreakdownRow]) -> TuningReport.BreakdownRow? {
        rows.max { ($0.after.rate, $0.group) < ($1.after.rate, $1.group) }
    }

    // MARK: - 10. Run

    var runTable: ReportTable {
        let run = report.run
        var rows: [(String, String)] = [
            ("corpus", run.corpus),
            ("sessions", "\(run.sessions)"),
            ("labelled gestures", "\(run.gestures)"),
            ("split", run.split.rule),
            ("training users", "\(run.split.trainUsers.count) (\(run.split.trainGestures) gestures): \(run.split.trainUsers.joined(separator: ", "))"),
            ("held-out users", "\(run.split.holdoutUsers.count) (\(run.split.holdoutGestures) gestures): \(run.split.holdoutUsers.joined(separator: ", "))"),
            ("seed", "\(run.seed)"),
            ("objective", run.objective),
            ("method", run.method),
            ("evaluations", "\(run.evaluations)"),
            ("search time", "\(Format.fixed(run.seconds, 1)) s"),
        ]
        if let generatedAt = run.generatedAt { rows.append(("generated", generatedAt)) }
        for (name, version) in run.versions.sorted(by: { $0.key < $1.key }) {
            rows.append(("version of \(name)", version))
        }
        return ReportTable(columns: [("", .left), ("", .left)],
                           rows: rows.map { ReportTable.Row(cells: [.init($0.0), .init($0.1)]) })
    }
}
