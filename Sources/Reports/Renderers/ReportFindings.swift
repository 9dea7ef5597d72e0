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
        let relative =
            v.before.rate > 0 ? " (\(Format.signedPercent((v.after.rate - v.before.rate) / v.before.rate)) relative)" : ""
        return
            "Misfires on \(v.population) \(verb) from \(Self.rateWithInterval(v.before)) to \(Self.rateWithInterval(v.after))\(relative)."
    }

    var significance: String {
        let v = report.verdict
        let counts = "\(v.fixedCount) gestures fixed, \(v.brokenCount) broken"
        let p = Format.pValue(v.mcnemarPValue)
        let pText = p.hasPrefix("<") ? "p \(p)" : "p = \(p)"
        if v.isSignificantImprovement {
            return "The gain is significant (\(v.mcnemarTest) \(pText) at α = \(Format.smart(v.significanceLevel)); \(counts))."
        }
        return "The change is not significant (\(v.mcnemarTest) \(pText) at α = \(Format.smart(v.significanceLevel)); \(counts))."
    }

    var budgetSentence: String {
        let all = report.verdict.applicableBudgets
        let inapplicable = report.verdict.inapplicableBudgets
        let notApplicable =
            inapplicable.isEmpty
            ? ""
            : " Not applicable (no gesture of the scene produces them): "
                + inapplicable.map(\.gesture).joined(separator: ", ") + "."
        if all.isEmpty {
            return inapplicable.isEmpty
                ? "No latency or animation budgets were set." : "No budget applies to this scene." + notApplicable
        }
        let fixed = all.filter { !$0.isCounted }
        let fixedNote =
            fixed.isEmpty
            ? ""
            : " \(fixed.count) fixed by design, not counted (no tuned constant can make"
                + " \(fixed.count == 1 ? "it" : "them") fail): \(fixed.map(\.gesture).joined(separator: ", "))."
        return countedBudgetSentence(all.filter(\.isCounted)) + fixedNote + notApplicable
    }

    /// What relaxing the per-intent protection would buy, in one sentence.
    var protectionSentence: String? {
        guard let p = report.sensitivity.protection else { return nil }
        let margin = Format.smart(p.margin * 100)
        let head =
            "Per-intent protection (no intent's training misfire rate more than \(margin) points above the"
            + " reference's): \(Format.percent(p.protectedRate)) training misfires with it; a search of"
            + " \(p.evaluations) evaluations without it, started at the chosen constants, reaches"
            + " \(Format.percent(p.unprotectedRate))"
        if p.sacrificed.isEmpty { return head + " without sacrificing any intent." }
        return head + " by sacrificing "
            + p.sacrificed.map {
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
        var sentence = "Worse after tuning: " + worse.map(Self.intentChange).joined(separator: "; ") + "."
        // The protection's promise judged on people the tuning never saw: a
        // rise is a sacrifice only when its whole interval is above the margin.
        if let margin = worse.compactMap(\.margin).first {
            let beyond = worse.filter(\.isBeyondMargin)
            let allowed = Format.smart(margin * 100)
            sentence +=
                beyond.isEmpty
                ? " None is worse by more than the \(allowed) points the protection allows beyond the sample's noise"
                    + " (each change's 95 % interval reaches below it)."
                : " Worse by more than the \(allowed) points the protection allows, beyond the sample's noise: "
                    + beyond.map(\.intent).joined(separator: ", ") + "."
        }
        return sentence
    }

    /// `drag 48.5 % (95 % CI 31–66 %) → 100.0 % (95 % CI 89–100 %), 0 fixed, 17 broken, p < 0.0001,
    /// change +51.5 points (95 % CI +34.1 to +67.5)`.
    static func intentChange(_ c: TuningReport.IntentChange) -> String {
        var text =
            "\(c.intent) \(rateWithInterval(c.before)) → \(rateWithInterval(c.after)), \(c.fixedCount) fixed,"
            + " \(c.brokenCount) broken, p \(Format.pValue(c.pValue))"
        if let range = c.changeInterval {
            text +=
                ", change \(points(c.after.rate - c.before.rate)) points (95 % CI \(points(range.lowerBound))"
                + " to \(points(range.upperBound)))"
        }
        return text
    }

    /// A signed change of a rate in points, one decimal: `+4.2`, `−10.3`.
    static func points(_ fraction: Double) -> String { Format.signedFixed(fraction * 100, 1) }

    /// Per-intent changes significant either way.
    var significantIntentsTable: ReportTable? {
        let rows = report.verdict.significantIntents
        guard !rows.isEmpty else { return nil }
        return ReportTable(
            columns: [
                ("intent", .left), ("before", .right), ("after", .right), ("fixed / broken", .right), ("McNemar p", .right)
            ],
            rows: rows.map { c in
                ReportTable.Row(cells: [
                    .init(c.intent), .init(Self.rateWithInterval(c.before)),
                    .init(Self.rateWithInterval(c.after), c.isWorse ? .fail : .ok),
                    .init("\(c.fixedCount) / \(c.brokenCount)"), .init(Format.pValue(c.pValue))
                ])
            })
    }

    private func countedBudgetSentence(_ budgets: [TuningReport.Budget]) -> String {
        if budgets.isEmpty { return "No budget that a constant could make fail was set." }
        let missed = budgets.filter { !$0.isMet }
        let judged = budgets.filter(\.hasData)
        let empty = budgets.count - judged.count
        let noData =
            empty == 0
            ? "" : " (\(empty) without observations: \(budgets.filter { !$0.hasData }.map(\.gesture).joined(separator: ", ")))"
        if missed.isEmpty {
            return judged.count == budgets.count
                ? "All \(budgets.count) latency and animation budgets are met."
                : "All \(judged.count) latency and animation budgets with observations are met\(noData)."
        }
        let list = missed.map {
            "\($0.gesture) p\(Format.smart($0.percentile)) \(Format.measure($0.after, unit: $0.unit)) "
                + ($0.standard == true ? "≠ " : "> ") + Format.measure($0.limit, unit: $0.unit)
        }
        let scope = empty == 0 ? "" : " with observations"
        return "\(judged.count - missed.count) of \(judged.count) latency and animation budgets\(scope) are met\(noData); "
            + "missed: \(list.joined(separator: "; "))."
    }

    var budgetTable: ReportTable {
        ReportTable(
            columns: [
                ("budget", .left), ("measured", .left), ("percentile", .right), ("limit", .right), ("before", .right),
                ("after", .right), ("verdict", .left)
            ],
            rows: report.verdict.applicableBudgets.map { budget in
                ReportTable.Row(cells: [
                    .init(budget.gesture), .init(budget.definition), .init("p\(Format.smart(budget.percentile))"),
                    .init(budget.relation + " " + Format.measure(budget.limit, unit: budget.unit)),
                    .init(Format.measure(budget.before, unit: budget.unit), budget.meets(budget.before) ? nil : .fail),
                    .init(Format.measure(budget.after, unit: budget.unit), Self.judgement(of: budget)),
                    budget.fixedByDesign != nil
                        ? .init("fixed by design", .dim)
                        : budget.hasData
                            ? .init(budget.isMet ? "met" : "missed", budget.isMet ? .ok : .fail) : .init("no data", .dim)
                ])
            })
    }

    /// The after value's colour says whether it got better or worse, as
    /// printed (lower is better for every budget): green only when it
    /// fell, red when it now misses, amber when it rose but still meets.
    static func judgement(of budget: TuningReport.Budget) -> ReportTable.Judgement? {
        if !budget.isMet { return .fail }
        let before = Format.measure(budget.before, unit: budget.unit), after = Format.measure(budget.after, unit: budget.unit)
        guard before != after, budget.before.isFinite, budget.after.isFinite else { return nil }
        return budget.after < budget.before ? .ok : .warn
    }

    /// Budgets the reference met only inside the search's safety margin:
    /// held at the reference's own value, and said so, because "met" there
    /// means "no worse than before", not "inside the margin".
    var heldBudgetsSentence: String? {
        let held = report.verdict.applicableBudgets.filter { $0.heldAtReference == true }
        guard !held.isEmpty else { return nil }
        let list = held.map { "\($0.gesture) p\(Format.smart($0.percentile)) (limit \(Format.measure($0.limit, unit: $0.unit)))" }
            .joined(separator: ", ")
        let one = held.count == 1
        return "\(list): the reference constants meet \(one ? "this budget" : "these budgets") on the training people,"
            + " but only inside the safety margin the search keeps to every limit. The search held"
            + " \(one ? "it" : "them") at the reference's own value instead of buying that margin with misfires;"
            + " what a tighter value would cost is the designer's choice (the trade-offs below)."
    }

    /// Spring budgets that moved though the spring's own constants did
    /// not: the tuned recognizers hand the spring other releases.
    var unchangedSpringSentence: String? {
        let moved = report.verdict.budgets.filter { budget in
            guard let spring = budget.spring, budget.before.isFinite, budget.after.isFinite,
                Format.measure(budget.before, unit: budget.unit) != Format.measure(budget.after, unit: budget.unit)
            else { return false }
            return !report.constants.contains { $0.name.hasPrefix(spring + ".spring") && $0.change != 0 }
        }
        guard !moved.isEmpty else { return nil }
        let list = moved.map {
            "\($0.gesture) \(Format.measure($0.before, unit: $0.unit)) → \(Format.measure($0.after, unit: $0.unit))"
        }.joined(separator: ", ")
        return "\(list) with \(moved.count == 1 ? "its spring" : "their springs") unchanged: the spring is the same, the"
            + " releases are not. The tuned recognition constants change which gestures commit and the distance and"
            + " velocity each is released at, and the p\(Format.smart(moved[0].percentile)) is taken over those releases."
            + " The spring table below releases both springs at the same velocities, so it shows no change."
    }

    // MARK: - 2. Constants

    var constantsTable: ReportTable {
        ReportTable(
            columns: [
                ("parameter", .left), ("old", .right), ("new", .right), ("change", .right), ("change %", .right),
                ("search range", .right), ("note", .left)
            ],
            rows: report.constants.map { constant in
                let bound = constant.boundAdvice
                return ReportTable.Row(cells: [
                    .init(constant.name),
                    .init(Format.value(constant.old, unit: constant.unit)),
                    .init(Format.value(constant.new, unit: constant.unit), bound == nil ? nil : .warn),
                    .init(Format.signed(constant.change), constant.change == 0 ? .dim : nil),
                    .init(constant.relativeChange.map(Format.signedPercent) ?? "–"),
                    .init("\(Format.smart(constant.lower)) … \(Format.value(constant.upper, unit: constant.unit))"),
                    .init(bound ?? "", bound == nil ? nil : .warn)
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
        rows.append(
            misfireRow("all intents", gestures: total, before: report.misfires.totalBefore, after: report.misfires.totalAfter))
        return ReportTable(
            columns: [("intent", .left), ("gestures", .right)]
                + TuningReport.MisfireKind.allCases.map { ($0.title, .right) }
                + [("all misfires", .right), ("rate", .right)],
            rows: rows)
    }

    private func misfireRow(_ name: String, gestures: Int, before: TuningReport.MisfireCounts, after: TuningReport.MisfireCounts)
        -> ReportTable.Row
    {
        let rate: String
        if gestures > 0 {
            rate =
                "\(Format.percent(Double(before.total) / Double(gestures))) → \(Format.percent(Double(after.total) / Double(gestures)))"
        } else {
            rate = "–"
        }
        return ReportTable.Row(
            cells: [.init(name), .init("\(gestures)")]
                + TuningReport.MisfireKind.allCases.map { Self.beforeAfter(before[$0], after[$0]) }
                + [Self.beforeAfter(before.total, after.total), .init(rate)])
    }

    static func confusionTable(_ matrix: TuningReport.ConfusionMatrix) -> ReportTable {
        ReportTable(
            columns: [("intended ↓ / recognized →", .left)] + matrix.recognized.map { ($0, .right) } + [("total", .right)],
            rows: matrix.intended.enumerated().map { row, name in
                ReportTable.Row(
                    cells: [.init(name)]
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
            columns: [
                ("gesture", .left), ("budget", .right), ("p50 before → after", .right), ("p95 before → after", .right),
                ("p99 before → after", .right), ("gestures", .right), ("verdict", .left)
            ],
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
                    met.map { .init($0 ? "met" : "missed", $0 ? .ok : .fail) } ?? .init("no data", .dim)
                ])
            })
    }

    // MARK: - 5. Springs

    var springTable: ReportTable {
        ReportTable(
            columns: [
                ("spring", .left), ("release velocity", .right), ("settle before → after", .right),
                ("overshoot before → after", .right)
            ],
            rows: report.springs.map { spring in
                ReportTable.Row(cells: [
                    .init(spring.spring),
                    .init("\(spring.velocityName), \(Format.smart(spring.releaseVelocity)) pt/s"),
                    .init(
                        "\(Format.fixed(spring.before.settleTime, 3)) s → \(Format.fixed(spring.after.settleTime, 3)) s",
                        spring.after.settleTime < spring.before.settleTime ? .ok : nil),
                    .init("\(Format.percent(spring.before.overshoot)) → \(Format.percent(spring.after.overshoot))")
                ])
            })
    }

    // MARK: - 6. Sensitivity

    /// A sweep's point at the chosen value (the sweep includes it) and its
    /// lowest point that meets every limit.
    struct SweepSummary {
        var atChosen: TuningReport.SweepPoint?
        var lowestFeasible: TuningReport.SweepPoint?
        /// The lowest point of all, when it misses a limit and is lower than the lowest feasible one.
        var lowerInfeasible: TuningReport.SweepPoint?
        var values: [Double]

        /// The sweep found a point that meets every limit with a lower
        /// objective than the chosen one (shown, not hidden).
        var beatsChosen: Bool {
            guard let low = lowestFeasible?.objective, let chosen = atChosen?.objective else { return false }
            return Format.smart(low) != Format.smart(chosen) && low < chosen
        }
    }

    static func summary(_ sweep: TuningReport.ParameterSweep) -> SweepSummary {
        let finite = sweep.points.filter { $0.value.isFinite && $0.objective.isFinite }
        let feasible = finite.filter(\.isFeasible)
        let lowest = feasible.min { $0.objective < $1.objective }
        let lowestOverall = finite.min { $0.objective < $1.objective }
        return SweepSummary(
            atChosen: finite.min { abs($0.value - sweep.chosen) < abs($1.value - sweep.chosen) },
            lowestFeasible: lowest,
            lowerInfeasible: lowestOverall.flatMap {
                $0.isFeasible || $0.objective >= (lowest?.objective ?? .infinity) ? nil : $0
            },
            values: finite.map(\.value))
    }

    var sweepTable: ReportTable {
        ReportTable(
            columns: [
                ("parameter", .left), ("chosen", .right), ("objective at chosen", .right),
                ("lowest meeting every limit", .right), ("swept", .right)
            ],
            rows: report.sensitivity.sweeps.map { sweep in
                let s = Self.summary(sweep)
                let swept = s.values.min().flatMap { low in s.values.max().map { (low, $0) } }
                let lowest =
                    s.lowestFeasible.map { "\(Format.smart($0.objective)) at \(Format.value($0.value, unit: sweep.unit))" }
                    ?? "none"
                return ReportTable.Row(cells: [
                    .init(sweep.parameter),
                    .init(Format.value(sweep.chosen, unit: sweep.unit)),
                    .init(s.atChosen.map { Format.smart($0.objective) } ?? "–"),
                    .init(lowest + (s.beatsChosen ? " (lower than chosen)" : ""), s.beatsChosen ? .warn : nil),
                    .init(
                        swept.map { "\(Format.smart($0.0)) … \(Format.value($0.1, unit: sweep.unit)), \(s.values.count) points" }
                            ?? "–")
                ])
            })
    }

    /// What the sweeps say about the chosen point: whether moving one
    /// constant alone finds a better point that meets every limit (said
    /// plainly when it does), and what the lower points that miss a limit
    /// are.
    var sweepSentence: String {
        let sweeps = report.sensitivity.sweeps.map { ($0, Self.summary($0)) }
        guard !sweeps.isEmpty else { return "" }
        let chosen = sweeps.compactMap { $0.1.atChosen?.objective }.first
        let head =
            "Each constant swept over its range with the others at their chosen values, on the training people;"
            + " the objective is the one the search minimised"
            + (chosen.map { " (\(Format.smart($0)) at the chosen constants)" } ?? "") + "."
        let better = sweeps.filter { $0.1.beatsChosen }
        let infeasible = sweeps.filter { $0.1.lowerInfeasible != nil }.count
        var text = head
        if better.isEmpty {
            text += " No single constant moved alone reaches a lower objective while meeting every budget and intent limit."
        } else {
            text +=
                " The sweep found lower objectives that meet every limit, which the search missed: "
                + better.compactMap { sweep, s in
                    s.lowestFeasible.map {
                        "\(sweep.parameter) at \(Format.value($0.value, unit: sweep.unit)) (\(Format.smart($0.objective)))"
                    }
                }.joined(separator: ", ")
                + "; the search ran out of evaluations before trying them (more --max-evals may find them)."
        }
        if infeasible > 0 {
            text +=
                " In \(infeasible) sweep\(infeasible == 1 ? "" : "s") lower values miss a budget or an intent limit"
                + " (red dots on the charts): they are not better points."
        }
        return text
    }

    /// One y range for every sweep chart, so the same change in the
    /// objective is as steep on each: a constant that barely matters
    /// draws flat, one that matters steep.
    var sweepObjectiveRange: ClosedRange<Double>? {
        let objectives = report.sensitivity.sweeps.flatMap { $0.points.map(\.objective) }.filter(\.isFinite)
        guard let low = objectives.min(), let high = objectives.max() else { return nil }
        // At least two hundredths of the objective (two points of misfires)
        // tall: sweeps that all barely move draw flat, with ticks of three
        // decimals, not a magnified 0.0001 with six.
        let pad = max(0, Self.minimumSweepSpan - (high - low)) / 2
        return max(0, low - pad)...(high + pad)
    }

    static let minimumSweepSpan = 0.02

    /// The Pareto sweep's settings, least latency first: the limit each
    /// was searched under, what it achieved, and its misfire rate on the
    /// training people (the front's measure) and on the held-out people.
    var paretoTable: ReportTable {
        let points = report.sensitivity.pareto.sorted { ($0.latencyMs, $0.misfireRate) < ($1.latencyMs, $1.misfireRate) }
        let budget = report.sensitivity.paretoBudget
        let measure = budget.map { "p\(Format.smart($0.percentile))" } ?? "latency"
        return ReportTable(
            columns: [
                ("limit searched", .right), ("\(measure) achieved", .right), ("training misfires", .right),
                ("held-out misfires", .right), ("training objective", .right), ("", .left)
            ],
            rows: points.map { p in
                let note = p.chosen ? "chosen" : p.onFront ? "on the front" : "dominated"
                return ReportTable.Row(cells: [
                    .init(p.limitMs.map { "≤ " + Format.ms($0) } ?? "–"), .init(Format.ms(p.latencyMs)),
                    .init(Format.percent(p.misfireRate)), .init(p.holdoutMisfireRate.map { Format.percent($0) } ?? "–"),
                    .init(p.trainObjective.map(Format.smart) ?? "–"),
                    .init(note, p.chosen ? .ok : p.onFront ? nil : .dim)
                ])
            })
    }

    /// What the front trades, and why the chosen setting was chosen over a
    /// faster one the held-out people rate the same.
    var paretoSentence: String? {
        let points = report.sensitivity.pareto
        guard let chosen = points.first(where: \.chosen) else { return nil }
        let name =
            report.sensitivity.paretoBudget.map { "\($0.gesture) p\(Format.smart($0.percentile))" } ?? "the budgeted latency"
        var text =
            "The front tightens one budget, \(name), below its limit"
            + (report.sensitivity.paretoBudget.map { " of \(Format.ms($0.limitMs))" } ?? "")
            + " and searches again at each level; rates are the training people's, the data the search ranks by."
            + " The chosen setting: \(Format.ms(chosen.latencyMs)), \(Format.percent(chosen.misfireRate)) training misfires"
            + (chosen.holdoutMisfireRate.map { " (\(Format.percent($0)) held out)" } ?? "") + "."
        let faster = points.filter { !$0.chosen && $0.onFront && $0.latencyMs < chosen.latencyMs }
            .sorted { $0.latencyMs > $1.latencyMs }
        if points.count == 1 {
            text +=
                " No tightened limit found a setting that meets every budget and intent limit: the chosen one is the only point."
        }
        if let next = faster.first {
            text +=
                " The next faster, \(Format.ms(next.latencyMs)), costs \(Format.percent(next.misfireRate)) training misfires"
                + (next.holdoutMisfireRate.map { " (\(Format.percent($0)) held out)" } ?? "") + "."
        }
        // A neighbour the held-out people rate the same: the search could
        // not know, it never sees them.
        if let held = chosen.holdoutMisfireRate, let chosenObjective = chosen.trainObjective,
            let twin = points.first(where: {
                !$0.chosen && $0.holdoutMisfireRate.map { Format.percent($0) == Format.percent(held) } == true
            }),
            let twinObjective = twin.trainObjective
        {
            let why =
                twinObjective > chosenObjective
                ? "a higher training objective (\(Format.smart(twinObjective)) against \(Format.smart(chosenObjective)))"
                : "no higher training objective (\(Format.smart(twinObjective)) against \(Format.smart(chosenObjective))), but it was found under a tighter limit, after the search had chosen"
            text +=
                " The setting at \(Format.ms(twin.latencyMs)) has the same held-out rate (\(Format.percent(held))) and \(why):"
                + " the search chooses on the training people only; the held-out people judge its choice afterwards."
        }
        return text
    }

    // MARK: - 7. Search

    /// The search in one sentence, in the quantity its chart plots: the
    /// exact training objective of feasible evaluations (an evaluation
    /// that misses a budget or an intent limit is no candidate, however
    /// low its objective). The best ends at the chosen constants' value,
    /// the one the sensitivity table shows at the chosen point.
    var searchSentence: String {
        let steps = report.search
        guard let first = steps.first else { return "The search recorded no evaluations." }
        let start =
            "\(steps.count) evaluations of the exact objective on the training people, from \(Format.smart(first.objective))"
            + " at the reference constants" + (first.feasible == false ? " (which miss a budget or an intent limit)" : "")
        guard let best = steps.compactMap(\.bestSoFar).min() else {
            return start + "; none met every budget and intent limit."
        }
        let firstFeasible = steps.first { $0.bestSoFar != nil }?.evaluation ?? 1
        let reached = steps.first { ($0.bestSoFar ?? .infinity) <= best }?.evaluation ?? firstFeasible
        let infeasible = steps.filter { $0.feasible == false }.count
        let bestClause =
            "the best that meets them all, \(Format.smart(best)), first at evaluation \(reached), is the chosen constants' objective."
        return start + ". "
            + (firstFeasible > 1
                ? "The first to meet every budget and intent limit came at evaluation \(firstFeasible); " + bestClause
                : "The" + bestClause.dropFirst(3))
            + (infeasible > 0
                ? " \(infeasible) evaluations missed a limit and count for nothing, however low their objective." : "")
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

    /// What fired, exactly as it happened: a missed gesture that began
    /// and sprang back says so (it was recognized, never committed), a
    /// dead zone says the response came only late.
    static func recognizedText(_ example: TuningReport.Example) -> String {
        guard let recognized = example.recognized else { return "nothing" }
        let at =
            example.recognizedAt.map { " at \(Format.ms(Double($0 - example.label.start) / 1000)) after the label start" } ?? ""
        switch example.kind {
        case .missed: return "\(recognized) began\(at) but sprang back without committing"
        case .deadZone:
            return "\(recognized)\(at), only after a stretch without response" + (example.detail.map { " (\($0))" } ?? "")
        case .wrong, .spurious: return recognized + at
        }
    }

    /// `the same for 12 gestures of 5 people`.
    static func sharedText(_ example: TuningReport.Example) -> String? {
        example.sharedBy.map {
            "\($0.gestures) held-out gesture\($0.gestures == 1 ? "" : "s") of \($0.people) \($0.people == 1 ? "person" : "people")"
        }
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
        case .missed where example.recognized != nil:
            what =
                fixed
                ? "began \(recognized) but sprang back without committing"
                : "still begins \(recognized) but springs back without committing"
        case .missed: what = fixed ? "fired nothing" : "still fires nothing"
        case .deadZone: what = fixed ? "fired \(recognized) only late" : "still fires \(recognized) only late"
        case .spurious:
            what = fixed ? "fired \(recognized) though nothing was meant" : "still fires \(recognized) though nothing was meant"
        }
        return fixed ? what + " before tuning and is handled correctly after" : what
    }

    /// Remaining misfires, or (`fixed`) the misfires before tuning that
    /// tuning fixed, named as such in the column titles.
    func exampleTable(_ examples: [TuningReport.Example], fixed: Bool) -> ReportTable {
        ReportTable(
            columns: [
                ("session", .left), ("user", .left), ("device", .left), ("meant", .left), ("target", .left),
                ("note", .left), (fixed ? "misfire before tuning" : "misfire", .left),
                (fixed ? "recognized before tuning" : "recognized", .left), ("same pattern", .right)
            ],
            rows: examples.map { example in
                ReportTable.Row(cells: [
                    .init(example.sessionID), .init(example.user ?? "–"), .init(Self.deviceText(example.device)),
                    .init(Self.intentText(example.label)), .init(example.label.target ?? "–"), .init(example.label.note ?? "–"),
                    .init(example.kind.title), .init(Self.recognizedText(example)), .init(Self.sharedText(example) ?? "–")
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
                ReportTable.Row(
                    cells: [
                        .init(row.group), .init("\(row.gestures)"),
                        .init(rateWithInterval(row.before)), .init(rateWithInterval(row.after)),
                        .init(
                            Format.signedFixed((row.after.rate - row.before.rate) * 100, 1) + " pp",
                            row.after.rate < row.before.rate ? .ok : row.after.rate > row.before.rate ? .fail : .dim)
                    ], highlighted: index == 0 && sorted.count > 1)
            })
    }

    /// `35 with labelled gestures (9072 gestures): u00, u01, …`.
    static func peopleText(_ people: [String], gestures: Int) -> String {
        "\(people.count) with labelled gestures (\(gestures) gestures): \(people.joined(separator: ", "))"
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
            ("training people", Self.peopleText(run.split.trainUsers, gestures: run.split.trainGestures)),
            ("held-out people", Self.peopleText(run.split.holdoutUsers, gestures: run.split.holdoutGestures)),
            ("seed", "\(run.seed)"),
            ("objective", run.objective),
            ("method", run.method),
            ("evaluations", "\(run.evaluations)"),
            ("search time", "\(Format.fixed(run.seconds, 1)) s")
        ]
        let unlabelled = (run.split.trainUnlabelled ?? []) + (run.split.holdoutUnlabelled ?? [])
        if !unlabelled.isEmpty {
            // Replayed with the rest, but without labels nothing is judged:
            // they are no people of the misfire rates.
            rows.insert(
                (
                    "unlabelled recordings",
                    "\(unlabelled.count), not counted as people (no labels to judge them by): "
                        + unlabelled.sorted().joined(separator: ", ")
                ), at: 6)
        }
        if let generatedAt = run.generatedAt { rows.append(("generated", generatedAt)) }
        for (name, version) in run.versions.sorted(by: { $0.key < $1.key }) {
            rows.append(("version of \(name)", version))
        }
        return ReportTable(
            columns: [("", .left), ("", .left)],
            rows: rows.map { ReportTable.Row(cells: [.init($0.0), .init($0.1)]) })
    }
}
