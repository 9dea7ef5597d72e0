import Simulation

// MARK: - How to run an optimization

/// Everything `gesturetune optimize` can set, with defaults that finish in
/// well under a minute on the shipped corpus on two cores.
///
/// ```swift
/// var settings = OptimizerSettings(seed: 7)
/// settings.tune = ["swipeActions.threshold", "cardSwipe.deleteThreshold"]
/// settings.maxEvaluations = 200
/// let result = try Optimizer(settings: settings).run(sessions: sessions, scene: .epilogue)
/// ```
package struct OptimizerSettings: Sendable {
    /// Parameters to tune; `nil` for the scene's default set (``TuningSpace/defaultNames(for:)``).
    package var tune: [String]?
    /// Narrower bounds for tuned parameters.
    package var bounds: [String: ClosedRange<Double>]
    package var budgets: [LatencyBudget]
    package var weights: MisfireWeights
    /// Relax budgets the reference constants already miss to "no worse"
    /// (see ``TuningObjective``).
    package var relaxBrokenBudgets: Bool
    /// The confidence each budget's bound for new people holds with
    /// (``TuningObjective/budgetConfidence``; `nil`: no bound).
    package var budgetConfidence: Double?
    /// People per group the bounds speak for (``PeopleBootstrap/groupSize``;
    /// `nil`: as many as are held out).
    package var budgetGroup: Int?
    /// A fixed margin inside each budget on top (``TuningObjective/budgetMargin``; 0).
    package var budgetMargin: Double
    package var seed: UInt
    /// The search's global phase before the simplex refinement (``TuningSearch/GlobalPhase``).
    package var global: TuningSearch.GlobalPhase = .lines
    /// Objective evaluations of the main search (sensitivity and the Pareto
    /// sweep come on top; `evaluations` in the result counts the search).
    package var maxEvaluations: Int
    /// Share of users held out (the simulator's split by user).
    package var holdoutFraction: Double
    /// k-fold cross-validation by user on top of the split (nil or < 2: none).
    package var folds: Int?
    /// Points per sensitivity sweep (0: no sweep).
    package var sensitivityPoints: Int
    /// Fractions of the tightest latency budget's value to re-optimize at
    /// (empty: no Pareto sweep).
    package var paretoFractions: [Double]
    /// Evaluations per Pareto level (nil: a fifth of ``maxEvaluations``, at least 40).
    package var paretoEvaluationsPerLevel: Int?
    /// Bootstrap resamples per latency interval.
    package var bootstrapResamples: Int
    /// Threads (1 or 2).
    package var parallelism: Int
    /// What the constants are tuned towards (``TuningTarget``). With
    /// `.platform` the budgets and the Pareto sweep over them do not apply.
    package var target: TuningTarget = .intent
    /// How many points any intent's training misfire rate may rise above
    /// the reference's (``TuningObjective/intentMargin``; `nil`: unprotected).
    package var intentMargin: Double? = TuningObjective.defaultIntentMargin
    /// Where the search's and the sweeps' evaluations replay when not here
    /// (`--ray`): shards of the corpus split as this run splits it, whose
    /// merged tallies are the local replay's bit for bit. Folds replay here:
    /// their sides are not the shards'.
    package var remote: (any RemoteReplay)?

    package init(
        tune: [String]? = nil, bounds: [String: ClosedRange<Double>] = [:],
        budgets: [LatencyBudget] = LatencyBudget.defaults, weights: MisfireWeights = .default,
        relaxBrokenBudgets: Bool = false, budgetConfidence: Double? = TuningObjective.defaultBudgetConfidence,
        budgetMargin: Double = 0,
        seed: UInt = 1, maxEvaluations: Int = 300,
        holdoutFraction: Double = 0.25, folds: Int? = nil, sensitivityPoints: Int = 15,
        paretoFractions: [Double] = ParetoFront.defaultFractions, paretoEvaluationsPerLevel: Int? = nil,
        bootstrapResamples: Int = 1_000, parallelism: Int = 2
    ) {
        self.tune = tune
        self.bounds = bounds
        self.budgets = budgets
        self.weights = weights
        self.relaxBrokenBudgets = relaxBrokenBudgets
        self.budgetConfidence = budgetConfidence
        self.budgetMargin = budgetMargin
        self.seed = seed
        self.maxEvaluations = maxEvaluations
        self.holdoutFraction = holdoutFraction
        self.folds = folds
        self.sensitivityPoints = sensitivityPoints
        self.paretoFractions = paretoFractions
        self.paretoEvaluationsPerLevel = paretoEvaluationsPerLevel
        self.bootstrapResamples = bootstrapResamples
        self.parallelism = parallelism
    }
}
