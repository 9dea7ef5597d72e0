import Foundation

// MARK: - The optimizer's search: line searches, then joint moves

/// How `gesturetune optimize` spends its evaluations.
///
/// The global phase is one of ``GlobalPhase``:
/// - ``GlobalPhase/lines`` (the default): a screen of every constant at
///   both ends of its range, then coordinate line searches in the order it
///   suggests (``CoordinateSearch``, `linePasses` passes: each constant over
///   its whole range on a `firstGrid`-point grid plus one bisection, then
///   around its best value), then rounds of joint moves
///   (`CovarianceSearch`, CMA-ES, `jointGenerations` generations from the
///   best so far) and one finer line pass each, until the budget is spent.
/// - ``GlobalPhase/latinHypercube``: seeded multi-start, a Latin-hypercube
///   sample of the whole space, then GSL Nelder–Mead refinement
///   (``ParameterSearch``) from its best distinct points.
/// - ``GlobalPhase/annealing``: `gsl_siman` chains, then the refinement.
///
/// Why lines first: each recognizer's constants mostly decide its own
/// gesture, so the misfire objective is close to a sum of one-constant
/// staircases, which a line search reads in a few evaluations while a
/// sample or a population spreads the same budget thin. Why joint moves
/// after: on real people's recordings the constants couple (a tab swipe's
/// bias, distance and velocity triggers and the scroll lock decide the same
/// strokes together), and the best moves run along diagonals no axis shows;
/// a covariance-adapting population learns them, as Optuna's CMA-ES
/// sampler does. `reports/BENCHMARKS.md` compares them at equal budgets.
///
/// ## Anytime
///
/// With ``GlobalPhase/lines`` the plan never depends on the budget: the
/// same points are evaluated in the same order whatever the budget, which
/// only stops the run. The answer is the best evaluation of the whole run
/// by the exact ranking (feasible first, then the exact objective). So a
/// run with more evaluations is never worse on the training people than a
/// shorter one with the same seed: it evaluates everything the shorter one
/// did, first.
///
/// ```swift
/// let search = TuningSearch(space: space, budget: 300, seed: 1)
/// let outcome = try search.run(objective: objective.searchObjective)
/// outcome.best            // SearchPoint
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
            case .lines: "coordinate line searches over each constant's range, then CMA-ES joint moves"
            case .latinHypercube: "a seeded Latin-hypercube multi-start"
            case .annealing: "gsl_siman simulated annealing chains"
            }
        }
    }

    package var space: SearchSpace
    package var budget: Int
    package var seed: UInt
    package var global: GlobalPhase = .lines
    package var parallelism: Int = 2
    /// Points per constant on the line searches' first pass (bounds
    /// included), plus one bisection: a fixed number, so the plan does not
    /// depend on the budget. 5 + 1 reads BioIdent's coupled tab-swipe
    /// constants and the shipped corpus's double-tap budget within 100
    /// evaluations (7 without the bisection misses the first; 6 with it
    /// the second: reports/BENCHMARKS.md).
    package var firstGrid: Int = 5
    /// Line-search passes before the joint moves take over.
    package var linePasses: Int = 2
    /// After the line searches, joint moves (`CovarianceSearch`) until
    /// the budget is spent; without them, line passes until it is (the
    /// warm-started sweeps, which only look near their start).
    package var jointMoves: Bool = true
    /// Screen each constant at its range's ends before the first pass and
    /// search the most promising first (``CoordinateSearch/screen``).
    package var screen = true
    /// One more point per first-pass line, halfway from its best grid point
    /// to the better neighbour (``CoordinateSearch/bisectFirstPass``).
    package var bisect = true
    /// Generations of joint moves per round.
    package var jointGenerations: Int = 8
    /// The joint moves' initial spread, in unit-cube units.
    package var jointSpread: Double = 0.1
    /// 1 for a warm start (search only near the start).
    package var startPass: Int = 0
    /// Parameters known not to matter (skipped by the line searches).
    package var skipping: Set<String> = []
    /// How the line searches rank candidates (see ``CoordinateSearch/Ranking``).
    package var ranking: CoordinateSearch.Ranking = .surrogate

    package init(space: SearchSpace, budget: Int, seed: UInt) {
        self.space = space
        self.budget = budget
        self.seed = seed
    }

    package struct Outcome: Sendable {
        package var best: SearchPoint
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
        var line = CoordinateSearch(space: space, budget: budget)
        line.parallelism = parallelism
        line.startPass = startPass
        line.ranking = ranking
        line.firstGrid = firstGrid
        line.maxPasses = jointMoves ? linePasses : nil
        line.screen = screen
        line.bisectFirstPass = bisect
        let coordinate = line.run(from: space.defaults, skipping: skipping, objective: objective, progress: progress)
        var records: [Record] =
            coordinate.steps.enumerated().map { i, step in
                (i == 0 ? "defaults" : "coordinate", step.pass, step.temperature, step.values, step.evaluation)
            }
        // Rounds of joint moves from the best point so far, each followed
        // by a line pass at the next, finer step: the joint moves learn
        // what couples, the lines keep reading the staircases. A round
        // whose joint moves found nothing halves the next round's spread.
        if jointMoves {
            let temperature = line.temperatures.last ?? 0
            var current = (values: coordinate.best.values, evaluation: coordinate.best.evaluation)
            var spread = jointSpread
            var round = 0
            while records.count < budget {
                let roundStart = records.count
                let burst = try CovarianceSearch.run(
                    space: space, from: current.values, known: current.evaluation, spread: spread,
                    generations: jointGenerations, temperature: temperature, budget: budget - records.count,
                    seed: seed, stream: UInt(2 + round), parallelism: parallelism, better: line.better,
                    objective: objective
                ) { spent, best in progress?(roundStart + spent, best) }
                for step in burst.steps {
                    records.append(("covariance", round, temperature, step.values, step.evaluation))
                }
                current = (burst.best, burst.bestEvaluation)
                spread = burst.improved ? jointSpread : spread / 2
                guard records.count < budget else { break }
                var pass = CoordinateSearch(space: space, budget: budget - records.count)
                pass.parallelism = parallelism
                pass.ranking = ranking
                pass.startPass = linePasses + round
                pass.maxPasses = 1
                pass.temperatures = [temperature]
                let passStart = records.count
                let lined = pass.run(
                    from: current.values, known: current.evaluation, skipping: coordinate.flat, objective: objective
                ) { spent, best in progress?(passStart + spent, best) }
                for step in lined.steps {
                    records.append(("coordinate", step.pass, step.temperature, step.values, step.evaluation))
                }
                current = (lined.best.values, lined.best.evaluation)
                round += 1
                // Converged: a whole round found no point it had not seen.
                if records.count == roundStart { break }
            }
        }
        return Self.outcome(of: records, lines: coordinate)
    }

    /// One evaluation of the run, as its history records it.
    private typealias Record = (phase: String, round: Int, temperature: Double, values: SearchPoint, evaluation: Evaluation)

    /// The run's answer and history from its evaluations in order.
    private static func outcome(of records: [Record], lines coordinate: CoordinateSearch.Outcome) -> Outcome {
        // The answer is the best evaluation of the whole run by the exact
        // ranking (feasible first, then the exact objective), the earliest
        // among equals: a longer run evaluates everything a shorter one
        // does first, so its answer is never worse on the training people.
        var bestIndex = 0
        for i in records.indices where records[i].evaluation.isBetter(than: records[bestIndex].evaluation) {
            bestIndex = i
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
        let start = coordinate.steps.first?.evaluation ?? records[bestIndex].evaluation
        return Outcome(
            best: records.isEmpty ? coordinate.best.values : records[bestIndex].values,
            bestEvaluation: records.isEmpty ? coordinate.best.evaluation : records[bestIndex].evaluation,
            startEvaluation: start, history: history, memoHits: 0, flat: coordinate.flat)
    }
}
