import Foundation
import GSL
import Simulation

// MARK: - Global phase: annealing chains

extension ParameterSearch {
    /// Runs ``SearchConfiguration/annealingChains`` `gsl_siman` chains side by
    /// side on the surrogate at the initial temperature, each with its own
    /// seeded generator and budget slice. Chain 0 starts at the defaults, the
    /// others at random points.
    func anneal(
        schedule: SimulatedAnnealing.Parameters, budget: Int, rng: RandomGenerator,
        objective: @escaping SearchObjective, ledger: inout SearchLedger
    ) throws {
        let c = configuration
        let chains = max(1, min(c.annealingChains, budget))
        guard budget > 0 else { return }
        let slices = split(budget, into: chains)
        let space = self.space
        let defaultsPoint = space.unitPoint(for: space.defaults)
        let starts = (0..<chains).map { chain in
            chain == 0 ? defaultsPoint : (0..<space.dimension).map { _ in rng.uniform() }
        }
        let seeds = (0..<chains).map { _ in UInt(rng.nextUInt32()) }
        let memo = ledger.memo
        let outcomes = ParallelMap.map(chains, width: c.parallelism) { chain -> JobOutcome in
            let evaluator = JobEvaluator(
                space: space, objective: objective, temperature: c.initialTemperature,
                penaltyWeight: c.penaltyWeight, budget: slices[chain], memo: memo)
            guard let chainRNG = try? RandomGenerator(seed: seeds[chain]) else { return evaluator.outcome }
            _ = try? SimulatedAnnealing.minimize(
                from: starts[chain], parameters: schedule, using: chainRNG,
                energy: { point in evaluator.score(atUnit: point) },
                step: { point, rng, size in
                    for i in point.indices {
                        point[i] = reflectIntoUnitInterval(point[i] + rng.gaussian(standardDeviation: size))
                    }
                })
            return evaluator.outcome
        }
        for outcome in outcomes { ledger.absorb(outcome, phase: .global, round: 0) }
    }

    // MARK: - Refinement: Nelder–Mead rounds

    func refine(
        objective: @escaping SearchObjective, ledger: inout SearchLedger,
        report: (Double, SearchLedger) -> Void
    ) throws {
        let c = configuration
        let space = self.space
        let dimension = space.dimension
        var round = 0
        var improved = true
        let maxExtraRounds = 50
        while ledger.remaining > 0 {
            let scheduled = round < c.refinementRounds
            if !scheduled, !improved || round >= c.refinementRounds + maxExtraRounds { break }
            let temperature = c.temperature(round: round)
            let roundsLeft = scheduled ? c.refinementRounds - round : 1
            let roundBudget = max(1, ledger.remaining / roundsLeft)
            let runs = max(1, min(c.startsPerRound, roundBudget / (dimension + 2)))
            let starts = ledger.bestDistinct(runs)
            guard !starts.isEmpty else { break }
            let slices = split(roundBudget, into: starts.count)
            let step = max(
                c.initialStep * pow(c.stepShrink, Double(min(round, c.refinementRounds - 1))),
                2 * c.sizeTolerance)
            let bestBefore = ledger.best?.evaluation
            let memo = ledger.memo
            let outcomes = ParallelMap.map(starts.count, width: c.parallelism) { run -> JobOutcome in
                let evaluator = JobEvaluator(
                    space: space, objective: objective, temperature: temperature,
                    penaltyWeight: c.penaltyWeight, budget: slices[run], memo: memo)
                let options = Minimizer.Options(
                    stepSizes: [step], sizeTolerance: c.sizeTolerance, maxIterations: c.maxIterationsPerRun,
                    algorithm: run % 2 == 0 ? .nelderMead : .nelderMeadRandomized)
                _ = try? Minimizer.minimize(
                    from: space.unitPoint(for: starts[run]), options: options,
                    shouldStop: { evaluator.refused }
                ) { point in
                    evaluator.score(atUnit: point)
                }
                return evaluator.outcome
            }
            var fresh = 0
            for outcome in outcomes {
                fresh += outcome.fresh.count
                ledger.absorb(outcome, phase: .refinement, round: round)
            }
            improved = bestBefore.map { ledger.best?.evaluation.isBetter(than: $0) ?? false } ?? true
            report(temperature, ledger)
            round += 1
            if !scheduled, fresh == 0 { break }
        }
    }

    /// `total` split into `parts` nearly equal slices, larger ones first.
    func split(_ total: Int, into parts: Int) -> [Int] {
        guard parts > 0 else { return [] }
        return (0..<parts).map { total / parts + ($0 < total % parts ? 1 : 0) }
    }
}

/// Folds a coordinate back into [0, 1] like a ball bouncing off the walls,
/// so annealing steps near a bound stay symmetric.
func reflectIntoUnitInterval(_ x: Double) -> Double {
    guard x.isFinite else { return 0.5 }
    var y = x.truncatingRemainder(dividingBy: 2)
    if y < 0 { y += 2 }
    return y <= 1 ? y : 2 - y
}
