import Simulation

// MARK: - What the per-intent protection costs

/// What giving up the per-intent protection would buy: a search of the
/// same space without the constraint, warm-started at the protected
/// optimum, and the intents its best point makes worse than the reference
/// by more than the margin (on the training users).
///
/// It answers the designer's question "is protecting every gesture costing
/// me much?" with numbers: either the unprotected search finds little more,
/// or it finds more by sacrificing the intents listed — which is why the
/// protection is on by default.
package struct IntentRelaxation: Sendable, Hashable, Codable {
    /// One intent the unprotected optimum makes worse beyond the margin.
    package struct Sacrifice: Sendable, Hashable, Codable {
        package var intent: String
        /// Training misfire rate with the reference constants.
        package var baselineRate: Double
        /// Training misfire rate at the unprotected optimum.
        package var unprotectedRate: Double
    }

    package var margin: Double
    package var evaluations: Int
    /// Training misfire rate and exact objective, protected and not.
    package var protectedTrainMisfireRate: Double
    package var unprotectedTrainMisfireRate: Double
    package var protectedObjective: Double
    package var unprotectedObjective: Double
    package var sacrificed: [Sacrifice]
    /// The unprotected optimum (for `evaluate --params`).
    package var params: SearchPoint

    /// `nil` when the objective protects no intent.
    static func explore(
        objective: TuningObjective, from optimum: SearchPoint, seed: UInt, evaluations: Int,
        parallelism: Int
    ) throws -> IntentRelaxation? {
        guard let margin = objective.intentMargin, !objective.intentLimits.isEmpty else { return nil }
        // The same space centred on the protected optimum: the search starts
        // there (a warm start, as the Pareto levels do), so it can only
        // find more.
        let free = objective.withoutIntentProtection()
        let centred = free.with(space: try free.space.recentred(at: optimum))
        var search = TuningSearch(space: centred.space, budget: evaluations, seed: seed &+ 977)
        search.startPass = 1
        search.jointMoves = false
        search.parallelism = parallelism
        let found = try search.run(objective: centred.searchObjective)
        guard let protected = objective.evaluateDetailed(optimum, on: .train, threads: parallelism),
            let unprotected = free.simulateTrain(found.best)
        else { return nil }
        let excess = objective.intentExcess(unprotected)
        return IntentRelaxation(
            margin: margin, evaluations: found.evaluations,
            protectedTrainMisfireRate: protected.counts.misfireRate,
            unprotectedTrainMisfireRate: unprotected.total.misfireRate,
            protectedObjective: protected.evaluation.exact, unprotectedObjective: free.evaluation(of: unprotected).exact,
            sacrificed: excess.keys.sorted().map { intent in
                Sacrifice(
                    intent: intent, baselineRate: objective.baselineIntentRates[intent] ?? 0,
                    unprotectedRate: unprotected.perIntent[intent]?.misfireRate ?? 0)
            },
            params: found.best)
    }
}

extension TuningObjective {
    /// The same objective without the per-intent constraint.
    func withoutIntentProtection() -> TuningObjective {
        with(intentLimits: [:])
    }

    /// An exact replay of the training split, for comparisons.
    func simulateTrain(_ values: SearchPoint) -> SimulationResult? {
        try? simulator(values, temperature: 0, threads: 2, detail: false).run(corpus: data.train)
    }
}
