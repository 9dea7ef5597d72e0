import Simulation

// MARK: - Misfires against the tightest latency budget

/// What a faster response costs in misfires: the optimization repeated with
/// the tightest latency budget lowered step by step.
///
/// The budget chosen is the latency (or haptic) budget with the least
/// headroom at the optimum (largest value / limit on the training users).
/// Its limit is lowered to `fractions` of the optimum's own value (e.g. 0.9,
/// 0.8, 0.7, 0.6 of it); at each level a short search (local line searches,
/// ``TuningSearch`` with a warm start, `evaluationsPerLevel`) starts from the
/// previous level's best point. Each
/// level's best is measured exactly on both splits. Points are listed from
/// the loosest to the tightest limit; ``Point/onFront`` marks those no other
/// point beats on both the latency achieved and the training misfire rate.
///
/// ```swift
/// let front = try ParetoFront.sweep(objective: objective, from: tuned, seed: 1, evaluationsPerLevel: 40)
/// front?.points.map { ($0.limit, $0.trainMisfireRate) }
/// ```
public struct ParetoFront: Sendable, Hashable, Codable {
    public struct Point: Sendable, Hashable, Codable {
        /// The budget's limit at this level (ms).
        public var limit: Double
        /// The budget's measure at the level's best point, training users (ms).
        public var achieved: Double?
        public var trainMisfireRate: Double
        public var holdoutMisfireRate: Double
        public var trainObjective: Double
        /// All effective budgets met on the training users.
        public var feasible: Bool
        public var onFront: Bool
        public var evaluations: Int
        public var params: ParameterValues
    }

    /// The budget swept (`tap.latency.p95`, …).
    public var budget: String
    public var unit: String
    /// Its nominal limit.
    public var nominalLimit: Double
    public var points: [Point]

    public static let defaultFractions = [0.9, 0.8, 0.7, 0.6]

    /// `nil` when no latency budget has observations.
    public static func sweep(objective: TuningObjective, from optimum: ParameterValues, seed: UInt,
                             evaluationsPerLevel: Int, fractions: [Double] = defaultFractions,
                             skipping flat: Set<String> = [], parallelism: Int = 2) throws -> ParetoFront? {
        guard let start = objective.evaluateDetailed(optimum, on: .train, threads: parallelism) else { return nil }
        // The latency budget with the least headroom.
        var chosen: (index: Int, ratio: Double, value: Double)?
        for (i, check) in start.budgets.enumerated()
        where check.budget.measure == .latency || check.budget.measure == .haptic {
            guard let value = check.value, check.budget.limit > 0, check.count > 0 else { continue }
            let ratio = value / check.budget.limit
            if chosen.map({ ratio > $0.ratio }) ?? true { chosen = (i, ratio, value) }
        }
        guard let chosen, chosen.value > 0 else { return nil }
        let budget = objective.effectiveBudgets[chosen.index]

        func point(_ values: ParameterValues, limit: Double, on tightened: TuningObjective, evaluations: Int) -> Point? {
            guard let train = tightened.evaluateDetailed(values, on: .train, threads: parallelism),
                  let holdout = tightened.evaluateDetailed(values, on: .holdout, threads: parallelism) else { return nil }
            return Point(limit: limit, achieved: train.budgets[chosen.index].value,
                         trainMisfireRate: train.counts.misfireRate, holdoutMisfireRate: holdout.counts.misfireRate,
                         trainObjective: train.evaluation.exact, feasible: train.evaluation.isFeasible,
                         onFront: false, evaluations: evaluations, params: values)
        }

        var points: [Point] = []
        if let first = point(optimum, limit: budget.limit, on: objective, evaluations: 0) { points.append(first) }
        var current = objective.space.clamped(optimum)
        for (level, fraction) in fractions.enumerated() {
            let limit = chosen.value * fraction
            var budgets = objective.effectiveBudgets
            budgets[chosen.index].limit = limit
            let tightened = objective.with(space: try objective.space.recentred(at: current), effectiveBudgets: budgets)
            // A warm start: line searches near the previous level's best.
            var search = TuningSearch(space: tightened.space, budget: evaluationsPerLevel, seed: seed &+ UInt(level + 1))
            search.startPass = 1
            search.polishFraction = 0
            search.skipping = flat
            search.parallelism = parallelism
            let result = try search.run(objective: tightened.searchObjective)
            current = result.best
            if let p = point(current, limit: limit, on: tightened, evaluations: result.evaluations) { points.append(p) }
        }
        // Non-dominated: no other point has both a lower (or equal) achieved
        // latency and a lower (or equal) misfire rate, one of them strictly.
        for i in points.indices {
            let a = points[i]
            guard let la = a.achieved else { continue }
            points[i].onFront = !points.contains { b in
                guard let lb = b.achieved else { return false }
                return lb <= la && b.trainMisfireRate <= a.trainMisfireRate
                    && (lb < la || b.trainMisfireRate < a.trainMisfireRate)
            }
        }
        return ParetoFront(budget: budget.key, unit: budget.measure.unit, nominalLimit: objective.budgets[chosen.index].limit,
                           points: points)
    }
}
