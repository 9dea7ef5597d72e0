import Simulation

// MARK: - Misfires against the tightest latency budget

/// What a faster response costs in misfires: the optimization repeated with
/// the tightest latency budget lowered step by step.
///
/// The budget chosen is the latency (or haptic) budget with the least
/// headroom at the optimum (largest value / limit on the training users)
/// that the tuned parameters can move. Movable means that setting one active
/// parameter to an end of its range (others at the optimum; two
/// evaluations per parameter measure every budget at once) brings the
/// budget's value down to the first level; tighter budgets that fail this
/// are listed in ``unmovable`` (their latency is set by an untuned constant,
/// e.g. a slop). Should the first tightened level still be out of reach, the
/// next movable budget is tried, up to three.
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
package struct ParetoFront: Sendable, Hashable, Codable {
    package struct Point: Sendable, Hashable, Codable {
        /// The budget's limit at this level (ms).
        package var limit: Double
        /// The budget's measure at the level's best point, training users (ms).
        package var achieved: Double?
        package var trainMisfireRate: Double
        package var holdoutMisfireRate: Double
        package var trainObjective: Double
        /// All effective budgets met on the training users.
        package var feasible: Bool
        package var onFront: Bool
        package var evaluations: Int
        package var params: SearchPoint
    }

    /// The budget swept (`tap.latency.p95`, …).
    package var budget: String
    package var unit: String
    /// Its nominal limit.
    package var nominalLimit: Double
    package var points: [Point]
    /// Tighter budgets tried first and dropped because no tuned parameter
    /// moved them (e.g. a latency set by an untuned slop).
    package var unmovable: [String]

    package static let defaultFractions = [0.9, 0.8, 0.7, 0.6]

    /// Candidates tried before giving up on finding a budget the tuned
    /// parameters can move.
    static let maximumCandidates = 3

    /// `nil` when no latency budget has observations.
    package static func sweep(
        objective: TuningObjective, from optimum: SearchPoint, seed: UInt,
        evaluationsPerLevel: Int, fractions: [Double] = defaultFractions,
        skipping flat: Set<String> = [], parallelism: Int = 2
    ) throws -> ParetoFront? {
        guard let start = objective.trainingReplay(optimum, threads: parallelism) else { return nil }
        // Latency budgets by headroom, least first.
        var candidates: [(index: Int, ratio: Double, value: Double)] = []
        for (i, check) in start.budgets.enumerated()
        where objective.fixedBudgets[i] == nil
            && [.latency, .recognition, .response, .haptic].contains(check.budget.measure)
        {
            guard let value = check.value, value > 0, check.budget.limit > 0, check.count > 0 else { continue }
            candidates.append((i, value / check.budget.limit, value))
        }
        candidates.sort { $0.ratio > $1.ratio || ($0.ratio == $1.ratio && $0.index < $1.index) }
        guard !candidates.isEmpty else { return nil }

        // Which budgets can the tuned parameters move at all? Each active
        // parameter at both ends of its range, the others at the optimum:
        // 2 evaluations per parameter measure every budget at once.
        let space = objective.space
        let center = space.clamped(optimum)
        var probes: [SearchPoint] = []
        for parameter in space.parameters where !flat.contains(parameter.name) {
            for end in [parameter.lowerBound, parameter.upperBound] {
                var values = center
                values[parameter.name] = end
                probes.append(values)
            }
        }
        let frozen = probes
        // The sensitivity sweep replayed each end already: read back.
        let probed = ParallelMap.map(frozen.count, width: max(1, min(parallelism, 2))) { i in
            objective.trainingReplay(frozen[i])?.budgets
        }
        let firstFraction = fractions.first ?? 1
        func movable(_ index: Int, _ value: Double) -> Bool {
            probed.contains { budgets in
                guard let budgets, let v = budgets[index].value, budgets[index].count > 0 else { return false }
                return v <= value * firstFraction
            }
        }
        let movableCandidates = candidates.filter { movable($0.index, $0.value) }
        var unmovable = candidates.filter { !movable($0.index, $0.value) }.prefix { c in
            movableCandidates.first.map { c.ratio > $0.ratio } ?? true
        }.map { objective.effectiveBudgets[$0.index].key }
        candidates = movableCandidates.isEmpty ? candidates : movableCandidates
        if movableCandidates.isEmpty { unmovable = [] }

        var fallback: ParetoFront?
        for (k, candidate) in candidates.prefix(maximumCandidates).enumerated() {
            let front = try sweep(
                objective: objective, budgetIndex: candidate.index, startValue: candidate.value,
                from: optimum, seed: seed &+ UInt(100 * k), evaluationsPerLevel: evaluationsPerLevel,
                fractions: fractions, skipping: flat, parallelism: parallelism)
            // Moved: some tightened level got the budget's own measure within its limit.
            let moved = front.points.dropFirst().contains { ($0.achieved ?? .infinity) <= $0.limit }
            if moved || fractions.isEmpty {
                var result = front
                result.unmovable = unmovable
                return result
            }
            unmovable.append(front.budget)
            if fallback == nil { fallback = front }
        }
        fallback?.unmovable = Array(unmovable.dropFirst())
        return fallback
    }

    /// The front of one budget (index into the objective's budgets).
    static func sweep(
        objective: TuningObjective, budgetIndex index: Int, startValue: Double,
        from optimum: SearchPoint, seed: UInt, evaluationsPerLevel: Int, fractions: [Double],
        skipping flat: Set<String>, parallelism: Int
    ) throws -> ParetoFront {
        let budget = objective.effectiveBudgets[index]
        func point(_ values: SearchPoint, limit: Double, on tightened: TuningObjective, evaluations: Int) -> Point? {
            guard let train = tightened.evaluateDetailed(values, on: .train, threads: parallelism),
                let holdout = tightened.evaluateDetailed(values, on: .holdout, threads: parallelism)
            else { return nil }
            return Point(
                limit: limit, achieved: train.budgets[index].value,
                trainMisfireRate: train.counts.misfireRate, holdoutMisfireRate: holdout.counts.misfireRate,
                trainObjective: train.evaluation.exact, feasible: train.evaluation.isFeasible,
                onFront: false, evaluations: evaluations, params: values)
        }

        var points: [Point] = []
        if let first = point(optimum, limit: budget.limit, on: objective, evaluations: 0) { points.append(first) }
        var current = objective.space.clamped(optimum)
        // Every replay so far — the search's, the sensitivity sweep's, the
        // earlier levels' — is a candidate start for a level: the search
        // has often already evaluated a point that meets it.
        var replayed = objective.trainingReplaysSoFar
        for (level, fraction) in fractions.enumerated() {
            let limit = startValue * fraction
            var budgets = objective.effectiveBudgets
            budgets[index].limit = limit
            if let seed = bestReplay(in: replayed, meeting: limit, budgetIndex: index, key: budget.key),
                let last = points.last,
                (last.achieved ?? .infinity) > limit || !last.feasible || seed.exact < last.trainObjective
            {
                current = seed.values
            }
            let tightened = objective.with(space: try objective.space.recentred(at: current), effectiveBudgets: budgets)
            // A warm start: line searches near the previous level's best.
            var search = TuningSearch(space: tightened.space, budget: evaluationsPerLevel, seed: seed &+ UInt(level + 1))
            search.startPass = 1
            search.jointMoves = false
            search.skipping = flat
            search.parallelism = parallelism
            let result = try search.run(objective: tightened.searchObjective)
            current = result.best
            replayed += tightened.trainingReplaysSoFar
            if let p = point(current, limit: limit, on: tightened, evaluations: result.evaluations) { points.append(p) }
            // The first level's limit out of reach: tighter ones are too.
            if level == 0, (points.last?.achieved ?? .infinity) > limit { break }
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
        return ParetoFront(
            budget: budget.key, unit: budget.measure.unit, nominalLimit: objective.budgets[index].limit,
            points: points, unmovable: [])
    }

    /// The replay with the lowest exact objective among those that meet
    /// every budget with the swept one (`key`, at `budgetIndex`) lowered to
    /// `limit`; the first in the replays' fixed order among equals.
    static func bestReplay(
        in replays: [TrainingReplay], meeting limit: Double, budgetIndex: Int, key: String
    ) -> TrainingReplay? {
        var best: TrainingReplay?
        for replay in replays where replay.exact.isFinite && budgetIndex < replay.budgets.count {
            let swept = replay.budgets[budgetIndex]
            guard swept.count > 0, let value = swept.value, value <= limit else { continue }
            guard replay.violations.allSatisfy({ $0.key == key || $0.value <= 0 }) else { continue }
            if replay.exact < (best?.exact ?? .infinity) { best = replay }
        }
        return best
    }
}
