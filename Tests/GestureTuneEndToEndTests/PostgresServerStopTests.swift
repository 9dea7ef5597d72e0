import Foundation
import GestureTuneTestSupport
import Testing

// MARK: - A PostgreSQL server stopped in the middle of an ingest

/// The promise `ingest` makes, one transaction per file, kept when the
/// server goes away mid-file: on a server of the test's own (it is
/// stopped, so not the one the other suites share), the second of four
/// files is held inside its transaction, after its COPY, at its INSERT of
/// sessions, by an uncommitted session row of the same name in another
/// connection; the server is then stopped as a crash would stop it. Held,
/// not raced: the stop always falls after the first file's commit and
/// before the second's.
@Suite(
    "gesturetune ingest --db postgres://, the server stopped mid-ingest", .serialized, .timeLimit(.minutes(5)),
    .enabled(if: TestPostgres.isAvailable, "needs scripts/with-postgres.sh (make test)"))
struct PostgresServerStopTests {
    /// Four files of three sessions each, of different sizes.
    private static func writeFiles(in directory: URL) throws -> [String] {
        try (0..<4).map { file in
            let path = directory.appendingPathComponent("room-\(file).jsonl").path
            let sessions = (0..<3).map { k in
                RecordServer.session("stop-\(file)-\(k)", user: "P0\(file)", taps: 20 + 7 * file + k)
            }
            try sessions.joined().write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    /// `psql` on `url` in a transaction it keeps open until ``release()``.
    private final class OpenTransaction {
        private let process = Process()
        private let input = Pipe()

        init(url: String, password: String, statements: String) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
            process.arguments = ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url]
            var environment = ProcessInfo.processInfo.environment
            environment["PGPASSWORD"] = password
            environment["PGAPPNAME"] = "holder"
            process.environment = environment
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            input.fileHandleForWriting.write(Data(("BEGIN;\n" + statements + "\n").utf8))
        }

        func release() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    /// Polls `condition` every 50 ms for up to `seconds`.
    private static func wait(seconds: Double, until condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(50_000)
        }
        return try condition()
    }

    @Test("each file all or nothing: one line, exit 1; the stored counts are the reported files'; a re-run completes")
    func serverStoppedMidIngest() throws {
        let server = try TestPostgres.OwnServer()
        defer { server.close() }
        let environment = ["PGPASSWORD": server.password]
        let dir = try scratch()
        let files = try Self.writeFiles(in: dir)
        // The schema first, as a team's first ingest would make it.
        let first = dir.appendingPathComponent("first.jsonl").path
        try RecordServer.session("stop-first", user: "P09", taps: 3).write(toFile: first, atomically: true, encoding: .utf8)
        let made = try run(["ingest", "--db", server.url, first], environment: environment)
        try #require(made.status == 0, "\(made.stderr)")

        let holder = try OpenTransaction(
            url: server.url, password: server.password,
            statements: """
                WITH i AS (INSERT INTO imports (file_name, sha256, file_size, format, imported_at)
                           VALUES ('holder', 'holder', 0, 'canonical', 'now') RETURNING id),
                     d AS (INSERT INTO devices (key, platform, screen_width, screen_height, scale)
                           VALUES ('holder', 'web', 1, 1, 1) RETURNING id)
                INSERT INTO sessions (name, device, content_sha256, import, touch_count, motion_count, stroke_count,
                                      label_count)
                SELECT 'stop-1-0', d.id, 'holder', i.id, 0, 0, 0, 0 FROM i, d;
                """)
        defer { holder.release() }
        let holding = try Self.wait(seconds: 30) {
            try server.psql(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'holder' AND state = 'idle in transaction'")
                == "1"
        }
        try #require(holding, "the holding transaction did not start")

        nonisolated(unsafe) var interrupted: RunResult?
        let ended = DispatchSemaphore(value: 0)
        Thread {
            interrupted = try? run(["ingest", "--db", server.url, "--json"] + files, environment: environment)
            ended.signal()
        }.start()
        // The first file committed, the second waiting inside its transaction.
        let held = try Self.wait(seconds: 60) {
            try server.psql(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO sessions%'")
                == "1"
        }
        #expect(held, "the ingest never reached the second file's sessions")
        #expect(try server.psql("SELECT string_agg(file_name, ',' ORDER BY id) FROM imports") == "\(first),\(files[0])")
        try server.stopImmediately()
        #expect(ended.wait(timeout: .now() + 30) == .success, "the ingest did not end after the server stopped")
        let result = try #require(interrupted)
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(
            result.stderr
                == "gesturetune ingest: \(files[1]): not stored, the store is unchanged: the server closed the connection\n",
            "\(result.stderr)")
        holder.release()

        // What the ingest said it stored: the first file, all of it.
        let summary = try json(result.stdout)
        let reported = try #require(summary["files"] as? [[String: Any]])
        #expect(reported.map { $0["status"] as? String } == ["imported", "failed"])
        let stored = reported.compactMap { $0["report"] as? [String: Any] }
        func sum(_ key: String) -> Int { stored.reduce(0) { $0 + ($1[key] as? Int ?? 0) } }
        #expect(sum("sessions") == 3)

        try server.restart()
        let afterStop = try json(try run(["stats", "--db", server.url, "--json"], environment: environment).stdout)
        // The first ingest's one session of 3 taps (6 touches, 3 labels) and the reported files'.
        #expect(afterStop["sessions"] as? Int == 1 + sum("sessions"))
        #expect(afterStop["touches"] as? Int == 6 + sum("touches"))
        #expect(afterStop["labels"] as? Int == 3 + sum("labels"))
        #expect(try server.psql("SELECT count(*) FROM sessions WHERE name LIKE 'stop-1-%' OR name = 'holder'") == "0")

        // Again, with the server up: the rest is stored, and the store is
        // the one an uninterrupted ingest gives (SQLite's, the reference).
        let rerun = try run(["ingest", "--db", server.url] + files, environment: environment)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(rerun.stdout.contains("\(files[0]): already imported"), "\(rerun.stdout)")
        let reference = dir.appendingPathComponent("reference.sqlite").path
        #expect(try run(["ingest", "--db", reference, first] + files).status == 0)
        let complete = try run(["stats", "--db", server.url, "--json"], environment: environment)
        #expect(complete.stdout == (try run(["stats", "--db", reference, "--json"])).stdout)
        #expect(try json(complete.stdout)["sessions"] as? Int == 13)
    }
}
