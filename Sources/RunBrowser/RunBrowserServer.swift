import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import StudyRecorder
import Tuning
import UnixSignals

// MARK: - The team's read-only web app over a store

/// Serves the runs of a ``RunLibrary`` (`gesturetune serve`) on
/// Hummingbird 2, the HTTP stack `record` uses.
///
/// Read-only by construction: the library is read from the store before the
/// server starts and the server holds no store; it answers GET and HEAD
/// only (anything else 405, with `Allow`). Off loopback it serves only
/// under a secret token, the first segment of every path — the scheme and
/// the refusal `record` uses (`StudyToken`: 128 random bits, compared in
/// constant time; 403 otherwise).
///
/// Routes (under `/TOKEN` when there is one):
/// - `GET /` — the run list, newest first; `GET /api/runs` as JSON;
/// - `GET /runs/ID` — the run's report; `GET /api/runs/ID` its model as JSON;
/// - `GET /compare/A/B`, `GET /api/compare/A/B` — two runs side by side;
/// - `GET /runs/ID/misfires?intent=&device=&user=&kind=&page=` — every held-out misfire;
/// - `GET /sessions/ID?run=ID` — one session replayed, with each recognizer's timeline.
package struct RunBrowserServer: Sendable {
    package struct Options: Sendable {
        package var host: String
        /// 0 picks a free port (reported once listening).
        package var port: Int
        /// The secret first path segment, or `nil` (loopback only).
        package var token: String?

        package init(host: String = "127.0.0.1", port: Int = 8090, token: String? = nil) {
            self.host = host
            self.port = port
            self.token = token
        }
    }

    /// What happened, for the terminal.
    package enum Event: Sendable {
        case listening(port: Int)
        /// The server's own error-level log line.
        case serverError(String)
    }

    package let library: RunLibrary
    package let options: Options

    package init(library: RunLibrary, options: Options) {
        self.library = library
        self.options = options
    }

    /// Whether `host` is a loopback address (127.0.0.0/8, ::1, localhost):
    /// the only addresses served without a token.
    package static func isLoopback(_ host: String) -> Bool {
        let h = host.lowercased()
        if h == "localhost" || h == "::1" || h == "[::1]" { return true }
        let parts = h.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// The refusal when a non-loopback address is asked for without a token.
    package static func tokenRequired(host: String) -> String {
        "--host \(host) is not a loopback address: anyone who reaches it could read every run and session; "
            + "add --token to serve under a random secret in the URL (as record does), or serve on 127.0.0.1"
    }

    /// Runs until SIGINT or SIGTERM.
    package func run(onEvent: @escaping @Sendable (Event) -> Void) async throws {
        let pages = RunPages(library: library, base: options.token.map { "/" + $0 } ?? "")
        let token = options.token
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            await Self.respond(to: request, token: token, pages: pages)
        }
        let logger = Logger(label: "gesturetune.serve") { _ in
            EventLogHandler { event in
                if case .serverError(let line) = event { onEvent(.serverError(line)) }
            }
        }
        let port = options.port
        let app = Application(
            responder: responder,
            configuration: .init(address: .hostname(options.host, port: options.port), serverName: "gesturetune"),
            onServerRunning: { channel in onEvent(.listening(port: channel.localAddress?.port ?? port)) },
            logger: logger)
        let services = ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        // Every run's held-out replay, newest first, before anyone asks (a
        // second or more on a large corpus): one run per turn on the library
        // (an actor), so a request waits for one replay at most.
        let library = self.library
        let warming = Task(priority: .utility) {
            for id in library.runs.compactMap(\.run.id) where !Task.isCancelled {
                _ = try? await library.analysis(id)
            }
        }
        defer { warming.cancel() }
        try await services.run()
    }

    // MARK: - Routing

    static func respond(to request: Request, token: String?, pages: RunPages) async -> Response {
        let isHead = request.method == .head
        guard request.method == .get || isHead else {
            var response = error(405, "gesturetune serve only reads: \(request.method.rawValue) is not allowed (GET, HEAD)")
            response.headers[.allow] = "GET, HEAD"
            return response
        }
        var parts = request.uri.path.split(separator: "/", omittingEmptySubsequences: true).map {
            String($0).removingPercentEncoding ?? String($0)
        }
        if let token {
            guard let first = parts.first, StudyToken.matches(Substring(first), token) else {
                return error(403, "a wrong or missing token: open the URL gesturetune serve printed")
            }
            parts.removeFirst()
        }
        let query = Self.query(request.uri.query)
        var response: Response
        do {
            response = try await pages.route(parts, query: query)
        } catch let failure as PageFailure {
            response = error(failure.status, failure.message)
        } catch {
            response = Self.error(500, "\(error)")
        }
        if isHead { response.body = .init(byteBuffer: ByteBuffer()) }
        return response
    }

    /// `a=1&b=x+y` as a dictionary (form encoding: `+` is a space).
    static func query(_ text: String?) -> [String: String] {
        guard let text, !text.isEmpty else { return [:] }
        var values: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ s: Substring) -> String {
                s.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(s)
            }
            guard let key = kv.first else { continue }
            values[decode(key)] = kv.count > 1 ? decode(kv[1]) : ""
        }
        return values
    }

    // MARK: - Responses

    /// Nothing leaves the page: no fetch, no frame, no outside resource;
    /// the inline style and the page's own inline script (by hash). The
    /// study server's headers, so both servers promise the same.
    static func headers(type: String, policy: String) -> HTTPFields {
        StudyServer.securityHeaders(policy: policy, type: type)
    }

    static func html(_ page: Page) -> Response {
        Response(
            status: .ok, headers: headers(type: "text/html; charset=utf-8", policy: page.contentSecurityPolicy),
            body: .init(byteBuffer: ByteBuffer(string: page.html)))
    }

    static let apiPolicy = "default-src 'none'; frame-ancestors 'none'"

    static func json(_ value: some Encodable) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return Response(
            status: .ok, headers: headers(type: "application/json", policy: apiPolicy),
            body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }

    static func error(_ status: Int, _ message: String) -> Response {
        struct Body: Encodable { var error: String }
        let data = (try? JSONEncoder().encode(Body(error: message))) ?? Data()
        return Response(
            status: .init(code: status), headers: headers(type: "application/json", policy: apiPolicy),
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// A page or API answer that cannot be given: its status and why.
struct PageFailure: Error {
    var status: Int
    var message: String

    static func notFound(_ what: String) -> PageFailure { PageFailure(status: 404, message: what) }
}
