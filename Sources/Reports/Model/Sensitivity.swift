// MARK: - 6. Sensitivity and 7. the search

extension TuningReport {
    /// The objective as one parameter moves and the others stay at their tuned values.
    public struct ParameterSweep: Codable, Sendable, Hashable {
        public var parameter: String
        public var unit: String
        public var points: [SweepPoint]
        /// The tuned value, marked on the chart.
        public var chosen: Double

        public init(parameter: String, unit: String, points: [SweepPoint], chosen: Double) {
            self.parameter = parameter
            self.unit = unit
            self.points = points
            self.chosen = chosen
        }
    }

    public struct SweepPoint: Codable, Sendable, Hashable {
        public var value: Double
        public var objective: Double

        public init(value: Double, objective: Double) {
            self.value = value
            self.objective = objective
        }
    }

    /// One evaluated setting on the misfire/latency plane.
    public struct ParetoPoint: Codable, Sendable, Hashable {
        /// Misfire rate as a fraction.
        public var misfireRate: Double
        /// The latency the budgets are about (worst budgeted percentile), ms.
        public var latencyMs: Double
        /// No other point is better in both.
        public var onFront: Bool
        /// The setting the report recommends.
        public var chosen: Bool

        public init(misfireRate: Double, latencyMs: Double, onFront: Bool, chosen: Bool = false) {
            self.misfireRate = misfireRate
            self.latencyMs = latencyMs
            self.onFront = onFront
            self.chosen = chosen
        }
    }

    /// Candidates with `onFront` set: a candidate is on the front when no
    /// other has both a lower or equal misfire rate and a lower or equal
    /// latency, one of them strictly.
    ///
    /// ```swift
    /// let pareto = ParetoPoint.markingFront(candidates)
    /// ```
    public static func markingFront(_ candidates: [ParetoPoint]) -> [ParetoPoint] {
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
    public static func markingFront(_ candidates: [Self]) -> [Self] { TuningReport.markingFront(candidates) }
}

extension TuningReport {
    public struct Sensitivity: Codable, Sendable, Hashable {
        public var sweeps: [ParameterSweep]
        public var pareto: [ParetoPoint]
        /// What relaxing the per-intent protection would buy.
        public var protection: ProtectionTradeoff?

        public init(sweeps: [ParameterSweep], pareto: [ParetoPoint], protection: ProtectionTradeoff? = nil) {
            self.sweeps = sweeps
            self.pareto = pareto
            self.protection = protection
        }
    }

    /// The per-intent protection's price: the training misfire rate with it
    /// and without it, and the intents the unprotected constants sacrifice.
    public struct ProtectionTradeoff: Codable, Sendable, Hashable {
        /// Points an intent may rise (0.02 = 2 points).
        public var margin: Double
        public var evaluations: Int
        public var protectedRate: Double
        public var unprotectedRate: Double
        /// Intent, training rate with the reference → without protection.
        public var sacrificed: [SacrificedIntent]

        public init(margin: Double, evaluations: Int, protectedRate: Double, unprotectedRate: Double,
                    sacrificed: [SacrificedIntent]) {
            self.margin = margin
            self.evaluations = evaluations
            self.protectedRate = protectedRate
            self.unprotectedRate = unprotectedRate
            self.sacrificed = sacrificed
        }
    }

    public struct SacrificedIntent: Codable, Sendable, Hashable {
        public var intent: String
        public var before: Double
        public var after: Double

        public init(intent: String, before: Double, after: Double) {
            self.intent = intent
            self.before = before
            self.after = after
        }
    }

    /// One evaluation of the objective during the search.
    public struct SearchStep: Codable, Sendable, Hashable {
        public var evaluation: Int
        public var objective: Double
        public var bestSoFar: Double

        public init(evaluation: Int, objective: Double, bestSoFar: Double) {
            self.evaluation = evaluation
            self.objective = objective
            self.bestSoFar = bestSoFar
        }
    }
}
