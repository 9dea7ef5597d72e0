import Foundation

// MARK: - Blocking calls, kept off the cooperative pool

/// Runs blocking work (SQLite, libpq, a file's parsing) on a thread of its
/// own and resumes the caller when it is done: how both stores keep their
/// async promise (``TraceStoreReader``).
///
/// Swift's cooperative pool has one thread per core (two here): work that
/// blocks one of them, while other tasks wait for network answers that
/// need a thread to resume on, can stall a whole process. A thread per
/// call costs microseconds; a store call costs milliseconds at least.
///
/// ```swift
/// let sessions = try await BlockingWork.run { try queue.read { db in try loadSessions(db) } }
/// ```
package enum BlockingWork {
    /// Runs `body` on a new thread (8 MiB stack) and returns what it returns.
    /// - Parameter body: the blocking work.
    package static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
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

    /// The blocking work of one ``run(_:)`` call, run once and then let go.
    /// Unchecked, and true: its one thread alone calls `run()`, once.
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
