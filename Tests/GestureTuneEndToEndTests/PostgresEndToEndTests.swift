import Foundation
import GestureTuneTestSupport
import Testing

// MARK: - The team store on a real PostgreSQL server, end to end

/// `--db postgres://…` against `--db FILE`: the same corpus gives the same
/// answers, and every way of not reaching a store fails in one line,
/// quickly, with nothing written. A real PostgreSQL 15 server on
/// 127.0.0.1, started for the run by scripts/with-postgres.sh (`make test`
/// does); without it the suite is skipped, saying so.
@Suite(
    // The limit turns a hang into a failure; it counts time spent waiting
    // for a thread of the cooperative pool, which other suites' tests may
    // hold for minutes (see TraceStorePostgresTests' storeTestLimit).
    "gesturetune --db postgres://, end to end", .serialized, .timeLimit(.minutes(10)),
    .enabled(if: TestPostgres.isAvailable, "needs scripts/with-postgres.sh (make test)"))
struct PostgresEndToEndTests {
    /// Five people of the committed corpus and Flutter's recording, in both stores.
    static let corpus = [TestPaths.inPackage("datasets/epilogue/epilogue-u00-u04.jsonl").path, flutterFixture]

    /// result.json without what differs between any two runs: times, the
    /// run's record (command line, store, time; its fingerprint is compared
    /// on its own).
    private static func comparable(_ directory: URL) throws -> (result: [String: Any], fingerprint: String?, store: String?) {
        var result = try json(
            String(decoding: try Data(contentsOf: directory.appendingPathComponent("result.json")), as: UTF8.self))
        let run = result["run"] as? [String: Any]
        result.removeValue(forKey: "seconds")
        result.removeValue(forKey: "phaseSeconds")
        result.removeValue(forKey: "run")
        return (result, run?["corpusFingerprint"] as? String, run?["store"] as? String)
    }

    @Test("the same corpus in SQLite and PostgreSQL: equal stats --json, and optimize --seed 1 gives the same result.json")
    func sameCorpusSameResult() throws {
        let dir = try scratch()
        let file = dir.appendingPathComponent("team.sqlite").path
        let url = try TestPostgres.freshDatabase()
        for db in [file, url] {
            let ingest = try run(["ingest", "--db", db] + Self.corpus)
            #expect(ingest.status == 0, "\(db): \(ingest.stderr)")
            let again = try run(["ingest", "--db", db] + Self.corpus)
            #expect(again.status == 0 && again.stdout.contains("already imported"), "\(again.stdout)")
        }
        let statsFile = try run(["stats", "--db", file, "--json"])
        let statsPostgres = try run(["stats", "--db", url, "--json"])
        #expect(statsFile.status == 0 && statsPostgres.status == 0, "\(statsPostgres.stderr)")
        #expect(statsFile.stdout == statsPostgres.stdout)
        #expect(try json(statsPostgres.stdout)["touches"] as? Int ?? 0 > 0)

        let common = [
            "optimize", "--seed", "1", "--max-evals", "12", "--sensitivity-points", "2", "--no-pareto",
            "--holdout-fraction", "0.5"
        ]
        let outFile = dir.appendingPathComponent("sqlite"), outPostgres = dir.appendingPathComponent("postgres")
        let a = try run(common + ["--db", file, "--out", outFile.path])
        let b = try run(common + ["--db", url, "--out", outPostgres.path])
        #expect(a.status == 0, "\(a.stderr)")
        #expect(b.status == 0, "\(b.stderr)")
        let fromFile = try Self.comparable(outFile), fromPostgres = try Self.comparable(outPostgres)
        #expect(NSDictionary(dictionary: fromFile.result).isEqual(to: fromPostgres.result), "result.json differs")
        #expect(fromFile.fingerprint != nil && fromFile.fingerprint == fromPostgres.fingerprint)
        #expect(fromPostgres.store == url, "the run names its store without a password")
        // The run was stored in PostgreSQL: report reads it back.
        let report = try run(["report", "--db", url, "--run", "latest", "--out", dir.appendingPathComponent("again").path])
        #expect(report.status == 0, "\(report.stderr)")
        let simulate = try run(["simulate", "--db", url, "--json"])
        let simulateFile = try run(["simulate", "--db", file, "--json"])
        #expect(simulate.status == 0 && simulate.stdout == simulateFile.stdout, "\(simulate.stderr)")
    }

    /// One line on stderr naming the store (never its password), exit 1,
    /// within 10 s.
    private static func failsQuickly(
        _ arguments: [String], environment: [String: String] = [:], saying expected: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let started = Date()
        let result = try run(arguments, environment: environment)
        let seconds = Date().timeIntervalSince(started)
        #expect(result.status == 1, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(expected), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(seconds < 10, "took \(seconds) s", sourceLocation: sourceLocation)
        if let password = environment["PGPASSWORD"] {
            #expect(!result.stderr.contains(password), sourceLocation: sourceLocation)
        }
    }

    @Test("a bad URL, a wrong password, an unreachable port: one line each, exit 1, within 10 s")
    func unreachableStores() throws {
        let url = try TestPostgres.freshDatabase()
        try Self.failsQuickly(
            ["stats", "--db", "postgres://127.0.0.1:5432/x"],
            saying: "gesturetune stats: postgres://127.0.0.1:5432/x: not a PostgreSQL store URL (no user)")
        try Self.failsQuickly(
            ["ingest", "--db", "postgres://who@127.0.0.1:99999/x", flutterFixture], saying: "not a PostgreSQL store URL")
        try Self.failsQuickly(
            ["ingest", "--db", url, flutterFixture], environment: ["PGPASSWORD": "not-the-password"],
            saying: "gesturetune ingest: \(url): cannot connect (wrong password for user postgres)\n")
        // Issue 37: postgres-nio's and NIO's own names never reach the user.
        try Self.failsQuickly(
            ["stats", "--db", "postgres://postgres@127.0.0.1:1/postgres"],
            saying:
                "gesturetune stats: postgres://postgres@127.0.0.1:1/postgres: cannot connect (connection refused: "
                + "is the server running, on that host and port?)\n")
        try Self.failsQuickly(
            ["stats", "--db", url], environment: ["PGPASSWORD": "", "PGPASSFILE": "/nonexistent", "HOME": "/nonexistent"],
            saying: "gesturetune stats: \(url): cannot connect (the server asks for a password for user postgres: "
                + "give it in PGPASSWORD or ~/.pgpass)\n")
        // Nothing was written by the refused ingest.
        #expect(try TestPostgres.psql(url, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == "0")
    }

    @Test("the password from a pgpass file, or from a service file named in the URL, as libpq reads them")
    func passwordFromLibpqSources() throws {
        let url = try TestPostgres.freshDatabase()
        let password = try #require(ProcessInfo.processInfo.environment["PGPASSWORD"])
        let dir = try scratch()
        // host:port:database:user:password; libpq ignores a file others may read.
        let port = try #require(URLComponents(string: url)?.port)
        let passfile = dir.appendingPathComponent("pgpass").path
        try "127.0.0.1:\(port):*:postgres:\(password)\n".write(toFile: passfile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: passfile)
        let fromFile = try run(
            ["ingest", "--db", url, flutterFixture], environment: ["PGPASSWORD": "", "PGPASSFILE": passfile])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        // A service file's section: its options join the URL's (here the
        // password and sslmode=require).
        let services = dir.appendingPathComponent("pg_service.conf").path
        try "[lab]\nsslmode=require\npassword=\(password)\n".write(toFile: services, atomically: true, encoding: .utf8)
        let fromService = try run(
            ["stats", "--db", url + "?service=lab", "--json"],
            environment: ["PGPASSWORD": "", "PGPASSFILE": "/nonexistent", "PGSERVICEFILE": services])
        #expect(fromService.status == 0, "\(fromService.stderr)")
        #expect(try json(fromService.stdout)["sessions"] as? Int == 2)
        // Without either, the one line that says where a password goes.
        try Self.failsQuickly(
            ["stats", "--db", url], environment: ["PGPASSWORD": "", "PGPASSFILE": "/nonexistent"],
            saying: "cannot connect (the server asks for a password for user postgres")
    }

    @Test("a database of another application and a newer schema: refused in one line, nothing written")
    func foreignAndNewerStores() throws {
        let other = try TestPostgres.freshDatabase()
        try TestPostgres.psql(other, "CREATE TABLE invoices (id integer); INSERT INTO invoices VALUES (7)")
        try Self.failsQuickly(["ingest", "--db", other, flutterFixture], saying: "\(other): not a gesturetune store")
        try Self.failsQuickly(["stats", "--db", other], saying: "\(other): not a gesturetune store")
        #expect(
            try TestPostgres.psql(other, "SELECT string_agg(tablename, ',') FROM pg_tables WHERE schemaname = 'public'")
                == "invoices")

        let newer = try TestPostgres.freshDatabase()
        #expect(try run(["ingest", "--db", newer, flutterFixture]).status == 0)
        try TestPostgres.psql(newer, "UPDATE gesturetune_identity SET schema_version = 7")
        let before = try TestPostgres.psql(newer, "SELECT count(*) FROM imports")
        let session = try scratch().appendingPathComponent("s.jsonl").path
        try RecordServer.session("newer-1", user: "P01", taps: 2).write(toFile: session, atomically: true, encoding: .utf8)
        try Self.failsQuickly(
            ["ingest", "--db", newer, session], saying: "store schema version 7, this gesturetune knows versions up to 2")
        #expect(try TestPostgres.psql(newer, "SELECT count(*) FROM imports") == before)
    }

    @Test("three record servers on one PostgreSQL store: uploads sent to two servers at once are stored once")
    func threeRecordServers() async throws {
        let url = try TestPostgres.freshDatabase()
        // The schema first, as a team's first ingest would make it.
        let servers = try (0..<3).map { _ in try RecordServer(extra: [], store: url) }
        defer { for server in servers { server.stopIfRunning() } }
        let uploads = 30, twice = 6, taps = 3
        let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
            for k in 0..<uploads {
                group.addTask {
                    let user = String(format: "P%02d", k % 10)
                    let body = RecordServer.session("team-\(k)", user: user, taps: taps)
                    let first = servers[k % 3]
                    guard k < twice else { return [try await first.request("POST", first.uploadURL, body: body).status] }
                    // A retry that reached two servers at once.
                    let second = servers[(k + 1) % 3]
                    async let a = first.request("POST", first.uploadURL, body: body)
                    async let b = second.request("POST", second.uploadURL, body: body)
                    return [try await a.status, try await b.status]
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(statuses.filter { $0 == 201 }.count == uploads, "\(statuses)")
        #expect(statuses.filter { $0 == 200 }.count == twice, "\(statuses)")
        for server in servers { #expect(try server.stop().status == 0) }
        let stats = try json(try run(["stats", "--db", url, "--json"]).stdout)
        #expect(stats["sessions"] as? Int == uploads)
        #expect(stats["labels"] as? Int == uploads * taps)
        #expect(stats["users"] as? Int == 10)
    }
}
