import Foundation
import Scenes
import Simulation
import TraceModel

// MARK: - One optimization, start to finish

/// Runs `gesturetune optimize`: split the sessions by user, compile them,
/// search the tuning space on the training users (``TuningSearch``: line
/// searches, then a GSL simplex polish), then validate on the held-out users
/// (``Validation``), sweep sensitivities (``Sensitivity``) and the
/// latency/misfire Pareto front (``ParetoFront``), and optionally
/// cross-validate by user. Deterministic for a seed (parallel work is planned
/// in a fixed order; every statistic is seeded).
///
/// ```swift
/// let optimizer = Optimizer(settings: OptimizerSettings(seed: 1, maxEvaluations: 300))
/// let result = try optimizer.run(sessions: try store.loadSessions(), scene: .epilogue) { progress in
///     print(progress.phase, progress.evaluations, progress.bestObjective ?? .nan)
/// }
/// ```
package struct Optimizer: Sendable {
    package var settings: OptimizerSettings

    package init(settings: OptimizerSettings) { self.settings = settings }

    /// Progress of a run, reported on the calling thread.
    package struct Progress: Sendable {
        /// `search`, `validation`, `sensitivity`, `pareto`, `fold k/K`.
        package var phase: String
        package var evaluations: Int
        package var maxEvaluations: Int
        /// Best feasible exact objective so far in the main search.
        package var bestObjective: Double?
    }

    /// The tuning space for these sessions and scene.
    package func space(sessions: [Session], scene: Scene?) throws -> SearchSpace {
        let scenes: [Scene]
        if let scene {
            scenes = [scene]
        } else {
            let names = Set(sessions.map { $0.header.scene ?? Scene.plain.name }).sorted()
            scenes = names.compactMap { try? Scene.builtIn(named: $0) }
        }
        return try TuningSpace.space(
            names: settings.tune ?? TuningSpace.defaultNames(for: scenes),
            bounds: settings.bounds, scene: scene)
    }

    /// Runs everything: the search on the training people, exact validation
    /// on both splits, the trade-offs (sensitivity, Pareto front, what the
    /// per-intent protection costs), and the optional cross-validation.
    ///
    /// - Throws: ``TuningInputError`` for a bad tuning space, ``ObjectiveError``
    ///   for an unusable corpus (no holdout users, no labels), ``SearchError``
    ///   for bad search settings, or a scene error.
    package func run(sessions: [Session], scene: Scene?, progress: ((Progress) -> Void)? = nil) throws -> OptimizationResult {
        var phases = PhaseClock()
        let s = settings
        try checkSettings(people: Set(sessions.map { $0.header.user ?? $0.id }).count)
        let space = try self.space(sessions: sessions, scene: scene)
        let data = try TuningData(sessions: sessions, holdoutFraction: s.holdoutFraction)
        let objective = try self.objective(data: data, space: space, scene: scene, remote: s.remote)

        // 1. The search on the training users.
        var search = TuningSearch(space: space, budget: s.maxEvaluations, seed: s.seed)
        search.global = s.global
        search.parallelism = s.parallelism
        let found = try search.run(objective: objective.searchObjective) { evaluations, best in
            progress?(
                Progress(
                    phase: "search", evaluations: evaluations, maxEvaluations: s.maxEvaluations,
                    bestObjective: best.isFeasible ? best.exact : nil))
        }
        let best = Self.snapped(found.best, space: space)
        let bestObjective = found.bestEvaluation.isFeasible ? found.bestEvaluation.exact : nil
        let report = { (phase: String) -> Void in
            progress?(
                Progress(
                    phase: phase, evaluations: found.evaluations, maxEvaluations: s.maxEvaluations,
                    bestObjective: bestObjective))
        }
        phases.lap("search")

        // 2. Exact validation, before and after, on both splits.
        report("validation")
        let validation = try Validation(
            objective: objective, baseline: space.defaults, tuned: best, seed: s.seed,
            bootstrapResamples: s.bootstrapResamples)
        phases.lap("validation")

        // 3. Trade-offs.
        let tradeOffs = try self.tradeOffs(
            objective: objective, best: best, flat: found.flat, phases: &phases, report: report)

        // 4. Optional k-fold cross-validation.
        var crossValidation: CrossValidation?
        if let k = s.folds, k >= 2 {
            crossValidation = try self.crossValidate(sessions: sessions, scene: scene, space: space, folds: k) { fold in
                report("fold \(fold + 1)/\(k)")
            }
            phases.lap("crossValidation")
        }

        let corpus = CorpusSummary(
            sessions: sessions.count, labels: validation.baseline.train.labels + validation.baseline.holdout.labels,
            trainSessions: data.train.sessionCount, holdoutSessions: data.holdout.sessionCount,
            trainLabels: validation.baseline.train.labels, holdoutLabels: validation.baseline.holdout.labels,
            trainUsers: data.trainUsers, holdoutUsers: data.holdoutUsers, holdoutFraction: s.holdoutFraction)
        return OptimizationResult(
            run: RunInfo(), scene: scene?.name, target: s.target, seed: s.seed, global: s.global,
            maxEvaluations: s.maxEvaluations,
            evaluations: found.evaluations, memoHits: found.memoHits,
            seconds: phases.total, phaseSeconds: phases.seconds,
            corpus: corpus, weights: s.weights, budgets: Self.budgetSummaries(objective), space: space.parameters,
            params: best, parameters: space.parameters.map { p in ParameterChange(p, tuned: best[p.name] ?? p.defaultValue) },
            baseline: validation.baseline, tuned: validation.tuned,
            comparison: Comparison(
                holdoutTest: validation.holdoutTest, trainTest: validation.trainTest,
                verdict: validation.verdict, summary: validation.summary,
                holdoutChange: validation.tuned.holdoutMisfireRate - validation.baseline.holdoutMisfireRate,
                perIntent: validation.perIntent, intentMargin: objective.intentMargin),
            crossValidation: crossValidation, history: found.history,
            sensitivity: tradeOffs.sensitivity, pareto: tradeOffs.pareto, intentRelaxation: tradeOffs.relaxation)
    }

    /// Settings that cannot run, refused before any work.
    private func checkSettings(people: Int) throws {
        guard settings.maxEvaluations >= 1 else { throw SearchError("--max-evals must be at least 1") }
        // Folds hold out whole people: with more folds than people most
        // would be empty and the cross-validation would silently shrink.
        if let k = settings.folds, k > people {
            throw SearchError(
                "--folds \(k) is more than the \(people) people in the corpus (each fold holds out people); use at most \(people)"
            )
        }
    }

    /// What the tuned point trades: each constant's sensitivity, the
    /// Pareto front of the swept budget, and what the per-intent protection
    /// costs (one search without it).
    private func tradeOffs(
        objective: TuningObjective, best: SearchPoint, flat: Set<String>, phases: inout PhaseClock,
        report: (String) -> Void
    ) throws -> (sensitivity: [SensitivityCurve], pareto: ParetoFront?, relaxation: IntentRelaxation?) {
        let s = settings
        report("sensitivity")
        let sensitivity =
            s.sensitivityPoints > 0
            ? Sensitivity.sweep(objective: objective, around: best, points: s.sensitivityPoints, parallelism: s.parallelism)
            : []
        phases.lap("sensitivity")
        report("pareto")
        let perLevel = s.paretoEvaluationsPerLevel ?? max(40, s.maxEvaluations / 5)
        let pareto =
            s.paretoFractions.isEmpty || s.target == .platform
            ? nil
            : try ParetoFront.sweep(
                objective: objective, from: best, seed: s.seed, evaluationsPerLevel: perLevel,
                fractions: s.paretoFractions, skipping: flat, parallelism: s.parallelism)
        phases.lap("pareto")
        let relaxation =
            s.paretoFractions.isEmpty
            ? nil
            : try IntentRelaxation.explore(
                objective: objective, from: best, seed: s.seed, evaluations: perLevel,
                parallelism: s.parallelism)
        phases.lap("intentRelaxation")
        return (sensitivity, pareto, relaxation)
    }

    /// Each budget as the objective judged it: its limit, its bound for new
    /// people, whether it was relaxed or held at the reference, whether no
    /// tuned constant can move it.
    static func budgetSummaries(_ objective: TuningObjective) -> [BudgetSummary] {
        objective.budgets.enumerated().map { i, budget in
            BudgetSummary(
                key: budget.key, budget: budget, effectiveLimit: objective.effectiveBudgets[i].limit,
                relaxed: objective.relaxedBudgets.contains(i), heldAtReference: objective.heldBudgets.contains(i),
                boundLimit: objective.boundLimits[i],
                boundConfidence: objective.boundLimits[i] == nil ? nil : objective.budgetConfidence,
                fixedByDesign: objective.fixedBudgets[i],
                applicable: !objective.inapplicableBudgets.contains(i))
        }
    }

    /// The objective of these settings for one split of the sessions. The
    /// platform target checks no budgets: it reproduces the platform.
    func objective(
        data: TuningData, space: SearchSpace, scene: Scene?, remote: (any RemoteReplay)? = nil
    ) throws -> TuningObjective {
        let s = settings
        return try TuningObjective(
            data: data, space: space, scene: scene, weights: s.weights,
            budgets: s.target == .platform ? [] : s.budgets,
            relaxBrokenBudgets: s.relaxBrokenBudgets, budgetConfidence: s.budgetConfidence, budgetGroup: s.budgetGroup,
            budgetMargin: s.budgetMargin,
            target: s.target, intentMargin: s.intentMargin, remote: remote)
    }

    /// Values within rounding error of their baseline (a unit-cube round
    /// trip turns 0.4 into 0.4000000000000001) set back to it exactly, so
    /// reports do not show a change that is not one.
    static func snapped(_ values: SearchPoint, space: SearchSpace) -> SearchPoint {
        var result = values
        for p in space.parameters {
            guard let v = values[p.name] else { continue }
            if abs(v - p.defaultValue) <= 1e-9 * max(1, p.upperBound - p.lowerBound) { result[p.name] = p.defaultValue }
        }
        return result
    }

    // MARK: - k-fold cross-validation

    func crossValidate(
        sessions: [Session], scene: Scene?, space: SearchSpace, folds k: Int,
        report: (Int) -> Void
    ) throws -> CrossValidation {
        let s = settings
        let folds = TuningData.folds(of: sessions, count: k)
        var results: [CrossValidation.Fold] = []
        var before: [LabelOutcome] = [], after: [LabelOutcome] = []
        for (i, fold) in folds.enumerated() where !fold.isEmpty {
            report(i)
            let rest = folds.enumerated().filter { $0.offset != i }.flatMap(\.element)
            guard let data = try? TuningData(train: rest, holdout: fold) else { continue }
            let objective = try self.objective(data: data, space: space, scene: scene)
            var search = TuningSearch(space: space, budget: s.maxEvaluations, seed: s.seed &+ UInt(i + 1))
            search.global = s.global
            search.parallelism = s.parallelism
            let found = try search.run(objective: objective.searchObjective)
            let tuned = Self.snapped(found.best, space: space)
            let b = try SplitMeasurement(
                objective: objective, values: space.defaults, split: .holdout, seed: s.seed,
                bootstrapResamples: 0)
            let a = try SplitMeasurement(
                objective: objective, values: tuned, split: .holdout, seed: s.seed,
                bootstrapResamples: 0)
            before += b.labelOutcomes
            after += a.labelOutcomes
            results.append(
                CrossValidation.Fold(
                    fold: i, users: data.holdoutUsers, labels: b.labels,
                    baselineMisfires: b.misfires, tunedMisfires: a.misfires,
                    baselineBudgetViolations: b.budgetViolations,
                    tunedBudgetViolations: a.budgetViolations,
                    evaluations: found.evaluations, params: tuned))
        }
        let labels = results.reduce(0) { $0 + $1.labels }
        let baseline = results.reduce(0) { $0 + $1.baselineMisfires }
        let tuned = results.reduce(0) { $0 + $1.tunedMisfires }
        return CrossValidation(
            folds: results, labels: labels, baselineMisfires: baseline, tunedMisfires: tuned,
            baselineMisfireRate: labels > 0 ? Double(baseline) / Double(labels) : 0,
            tunedMisfireRate: labels > 0 ? Double(tuned) / Double(labels) : 0,
            baselineInterval: ClopperPearson.interval(successes: min(baseline, labels), trials: labels),
            tunedInterval: ClopperPearson.interval(successes: min(tuned, labels), trials: labels),
            test: Validation.pairedTest(before, after))
    }
}

// MARK: - Seconds per phase

/// The run's wall-clock seconds in total and per phase, for `result.json`.
struct PhaseClock {
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private var phaseStart: ContinuousClock.Instant
    private(set) var seconds: [String: Double] = [:]

    init() {
        started = clock.now
        phaseStart = started
    }

    /// Ends the phase running since the last lap (or the start).
    mutating func lap(_ phase: String) {
        seconds[phase] = Self.seconds(clock.now - phaseStart)
        phaseStart = clock.now
    }

    var total: Double { Self.seconds(clock.now - started) }

    private static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
}
