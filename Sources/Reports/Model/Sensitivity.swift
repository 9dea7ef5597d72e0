// MARK: - Sensitivity and the search

extension TuningReport {
    /// The objective as one parameter moves and the others stay at their tuned values.
    package struct ParameterSweep: Codable, Sendable, Hashable {
        package var parameter: String
        package var unit: String
        package var points: [SweepPoint]
        /// The tuned value, marked on the chart.
        package var chosen: Double
    }

    package struct SweepPoint: Codable, Sendable, Hashable {
        package var value: Double
        package var objective: Double
        /// Every budget and intent limit met (`nil` in reports written
        /// before it was kept: counted as feasible). A lower objective that
        /// breaks a limit is no better point: the search may not take it.
        package var feasible: Bool?

        var isFeasible: Bool { feasible ?? true }
    }

    /// One evaluated setting on the misfire/latency plane.
    package struct ParetoPoint: Codable, Sendable, Hashable {
        /// Misfire rate as a fraction, on the people the front is drawn on
        /// (``ParetoBudget/population``: the training people, whose data
        /// the search and the front's dominance both use).
        package var misfireRate: Double
        /// The swept budget's measure at this setting, ms (same people).
        package var latencyMs: Double
        /// No other point is better in both.
        package var onFront: Bool
        /// The setting the report recommends.
        package var chosen: Bool = false
        /// The same setting's misfire rate on the held-out people.
        package var holdoutMisfireRate: Double?
        /// The training objective the search ranked this setting by.
        package var trainObjective: Double?
        /// The budget's limit this setting was searched under, ms.
        package var limitMs: Double?
    }

    /// The budget the Pareto sweep tightened: the one the front trades
    /// misfires against, named on its chart and in its table.
    package struct ParetoBudget: Codable, Sendable, Hashable {
        /// As the budget table names it, e.g. `tap response (waited)`.
        package var gesture: String
        package var percentile: Double
        /// The nominal limit, ms.
        package var limitMs: Double
        /// Whose rates and latencies the front is drawn on.
        package var population: String
    }

    /// Candidates with `onFront` set: a candidate is on the front when no
    /// other has both a lower or equal misfire rate and a lower or equal
    /// latency, one of them strictly.
    ///
    /// ```swift
    /// let pareto = ParetoPoint.markingFront(candidates)
    /// ```
    package static func markingFront(_ candidates: [ParetoPoint]) -> [ParetoPoint] {
        // Sorted by latency, then misfires, a point is on the front exactly
        // when its misfire rate is below every rate before it.
        let order = candidates.indices.sorted {
            (candidates[$0].latencyMs, candidates[$0].misfireRate) < (candidates[$1].latencyMs, candidates[$1].misfireRate)
        }
        var result = candidates
        var best = Double.infinity
        // Exact duplicates do not dominate each other: compare a group of
        // equal points with the best seen before the group.
        var group: (latency: Double, misfire: Double)?
        var bestBeforeGroup = Double.infinity
        for index in order {
            let key = (latency: candidates[index].latencyMs, misfire: candidates[index].misfireRate)
            if group.map({ $0 != key }) ?? true {
                bestBeforeGroup = best
                group = key
            }
            result[index].onFront = key.misfire < bestBeforeGroup
            best = min(best, key.misfire)
        }
        return result
    }
}

extension TuningReport.ParetoPoint {
    /// See ``TuningReport/markingFront(_:)``.
    package static func markingFront(_ candidates: [Self]) -> [Self] { TuningReport.markingFront(candidates) }
}

extension TuningReport {
    package struct Sensitivity: Codable, Sendable, Hashable {
        package var sweeps: [ParameterSweep]
        package var pareto: [ParetoPoint]
        /// The budget ``pareto`` sweeps (`nil` in reports written before
        /// it was kept).
        package var paretoBudget: ParetoBudget?
        /// What relaxing the per-intent protection would buy.
        package var protection: ProtectionTradeoff?
    }

    /// The per-intent protection's price: the training misfire rate with it
    /// and without it, and the intents the unprotected constants sacrifice.
    package struct ProtectionTradeoff: Codable, Sendable, Hashable {
        /// Points an intent may rise (0.02 = 2 points).
        package var margin: Double
        package var evaluations: Int
        package var protectedRate: Double
        package var unprotectedRate: Double
        /// Intent, training rate with the reference → without protection.
        package var sacrificed: [SacrificedIntent]
    }

    package struct SacrificedIntent: Codable, Sendable, Hashable {
        package var intent: String
        package var before: Double
        package var after: Double
    }

    /// One evaluation of the objective during the search.
    package struct SearchStep: Codable, Sendable, Hashable {
        package var evaluation: Int
        /// The exact training objective at this evaluation.
        package var objective: Double
        /// The lowest exact objective among the feasible evaluations so
        /// far: never rising, and `nil` until one is feasible (an
        /// infeasible point's objective is no candidate, however low).
        package var bestSoFar: Double?
        /// This evaluation met every budget and intent limit (`nil` in
        /// reports written before it was kept).
        package var feasible: Bool?
    }
}
