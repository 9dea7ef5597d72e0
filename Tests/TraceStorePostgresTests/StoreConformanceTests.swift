import Foundation
import GestureTuneTestSupport
import Testing
import TraceImport
import TraceModel
import TraceStore
import TraceStoreInterface
import TraceStorePostgres

// MARK: - The same promises from both stores

/// The backends a conformance test runs on: SQLite always, PostgreSQL when
/// `scripts/with-postgres.sh` started a server (`make test` does).
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    static var available: [Backend] { TestPostgres.isAvailable ? [.sqlite, .postgres] : [.sqlite] }

    var testDescription: String { rawValue }

    /// A new, empty store of this kind (a file in a new directory, or a
    /// database of its own).
    func newStore() async throws -> any TraceStoring {
        switch self {
        case .sqlite:
            let dir = try scratchDirectory()
            let path = dir.appendingPathComponent("store.sqlite").path
            return try await BlockingWork.run { try TraceStore(path: path) }
        case .postgres:
            return try await PostgresTraceStore.open(try PostgresURL(try TestPostgres.freshDatabase()))
        }
    }
}

func scratchDirectory() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gt-pg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

func write(_ text: String, _ name: String, in dir: URL) throws -> String {
    let path = dir.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

func report(_ outcome: IngestOutcome) -> IngestReport? {
    if case .imported(let report) = outcome { return report }
    return nil
}

let flutter = TestPaths.sharedFixture("velocity/flutter-velocity.jsonl")
let epilogue = TestPaths.inPackage("datasets/epilogue/epilogue-u00-u04.jsonl").path

/// One labelled session in canonical JSON Lines: two taps by `user`,
/// `shift` moving the second (other content, same id).
func sessionText(_ id: String, user: String = "p01", shift: Double = 0) -> String {
    """
    {"type":"session","id":"\(id)","format":"gesturetune-trace/1","device":{"platform":"ios","model":"iPhone15,2","screen":{"width":393,"height":852},"scale":3},"user":"\(user)","scene":"epilogue"}
    {"type":"touch","t":0.1,"id":1,"phase":"began","x":100,"y":200,"force":0.5}
    {"type":"touch","t":0.116,"id":1,"phase":"moved","x":100.5,"y":200.25}
    {"type":"touch","t":0.14,"id":1,"phase":"ended","x":101,"y":200.5}
    {"type":"touch","t":0.5,"id":1,"phase":"began","x":\(150 + shift),"y":300}
    {"type":"touch","t":0.56,"id":1,"phase":"ended","x":\(150 + shift),"y":300}
    {"type":"label","start":0.1,"end":0.14,"intent":"tap","target":"row-1"}
    {"type":"label","start":0.5,"end":0.56,"intent":"tap","note":"tab\\tand newline\\n and \\\\ backslash"}

    """
}

/// Every store test has a time limit, so that a hang fails instead of
/// stalling a run. It is generous because it counts from the test's start,
/// and an async test resumes only when one of the cooperative pool's two
/// threads (one per core here) is free: other suites' synchronous tests
/// (the end-to-end ones wait minutes for their subprocesses) can hold both
/// that long. A full `make test` run takes about six minutes.
let storeTestLimit = TimeLimitTrait.Duration.minutes(10)

@Suite("Store conformance: SQLite and PostgreSQL keep the same promises", .serialized, .timeLimit(storeTestLimit))
struct StoreConformanceTests {
    @Test("a real recording is stored once, counted exactly and loaded back unchanged", arguments: Backend.available)
    func roundTrip(_ backend: Backend) async throws {
        let store = try await backend.newStore()
        defer { Task { await store.close() } }
        let imported = try #require(report(try await store.ingest(path: flutter)))
        #expect(imported.sessions == 2 && imported.strokes == 14 && imported.touches == 318)
        guard case .alreadyImported = try await store.ingest(path: flutter) else {
            Issue.record("the same file was imported twice")
            return
        }
        let sessions = try await store.loadSessions()
        #expect(sessions.count == 2)
        #expect(sessions.reduce(0) { $0 + $1.touches.count } == 318)
        let stats = try await store.statistics()
        #expect(stats.sessions == 2 && stats.pointers == 14 && stats.touches == 318 && stats.imports == 1)
    }

    @Test(
        "a session stored with other content refuses the file at its line; the store is unchanged", arguments: Backend.available)
    func duplicateSessionRefused(_ backend: Backend) async throws {
        let store = try await backend.newStore()
        defer { Task { await store.close() } }
        let dir = try scratchDirectory()
        let first = try write(sessionText("s-1") + sessionText("s-2", user: "p02"), "first.jsonl", in: dir)
        #expect(report(try await store.ingest(path: first))?.sessions == 2)
        let before = try await store.statistics()
        // Same content again (another file): skipped, named.
        let same = try write(sessionText("s-2", user: "p02") + sessionText("s-3"), "same.jsonl", in: dir)
        let again = try #require(report(try await store.ingest(path: same)))
        #expect(again.sessions == 1 && again.sessionsAlreadyPresent == ["s-2"])
        // Other content under a stored id: the whole file refused.
        let other = try write(sessionText("s-4") + sessionText("s-1", shift: 3), "other.jsonl", in: dir)
        let middle = try await store.statistics()
        await #expect(throws: DuplicateSessionError.self) { _ = try await store.ingest(path: other) }
        do { _ = try await store.ingest(path: other) } catch {
            #expect("\(error)".hasPrefix("\(other):9:"), "\(error)")
            #expect("\(error)".contains("s-1"))
        }
        #expect(try await store.statistics() == middle)
        #expect(middle.sessions == before.sessions + 1)
    }

    @Test(
        "a file read ahead (prepareIngest) is stored only by its own ingest, as if read then; its errors are its own",
        arguments: Backend.available)
    func readAheadStoresNothingUntilAsked(_ backend: Backend) async throws {
        let store = try await backend.newStore()
        defer { Task { await store.close() } }
        let dir = try scratchDirectory()
        let first = try write(sessionText("r-1"), "first.jsonl", in: dir)
        let second = try write(sessionText("r-2", user: "p02") + sessionText("r-3"), "second.jsonl", in: dir)
        let broken = try write(sessionText("r-4") + "{\"type\":\"touch\",\"t\":\"soon\"}\n", "broken.jsonl", in: dir)
        let empty = try await store.statistics()
        // Read ahead, never asked for: nothing stored.
        store.prepareIngest(path: second, displayName: nil, format: .auto, options: ImportOptions())
        try await Task.sleep(for: .milliseconds(200))
        #expect(try await store.statistics() == empty)
        // Each file stored by its own call, with what it holds; the file read ahead gives the same report.
        #expect(report(try await store.ingest(path: first))?.sessions == 1)
        #expect(report(try await store.ingest(path: second))?.sessions == 2)
        let stored = try await store.statistics()
        #expect(stored.sessions == 3)
        // A broken file read ahead fails in its own ingest, at its line; the store is unchanged.
        store.prepareIngest(path: broken, displayName: nil, format: .auto, options: ImportOptions())
        do {
            _ = try await store.ingest(path: broken)
            Issue.record("a broken file was stored")
        } catch {
            #expect("\(error)".hasPrefix("\(broken):9:"), "\(error)")
        }
        #expect(try await store.statistics() == stored)
        // Read ahead under other options: read again, as asked.
        store.prepareIngest(path: first, displayName: "other-name", format: .auto, options: ImportOptions())
        if case .alreadyImported(let earlier, _) = try await store.ingest(path: first) {
            #expect(earlier == first)
        } else {
            Issue.record("the same file was imported twice")
        }
    }

    @Test("optimization runs come back as stored, the newest last", arguments: Backend.available)
    func runsRoundTrip(_ backend: Backend) async throws {
        let store = try await backend.newStore()
        defer { Task { await store.close() } }
        #expect(try await store.latestRun(kind: "optimize") == nil)
        var record = RunRecord(
            createdAt: "2026-11-28T15:00:00Z", seed: 1, commandLine: "gesturetune optimize --seed 1",
            corpusFingerprint: "abc", scene: "epilogue", evaluations: 3, seconds: 0.25,
            baselineHoldoutMisfireRate: 0.2, tunedHoldoutMisfireRate: nil, verdict: "better",
            parameters: [RunParameter(name: "tap.slop", baseline: 10, tuned: 12.5, lower: 4, upper: 24)],
            history: [
                RunHistoryPoint(
                    evaluation: 0, phase: "start", temperature: 1, exact: 0.3, surrogate: 0.31, violation: 0, bestSoFar: 0.3),
                RunHistoryPoint(
                    evaluation: 1, phase: "anneal", temperature: 0.5, exact: .infinity, surrogate: .infinity,
                    violation: .infinity, bestSoFar: nil)
            ],
            resultJSON: Data(#"{"seed":1}"#.utf8))
        let first = try await store.saveRun(record) { _ in nil }
        let second = try await store.saveRun(record) { id in Data(#"{"seed":1,"id":\#(id)}"#.utf8) }
        #expect(second > first)
        let latest = try #require(try await store.latestRun(kind: "optimize"))
        #expect(latest.id == second)
        #expect(String(decoding: latest.resultJSON, as: UTF8.self) == #"{"seed":1,"id":\#(second)}"#)
        record.id = first
        #expect(try await store.run(id: first) == record)
        // A run whose publishing fails is not stored.
        struct Refused: Error {}
        await #expect(throws: Refused.self) { _ = try await store.saveRun(record) { _ in throw Refused() } }
        #expect(try await store.latestRun(kind: "optimize")?.id == second)
    }
}

// MARK: - The two stores agree

@Suite(
    "SQLite and PostgreSQL hold the same corpus the same way", .serialized, .timeLimit(storeTestLimit),
    .enabled(if: TestPostgres.isAvailable, "needs scripts/with-postgres.sh (make test)"))
struct StoresAgreeTests {
    @Test("the same files give bit-equal sessions, equal statistics and the same fingerprint")
    func sameCorpusSameAnswers() async throws {
        let dir = try scratchDirectory()
        let files = [flutter, epilogue, try write(sessionText("odd") + sessionText("odd-2", user: "p09"), "odd.jsonl", in: dir)]
        let sqlite = try await Backend.sqlite.newStore()
        let postgres = try await Backend.postgres.newStore()
        defer { Task { await postgres.close() } }
        for file in files {
            let a = try #require(report(try await sqlite.ingest(path: file)))
            let b = try #require(report(try await postgres.ingest(path: file)))
            let counts: [Int] = [a.sessions, a.strokes, a.touches, a.motion, a.labels]
            #expect(counts == [b.sessions, b.strokes, b.touches, b.motion, b.labels])
            #expect(a.sha256 == b.sha256)
        }
        let fromSQLite = try await sqlite.loadSessions()
        let fromPostgres = try await postgres.loadSessions()
        #expect(fromSQLite.count == fromPostgres.count)
        #expect(fromSQLite == fromPostgres)
        #expect(bits(fromSQLite) == bits(fromPostgres))
        #expect(try await sqlite.statistics() == postgres.statistics())
        #expect(try await sqlite.corpusFingerprint() == postgres.corpusFingerprint())
        let some: Set<String> = [fromSQLite[0].header.id, fromSQLite.last!.header.id]
        #expect(
            try await sqlite.corpusFingerprint(sessionIDs: some) == postgres.corpusFingerprint(sessionIDs: some))
        let filter = SessionFilter(users: [fromSQLite.last!.header.user ?? ""])
        #expect(try await sqlite.loadSessions(filter) == postgres.loadSessions(filter))
    }

    /// Every number of every sample, as bits (`==` would let 0.0 equal -0.0).
    func bits(_ sessions: [Session]) -> [UInt64] {
        sessions.flatMap { session in
            session.touches.flatMap {
                [UInt64(bitPattern: $0.t), $0.x.bitPattern, $0.y.bitPattern, ($0.force ?? .nan).bitPattern]
            }
                + session.motion.flatMap { [$0.ax.bitPattern, $0.ay.bitPattern, $0.az.bitPattern] }
        }
    }

    @Test("two writers importing the same file at once store it once")
    func concurrentWritersStoreOnce() async throws {
        let url = try TestPostgres.freshDatabase()
        let a = try await PostgresTraceStore.open(try PostgresURL(url))
        let b = try await PostgresTraceStore.open(try PostgresURL(url))
        defer {
            Task {
                await a.close()
                await b.close()
            }
        }
        async let first = a.ingest(path: epilogue)
        async let second = b.ingest(path: epilogue)
        let outcomes = [try await first, try await second]
        #expect(outcomes.compactMap(report).count == 1)
        let stats = try await a.statistics()
        let sqlite = try await Backend.sqlite.newStore()
        _ = try await sqlite.ingest(path: epilogue)
        #expect(stats == (try await sqlite.statistics()))
    }

    @Test("a database of another application is refused untouched; so is a newer schema, naming both versions")
    func identityRefusals() async throws {
        let other = try TestPostgres.freshDatabase()
        try TestPostgres.psql(other, "CREATE TABLE invoices (id integer); INSERT INTO invoices VALUES (7)")
        await #expect(throws: StoreError.self) { _ = try await PostgresTraceStore.open(try PostgresURL(other)) }
        do { _ = try await PostgresTraceStore.open(try PostgresURL(other)) } catch {
            #expect("\(error)".contains("not a gesturetune store"), "\(error)")
        }
        #expect(
            try TestPostgres.psql(other, "SELECT string_agg(tablename, ',') FROM pg_tables WHERE schemaname = 'public'")
                == "invoices")

        let newer = try TestPostgres.freshDatabase()
        let store = try await PostgresTraceStore.open(try PostgresURL(newer))
        await store.close()
        try TestPostgres.psql(newer, "UPDATE gesturetune_identity SET schema_version = 99")
        do {
            _ = try await PostgresTraceStore.open(try PostgresURL(newer))
            Issue.record("a newer schema was opened")
        } catch {
            #expect("\(error)".contains("schema version 99"), "\(error)")
            #expect("\(error)".contains("up to 2"), "\(error)")
        }
    }

    @Test("every sample row names a stored session, checked once per statement; a named session is never deleted")
    func sessionReferencesHold() async throws {
        guard TestPostgres.isAvailable else { return }
        let url = try TestPostgres.freshDatabase()
        let store = try await PostgresTraceStore.open(try PostgresURL(url))
        _ = try await store.ingest(path: epilogue)
        await store.close()
        let session = try TestPostgres.psql(url, "SELECT min(id) FROM sessions")
        let missing = try TestPostgres.psql(url, "SELECT max(id) + 1 FROM sessions")
        let samples = try TestPostgres.psql(url, "SELECT count(*) FROM touch_samples")
        // A row naming no stored session is refused, alone or among good ones.
        for sql in [
            "INSERT INTO touch_samples VALUES (\(missing), 0, 0, 0, 0, 1, 1, NULL, NULL)",
            "INSERT INTO labels SELECT session + \(missing), seq, start, \"end\", intent, direction, fingers, target, note FROM labels",
            "INSERT INTO strokes VALUES (\(missing), 0, 0, 0, 0, 0, 0)",
            "INSERT INTO motion_samples VALUES (\(missing), 0, 0, 0, 0, 0, NULL, NULL, NULL)",
            "UPDATE touch_samples SET session = \(missing) WHERE session = \(session) AND seq = 0",
            "DELETE FROM sessions WHERE id = \(session)",
            "UPDATE sessions SET id = \(missing) WHERE id = \(session)"
        ] {
            do {
                _ = try TestPostgres.psql(url, sql)
                Issue.record("accepted: \(sql)")
            } catch {
                // Refused by the references' check, not by anything else.
                #expect(
                    ["are not stored", "is still named by", "cannot change its id"].contains { "\(error)".contains($0) },
                    "\(error)")
            }
        }
        #expect(try TestPostgres.psql(url, "SELECT count(*) FROM touch_samples") == samples)
        // A session no row names may go.
        _ = try TestPostgres.psql(
            url,
            """
            INSERT INTO sessions (name, device, "user", scene, started_at, meta, content_sha256, import, touch_count,
                                  motion_count, stroke_count, label_count)
            SELECT 'empty', device, "user", scene, started_at, meta, content_sha256, import, 0, 0, 0, 0
            FROM sessions WHERE id = \(session);
            DELETE FROM sessions WHERE name = 'empty'
            """)
    }

    @Test("a store of schema version 1 (per-row foreign keys) is upgraded by its next writer")
    func versionOneIsUpgraded() async throws {
        guard TestPostgres.isAvailable else { return }
        let url = try TestPostgres.freshDatabase()
        let store = try await PostgresTraceStore.open(try PostgresURL(url))
        _ = try await store.ingest(path: epilogue)
        await store.close()
        // Back to what version 1 made: the declared foreign keys, no triggers.
        _ = try TestPostgres.psql(
            url,
            """
            DROP TRIGGER sessions_keep_their_rows ON sessions;
            DROP FUNCTION gesturetune_sessions_keep_their_rows() CASCADE;
            DROP FUNCTION gesturetune_rows_name_stored_sessions() CASCADE;
            ALTER TABLE strokes ADD CONSTRAINT strokes_session_fkey FOREIGN KEY (session) REFERENCES sessions(id);
            ALTER TABLE touch_samples ADD CONSTRAINT touch_samples_session_fkey FOREIGN KEY (session) REFERENCES sessions(id);
            ALTER TABLE motion_samples ADD CONSTRAINT motion_samples_session_fkey FOREIGN KEY (session) REFERENCES sessions(id);
            ALTER TABLE labels ADD CONSTRAINT labels_session_fkey FOREIGN KEY (session) REFERENCES sessions(id);
            UPDATE gesturetune_identity SET schema_version = 1
            """)
        // A reader is told to let a writer upgrade it; a writer does.
        do {
            _ = try await PostgresTraceStore.open(try PostgresURL(url), access: .readOnly)
            Issue.record("a version 1 store was opened for reading without an upgrade")
        } catch {
            #expect("\(error)".contains("schema version 1 of 2"), "\(error)")
        }
        let writer = try await PostgresTraceStore.open(try PostgresURL(url))
        _ = try await writer.ingest(path: flutter)
        await writer.close()
        #expect(try TestPostgres.psql(url, "SELECT schema_version FROM gesturetune_identity") == "2")
        #expect(
            try TestPostgres.psql(
                url, "SELECT count(*) FROM pg_constraint WHERE contype = 'f' AND conrelid = 'touch_samples'::regclass")
                == "0")
        #expect(
            try TestPostgres.psql(url, "SELECT count(*) FROM pg_trigger WHERE tgname LIKE '%name_stored_sessions%'") == "8")
    }

    @Test("an unreachable server fails within the deadline, saying it cannot connect")
    func unreachableFailsFast() async throws {
        let started = ContinuousClock.now
        do {
            _ = try await PostgresTraceStore.open(
                try PostgresURL("postgres://nobody@127.0.0.1:1/none"), connectTimeout: .seconds(2))
            Issue.record("connected to port 1")
        } catch {
            #expect("\(error)".hasPrefix("postgres://nobody@127.0.0.1:1/none: cannot connect ("), "\(error)")
        }
        #expect(ContinuousClock.now - started < .seconds(5))
    }
}
