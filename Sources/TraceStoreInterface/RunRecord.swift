import Foundation

// MARK: - Optimization runs, stored beside the data they tuned on

/// One stored optimization run: enough to regenerate its reports and to
/// compare it with other runs without re-running anything.
///
/// The store does not interpret `result`: it is the optimizer's full
/// result JSON. The columns beside it are what listing and comparing runs
/// need (parameters baseline → tuned, the objective history, the headline
/// rates, seed, command line, corpus fingerprint, time).
///
/// ```swift
/// let id = try await store.saveRun(record) { _ in nil }
/// let latest = try await store.latestRun()    // the newest run, with parameters, history and result
/// try await store.run(id: id)?.resultJSON
/// ```
package struct RunRecord: Sendable, Hashable {
    /// The kind the optimizer stores (`gesturetune optimize`).
    package static let optimizeKind = "optimize"

    /// Assigned by ``TraceStoreWriter/saveRun(_:finish:)``.
    package var id: Int64?
    /// `optimize` (other tools may store other kinds).
    package var kind: String
    /// ISO 8601, UTC.
    package var createdAt: String
    package var seed: Int64
    package var commandLine: String
    /// ``TraceStoreReader/corpusFingerprint(sessionIDs:)`` of the sessions used.
    package var corpusFingerprint: String
    package var scene: String?
    package var evaluations: Int
    package var seconds: Double
    package var baselineHoldoutMisfireRate: Double?
    package var tunedHoldoutMisfireRate: Double?
    package var verdict: String?
    package var parameters: [RunParameter]
    package var history: [RunHistoryPoint]
    /// The optimizer's complete result (JSON).
    package var resultJSON: Data

    package init(
        id: Int64? = nil, kind: String = optimizeKind, createdAt: String, seed: Int64, commandLine: String,
        corpusFingerprint: String, scene: String?, evaluations: Int, seconds: Double,
        baselineHoldoutMisfireRate: Double?, tunedHoldoutMisfireRate: Double?, verdict: String?,
        parameters: [RunParameter], history: [RunHistoryPoint], resultJSON: Data
    ) {
        self.id = id
        self.kind = kind
        self.createdAt = createdAt
        self.seed = seed
        self.commandLine = commandLine
        self.corpusFingerprint = corpusFingerprint
        self.scene = scene
        self.evaluations = evaluations
        self.seconds = seconds
        self.baselineHoldoutMisfireRate = baselineHoldoutMisfireRate
        self.tunedHoldoutMisfireRate = tunedHoldoutMisfireRate
        self.verdict = verdict
        self.parameters = parameters
        self.history = history
        self.resultJSON = resultJSON
    }
}

/// A tuned parameter of a run.
package struct RunParameter: Sendable, Hashable, Codable {
    package var name: String
    package var baseline: Double
    package var tuned: Double
    package var lower: Double
    package var upper: Double

    package init(name: String, baseline: Double, tuned: Double, lower: Double, upper: Double) {
        self.name = name
        self.baseline = baseline
        self.tuned = tuned
        self.lower = lower
        self.upper = upper
    }
}

/// One evaluation of a run's search.
package struct RunHistoryPoint: Sendable, Hashable, Codable {
    package var evaluation: Int
    package var phase: String
    package var temperature: Double
    package var exact: Double
    package var surrogate: Double
    package var violation: Double
    package var bestSoFar: Double?

    package init(
        evaluation: Int, phase: String, temperature: Double, exact: Double, surrogate: Double,
        violation: Double, bestSoFar: Double?
    ) {
        self.evaluation = evaluation
        self.phase = phase
        self.temperature = temperature
        self.exact = exact
        self.surrogate = surrogate
        self.violation = violation
        self.bestSoFar = bestSoFar
    }
}
