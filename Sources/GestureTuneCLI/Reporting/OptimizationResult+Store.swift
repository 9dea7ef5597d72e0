import Foundation
import TraceStoreInterface
import Tuning

// MARK: - Runs in the store

// The adapter between the optimizer's result and the store's run tables
// lives with the command that stores runs: the optimizer (Tuning) knows
// nothing of the store, so it does not drag GRDB, the importers and the
// hashing into every program that only tunes.

extension OptimizationResult {
    /// The run as the store keeps it: headline columns, parameters, history
    /// and this whole result as JSON.
    func runRecord() throws -> RunRecord {
        RunRecord(
            createdAt: run.createdAt, seed: Int64(truncatingIfNeeded: seed), commandLine: run.commandLine,
            corpusFingerprint: run.corpusFingerprint, scene: scene, evaluations: evaluations, seconds: seconds,
            baselineHoldoutMisfireRate: baseline.holdoutMisfireRate, tunedHoldoutMisfireRate: tuned.holdoutMisfireRate,
            verdict: comparison.verdict.rawValue,
            parameters: parameters.map {
                RunParameter(name: $0.name, baseline: $0.baseline, tuned: $0.tuned, lower: $0.lower, upper: $0.upper)
            },
            history: history.map {
                RunHistoryPoint(
                    evaluation: $0.index, phase: $0.phase, temperature: $0.temperature,
                    exact: $0.exact, surrogate: $0.surrogate, violation: $0.violation, bestSoFar: $0.bestSoFar)
            },
            resultJSON: try jsonData())
    }

    /// Stores the run and returns the result with its id filled in (the
    /// stored JSON carries the id too). `publish` (writing the reports) runs
    /// before the run is committed: if it fails, no run is stored.
    func saved(
        in store: any TraceStoring, publishing publish: @escaping @Sendable (OptimizationResult) throws -> Void = { _ in }
    ) async throws -> OptimizationResult {
        let unsaved = self
        var copy = self
        copy.run.id = try await store.saveRun(try runRecord()) { id in
            var final = unsaved
            final.run.id = id
            try publish(final)
            return try final.jsonData()
        }
        return copy
    }

    /// The result of a stored run.
    init(record: RunRecord) throws {
        self = try OptimizationResult.decode(record.resultJSON)
        if run.id == nil { run.id = record.id }
    }
}
