// MARK: - Sensitivity

extension ReportFindings {
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
}
