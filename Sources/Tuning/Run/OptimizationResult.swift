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
package struct OptimizationResult: Sendable, Codable {
    /// The shape's version (1).
    package var version: Int = 1
    /// Where and how it ran (filled in by the caller: command line, corpus
    /// fingerprint, time, store).
    package var run: RunInfo
    /// The scene every session was replayed on (`nil`: each session's own).
    package var scene: String?
    /// What the constants were tuned towards (`nil` in runs stored before
    /// the choice existed: the labels, ``TuningTarget/intent``).
    package var target: TuningTarget?
    package var seed: UInt
    /// The search's global phase (`nil` in runs stored before the choice
    /// existed: those used line searches).
    package var global: TuningSearch.GlobalPhase?
    package var maxEvaluations: Int
    /// Objective evaluations of the main search.
    package var evaluations: Int
    /// Search requests answered from the memo.
    package var memoHits: Int
    /// Wall time of the whole run, s.
    package var seconds: Double
    /// Wall time per phase (`search`, `validation`, `sensitivity`, `pareto`,
    /// `crossValidation`), s.
    package var phaseSeconds: [String: Double]?
    package var corpus: CorpusSummary
    package var weights: MisfireWeights
    package var budgets: [BudgetSummary]
    /// The searched space: names, units, bounds, scale, integer, baseline.
    package var space: [SearchDimension]
    /// The tuned values of the tuned parameters (what `params.json` holds).
    package var params: SearchPoint
    /// Each tuned parameter, baseline → tuned.
    package var parameters: [ParameterChange]
    /// The reference constants measured on both splits.
    package var baseline: Validation.Side
    /// The tuned constants measured on both splits.
    package var tuned: Validation.Side
    package var comparison: Comparison
    package var crossValidation: CrossValidation?
    /// Every evaluation of the main search, in order.
    package var history: [HistoryPoint]
    package var sensitivity: [SensitivityCurve]
    package var pareto: ParetoFront?
    /// What giving up the per-intent protection would buy (`nil`: not
    /// explored, or no protection).
    package var intentRelaxation: IntentRelaxation?

    /// Pretty JSON with sorted keys.
    package func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(self)
    }

    package static func decode(_ data: Data) throws -> OptimizationResult {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(OptimizationResult.self, from: data)
    }
}

/// Provenance of a run.
package struct RunInfo: Sendable, Hashable, Codable {
    /// The stored run's id (nil until stored).
    package var id: Int64?
    package var commandLine: String
    /// ISO 8601, UTC.
    package var createdAt: String
    /// SHA-256 over the stored sessions' ids and content hashes.
    package var corpusFingerprint: String
    package var store: String?

    package init(
        id: Int64? = nil, commandLine: String = "", createdAt: String = "", corpusFingerprint: String = "",
        store: String? = nil
    ) {
        self.id = id
        self.commandLine = commandLine
        self.createdAt = createdAt
        self.corpusFingerprint = corpusFingerprint
        self.store = store
    }
}

package struct CorpusSummary: Sendable, Hashable, Codable {
    package var sessions: Int
    package var labels: Int
    package var trainSessions: Int
    package var holdoutSessions: Int
    package var trainLabels: Int
    package var holdoutLabels: Int
    package var trainUsers: [String]
    package var holdoutUsers: [String]
    package var holdoutFraction: Double
}

/// A budget with the limit the search used.
package struct BudgetSummary: Sendable, Hashable, Codable {
    /// `gesture.measure.pNN`.
    package var key: String
    package var budget: LatencyBudget
    /// The limit the search enforced (the baseline's value when relaxed).
    package var effectiveLimit: Double
    /// The reference constants already missed it on the training users.
    package var relaxed: Bool
    /// The reference constants met it on the training users, but not its
    /// bound for new people: the search held the bound at their own
    /// (``TuningObjective/heldBudgets``).
    package var heldAtReference = false
    /// The ceiling the search held the budget's bound for new people to
    /// (``TuningObjective/boundLimits``), with the confidence it holds
    /// with; `nil` for a budget without such a bound and in runs stored
    /// before bounds existed.
    package var boundLimit: Double?
    package var boundConfidence: Double?
    /// Why no tuned constant can make it fail, when none can: fixed by
    /// design, it constrained nothing and is counted neither met nor missed.
    package var fixedByDesign: String?
    /// No gesture of the scene can produce it (``TuningObjective/inapplicableBudgets``).
    package var applicable = true
}

extension BudgetSummary {
    private enum CodingKeys: String, CodingKey {
        case key, budget, effectiveLimit, relaxed, heldAtReference, fixedByDesign, applicable, boundLimit
        case boundConfidence
    }

    /// Runs stored before `applicable` (or `heldAtReference`) existed read
    /// as applicable (and not held).
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        key = try c.decode(String.self, forKey: .key)
        budget = try c.decode(LatencyBudget.self, forKey: .budget)
        effectiveLimit = try c.decode(Double.self, forKey: .effectiveLimit)
        relaxed = try c.decode(Bool.self, forKey: .relaxed)
        heldAtReference = try c.decodeIfPresent(Bool.self, forKey: .heldAtReference) ?? false
        fixedByDesign = try c.decodeIfPresent(String.self, forKey: .fixedByDesign)
        applicable = try c.decodeIfPresent(Bool.self, forKey: .applicable) ?? true
        boundLimit = try c.decodeIfPresent(Double.self, forKey: .boundLimit)
        boundConfidence = try c.decodeIfPresent(Double.self, forKey: .boundConfidence)
    }
}

/// One constant of the tuning space, before and after.
@dynamicMemberLookup
package struct ParameterChange: Sendable, Hashable, Codable, TunedConstantRecord {
    package var name: String
    package var constant: TunedConstant
    package var integer: Bool
    package var changed: Bool

    package init(_ parameter: SearchDimension, tuned: Double) {
        name = parameter.name
        constant = TunedConstant(parameter, tuned: tuned)
        integer = parameter.isInteger
        changed = tuned != parameter.defaultValue
    }

    private enum CodingKeys: String, CodingKey { case name, integer, changed }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        integer = try c.decode(Bool.self, forKey: .integer)
        changed = try c.decode(Bool.self, forKey: .changed)
        constant = try TunedConstant(from: decoder)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(integer, forKey: .integer)
        try c.encode(changed, forKey: .changed)
        try constant.encode(to: encoder)
    }
}

/// Baseline against tuned on the same labels.
package struct Comparison: Sendable, Codable {
    package var holdoutTest: McNemar.Result
    package var trainTest: McNemar.Result
    package var verdict: Validation.Verdict
    package var summary: String
    /// Tuned minus baseline held-out misfire rate.
    package var holdoutChange: Double
    /// Every held-out intent before and after (`nil` in runs stored before
    /// it was recorded).
    package var perIntent: [IntentComparison]?
    /// Points each intent's training misfire rate was allowed to rise
    /// (`nil`: unprotected, or a run stored before the protection).
    package var intentMargin: Double?
}

/// k-fold cross-validation by user: each fold's users judged with constants
/// tuned on the other folds, pooled.
package struct CrossValidation: Sendable, Codable {
    package struct Fold: Sendable, Codable {
        package var fold: Int
        package var users: [String]
        package var labels: Int
        package var baselineMisfires: Int
        package var tunedMisfires: Int
        /// Nominal budgets missed on this fold's held-out users, with the
        /// reference and with the fold's tuned constants (`nil` in runs
        /// stored before they were counted).
        package var baselineBudgetViolations: Int?
        package var tunedBudgetViolations: Int?
        package var evaluations: Int
        package var params: SearchPoint
    }

    package var folds: [Fold]
    package var labels: Int
    package var baselineMisfires: Int
    package var tunedMisfires: Int
    package var baselineMisfireRate: Double
    package var tunedMisfireRate: Double
    package var baselineInterval: ProportionInterval?
    package var tunedInterval: ProportionInterval?
    /// McNemar over every label, each judged out of fold.
    package var test: McNemar.Result
}

/// One evaluation of the search (the "objective vs evaluations" plot).
package struct HistoryPoint: Sendable, Hashable, Codable {
    package var index: Int
    /// `defaults`, `coordinate` (line searches), `covariance` (CMA-ES joint
    /// moves), `global`, `refinement` (simplex polish).
    package var phase: String
    /// Coordinate pass or simplex round (0-based).
    package var round: Int
    package var temperature: Double
    package var exact: Double
    package var surrogate: Double
    package var violation: Double
    /// Best feasible exact objective so far (nil while none is feasible).
    package var bestSoFar: Double?

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
