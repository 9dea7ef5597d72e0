import Foundation
import TraceModel

// MARK: - Reading a store, whatever holds it

/// What the reading commands need of a store, whatever holds it: a SQLite
/// file (`TraceStore`, one designer's laptop) or a PostgreSQL server
/// (`PostgresTraceStore`, a team's many writers). A store opened read-only
/// is a reader and nothing more is asked of it.
///
/// Every method is async: a server answers over the network, and a file's
/// work runs on a thread of its own (``BlockingWork``), so no caller ever
/// blocks a thread of Swift's cooperative pool waiting for it. Both
/// backends keep the same promises: the same sessions loaded in the same
/// order, the same statistics and corpus fingerprint for the same data.
///
/// The split follows GRDB's `DatabaseReader` and `DatabaseWriter`: a
/// writer (``TraceStoreWriter``) is a reader that may also change the store.
///
/// ```swift
/// func summarize(_ store: any TraceStoreReader) async throws -> String {
///     let stats = try await store.statistics()
///     return "\(stats.sessions) sessions in \(store.location)"
/// }
/// ```
package protocol TraceStoreReader: Sendable {
    /// How the store is named in messages and reports: a file path, or a
    /// `postgres://user@host:port/db` URL without its password.
    var location: String { get }

    /// The sessions `filter` selects, in import order, each complete.
    /// - Parameter filter: which sessions.
    func loadSessions(_ filter: SessionFilter) async throws -> [Session]

    /// Counts, intents, sampling intervals and stroke quantiles.
    func statistics() async throws -> StoreStatistics

    /// SHA-256 over the ids and content hashes of the sessions (all, or
    /// those named), in id order (bytewise).
    /// - Parameter sessionIDs: the sessions to cover; `nil` for all.
    func corpusFingerprint(sessionIDs: Set<String>?) async throws -> String

    /// The run with this id; `nil` when there is none.
    /// - Parameter id: the run's id.
    func run(id: Int64) async throws -> RunRecord?

    /// The newest run of `kind`; `nil` when none is stored.
    /// - Parameter kind: the kind of run (`optimize`).
    func latestRun(kind: String) async throws -> RunRecord?

    /// Every stored run of `kind`, newest first, without its parameters,
    /// history or result (``run(id:)`` has them).
    /// - Parameter kind: the kind of run (`optimize`).
    func runSummaries(kind: String) async throws -> [RunRecord]

    /// Lets go of the store's connections (for a file, its reading one).
    func close() async
}

extension TraceStoreReader {
    /// Every stored session.
    package func loadSessions() async throws -> [Session] { try await loadSessions(.all) }

    /// The fingerprint of every stored session.
    package func corpusFingerprint() async throws -> String { try await corpusFingerprint(sessionIDs: nil) }

    /// The newest optimization run; `nil` when none is stored.
    package func latestRun() async throws -> RunRecord? { try await latestRun(kind: RunRecord.optimizeKind) }
}
