import Foundation
import TraceStore

// MARK: - Runs in the store

extension OptimizationResult {
    /// The run as the store keeps it: headline columns, parameters, history
    /// and this whole result as JSON.
    public func runRecord() throws -> RunRecord {
        RunRecord(
            createdAt: run.createdAt, seed: Int64(truncatingIfNeeded: seed), commandLine: run.commandLine,
            corpusFingerprint: run.corpusFingerprint, scene: scene, evaluations: evaluations, seconds: seconds,
            baselineHoldoutMisfireRate: baseline.holdoutMisfireRate, tunedHoldoutMisfireRate: tuned.holdoutMisfireRate,
            verdict: comparison.verdict.rawValue,
            parameters: parameters.map {
                RunParameter(name: $0.name, baseline: $0.baseline, tuned: $0.tuned, lower: $0.lower, upper: $0.upper)
            },
            history: history.map {
                RunHistoryPoint(evaluation: $0.index, phase: $0.phase, temperature: $0.temperature,
                                exact: $0.exact, surrogate: $0.surrogate, violation: $0.violation, bestSoFar: $0.bestSoFar)
            },
            resultJSON: try jsonData())
    }

    /// Stores the run and returns the result with its id filled in (the
    /// stored JSON carries the id too). `publish` (writing the reports) runs
    /// before the run is committed: if it fails, no run is stored.
    public func saved(
        in store: TraceStore, publishing publish: (OptimizationResult) throws -> Void = { _ in }
    ) throws -> OptimizationResult {
        var copy = self
        try store.saveRun(try runRecord()) { id in
            copy.run.id = id
            try publish(copy)
            return try copy.jsonData()
        }
        return copy
    }

    /// The result of a stored run.
    public init(record: RunRecord) throws {
        self = try OptimizationResult.decode(record.resultJSON)
        if run.id == nil { run.id = record.id }
    }
}
