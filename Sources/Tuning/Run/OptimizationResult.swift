import Foundation
import Simulation

// MARK: - What an optimization run produced

/// The complete, self-describing outcome of `gesturetune optimize`: written
/// as `result.json`, stored with the run in SQLite, and the input of every
/// report. Version 1 of the shape is documented in the README ("Optimizing").
///
/// ```swift
/// let result = try Optimizer(settings: settings).run(sessions: sessions, scene: .epilogue)
/// result.tuned.holdoutMisfireRate
/// result.comparison.verdict
/// try result.jsonData()
/// ```
public struct OptimizationResult: Sendable, Codable {
    /// The shape's version (1).
    public var version: Int = 1
    /// Where and how it ran (filled in by the caller: command line, corpus
    /// fingerprint, time, store).
    public var run: RunInfo
    /// The scene every session was replayed on (`nil`: each session's own).
    public var scene: String?
    /// What the constants were tuned towards (`nil` in runs stored before
    /// the choice existed: the labels, ``TuningTarget/intent``).
    public var target: TuningTarget?
    public var seed: UInt
    /// The search's global phase (`nil` in runs stored before the choice
    /// existed: those used line searches).
    public var global: TuningSearch.GlobalPhase?
    public var maxEvaluations: Int
    /// Objective evaluations of the main search.
    public var evaluations: Int
    /// Search requests answered from the memo.
    public var memoHits: Int
    /// Wall time of the whole run, s.
    public var seconds: Double
    /// Wall time per phase (`search`, `validation`, `sensitivity`, `pareto`,
    /// `crossValidation`), s.
    public var phaseSeconds: [String: Double]?
    public var corpus: CorpusSummary
    public var weights: MisfireWeights
    public var budgets: [BudgetSummary]
    /// The searched space: names, units, bounds, scale, integer, baseline.
    public var space: [TunableParameter]
    /// The tuned values of the tuned parameters (what `params.json` holds).
    public var params: ParameterValues
    /// Each tuned parameter, baseline → tuned.
    public var parameters: [ParameterChange]
    /// The reference constants measured on both splits.
    public var baseline: Validation.Side
    /// The tuned constants measured on both splits.
    public var tuned: Validation.Side
    public var comparison: Comparison
    public var crossValidation: CrossValidation?
    /// Every evaluation of the main search, in order.
    public var history: [HistoryPoint]
    public var sensitivity: [SensitivityCurve]
    public var pareto: ParetoFront?
    /// What giving up the per-intent protection would buy (`nil`: not
    /// explored, or no protection).
    public var intentRelaxation: IntentRelaxation?

    /// Pretty JSON with sorted keys.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(self)
    }

    public static func decode(_ data: Data) throws -> OptimizationResult {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(OptimizationResult.self, from: data)
    }
}

/// Provenance of a run.
public struct RunInfo: Sendable, Hashable, Codable {
    /// The stored run's id (nil until stored).
    public var id: Int64?
    public var commandLine: String
    /// ISO 8601, UTC.
    public var createdAt: String
    /// SHA-256 over the stored sessions' ids and content hashes.
    public var corpusFingerprint: String
    public var store: String?

    public init(id: Int64? = nil, commandLine: String = "", createdAt: String = "", corpusFingerprint: String = "",
                store: String? = nil) {
        self.id = id
        self.commandLine = commandLine
        self.createdAt = createdAt
        self.corpusFingerprint = corpusFingerprint
        self.store = store
    }
}

public struct CorpusSummary: Sendable, Hashable, Codable {
    public var sessions: Int
    public var labels: Int
    public var trainSessions: Int
    public var holdoutSessions: Int
    public var trainLabels: Int
    public var holdoutLabels: Int
    public var trainUsers: [String]
    public var holdoutUsers: [String]
    public var holdoutFraction: Double
}

/// A budget with the limit the search used.
public struct BudgetSummary: Sendable, Hashable, Codable {
    /// `gesture.measure.pNN`.
    public var key: String
    public var budget: LatencyBudget
    /// The limit the search enforced (the baseline's value when relaxed).
    public var effectiveLimit: Double
    /// The reference constants already missed it on the training users.
    public var relaxed: Bool
    /// Why no tuned constant can make it fail, when none can: fixed by
    /// design, it constrained nothing and is counted neither met nor missed.
    public var fixedByDesign: String?
}

public struct ParameterChange: Sendable, Hashable, Codable {
    public var name: String
    public var unit: String
    public var baseline: Double
    public var tuned: Double
    public var lower: Double
    public var upper: Double
    public var scale: TunableParameter.Scale
    public var integer: Bool
    public var changed: Bool
}

/// Baseline against tuned on the same labels.
public struct Comparison: Sendable, Codable {
    public var holdoutTest: McNemar.Result
    public var trainTest: McNemar.Result
    public var verdict: Validation.Verdict
    public var summary: String
    /// Tuned minus baseline held-out misfire rate.
    public var holdoutChange: Double
    /// Every held-out intent before and after (`nil` in runs stored before
    /// it was recorded).
    public var perIntent: [IntentComparison]?
    /// Points each intent's training misfire rate was allowed to rise
    /// (`nil`: unprotected, or a run stored before the protection).
    public var intentMargin: Double?
}

/// k-fold cross-validation by user: each fold's users judged with constants
/// tuned on the other folds, pooled.
public struct CrossValidation: Sendable, Codable {
    public struct Fold: Sendable, Codable {
        public var fold: Int
        public var users: [String]
        public var labels: Int
        public var baselineMisfires: Int
        public var tunedMisfires: Int
        /// Nominal budgets missed on this fold's held-out users, with the
        /// reference and with the fold's tuned constants (`nil` in runs
        /// stored before they were counted).
        public var baselineBudgetViolations: Int?
        public var tunedBudgetViolations: Int?
        public var evaluations: Int
        public var params: ParameterValues
    }

    public var folds: [Fold]
    public var labels: Int
    public var baselineMisfires: Int
    public var tunedMisfires: Int
    public var baselineMisfireRate: Double
    public var tunedMisfireRate: Double
    public var baselineInterval: ProportionInterval?
    public var tunedInterval: ProportionInterval?
    /// McNemar over every label, each judged out of fold.
    public var test: McNemar.Result
}

/// One evaluation of the search (the "objective vs evaluations" plot).
public struct HistoryPoint: Sendable, Hashable, Codable {
    public var index: Int
    /// `defaults`, `coordinate` (line searches), `global`, `refinement` (simplex polish).
    public var phase: String
    /// Coordinate pass or simplex round (0-based).
    public var round: Int
    public var temperature: Double
    public var exact: Double
    public var surrogate: Double
    public var violation: Double
    /// Best feasible exact objective so far (nil while none is feasible).
    public var bestSoFar: Double?

    init(index: Int, phase: String, round: Int, temperature: Double, evaluation: Evaluation, bestSoFar: Double?) {
        self.index = index
        self.phase = phase
        self.round = round
        self.temperature = temperature
        exact = evaluation.exact
        surrogate = evaluation.surrogate
        violation = evaluation.totalViolation
        self.bestSoFar = bestSoFar
    }
}
