import Foundation
import GestureTuneTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: - gesturetune record over real loopback HTTP

/// `gesturetune record` as participants' phones (and hostile clients) meet
/// it: the built binary on 127.0.0.1 and a free port, plain HTTP requests,
/// and the store checked through `stats --json` after every refusal.
@Suite("record: refusals leave the store alone; 20 participants at once", .serialized)
struct RecordEndToEndTests {
    @Test func everyRefusalHasItsStatusAndStoresNothing() async throws {
        let server = try RecordServer(extra: ["--max-upload-kb", "1"])
        defer { server.stopIfRunning() }
        let empty = try server.stats()

        let page = try await server.request("GET", server.url)
        #expect(page.status == 200)
        #expect(page.headers["Content-Security-Policy"]?.contains("default-src 'none'; script-src 'sha256-") == true)
        #expect(page.headers["Content-Type"]?.hasPrefix("text/html") == true)
        #expect(page.body.contains("id=\"study-config\""))

        let valid = RecordServer.session("e2e-1", user: "P01", taps: 2)
        let wrongToken = server.url.replacingOccurrences(of: server.token, with: String(server.token.reversed()))
        for (method, url, body) in [
            ("GET", wrongToken, nil), ("POST", wrongToken + "/sessions", valid),
            ("POST", server.origin + "/study/sessions", valid), ("GET", server.origin + "/", nil)
        ] as [(String, String, String?)] {
            let response = try await server.request(method, url, body: body)
            #expect(response.status == 403, "\(method) \(url)")
            #expect(response.body.contains("study token"))
            #expect(try server.stats() == empty, "\(method) \(url) changed the store")
        }

        let large = try await server.request(
            "POST", server.uploadURL, body: RecordServer.session("e2e-big", user: "P01", taps: 40))
        #expect(large.status == 413)
        #expect(try server.stats() == empty)

        let notJSON = try await server.request("POST", server.uploadURL, body: "{\"type\":\"session\"\n{not json\n")
        #expect(notJSON.status == 400)
        #expect(notJSON.body.contains("upload:1"), "\(notJSON.body)")
        #expect(try server.stats() == empty)

        // Line 3 goes back in time: the validator's message names line and field.
        let backwards = valid.replacingOccurrences(of: "\"t\":0.18,", with: "\"t\":0.01,")
        let rejected = try await server.request("POST", server.uploadURL, body: backwards)
        #expect(rejected.status == 400)
        #expect(rejected.body.contains("upload:3: ") && rejected.body.contains("(t)"), "\(rejected.body)")
        #expect(try server.stats() == empty)

        // The same server does store a good session, once.
        #expect(try await server.request("POST", server.uploadURL, body: valid).status == 201)
        #expect(try await server.request("POST", server.uploadURL, body: valid).status == 200)
        let stopped = try server.stop()
        #expect(stopped.status == 0, "\(stopped.stderr)")
        let totals = try #require(stopped.events.last)
        #expect(totals["event"] as? String == "stopped")
        let counts = try #require(totals["counts"] as? [String: Any])
        #expect(counts["sessions"] as? Int == 1 && counts["trials"] as? Int == 2 && counts["repeated"] as? Int == 1)
        #expect(counts["refused"] as? Int == 7)
        let stats = try json(try server.stats())
        #expect(stats["sessions"] as? Int == 1 && stats["labels"] as? Int == 2 && stats["touches"] as? Int == 4)
    }

    /// Issue 37: a store that cannot take the upload (its write lock held
    /// by another writer, as a PostgreSQL server down is) answered 500. It
    /// is 503 with `Retry-After`: the page keeps the upload and sends it
    /// again, and it is stored once the store is back.
    @Test func anUnavailableStoreAnswers503WithRetryAfter() async throws {
        let server = try RecordServer(extra: ["--lock-wait", "0.5"])
        defer { server.stopIfRunning() }
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        holder.arguments = [server.db]
        let commands = Pipe(), answers = Pipe()
        holder.standardInput = commands
        holder.standardOutput = answers
        try holder.run()
        commands.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\nSELECT 'held';\n".utf8))
        var said = Data()
        while !said.contains(Data("held".utf8)) {
            let chunk = answers.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += chunk
        }
        let session = RecordServer.session("held-1", user: "P01", taps: 2)
        let refused = try await server.request("POST", server.uploadURL, body: session)
        #expect(refused.status == 503, "\(refused.body)")
        #expect(refused.headers["Retry-After"] == "5")
        #expect(refused.body.contains("the store is unavailable; nothing was stored"), "\(refused.body)")
        try commands.fileHandleForWriting.close()
        holder.waitUntilExit()
        let stored = try await server.request("POST", server.uploadURL, body: session)
        #expect(stored.status == 201, "\(stored.body)")
    }

    @Test func tooManyRequestsFromOneAddressAreRefused() async throws {
        let server = try RecordServer(extra: ["--rate-limit", "3"])
        defer { server.stopIfRunning() }
        let empty = try server.stats()
        for _ in 0..<3 { #expect(try await server.request("GET", server.url).status == 200) }
        let refused = try await server.request("POST", server.uploadURL, body: RecordServer.session("r-1", user: "P01", taps: 1))
        #expect(refused.status == 429)
        // One token comes back every 20 s at 3 a minute; the bucket has
        // refilled a little while the three pages were served (a second
        // costs 1 s of the wait on a loaded machine), so 15–20 s.
        let wait = try #require(refused.headers["Retry-After"].flatMap { Int($0) })
        #expect((15...20).contains(wait), "Retry-After \(wait)")
        #expect(try server.stats() == empty)
        #expect(try server.stop().status == 0)
    }

    /// 20 phones post their sessions at the same moment, each also
    /// re-posting its first one (a reply lost on the way back): every
    /// session is stored exactly once.
    @Test func twentyParticipantsPostingAtOnceAreStoredExactlyOnce() async throws {
        let server = try RecordServer(extra: [])
        defer { server.stopIfRunning() }
        let participants = 20, sessionsEach = 3, tapsEach = 4
        let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
            for p in 1...participants {
                group.addTask {
                    var statuses: [Int] = []
                    let user = String(format: "P%02d", p)
                    for s in 1...sessionsEach {
                        let body = RecordServer.session("load-\(user)-\(s)", user: user, taps: tapsEach)
                        statuses.append(try await server.request("POST", server.uploadURL, body: body).status)
                    }
                    let retry = RecordServer.session("load-\(user)-1", user: user, taps: tapsEach)
                    statuses.append(try await server.request("POST", server.uploadURL, body: retry).status)
                    return statuses
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(statuses.filter { $0 == 201 }.count == participants * sessionsEach)
        #expect(statuses.filter { $0 == 200 }.count == participants)
        #expect(statuses.count == participants * (sessionsEach + 1))
        let stopped = try server.stop()
        #expect(stopped.status == 0)
        let stats = try json(try server.stats())
        #expect(stats["sessions"] as? Int == participants * sessionsEach)
        #expect(stats["users"] as? Int == participants)
        #expect(stats["labels"] as? Int == participants * sessionsEach * tapsEach)
        #expect(stats["pointers"] as? Int == participants * sessionsEach * tapsEach)
        let counts = try #require(stopped.events.last?["counts"] as? [String: Any])
        #expect(counts["participants"] as? Int == participants && counts["sessions"] as? Int == participants * sessionsEach)
    }
}

// MARK: - The command's other outcomes

@Suite("record: the offline page and the exit codes")
struct RecordCommandTests {
    @Test func exportPageWritesTheOfflinePageAndStartsNoServer() throws {
        let file = try scratch().appendingPathComponent("study.html").path
        let result = try run(["record", "--export-page", file, "--scene", "epilogue", "--seed", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("wrote \(file): the offline study page for scene epilogue"))
        let html = try String(contentsOfFile: file, encoding: .utf8)
        #expect(html.contains("http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'"))
        #expect(html.contains("\"upload\":null") || !html.contains("\"upload\""))
        #expect(html.contains("\"scene\":\"epilogue\""))
    }

    @Test func aPortInUseIsAFailureAndABadOptionAUsageError() throws {
        let server = try RecordServer(extra: [])
        defer { server.stopIfRunning() }
        let port = try #require(server.origin.split(separator: ":").last.map(String.init))
        let busy = try run(["record", "--db", server.db, "--bind", "127.0.0.1", "--port", port])
        #expect(busy.status == 1)
        #expect(busy.stderr.contains("cannot serve the study on 127.0.0.1:\(port)"), "\(busy.stderr)")
        #expect(busy.stdout.isEmpty)
        let usage = try run(["record", "--intents", "tap,wave"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("unknown intent \"wave\""))
        #expect(try run(["record", "--scene", "no-such-scene", "--export-page", "/dev/null"]).status == 1)
    }
}

// MARK: - The server under test

/// `gesturetune record --json` on 127.0.0.1, a free port, a fresh store.
final class RecordServer: @unchecked Sendable {
    let db: String
    let origin: String
    let url: String
    let token: String
    private let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private var firstLine = ""

    /// - Parameters:
    ///   - extra: more options for `record`.
    ///   - openFiles: a lower limit on open files for the server
    ///     (`prlimit --nofile`), as a small machine or a container has.
    ///   - store: the store (a team's PostgreSQL URL); a fresh SQLite file when `nil`.
    init(extra: [String], openFiles: Int? = nil, store: String? = nil) throws {
        db = try store ?? scratch().appendingPathComponent("lab.sqlite").path
        let arguments = ["record", "--db", db, "--port", "0", "--bind", "127.0.0.1", "--json"] + extra
        if let openFiles {
            // prlimit execs the command: the server keeps this process id.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
            process.arguments = ["--nofile=\(openFiles):\(openFiles)", gesturetune] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: gesturetune)
            process.arguments = arguments
        }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The first line says where it listens.
        let bytes = output.fileHandleForReading.readThroughFirstLine()
        let line = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
        firstLine = String(decoding: bytes, as: UTF8.self)
        let event = try json(line)
        let urls = try #require(event["urls"] as? [String])
        url = try #require(urls.first)
        origin = String(url[..<(try #require(url.range(of: "/study/"))).lowerBound])
        token = String(url.split(separator: "/").last ?? "")
    }

    var uploadURL: String { url + "/sessions" }
    var port: UInt16 { UInt16(origin.split(separator: ":").last ?? "") ?? 0 }
    var processIdentifier: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    func stats() throws -> String {
        let result = try run(["stats", "--db", db, "--json"])
        guard result.status == 0 else { throw CocoaError(.fileReadUnknown) }
        return result.stdout
    }

    struct Response {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    func request(_ method: String, _ address: String, body: String? = nil) async throws -> Response {
        var request = URLRequest(url: try #require(URL(string: address)), timeoutInterval: 60)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/x-ndjson", forHTTPHeaderField: "Content-Type")
        }
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

    struct Stopped {
        var status: Int32
        var events: [[String: Any]]
        var stderr: String
    }

    /// Ctrl-C, as a person stops the study (`signals` of them, 0.3 s apart).
    func stop(signals: Int = 1) throws -> Stopped {
        process.interrupt()
        for _ in 1..<max(signals, 1) {
            usleep(300_000)
            process.interrupt()
        }
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = (firstLine + String(decoding: rest, as: UTF8.self)).split(separator: "\n")
        return Stopped(
            status: process.terminationStatus, events: try lines.map { try json(String($0)) },
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    func stopIfRunning() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// One canonical session of `taps` labelled taps on the note rows.
    static func session(_ id: String, user: String, taps: Int) -> String {
        var lines = [
            #"{"type":"session","id":"\#(id)","format":"gesturetune-trace/1","device":{"platform":"web","screen":{"width":390,"height":844},"scale":3},"user":"\#(user)","scene":"epilogue","meta":{"hand":"right","study":"e2e"}}"#
        ]
        for k in 0..<taps {
            let t = Double(k)
            lines.append(#"{"type":"touch","t":\#(t + 0.1),"id":1,"phase":"began","x":120.5,"y":170.25}"#)
            lines.append(#"{"type":"touch","t":\#(t + 0.18),"id":1,"phase":"ended","x":121,"y":170.5}"#)
            lines.append(#"{"type":"label","start":\#(t + 0.1),"end":\#(t + 0.18),"intent":"tap","target":"note-row"}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
