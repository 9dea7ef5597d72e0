import Foundation

// MARK: - The optimizer's search: a global phase, then simplex refinement

/// How `gesturetune optimize` spends its evaluations: a global phase from the
/// reference constants, then GSL Nelder–Mead refinement with restarts
/// (``ParameterSearch``: `nmsimplex2` alternating with `nmsimplex2rand`, on
/// the cooling soft-margin surrogate) for what the global phase cannot see
/// (two thresholds that trade against each other).
///
/// The global phase is one of ``GlobalPhase``:
/// - ``GlobalPhase/lines`` (the default): coordinate line searches
///   (``CoordinateSearch``) over each constant's whole range, then the
///   refinement from their optimum with `polishFraction` of the budget
///   (when that is at least `dimension + 2` evaluations, what a simplex
///   needs to take one step; otherwise the line searches get everything).
/// - ``GlobalPhase/latinHypercube``: seeded multi-start, a Latin-hypercube
///   sample of the whole space; the refinement restarts from its best
///   distinct points.
/// - ``GlobalPhase/annealing``: `gsl_siman` chains, then the refinement.
///
/// Why lines by default: the misfire objective is close to a sum of
/// one-constant staircases (each recognizer's constants mostly decide its
/// own gesture), which a line search reads in a few dozen evaluations while
/// a 25-dimensional sample or annealing chain spreads the same budget thin.
/// `reports/BENCHMARKS.md` compares the three at equal budgets.
///
/// The budget is a hard limit over both phases.
///
/// ```swift
/// let search = TuningSearch(space: space, budget: 300, seed: 1)
/// let outcome = try search.run(objective: objective.searchObjective)
/// outcome.best            // ParameterValues
/// outcome.history.count   // ≤ 300
/// ```
package struct TuningSearch: Sendable {
    /// The first, global phase (`optimize --global`).
    package enum GlobalPhase: String, Sendable, Hashable, Codable, CaseIterable {
        /// Coordinate line searches over each constant's range.
        case lines
        /// Seeded multi-start: a Latin-hypercube sample.
        case latinHypercube = "lhs"
        /// `gsl_siman` simulated annealing chains.
        case annealing = "siman"

        /// One line for reports.
        package var methodDescription: String {
            switch self {
            case .lines: "coordinate line searches over each constant's range"
            case .latinHypercube: "a seeded Latin-hypercube multi-start"
            case .annealing: "gsl_siman simulated annealing chains"
            }
        }
    }

    package var space: ParameterSpace
    package var budget: Int
    package var seed: UInt
    package var global: GlobalPhase = .lines
    package var parallelism: Int = 2
    package var polishFraction: Double = 0.4
    /// 1 for a warm start (search only near the start).
    package var startPass: Int = 0
    /// Parameters known not to matter (skipped by the line searches).
    package var skipping: Set<String> = []
    /// How the line searches rank candidates (see ``CoordinateSearch/Ranking``).
    package var ranking: CoordinateSearch.Ranking = .surrogate

    package init(space: ParameterSpace, budget: Int, seed: UInt) {
        self.space = space
        self.budget = budget
        self.seed = seed
    }

    package struct Outcome: Sendable {
        package var best: ParameterValues
        package var bestEvaluation: Evaluation
        /// The start's evaluation (the baseline when starting at the defaults).
        package var startEvaluation: Evaluation
        package var history: [HistoryPoint]
        package var evaluations: Int { history.count }
        package var memoHits: Int
        package var flat: Set<String>
    }

    /// Searches from the space's defaults (the baseline).
    package func run(
        objective: @escaping SearchObjective,
        progress: ((_ evaluations: Int, _ best: Evaluation) -> Void)? = nil
    ) throws -> Outcome {
        guard budget >= 1 else { throw SearchError("the search needs at least one evaluation") }
        switch global {
        case .lines: return try runLines(objective: objective, progress: progress)
        case .latinHypercube:
            return try runSampled(.latinHypercube, objective: objective, progress: progress)
        case .annealing:
            return try runSampled(
                .annealing(SearchConfiguration.defaultAnnealing), objective: objective,
                progress: progress)
        }
    }

    /// ``ParameterSearch`` over the whole space: its own global phase, then
    /// its refinement rounds, from the defaults.
    private func runSampled(
        _ phase: SearchConfiguration.GlobalPhase, objective: @escaping SearchObjective,
        progress: ((_ evaluations: Int, _ best: Evaluation) -> Void)?
    ) throws -> Outcome {
        let configuration = SearchConfiguration(
            maxEvaluations: budget, seed: seed, global: phase, parallelism: max(1, min(parallelism, 2)))
        let result = try ParameterSearch(space: space, configuration: configuration).run(objective: objective) { p in
            if let e = p.best?.evaluation { progress?(p.evaluations, e) }
        }
        let history = result.history.map { r in
            HistoryPoint(
                index: r.index, phase: r.phase == .defaults ? "defaults" : r.phase.rawValue, round: r.round,
                temperature: r.temperature, evaluation: r.evaluation, bestSoFar: r.bestExactSoFar)
        }
        return Outcome(
            best: space.clamped(result.best.values), bestEvaluation: result.best.evaluation,
            startEvaluation: result.baseline?.evaluation ?? result.best.evaluation, history: history,
            memoHits: result.memoHits, flat: [])
    }

    private func runLines(
        objective: @escaping SearchObjective,
        progress: ((_ evaluations: Int, _ best: Evaluation) -> Void)?
    ) throws -> Outcome {
        let polish = Int((Double(budget) * polishFraction).rounded(.down))
        let polishBudget = polish >= space.dimension + 2 ? polish : 0

        var line = CoordinateSearch(space: space, budget: budget - polishBudget)
        line.parallelism = parallelism
        line.startPass = startPass
        line.ranking = ranking
        let coordinate = line.run(from: space.defaults, skipping: skipping, objective: objective, progress: progress)
        var records: [(phase: String, round: Int, temperature: Double, evaluation: Evaluation)] =
            coordinate.steps.enumerated().map { i, step in
                (i == 0 ? "defaults" : "coordinate", step.pass, step.temperature, step.evaluation)
            }
        var best = coordinate.best.values
        var bestEvaluation = coordinate.best.evaluation
        var memoHits = 0

        let remaining = budget - coordinate.steps.count
        if remaining >= space.dimension + 2 {
            var configuration = SearchConfiguration(
                maxEvaluations: remaining, seed: seed, global: .none, globalFraction: 0, includeDefaults: true,
                initialTemperature: line.temperatures.last ?? 0.003, finalTemperature: 0.001, refinementRounds: 2,
                startsPerRound: 2, initialStep: 0.04, stepShrink: 0.5, parallelism: max(1, min(parallelism, 2)))
            configuration.sizeTolerance = 1e-4
            let polished = try ParameterSearch(space: try space.recentred(at: best), configuration: configuration)
                .run(objective: objective) { p in
                    if let e = p.best?.evaluation { progress?(coordinate.steps.count + p.evaluations, e) }
                }
            memoHits = polished.memoHits
            for record in polished.history {
                records.append(
                    (
                        record.phase == .defaults ? "polish-start" : "refinement", record.round,
                        record.temperature, record.evaluation
                    ))
            }
            // Compare on the exact ranking only: the two phases ended at
            // different temperatures, so their surrogates do not compare.
            let candidate = polished.best.evaluation
            if candidate.totalViolation < bestEvaluation.totalViolation
                || (candidate.totalViolation == bestEvaluation.totalViolation && candidate.exact < bestEvaluation.exact)
            {
                best = space.clamped(polished.best.values)
                bestEvaluation = candidate
            }
        }

        var bestSoFar: Double?
        let history = records.enumerated().map { i, r -> HistoryPoint in
            if r.evaluation.isFeasible, r.evaluation.exact.isFinite, r.evaluation.exact < (bestSoFar ?? .infinity) {
                bestSoFar = r.evaluation.exact
            }
            return HistoryPoint(
                index: i + 1, phase: r.phase, round: r.round, temperature: r.temperature,
                evaluation: r.evaluation, bestSoFar: bestSoFar)
        }
        let start = coordinate.steps.first?.evaluation ?? bestEvaluation
        return Outcome(
            best: best, bestEvaluation: bestEvaluation, startEvaluation: start, history: history,
            memoHits: memoHits, flat: coordinate.flat)
    }
}
