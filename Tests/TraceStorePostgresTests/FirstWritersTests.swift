import Foundation
import GestureTuneTestSupport
import Testing
import TraceStore
import TraceStoreInterface
import TraceStorePostgres

// MARK: - First writers on an empty database take turns

/// On an empty database, 2 of 4 simultaneous `ingest`s failed with "not a
/// gesturetune store … refusing to touch it" (issue 37): each checked what
/// the database was before taking the advisory lock, and could read the
/// identity table another first writer had just created, its row not yet
/// committed. Now the whole first use is under the lock.
@Suite(
    "First writers on an empty PostgreSQL database", .serialized,
    .enabled(if: TestPostgres.isAvailable, "needs scripts/with-postgres.sh (make test)"))
struct FirstWritersTests {
    /// `writers` stores opened at once on one new database, each ingesting
    /// a session of its own: every one opens and stores it, three times over.
    @Test(arguments: [4, 8])
    func simultaneousFirstWritersAllSucceed(writers: Int) async throws {
        let dir = try scratchDirectory()
        let files = try (0..<writers).map { try write(sessionText("first-\($0)"), "s\($0).jsonl", in: dir) }
        for _ in 0..<3 {
            let url = try PostgresURL(try TestPostgres.freshDatabase())
            let results = await withTaskGroup(of: String?.self) { group in
                for file in files {
                    group.addTask {
                        do {
                            let store = try await PostgresTraceStore.open(url)
                            defer { Task { await store.close() } }
                            _ = try await store.ingest(path: file)
                            return nil
                        } catch {
                            return "\(error)"
                        }
                    }
                }
                var failures: [String] = []
                for await failure in group { if let failure { failures.append(failure) } }
                return failures
            }
            #expect(results.isEmpty, "\(results)")
            let store = try await PostgresTraceStore.open(url, access: .readOnly)
            #expect(try await store.statistics().sessions == writers)
            await store.close()
        }
    }
}
