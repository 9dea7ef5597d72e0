import TraceStoreInterface
import Tuning

// MARK: - Finding a stored run

extension TraceStoreReader {
    /// The stored optimization run `reference` names: `latest` or a run id
    /// (`report --run`, `evaluate --params latest|run:ID`).
    func optimizationRun(_ reference: String) async throws -> OptimizationResult {
        let record: RunRecord?
        if reference == "latest" {
            record = try await latestRun(kind: "optimize")
        } else if let id = Int64(reference) {
            record = try await run(id: id)
        } else {
            throw CLIFailure("a run is latest or a run id, not '\(reference)'")
        }
        guard let record else { throw CLIFailure("no stored run \(reference) in \(location)") }
        return try OptimizationResult(record: record)
    }
}
