import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

// MARK: - The study's HTTP server

/// Serves the study page and stores the sessions phones post, on
/// Hummingbird 2 (SwiftNIO underneath; kept by the Swift Server Workgroup).
///
/// Routes, all under the study's secret token:
/// - `GET /study/TOKEN` — the page, with a strict Content-Security-Policy;
/// - `POST /study/TOKEN/sessions` — one session as canonical JSON Lines:
///   201 stored, 200 stored before (a retry), 400 rejected by the
///   validator (`upload:LINE: message (field)`), 409 a session id stored
///   with other content, 411 without a declared length, 413 too large,
///   415 compressed.
///
/// Every request first passes the per-address rate limit (429) and the
/// token check (403): a refused request never reaches the store. Before
/// either, every connection is under ``Limits``' deadlines
/// (`ConnectionGuard`) and their number under a cap, so slow or idle
/// clients cannot starve the others.
package struct StudyServer: Sendable {
    package struct Options: Sendable {
        package var host: String
        /// 0 picks a free port (the chosen one is reported once listening).
        package var port: Int
        package var maxUploadBytes: Int
        package var requestsPerMinute: Int
        package var limits: Limits

        package init(
            host: String = "0.0.0.0", port: Int = 8080, maxUploadBytes: Int = 8 << 20, requestsPerMinute: Int = 300,
            limits: Limits = Limits()
        ) {
            self.host = host
            self.port = port
            self.maxUploadBytes = maxUploadBytes
            self.requestsPerMinute = requestsPerMinute
            self.limits = limits
        }
    }

    /// How long a client may take, how many may be connected, and how long
    /// a shutdown waits for the uploads in flight.
    package struct Limits: Sendable {
        /// A connection's first request head, complete, from the connection's opening.
        package var headTimeout: Duration
        /// A request's whole body, from its head. A session upload is
        /// tens to hundreds of KiB: a minute is ample on a weak signal.
        package var bodyTimeout: Duration
        /// An unused keep-alive connection, from its last response.
        package var idleTimeout: Duration
        /// Connections held at once; past it, a new one closes the one
        /// that has waited longest for a request (`ConnectionLimit`).
        package var maxConnections: Int
        /// After SIGINT/SIGTERM: how long uploads in flight may still
        /// finish before their connections are closed.
        package var shutdownGrace: Duration

        package init(
            headTimeout: Duration = .seconds(10), bodyTimeout: Duration = .seconds(60),
            idleTimeout: Duration = .seconds(15), maxConnections: Int = Limits.defaultMaxConnections,
            shutdownGrace: Duration = .seconds(3)
        ) {
            self.headTimeout = headTimeout
            self.bodyTimeout = bodyTimeout
            self.idleTimeout = idleTimeout
            self.maxConnections = maxConnections
            self.shutdownGrace = shutdownGrace
        }

        /// 512, or fewer where the process may open fewer files: every
        /// connection is a descriptor, and the store, its journal, the
        /// spooled uploads and the listening socket need some too (64 kept).
        package static var defaultMaxConnections: Int {
            var limit = rlimit()
            guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < 1 << 20 else { return 512 }
            return max(8, min(512, Int(limit.rlim_cur) - 64))
        }
    }

    /// What happened, for the terminal.
    package enum Event: Sendable {
        case listening(port: Int)
        case stored(UploadIngester.Stored, StudyTally.Counts)
        case refused(status: Int, message: String, address: String, StudyTally.Counts)
        /// The server's own error-level log line (Hummingbird's), for the
        /// terminal to print in the command's voice, not swift-log's.
        case serverError(String)
        /// A connection closed for missing one of ``Limits``' deadlines.
        case timedOut(ConnectionDeadline, seconds: Double, address: String)
        /// The server was full (`open` connections): the connection that had
        /// waited longest for a request was closed to make room.
        case crowdedOut(address: String, open: Int)
        /// A signal asked the server to stop: it stopped accepting, and
        /// closes what is still open after `grace` seconds (at once on a
        /// second signal).
        case stopping(signal: String, open: Int, grace: Double)
        /// The grace period ended (or a second signal came) with
        /// connections still open: they were closed.
        case closedOnStop(connections: Int, signal: String?)
    }

    package let token: String
    package let page: StudyPage
    package let ingester: UploadIngester
    package let options: Options
    package let tally = StudyTally()

    package init(token: String, page: StudyPage, ingester: UploadIngester, options: Options) {
        self.token = token
        self.page = page
        self.ingester = ingester
        self.options = options
    }

    /// The page's path (the participant URL is `http://HOST:PORT` + this).
    package var pagePath: String { "/study/\(token)" }
    package var uploadPath: String { "/study/\(token)/sessions" }

    /// Runs until SIGINT or SIGTERM. The first signal stops accepting and
    /// lets uploads in flight finish for ``Limits/shutdownGrace``; then (or
    /// at once, on a second signal) every connection still open is closed.
    /// A closed upload is never stored in part (its body is checked against
    /// its declared length), and every session the server acknowledged was
    /// committed before its acknowledgement, so nothing is lost or half-stored.
    package func run(onEvent: @escaping @Sendable (Event) -> Void) async throws {
        let router = Router(context: StudyRequestContext.self)
        router.add(
            middleware: Gate(
                token: token, limiter: RateLimiter(perMinute: options.requestsPerMinute), tally: tally, onEvent: onEvent))
        let page = self.page
        router.get("study/:token") { _, _ in
            Response(
                status: .ok,
                headers: Self.securityHeaders(policy: page.contentSecurityPolicy, type: "text/html; charset=utf-8"),
                body: .init(byteBuffer: ByteBuffer(string: page.html)))
        }
        let ingester = self.ingester, tally = self.tally, limit = options.maxUploadBytes
        router.post("study/:token/sessions") { request, context in
            do {
                let body = try await Self.collect(request, limit: limit)
                let stored = try await ingester.ingest(body)
                let counts =
                    stored.stored
                    ? tally.stored(participant: stored.participant, trials: stored.trials, touches: stored.touches)
                    : tally.repeated()
                onEvent(.stored(stored, counts))
                return try Self.json(stored, status: stored.stored ? .created : .ok)
            } catch let refusal as UploadRefusal {
                onEvent(
                    .refused(status: refusal.status, message: refusal.message, address: context.remoteAddress, tally.refused()))
                return Self.refusal(refusal)
            }
        }
        // The terminal shows the study's own lines; the server's errors
        // reach it as events, so they are printed in the same voice.
        let logger = Logger(label: "gesturetune.record") { _ in EventLogHandler(onEvent: onEvent) }
        let limits = options.limits
        let connections = OpenConnections()
        let app = Application(
            router: router,
            server: .http1(
                configuration: .init(additionalChannelHandlers: [
                    ConnectionGuard(limits: limits, registry: connections) { deadline, after, address in
                        onEvent(.timedOut(deadline, seconds: after.seconds, address: address))
                    }
                ])),
            configuration: .init(
                address: .hostname(options.host, port: options.port), serverName: "gesturetune",
                availableConnectionsDelegate: ConnectionLimit(
                    maxConnections: limits.maxConnections, registry: connections,
                    onCrowdedOut: { address in onEvent(.crowdedOut(address: address, open: limits.maxConnections)) })),
            onServerRunning: { channel in onEvent(.listening(port: channel.localAddress?.port ?? options.port)) },
            logger: logger)
        // Signals are the study's, not ServiceLifecycle's: its graceful
        // shutdown waits for every request, and a stalled upload never ends.
        let services = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let signals = ShutdownSignals()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                var waiting = signals.stream.makeAsyncIterator()
                guard let first = await waiting.next() else { return }
                onEvent(.stopping(signal: first, open: connections.count, grace: limits.shutdownGrace.seconds))
                await services.triggerGracefulShutdown()
                let graceOver = Task {
                    try await Task.sleep(for: limits.shutdownGrace)
                    let closed = connections.closeAll()
                    if closed > 0 { onEvent(.closedOnStop(connections: closed, signal: nil)) }
                }
                defer { graceOver.cancel() }
                guard let second = await waiting.next() else { return }
                graceOver.cancel()
                onEvent(.closedOnStop(connections: connections.closeAll(), signal: second))
            }
            // The server's own outcome (a port in use, say) is the command's;
            // ending the signals' stream ends the task that waits on them.
            defer { signals.finish() }
            try await services.run()
        }
    }

    // MARK: - Bodies

    /// The body, refused with 413 past `limit` bytes (by its declared
    /// length before reading, else as it arrives). A large body is drained
    /// up to a bound so the client reads the 413 instead of a reset.
    ///
    /// An upload must declare its length (411 otherwise) and arrive whole:
    /// when a connection closes mid-body (the client gave up, a deadline,
    /// a shutdown) Hummingbird ends the body as if it were complete, and a
    /// session cut at a line break would validate. It must be plain text
    /// (415 for any `Content-Encoding`: a compressed body is not decoded).
    static func collect(_ request: Request, limit: Int) async throws -> Data {
        if let encoding = request.headers[.contentEncoding], encoding.lowercased() != "identity" {
            throw UploadRefusal(
                415, "an upload is plain UTF-8 JSON Lines; Content-Encoding \(encoding) is not accepted (send it uncompressed)")
        }
        guard let declared = request.headers[.contentLength].flatMap(Int.init), declared >= 0 else {
            throw UploadRefusal(411, "an upload declares its length (Content-Length); chunked uploads are not accepted")
        }
        let tooLarge = UploadRefusal(413, "an upload is at most \(limit) bytes")
        let declaredTooLarge = declared > limit
        var collected = Data()
        var seen = 0
        for try await chunk in request.body {
            seen += chunk.readableBytes
            if declaredTooLarge || seen > limit {
                if seen > 16 * limit + (1 << 20) { break }
                continue
            }
            collected.append(contentsOf: chunk.readableBytesView)
        }
        if declaredTooLarge || seen > limit { throw tooLarge }
        guard collected.count == declared else {
            throw UploadRefusal(400, "the upload ended after \(collected.count) of its \(declared) bytes; nothing was stored")
        }
        return collected
    }

    // MARK: - Responses

    /// The headers of every page and answer the project serves (the study
    /// and `serve`'s run browser): nothing sniffed, referred on or cached.
    package static func securityHeaders(policy: String, type: String) -> HTTPFields {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.init("Content-Security-Policy")!] = policy
        headers[.init("X-Content-Type-Options")!] = "nosniff"
        // The token is in the URL: never send it on.
        headers[.init("Referrer-Policy")!] = "no-referrer"
        headers[.cacheControl] = "no-store"
        return headers
    }

    static let apiPolicy = "default-src 'none'; frame-ancestors 'none'"

    static func json(_ value: some Encodable, status: HTTPResponse.Status) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Response(
            status: status, headers: securityHeaders(policy: apiPolicy, type: "application/json"),
            body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }

    static func refusal(_ refusal: UploadRefusal, retryAfter: Int? = nil) -> Response {
        struct Body: Encodable { var error: String }
        var response =
            (try? json(Body(error: refusal.message), status: .init(code: refusal.status)))
            ?? Response(status: .init(code: refusal.status))
        if let retryAfter = retryAfter ?? refusal.retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }
}

extension Duration {
    /// In seconds, as the terminal and `--json` say it.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

// MARK: - Rate limit and token, before anything else

/// Admits a request only from an address within its rate, and only under
/// the study's token; everything else is answered here.
struct Gate: RouterMiddleware {
    typealias Context = StudyRequestContext
    let token: String
    let limiter: RateLimiter
    let tally: StudyTally
    let onEvent: @Sendable (StudyServer.Event) -> Void

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        if let wait = limiter.admit(context.remoteAddress) {
            return refuse(
                UploadRefusal(429, "too many requests from \(context.remoteAddress); retry in \(wait) s"),
                context: context, retryAfter: wait)
        }
        let parts = request.uri.path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[0] == "study", StudyToken.matches(parts[1], token) else {
            return refuse(
                UploadRefusal(403, "a wrong or missing study token: open the participant URL the study printed"),
                context: context)
        }
        return try await next(request, context)
    }

    private func refuse(_ refusal: UploadRefusal, context: Context, retryAfter: Int? = nil) -> Response {
        onEvent(.refused(status: refusal.status, message: refusal.message, address: context.remoteAddress, tally.refused()))
        return StudyServer.refusal(refusal, retryAfter: retryAfter)
    }
}

/// Hummingbird's request context plus the client's address (for the rate limit).
struct StudyRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: String

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }
}

// MARK: - The server's log, as events

/// A swift-log handler that turns the server's error-level lines into
/// ``StudyServer/Event/serverError(_:)`` events (below `.error` nothing:
/// the study's own lines say what happened).
package struct EventLogHandler: LogHandler {
    let onEvent: @Sendable (StudyServer.Event) -> Void
    package var logLevel: Logger.Level = .error
    package var metadata: Logger.Metadata = [:]
    package var metadataProvider: Logger.MetadataProvider?

    package init(onEvent: @escaping @Sendable (StudyServer.Event) -> Void) { self.onEvent = onEvent }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        onEvent(.serverError(event.message.description))
    }
}
