import Foundation
import GSL
import Simulation

// MARK: - The search driver

/// Finds parameter values that minimize an objective within a hard budget
/// of evaluations, deterministically for a seed.
///
/// ## Design
///
/// 1. **Defaults** are evaluated first: the baseline the result must beat.
/// 2. **Global phase** at the initial (warm) surrogate temperature, either a
///    Latin-hypercube sample (default: independent points, perfectly parallel,
///    predictable cost) or `gsl_siman` annealing chains (walks downhill
///    through narrow valleys; one chain per core).
/// 3. **Refinement**: rounds of Nelder–Mead (`nmsimplex2`, alternating with
///    `nmsimplex2rand` for a differently oriented restart) started from the
///    best distinct points so far, the surrogate temperature falling
///    geometrically round by round so the smooth surrogate sharpens towards
///    the exact count, the simplex step shrinking. Extra rounds at the final
///    temperature follow while they keep improving.
///
/// Points are always ranked by the EXACT objective (feasible first, see
/// ``Evaluation/isBetter(than:)``); the surrogate only steers. Identical
/// rounded points are evaluated once per temperature (memoized; repeats are
/// free). The evaluation count never exceeds
/// ``SearchConfiguration/maxEvaluations``.
///
/// ## Parallelism without losing determinism
///
/// Work is planned on the calling thread in fixed-size jobs (a batch of
/// sample points, one annealing chain, one simplex run) each with its own
/// budget slice and a snapshot of the memo; up to
/// ``SearchConfiguration/parallelism`` jobs run at once, and their
/// evaluations are recorded in planned order. The plan never depends on the
/// thread count or timing, so 1 or 2 threads give the identical history.
/// (The price: two simultaneous jobs cannot share each other's fresh memo
/// entries, so occasionally the same point is evaluated twice.) Determinism
/// assumes a deterministic objective: same values and temperature, same
/// evaluation.
///
/// ```swift
/// let search = ParameterSearch(space: space, configuration: .init(maxEvaluations: 300, seed: 7))
/// let result = try search.run { values, temperature in
///     simulator.evaluate(values, temperature: temperature)   // -> Evaluation
/// } progress: { p in
///     print("\(p.evaluations)/\(p.maxEvaluations) best \(p.best?.evaluation.exact ?? .nan)")
/// }
/// result.best.values
/// ```
package struct ParameterSearch: Sendable {
    package var space: SearchSpace
    package var configuration: SearchConfiguration = .init()

    /// Points evaluated per parallel batch in sampling phases. Fixed, not
    /// derived from the thread count, so the plan is the same on any machine.
    static let batchSize = 8

    // MARK: - Optimize

    /// Runs the full search.
    ///
    /// - Parameters:
    ///   - objective: Called with values inside the bounds (integers rounded)
    ///     and the surrogate temperature, from at most
    ///     ``SearchConfiguration/parallelism`` threads at once.
    ///   - progress: Called on the calling thread after every batch.
    /// - Throws: ``SearchError`` for an unusable configuration.
    package func run(
        objective: @escaping SearchObjective,
        progress: ((SearchProgress) -> Void)? = nil
    ) throws -> SearchResult {
        try validate()
        let c = configuration
        var ledger = SearchLedger(space: space, maxEvaluations: c.maxEvaluations)
        let rng = try RandomGenerator(seed: c.seed, stream: 0)
        let report = { (phase: SearchPhase, temperature: Double, ledger: SearchLedger) in
            progress?(
                SearchProgress(
                    phase: phase, evaluations: ledger.history.count, maxEvaluations: c.maxEvaluations,
                    temperature: temperature, best: ledger.best))
        }

        // 1. The baseline.
        if c.includeDefaults {
            evaluateBatch(
                [space.defaults], temperature: c.initialTemperature, phase: .defaults,
                objective: objective, ledger: &ledger)
            report(.defaults, c.initialTemperature, ledger)
        }

        // 2. Global exploration.
        let globalBudget = min(ledger.remaining, Int((Double(c.maxEvaluations) * c.globalFraction).rounded(.down)))
        switch c.global {
        case .latinHypercube:
            let points = LatinHypercube.sample(count: globalBudget, dimension: space.dimension, using: rng)
            var start = 0
            while start < points.count, ledger.remaining > 0 {
                let chunk = points[start..<min(start + Self.batchSize, points.count)]
                evaluateBatch(
                    chunk.map { space.values(atUnitPoint: $0) }, temperature: c.initialTemperature,
                    phase: .global, objective: objective, ledger: &ledger)
                report(.global, c.initialTemperature, ledger)
                start += Self.batchSize
            }
        case .annealing(let schedule):
            try anneal(schedule: schedule, budget: globalBudget, rng: rng, objective: objective, ledger: &ledger)
            report(.global, c.initialTemperature, ledger)
        case .none:
            break
        }
        if ledger.history.isEmpty, ledger.remaining > 0 {
            // Refinement needs somewhere to start.
            evaluateBatch(
                [space.defaults], temperature: c.initialTemperature, phase: .defaults,
                objective: objective, ledger: &ledger)
        }

        // 3. Refinement.
        try refine(objective: objective, ledger: &ledger) { temperature, ledger in
            report(.refinement, temperature, ledger)
        }
        return try result(of: ledger)
    }

    // MARK: - Random-search baseline

    /// Uniform random points in the unit cube at the final temperature, with
    /// the same budget, seed, memo and parallelism as ``run(objective:progress:)``:
    /// the reference any cleverer search must beat.
    package func randomSearch(
        objective: @escaping SearchObjective,
        progress: ((SearchProgress) -> Void)? = nil
    ) throws -> SearchResult {
        try validate()
        let c = configuration
        let temperature = c.finalTemperature
        var ledger = SearchLedger(space: space, maxEvaluations: c.maxEvaluations)
        let rng = try RandomGenerator(seed: c.seed, stream: 0)
        if c.includeDefaults {
            evaluateBatch(
                [space.defaults], temperature: temperature, phase: .defaults,
                objective: objective, ledger: &ledger)
        }
        // A small integer space may have fewer distinct points than the
        // budget; stop drawing after this many repeats in a row.
        let patience = 1_000
        var repeats = 0
        while ledger.remaining > 0, repeats < patience {
            var batch: [SearchPoint] = []
            var keys = Set<EvaluationKey>()
            while batch.count < min(Self.batchSize, ledger.remaining), repeats < patience {
                let point = (0..<space.dimension).map { _ in rng.uniform() }
                let values = space.values(atUnitPoint: point)
                let key = ledger.key(for: values, temperature: temperature)
                if ledger.memo[key] != nil || !keys.insert(key).inserted {
                    ledger.memoHits += 1
                    repeats += 1
                    continue
                }
                repeats = 0
                batch.append(values)
            }
            evaluateBatch(batch, temperature: temperature, phase: .random, objective: objective, ledger: &ledger)
            progress?(
                SearchProgress(
                    phase: .random, evaluations: ledger.history.count, maxEvaluations: c.maxEvaluations,
                    temperature: temperature, best: ledger.best))
        }
        return try result(of: ledger)
    }

    // MARK: - Evaluating a few known points

    /// Evaluates `points` (e.g. the defaults and the tuned values on held-out
    /// users) on up to `parallelism` threads, returning results in order.
    /// Each point is clamped to the space first.
    package func evaluate(
        _ points: [SearchPoint], temperature: Double = 0,
        objective: @escaping SearchObjective
    ) -> [Evaluation] {
        let clamped = points.map(space.clamped)
        return ParallelMap.map(clamped.count, width: max(1, min(configuration.parallelism, 2))) { i in
            objective(clamped[i], temperature)
        }
    }

    // MARK: - Shared steps

    func validate() throws {
        let c = configuration
        guard c.maxEvaluations > 0 else { throw SearchError("maxEvaluations must be at least 1") }
        guard (1...2).contains(c.parallelism) else { throw SearchError("parallelism must be 1 or 2") }
        guard c.globalFraction >= 0, c.globalFraction <= 1 else { throw SearchError("globalFraction must be in 0…1") }
        guard c.initialTemperature >= 0, c.finalTemperature >= 0 else { throw SearchError("temperatures must be ≥ 0") }
        guard c.refinementRounds >= 1, c.startsPerRound >= 1, c.annealingChains >= 1 else {
            throw SearchError("refinementRounds, startsPerRound and annealingChains must be at least 1")
        }
        guard c.initialStep > 0, c.stepShrink > 0, c.stepShrink <= 1, c.sizeTolerance > 0, c.maxIterationsPerRun > 0 else {
            throw SearchError("step, shrink, tolerance and iterations must be positive (shrink ≤ 1)")
        }
    }

    /// Evaluates the distinct, not yet memoized points of `batch` in parallel
    /// and records them in batch order.
    func evaluateBatch(
        _ batch: [SearchPoint], temperature: Double, phase: SearchPhase,
        objective: @escaping SearchObjective, ledger: inout SearchLedger
    ) {
        var pending: [SearchPoint] = []
        var keys = Set<EvaluationKey>()
        for values in batch {
            let key = ledger.key(for: values, temperature: temperature)
            if ledger.memo[key] != nil || !keys.insert(key).inserted {
                ledger.memoHits += 1
                continue
            }
            guard pending.count < ledger.remaining else { break }
            pending.append(space.clamped(values))
        }
        let space = self.space
        let points = pending
        let evaluations = ParallelMap.map(points.count, width: configuration.parallelism) { i in
            objective(points[i], temperature)
        }
        for (values, evaluation) in zip(pending, evaluations) {
            ledger.record(
                FreshEvaluation(
                    values: values,
                    key: EvaluationKey(
                        coordinates: space.key(for: values),
                        temperature: temperature),
                    evaluation: evaluation), phase: phase, round: 0)
        }
    }

    func result(of ledger: SearchLedger) throws -> SearchResult {
        guard let best = ledger.best else { throw SearchError("no point could be evaluated") }
        return SearchResult(
            best: best, baseline: ledger.history.first { $0.phase == .defaults },
            history: ledger.history, memoHits: ledger.memoHits)
    }
}

/// A search that cannot run as configured.
package struct SearchError: Error, Sendable, Hashable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
