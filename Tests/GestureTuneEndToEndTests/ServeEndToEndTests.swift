import Foundation
import GestureTuneTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: - gesturetune serve over real loopback HTTP

/// `gesturetune serve` as a team meets it: the built binary on 127.0.0.1 and
/// a free port, over a store with three optimization runs of the same corpus
/// (two on one split, the third on another), every route walked with plain
/// HTTP, and the store file compared byte for byte before and after.
@Suite("serve: every route over three stored runs, read-only", .serialized)
struct ServeEndToEndTests {
    static let hostile = #"<script>alert(1)</script> "q" </svg>"#

    /// A small synthetic corpus whose label notes and targets and one
    /// person's id carry markup, and three runs of it.
    static func store() throws -> (db: String, dir: URL) {
        let dir = try scratch()
        let corpus = dir.appendingPathComponent("corpus.jsonl")
        let db = dir.appendingPathComponent("team.sqlite").path
        let synth = try run([
            "synth", "--seed", "17", "--users", "16", "--devices", "3", "--sessions", "1", "--gestures", "30", "--out",
            corpus.path
        ])
        #expect(synth.status == 0, "\(synth.stderr)")
        var lines: [String] = []
        for line in try String(contentsOf: corpus, encoding: .utf8).split(separator: "\n") {
            guard line.hasPrefix(#"{"type":"label""#) || line.contains(#""user":"u01""#) else {
                lines.append(String(line))
                continue
            }
            var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if object["type"] as? String == "label" {
                object["note"] = hostile
                object["target"] = "<b>t</b>" + (object["target"] as? String ?? "")
            } else {
                object["user"] = "u01 <i>x</i>"
            }
            lines.append(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: corpus)
        #expect(try run(["ingest", "--db", db, corpus.path]).status == 0)
        // Runs 1 and 2 are held to the training people's percentiles with a
        // 5 % margin (no bound for new people: on 12 training people that
        // leaves nearly every constant where it is, and two runs alike).
        // Run 2 tunes two constants only: it ships the defaults of the
        // others, so the two runs differ in constants and in held-out outcomes
        // (run 1 moves tabSwipe.distanceThreshold to 40 pt, run 2
        // tap.maxDuration to 1 s: 2 held-out gestures fixed by run 2, 3
        // broken. Seed 17, was 11: on the corpus synth writes since issue 34
        // — no taps on note rows or cards, none with two fingers — seed 11's
        // two runs changed no held-out outcome).
        // Run 3 holds out another share of the people: its held-out gestures
        // overlap run 1's only in part.
        for (seed, tune) in [
            ("1", ["--budget-confidence", "0", "--budget-margin", "0.05"]),
            (
                "2",
                [
                    "--tune", "tap.maxDuration,doubleTap.window", "--budget-confidence", "0", "--budget-margin", "0.05"
                ]
            ),
            ("3", ["--tune", "swipeActions.threshold", "--holdout-fraction", "0.5"])
        ] {
            let optimize = try run(
                [
                    "optimize", "--db", db, "--seed", seed, "--max-evals", "12", "--sensitivity-points", "3", "--no-pareto",
                    "--out", dir.appendingPathComponent("run-\(seed)").path
                ] + tune)
            #expect(optimize.status == 0, "\(optimize.stderr)")
        }
        return (db, dir)
    }

    @Test func everyRouteAnswersFromTheStoredRunsAndTheStoreIsUntouched() async throws {
        let (db, dir) = try Self.store()
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let server = try ServeProcess(["--db", db])
        defer { server.stopIfRunning() }
        #expect(server.url == "http://127.0.0.1:\(server.port)/")

        // The run list, newest first, with the runs' own figures.
        let list = try await server.get("/")
        #expect(list.status == 200)
        #expect(list.headers["Content-Security-Policy"]?.contains("default-src 'none'") == true)
        #expect(list.body.contains("href=\"/runs/2\"") && list.body.contains("href=\"/compare/1/2\""))
        #expect(list.body.contains("href=\"/compare/2/3\""))
        let runs = try #require(
            try JSONSerialization.jsonObject(with: Data(try await server.get("/api/runs").body.utf8)) as? [[String: Any]])
        #expect(runs.map { $0["id"] as? Int } == [3, 2, 1])
        for (index, seed) in ["3", "2", "1"].enumerated() {
            let result = try json(
                try String(contentsOf: dir.appendingPathComponent("run-\(seed)/result.json"), encoding: .utf8))
            let tuned = try #require(result["tuned"] as? [String: Any])
            #expect(runs[index]["heldOutMisfireRateAfter"] as? Double == tuned["holdoutMisfireRate"] as? Double)
            #expect(runs[index]["seed"] as? Int == Int(seed))
        }

        // A run's page is its report: the very file `optimize` wrote.
        let report = try await server.get("/runs/1")
        #expect(report.status == 200)
        let written = try String(contentsOf: dir.appendingPathComponent("run-1/report.html"), encoding: .utf8)
        #expect(report.body == written)
        let model = try json(try await server.get("/api/runs/1").body)
        #expect((model["summary"] as? [String: Any])?["id"] as? Int == 1)
        #expect(model["report"] is [String: Any])

        // Two runs of one corpus and split: paired on the same held-out gestures.
        // The constants that differ are those the runs ship differently (a
        // constant a run did not tune ships at the reference).
        func parameters(_ seed: String) throws -> [String: (baseline: Double, tuned: Double)] {
            let result = try json(
                try String(contentsOf: dir.appendingPathComponent("run-\(seed)/result.json"), encoding: .utf8))
            var values: [String: (baseline: Double, tuned: Double)] = [:]
            for p in result["parameters"] as? [[String: Any]] ?? [] {
                if let name = p["name"] as? String, let b = p["baseline"] as? Double, let t = p["tuned"] as? Double {
                    values[name] = (b, t)
                }
            }
            return values
        }
        let (one, two) = (try parameters("1"), try parameters("2"))
        var differing: [String: (Double, Double)] = [:]
        for name in Set(one.keys).union(two.keys) {
            let a = one[name]?.tuned ?? two[name]?.baseline ?? 0, b = two[name]?.tuned ?? one[name]?.baseline ?? 0
            if a != b { differing[name] = (a, b) }
        }
        let compare = try await server.get("/compare/1/2")
        #expect(compare.status == 200 && compare.body.contains("Paired: both runs held out the same"))
        let c = try json(try await server.get("/api/compare/1/2").body)
        #expect(c["pairing"] as? String == "paired")
        let constants = try #require(c["constants"] as? [[String: Any]])
        #expect(!differing.isEmpty)
        #expect(Set(constants.compactMap { $0["name"] as? String }) == Set(differing.keys))
        for row in constants {
            let name = try #require(row["name"] as? String)
            #expect(row["a"] as? Double == differing[name]?.0 && row["b"] as? Double == differing[name]?.1, "\(name)")
            #expect(!(row["defaultSource"] as? String ?? "").isEmpty)
        }
        let overall = try #require(c["overall"] as? [String: Any])
        let paired = try #require(overall["paired"] as? [String: Any])
        let fixed = try #require(c["fixedByB"] as? [Any]), broken = try #require(c["brokenByB"] as? [Any])
        #expect(paired["fixedByB"] as? Int == fixed.count && paired["brokenByB"] as? Int == broken.count)
        let a = try #require(overall["a"] as? [String: Any]), b = try #require(overall["b"] as? [String: Any])
        #expect(a["labels"] as? Int == b["labels"] as? Int)
        #expect(fixed.count + broken.count > 0, "the runs' constants change some held-out outcome")
        // B's misfires are A's, less what B fixes, plus what it breaks.
        #expect((b["misfires"] as? Int) == (a["misfires"] as? Int).map { $0 - fixed.count + broken.count })

        // Another split: paired on the gestures both held out, and said so.
        let split = try json(try await server.get("/api/compare/1/3").body)
        let shared = try #require((split["overall"] as? [String: Any])?["paired"] as? [String: Any])
        let sharedPairs = try #require(shared["pairs"] as? Int)
        let labels1 = try #require(a["labels"] as? Int)
        let labels3 = try #require(((split["overall"] as? [String: Any])?["b"] as? [String: Any])?["labels"] as? Int)
        #expect(split["pairing"] as? String == "partly paired")
        #expect(sharedPairs > 0 && sharedPairs <= labels1 && sharedPairs < labels3)
        let sentence = try #require(split["pairingSentence"] as? String)
        #expect(sentence.contains("\(sharedPairs) labelled gestures were held out by both runs"))
        #expect(sentence.contains("\(labels1 - sharedPairs) were held out by run 1 only"))
        #expect(sentence.contains("\(labels3 - sharedPairs) by run 3 only"))

        // The run list's form asks for /compare?a=&b=.
        let fromForm = try await server.get("/compare?a=1&b=2")
        #expect(fromForm.status == 200 && fromForm.body.contains("Run #1 (A) against run #2 (B)"))

        // Every misfire, then a filter: only that kind comes back.
        let all = try json(try await server.get("/api/runs/2/misfires").body)
        let total = try #require(all["total"] as? Int)
        #expect(total == (b["misfires"] as? Int))
        let pages = try #require(all["pages"] as? Int)
        #expect(pages == max(1, (total + 19) / 20))
        let last = try json(try await server.get("/api/runs/2/misfires?page=99").body)
        #expect(last["page"] as? Int == pages, "a page past the end is the last one")
        let kinds = try #require(all["kinds"] as? [String])
        let kind = try #require(kinds.first)
        let filtered = try json(try await server.get("/api/runs/2/misfires?kind=\(kind)").body)
        let groups = try #require(filtered["groups"] as? [[String: Any]])
        #expect(!groups.isEmpty && groups.allSatisfy { $0["kind"] as? String == kind })
        let page = try await server.get("/runs/2/misfires?kind=\(kind)")
        #expect(page.status == 200 && page.body.contains("class=\"chart path\""))

        // A session replayed with run 2's constants and the reference.
        let example = try #require((groups.first?["examples"] as? [[String: Any]])?.first)
        let session = try #require(example["sessionID"] as? String)
        let encoded = try #require(session.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let replay = try await server.get("/sessions/\(encoded)?run=2")
        #expect(replay.status == 200)
        #expect(replay.headers["Content-Security-Policy"]?.contains("script-src 'sha256-") == true)
        #expect(replay.body.contains("id=\"scrub\"") && replay.body.contains("class=\"timeline\""))
        let timelines = try json(try await server.get("/api/sessions/\(encoded)?run=2").body)
        let tuned = try #require(timelines["tuned"] as? [String: Any])
        let changes = try #require(tuned["changes"] as? [[String: Any]])
        #expect(!changes.isEmpty && changes.allSatisfy { !($0["reason"] as? String ?? "").isEmpty })
        if let fired = example["recognized"] as? String {
            let kinds = (tuned["recognitions"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
            #expect(kinds.contains(fired), "the timeline's replay fires what the run's replay fired")
        }

        // Data is escaped on every page.
        for body in [list.body, compare.body, page.body, replay.body] {
            #expect(!body.contains("<script>alert") && !body.contains("<b>t</b>") && !body.contains("<i>x</i>"))
        }

        // Unknown things, other methods, HEAD.
        #expect(try await server.get("/runs/99").status == 404)
        #expect(try await server.get("/no/such/page").status == 404)
        #expect(try await server.get("/runs/x").status == 400)
        let head = try await server.request("HEAD", "/")
        #expect(head.status == 200 && head.body.isEmpty)
        for method in ["POST", "PUT", "DELETE", "PATCH"] {
            for path in ["/", "/api/runs", "/runs/1"] {
                let refused = try await server.request(method, path)
                #expect(refused.status == 405, "\(method) \(path)")
                #expect(refused.headers["Allow"] == "GET, HEAD")
            }
        }

        #expect(server.stop() == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before, "the store changed")
        #expect(!FileManager.default.fileExists(atPath: db + "-wal") && !FileManager.default.fileExists(atPath: db + "-shm"))
    }

    @Test func offLoopbackItServesOnlyUnderAToken() async throws {
        let dir = try scratch()
        let db = dir.appendingPathComponent("empty.sqlite").path
        #expect(try run(["ingest", "--db", db, flutterFixture]).status == 0)
        let refused = try run(["serve", "--db", db, "--host", "0.0.0.0", "--port", "0"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("--host 0.0.0.0 is not a loopback address") && refused.stderr.contains("--token"))

        let server = try ServeProcess(["--db", db, "--token"])
        defer { server.stopIfRunning() }
        let token = try #require(server.url.split(separator: "/").last.map(String.init))
        #expect(token.count == 32)
        #expect(try await server.get("/").status == 403)
        #expect(try await server.get("/api/runs").status == 403)
        #expect(try await server.get("/\(String(token.reversed()))/").status == 403)
        let list = try await server.get("/\(token)/")
        #expect(list.status == 200 && list.body.contains("No optimization run is stored yet"))
        #expect(list.body.contains("href=\"/\(token)/\""))
        #expect(server.stop() == 0)
    }
}

// MARK: - The server under test

/// `gesturetune serve --port 0` and its first line.
final class ServeProcess: @unchecked Sendable {
    let url: String
    let origin: String
    let port: Int
    private let process = Process()
    private let output = Pipe()

    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: gesturetune)
        process.arguments = ["serve", "--port", "0"] + arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let bytes = output.fileHandleForReading.readThroughFirstLine()
        url = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
        let hostPort = try #require(url.split(separator: "/").dropFirst().first)
        port = try #require(Int(hostPort.split(separator: ":").last ?? ""))
        origin = "http://\(hostPort)"
    }

    struct Response {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    func get(_ path: String) async throws -> Response { try await request("GET", path) }

    func request(_ method: String, _ path: String) async throws -> Response {
        var request = URLRequest(url: try #require(URL(string: origin + path)), timeoutInterval: 120)
        request.httpMethod = method
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key] = value }
        }
        return Response(status: http.statusCode, headers: headers, body: String(decoding: data, as: UTF8.self))
    }

    /// Ctrl-C; the exit status.
    func stop() -> Int32 {
        process.interrupt()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func stopIfRunning() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
