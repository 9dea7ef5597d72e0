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
public struct OptimizerSettings: Sendable {
    /// Parameters to tune; `nil` for the scene's default set (``TuningSpace/defaultNames(for:)``).
    public var tune: [String]?
    /// Narrower bounds for tuned parameters.
    public var bounds: [String: ClosedRange<Double>]
    public var budgets: [LatencyBudget]
    public var weights: MisfireWeights
    /// Relax budgets the reference constants already miss to "no worse"
    /// (see ``TuningObjective``).
    public var relaxBrokenBudgets: Bool
    public var seed: UInt
    /// Objective evaluations of the main search (sensitivity and the Pareto
    /// sweep come on top; ``evaluations`` in the result counts the search).
    public var maxEvaluations: Int
    /// Share of users held out (the simulator's split by user).
    public var holdoutFraction: Double
    /// k-fold cross-validation by user on top of the split (nil or < 2: none).
    public var folds: Int?
    /// Points per sensitivity sweep (0: no sweep).
    public var sensitivityPoints: Int
    /// Fractions of the tightest latency budget's value to re-optimize at
    /// (empty: no Pareto sweep).
    public var paretoFractions: [Double]
    /// Evaluations per Pareto level (nil: a tenth of ``maxEvaluations``, at least 20).
    public var paretoEvaluationsPerLevel: Int?
    /// Bootstrap resamples per latency interval.
    public var bootstrapResamples: Int
    /// Threads (1 or 2).
    public var parallelism: Int

    public init(tune: [String]? = nil, bounds: [String: ClosedRange<Double>] = [:],
                budgets: [LatencyBudget] = LatencyBudget.defaults, weights: MisfireWeights = .default,
                relaxBrokenBudgets: Bool = true, seed: UInt = 1, maxEvaluations: Int = 300,
                holdoutFraction: Double = 0.25, folds: Int? = nil, sensitivityPoints: Int = 15,
                paretoFractions: [Double] = ParetoFront.defaultFractions, paretoEvaluationsPerLevel: Int? = nil,
                bootstrapResamples: Int = 1_000, parallelism: Int = 2) {
        self.tune = tune
        self.bounds = bounds
        self.budgets = budgets
        self.weights = weights
        self.relaxBrokenBudgets = relaxBrokenBudgets
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

    /// The search driver's settings for the simulator's surrogate.
    ///
    /// The simulator's soft margins are RELATIVE (`|value − threshold| /
    /// |threshold|`), so a temperature of 0.2 smooths decisions within about
    /// ±20 % of a threshold and 0.003 within a fraction of a point: the search
    /// starts broad and ends on the exact steps.
    public static func searchConfiguration(maxEvaluations: Int, seed: UInt, parallelism: Int) -> SearchConfiguration {
        SearchConfiguration(maxEvaluations: maxEvaluations, seed: seed, global: .latinHypercube, globalFraction: 0.3,
                            initialTemperature: 0.2, finalTemperature: 0.003, refinementRounds: 4, startsPerRound: 2,
                            initialStep: 0.15, stepShrink: 0.5, parallelism: max(1, min(parallelism, 2)))
    }

    var searchConfiguration: SearchConfiguration {
        Self.searchConfiguration(maxEvaluations: maxEvaluations, seed: seed, parallelism: parallelism)
    }
}
