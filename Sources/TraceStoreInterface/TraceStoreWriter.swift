import Foundation
import TraceImport

// MARK: - Writing a store, whatever holds it

/// A store that may also be changed: files imported, runs saved. Both
/// backends keep the same promises: one transaction per imported file (all
/// of it or nothing), the same idempotence (a file by its SHA-256, a
/// session by its id and content hash), a run stored whole or not at all.
///
/// ```swift
/// let store: any TraceStoreWriter = try TraceStore(path: "study.sqlite")
/// let outcome = try await store.ingest(path: "a.jsonl")
/// let sessions = try await store.loadSessions(.all)
/// ```
package protocol TraceStoreWriter: TraceStoreReader {
    /// Imports one file in one transaction: all of it or nothing.
    /// - Parameters:
    ///   - path: the file to read.
    ///   - displayName: the name errors and the imports table use; `nil` for `path`.
    ///   - format: `.auto` detects it through `ImporterRegistry`.
    ///   - options: what the importer needs beyond the file.
    ///   - progress: told the events imported so far and the estimated total.
    /// - Throws: the first `TraceError` of the file (strict mode),
    ///   ``DuplicateSessionError``, or ``StoreError``; the store is unchanged.
    func ingest(
        path: String, displayName: String?, format: InputFormat, options: ImportOptions, progress: IngestProgress?
    ) async throws -> IngestOutcome

    /// Told that `path` is the file ``ingest(path:displayName:format:options:progress:)``
    /// will be asked for next, with these arguments: a store may read it
    /// meanwhile (nothing is stored until that call, which reports what
    /// the read found). The SQLite store does nothing: its import already
    /// parses on one core while it inserts on the other.
    func prepareIngest(path: String, displayName: String?, format: InputFormat, options: ImportOptions)

    /// Stores a run in one transaction and returns its id; `finish` runs
    /// inside that transaction with the new id and may return the final
    /// result JSON. If it throws, nothing is stored, so `--run latest`
    /// never names a run whose reports failed.
    /// - Parameters:
    ///   - run: the run's record.
    ///   - finish: publishes what the run produced, before the commit.
    func saveRun(_ run: RunRecord, finish: @escaping @Sendable (Int64) throws -> Data?) async throws -> Int64
}

/// A store the commands open: read and written (a store opened read-only
/// refuses the writes with a ``StoreError``).
package typealias TraceStoring = TraceStoreWriter

extension TraceStoreWriter {
    package func prepareIngest(path: String, displayName: String?, format: InputFormat, options: ImportOptions) {}

    /// Imports one file without a progress report.
    /// - Parameters:
    ///   - path: the file to read.
    ///   - displayName: the name errors and the imports table use; `nil` for `path`.
    ///   - format: `.auto` detects it through `ImporterRegistry`.
    ///   - options: what the importer needs beyond the file.
    package func ingest(
        path: String, displayName: String? = nil, format: InputFormat = .auto, options: ImportOptions = ImportOptions()
    ) async throws -> IngestOutcome {
        try await ingest(path: path, displayName: displayName, format: format, options: options, progress: nil)
    }
}
