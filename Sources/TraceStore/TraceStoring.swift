import Foundation
import GRDB
import TraceImport
import TraceModel

// MARK: - The store behind one interface

/// What every command needs of a store, whatever holds it: a SQLite file
/// (``TraceStore``, one designer's laptop) or a PostgreSQL server (the
/// team store in `TraceStorePostgres`, many writers).
///
/// Every method is async: a server answers over the network, and a file's
/// work runs on a thread of its own (``TraceStore/offThePool(_:)``), so no
/// caller ever blocks a thread of Swift's cooperative pool waiting for it.
/// Both backends keep the same promises: one transaction per imported
/// file, the same idempotence (a file by its SHA-256, a session by its id
/// and content hash), the same sessions loaded in the same order, and the
/// same statistics and corpus fingerprint for the same data.
///
/// ```swift
/// let store: any TraceStoring = try TraceStore(path: "study.sqlite")
/// let outcome = try await store.ingest(path: "a.jsonl", displayName: nil, format: .auto, options: ImportOptions(), progress: nil)
/// let sessions = try await store.loadSessions(.all)
/// ```
package protocol TraceStoring: Sendable {
    /// How the store is named in messages and reports: a file path, or a
    /// `postgres://user@host:port/db` URL without its password.
    var location: String { get }

    /// Imports one file in one transaction: all of it or nothing.
    /// - Parameters:
    ///   - path: the file to read.
    ///   - displayName: the name errors and the imports table use; `nil` for `path`.
    ///   - format: `.auto` detects it through `ImporterRegistry`.
    ///   - options: what the importer needs beyond the file.
    ///   - progress: told the events imported so far and the estimated total.
    func ingest(
        path: String, displayName: String?, format: InputFormat, options: ImportOptions, progress: IngestProgress?
    ) async throws -> IngestOutcome

    /// The sessions `filter` selects, in import order, each complete.
    /// - Parameter filter: which sessions.
    func loadSessions(_ filter: SessionFilter) async throws -> [Session]

    /// Counts, intents, sampling intervals and stroke quantiles.
    func statistics() async throws -> StoreStatistics

    /// SHA-256 over the ids and content hashes of the sessions (all, or
    /// those named), in id order (bytewise).
    /// - Parameter sessionIDs: the sessions to cover; `nil` for all.
    func corpusFingerprint(sessionIDs: Set<String>?) async throws -> String

    /// Stores a run in one transaction and returns its id; `finish` runs
    /// inside that transaction with the new id and may return the final
    /// result JSON. If it throws, nothing is stored.
    /// - Parameters:
    ///   - run: the run's record.
    ///   - finish: publishes what the run produced, before the commit.
    func saveRun(_ run: RunRecord, finish: @escaping @Sendable (Int64) throws -> Data?) async throws -> Int64

    /// The run with this id; `nil` when there is none.
    /// - Parameter id: the run's id.
    func run(id: Int64) async throws -> RunRecord?

    /// The newest run of `kind`; `nil` when none is stored.
    /// - Parameter kind: the kind of run (`optimize`).
    func latestRun(kind: String) async throws -> RunRecord?

    /// Lets go of the store's connections (a no-op for a file).
    func close() async
}

extension TraceStoring {
    /// Imports one file with the default name, format and options.
    /// - Parameter path: the file to read.
    package func ingest(path: String) async throws -> IngestOutcome {
        try await ingest(path: path, displayName: nil, format: .auto, options: ImportOptions(), progress: nil)
    }

    /// Every stored session.
    package func loadSessions() async throws -> [Session] { try await loadSessions(.all) }

    /// The fingerprint of every stored session.
    package func corpusFingerprint() async throws -> String { try await corpusFingerprint(sessionIDs: nil) }
}

// MARK: - The SQLite file

extension TraceStore: TraceStoring {
    package var location: String { path }

    package func ingest(
        path: String, displayName: String?, format: InputFormat, options: ImportOptions, progress: IngestProgress?
    ) async throws -> IngestOutcome {
        let progress = progress.map { Unchecked(value: $0) }
        return try await Self.offThePool {
            try self.ingest(path: path, displayName: displayName, format: format, options: options, progress: progress?.value)
        }
    }

    package func loadSessions(_ filter: SessionFilter) async throws -> [Session] {
        try await Self.offThePool { try self.loadSessions(filter) as [Session] }
    }

    package func statistics() async throws -> StoreStatistics {
        try await Self.offThePool { try self.statistics() as StoreStatistics }
    }

    package func corpusFingerprint(sessionIDs: Set<String>?) async throws -> String {
        try await Self.offThePool { try self.corpusFingerprint(sessionIDs: sessionIDs) as String }
    }

    package func saveRun(_ run: RunRecord, finish: @escaping @Sendable (Int64) throws -> Data?) async throws -> Int64 {
        try await Self.offThePool { try self.saveRun(run, finish: finish) as Int64 }
    }

    package func run(id: Int64) async throws -> RunRecord? {
        try await Self.offThePool { try self.run(id: id) as RunRecord? }
    }

    package func latestRun(kind: String) async throws -> RunRecord? {
        try await Self.offThePool { try self.latestRun(kind: kind) as RunRecord? }
    }

    /// A reading store's one connection is closed now; being the last, it
    /// removes the `-wal` and `-shm` files SQLite made for it. Left to the
    /// last reference's release, the close raced the command's exit: on a
    /// busy machine a reader sometimes left both files behind.
    ///
    /// A writing store is closed when its last reference goes: GRDB then
    /// closes its connections in the order that lets SQLite remove the
    /// files, where `DatabasePool.close()` leaves a read-only connection
    /// last, which cannot.
    package func close() async {
        guard access == .readOnly, let queue = pool as? DatabaseQueue else { return }
        try? queue.close()
    }

    /// Runs blocking work (SQLite, a file's parsing) on a thread of its
    /// own and resumes the caller when it is done. Swift's cooperative
    /// pool has one thread per core (two here): work that blocks one of
    /// them, while other tasks wait for network answers that need a thread
    /// to resume on, can stall a whole process. A thread per call costs
    /// microseconds; a store call costs milliseconds at least.
    /// - Parameter body: the blocking work.
    package static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        // The work is dropped before the caller resumes: what it captured
        // (a store) must not outlive the call on a thread that is still
        // winding down, or a store's file would not be closed before a
        // command exits.
        let work = Work(body)
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                let result = Result { try work.run() }
                continuation.resume(with: result)
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// The blocking work of one ``offThePool(_:)`` call, run once and then let go.
    private final class Work<T>: @unchecked Sendable {
        private var body: (@Sendable () throws -> T)?

        init(_ body: @escaping @Sendable () throws -> T) { self.body = body }

        func run() throws -> T {
            let body = self.body!
            self.body = nil
            return try body()
        }
    }
}
