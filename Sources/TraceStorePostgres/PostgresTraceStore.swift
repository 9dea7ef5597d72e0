import Foundation
import Logging
import NIOCore
import PostgresNIO
import TraceStore

// MARK: - The team store on a PostgreSQL server

/// The store on a PostgreSQL server, for a team: several `ingest`s and
/// `record` servers writing at once, every reading command on the same
/// data. It keeps the promises the SQLite file (``TraceStore``) keeps:
/// one transaction per imported file, a file recognised by its SHA-256, a
/// session by its id and content hash, a database that is not a
/// gesturetune store refused untouched, and a newer schema refused naming
/// both versions.
///
/// Made for many writers: samples are keyed by (session, sequence), never
/// by a global counter; the schema is created and migrated under an
/// advisory lock; an import stages its rows with COPY and merges them in
/// one set-based statement per table.
///
/// Every connection attempt has its own deadline (postgres-nio would wait
/// for ever on a server that does not answer): past it the store fails
/// with `URL: cannot connect (…)`. Connections are made when needed and
/// kept for the store's life: at most ``maximumConnections``, none at rest.
///
/// ```swift
/// let store = try await PostgresTraceStore.open(try PostgresURL("postgres://lab@127.0.0.1:5432/study"))
/// _ = try await store.ingest(path: "a.jsonl")
/// await store.close()
/// ```
package final class PostgresTraceStore: TraceStoring {
    /// The server, database and user.
    package let url: PostgresURL
    /// How the store was opened (read-only never writes).
    package let access: TraceStore.Access
    /// How long a connection attempt may take.
    package let connectTimeout: Duration
    /// Connections held at most (a command uses one at a time; the rest
    /// serve a `record` server's overlapping reads).
    package static let maximumConnections = 2

    let pool: ConnectionPool

    package var location: String { url.redacted }

    /// The application the identity row names.
    package static let application = "gesturetune"

    /// Connects, checks what the database is, and (read-write) creates or
    /// migrates the schema under an advisory lock.
    /// - Parameters:
    ///   - url: the server and database.
    ///   - access: read-write (created and migrated if needed) or read-only.
    ///   - connectTimeout: how long a connection attempt may take.
    /// - Throws: ``StoreError``: cannot connect, not a gesturetune store, a
    ///   newer schema, an empty store opened read-only.
    package static func open(
        _ url: PostgresURL, access: TraceStore.Access = .readWrite, connectTimeout: Duration = .seconds(5)
    ) async throws -> PostgresTraceStore {
        let store = PostgresTraceStore(url: url, access: access, connectTimeout: connectTimeout)
        do {
            try await store.pool.withConnection { connection in
                try await Schema.prepare(connection, access: access, location: url.redacted)
            }
        } catch {
            await store.close()
            throw error
        }
        return store
    }

    private init(url: PostgresURL, access: TraceStore.Access, connectTimeout: Duration) {
        self.url = url
        self.access = access
        self.connectTimeout = connectTimeout
        pool = ConnectionPool(url: url, connectTimeout: connectTimeout, maximum: Self.maximumConnections)
    }

    package func close() async { await pool.close() }

    /// Throws unless the store was opened for writing.
    func requireWritable() throws {
        guard access == .readWrite else { throw StoreError("\(location): the store was opened read-only") }
    }

    static let logger: Logger = {
        var logger = Logger(label: "gesturetune.postgres")
        logger.logLevel = .critical
        return logger
    }()
}

// MARK: - Connections

/// At most `maximum` connections, made when first needed (with a
/// deadline) and reused; a connection that broke is dropped and made anew
/// on the next lease. Leases are served in the order asked.
actor ConnectionPool {
    let url: PostgresURL
    let connectTimeout: Duration
    let maximum: Int
    private var idle: [PostgresConnection] = []
    private var open = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var closed = false
    private var nextID = 0

    init(url: PostgresURL, connectTimeout: Duration, maximum: Int) {
        self.url = url
        self.connectTimeout = connectTimeout
        self.maximum = maximum
    }

    /// Runs `body` with a connection of its own; fails, whatever `body`
    /// awaits, once the connection has closed (``Deadline/run(untilClosed:_:)``).
    func withConnection<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        let connection = try await lease()
        do {
            let result = try await Deadline.run(untilClosed: connection) { try await body(connection) }
            giveBack(connection)
            return result
        } catch {
            giveBack(connection)
            throw error
        }
    }

    /// Runs `body` in a transaction of its own: committed when it returns,
    /// rolled back when it throws.
    func withTransaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await withConnection { connection in
            _ = try await connection.query("BEGIN", logger: PostgresTraceStore.logger)
            do {
                let result = try await body(connection)
                _ = try await connection.query("COMMIT", logger: PostgresTraceStore.logger)
                return result
            } catch {
                // A closed connection's transaction is rolled back by the server.
                if !connection.isClosed { _ = try? await connection.query("ROLLBACK", logger: PostgresTraceStore.logger) }
                throw error
            }
        }
    }

    private func lease() async throws -> PostgresConnection {
        while true {
            if closed { throw StoreError("\(url.redacted): the store was closed") }
            if let connection = idle.popLast() {
                if !connection.isClosed { return connection }
                open -= 1
                continue
            }
            if open < maximum {
                open += 1
                do {
                    nextID += 1
                    return try await connect(id: nextID)
                } catch {
                    open -= 1
                    wakeOne()
                    throw error
                }
            }
            await withCheckedContinuation { waiting.append($0) }
        }
    }

    private func giveBack(_ connection: PostgresConnection) {
        if connection.isClosed || closed {
            open -= 1
            if !connection.isClosed { Task { try? await connection.close() } }
        } else {
            idle.append(connection)
        }
        wakeOne()
    }

    private func wakeOne() {
        if !waiting.isEmpty { waiting.removeFirst().resume() }
    }

    /// Connects and authenticates within ``connectTimeout``, or fails
    /// saying why in one line. A connection that arrives after the deadline
    /// is closed.
    private func connect(id: Int) async throws -> PostgresConnection {
        var configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
            tls: .disable)
        let nanoseconds =
            connectTimeout.components.seconds * 1_000_000_000 + connectTimeout.components.attoseconds / 1_000_000_000
        configuration.options.connectTimeout = TimeAmount.nanoseconds(nanoseconds)
        let location = url.redacted
        let seconds = Double(nanoseconds) / 1e9
        let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        let settings = configuration
        do {
            return try await Deadline.run(after: connectTimeout) {
                try await PostgresConnection.connect(configuration: settings, id: id, logger: PostgresTraceStore.logger)
            } late: { connection in
                try? await connection.close()
            }
        } catch is Deadline.Expired {
            throw StoreError("\(location): cannot connect (no answer within \(shown) s)")
        } catch {
            throw StoreError("\(location): cannot connect (\(PostgresFailure.describe(error, user: url.user)))")
        }
    }

    func close() async {
        closed = true
        let connections = idle
        idle = []
        open -= connections.count
        for connection in connections { try? await connection.close() }
        while !waiting.isEmpty { wakeOne() }
    }
}

// MARK: - Deadlines

/// Races `body` against a clock, or against its connection's closing,
/// without waiting for the loser: a connect that never returns (an
/// unreachable host, a server that never answers) or a statement whose
/// connection is gone is left behind, not awaited.
enum Deadline {
    struct Expired: Error {}

    /// `body`'s result, or ``Expired`` once `duration` has passed.
    static func run<T: Sendable>(
        after duration: Duration, _ body: @escaping @Sendable () async throws -> T,
        late: @escaping @Sendable (T) async -> Void
    ) async throws -> T {
        let once = Once<T>()
        return try await withCheckedThrowingContinuation { continuation in
            once.set(continuation)
            let work = Task {
                do {
                    let value = try await body()
                    if !once.resume(.success(value)) { await late(value) }
                } catch {
                    once.resume(.failure(error))
                }
            }
            Task {
                try? await Task.sleep(for: duration)
                if once.resume(.failure(Expired())) { work.cancel() }
            }
        }
    }

    /// The connection closed under a statement that never ended.
    struct ConnectionLost: Error {}

    /// `body`'s result, or ``ConnectionLost`` once `connection` has closed
    /// with `body` still waiting: postgres-nio can leave a statement
    /// waiting for ever on a connection the server closed under it (a
    /// server stopped mid-import), and a command must fail, not hang. A
    /// second's grace lets postgres-nio's own error, which may carry the
    /// server's message, come first. The closing is polled while `body`
    /// runs, not watched with a callback: callbacks on a connection a
    /// `record` server keeps would pile up, one per use.
    static func run<T: Sendable>(
        untilClosed connection: PostgresConnection, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let once = Once<T>()
        return try await withCheckedThrowingContinuation { continuation in
            once.set(continuation)
            let watch = Task {
                while !Task.isCancelled, !connection.isClosed { try? await Task.sleep(for: .milliseconds(100)) }
                guard !Task.isCancelled else { return }
                try? await Task.sleep(for: .seconds(1))
                once.resume(.failure(ConnectionLost()))
            }
            Task {
                let result: Result<T, any Error>
                do { result = .success(try await body()) } catch { result = .failure(error) }
                watch.cancel()
                once.resume(result)
            }
        }
    }

    /// Resumes a continuation once, whoever comes first.
    final class Once<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<T, any Error>?
        private var done = false

        func set(_ continuation: CheckedContinuation<T, any Error>) {
            lock.withLock { self.continuation = continuation }
        }

        /// Whether this call was the one that resumed it.
        @discardableResult
        func resume(_ result: Result<T, any Error>) -> Bool {
            let continuation: CheckedContinuation<T, any Error>? = lock.withLock {
                guard !done else { return nil }
                done = true
                defer { self.continuation = nil }
                return self.continuation
            }
            continuation?.resume(with: result)
            return continuation != nil
        }
    }
}

// MARK: - What went wrong, in one line

enum PostgresFailure {
    /// What went wrong in words a person can act on: "wrong password for
    /// user lab", "the server closed the connection", else the server's
    /// own message (and SQLSTATE), or the network's (`connection refused`).
    /// Never postgres-nio's or NIO's type and case names
    /// (`authMechanismRequiresPassword`, `NIOConnectionError(…)`).
    /// - Parameters:
    ///   - error: what postgres-nio (or the store) threw.
    ///   - user: the user connecting, for the authentication failures.
    static func describe(_ error: any Error, user: String? = nil) -> String {
        if let error = error as? StoreError { return error.description }
        if error is Deadline.ConnectionLost { return "the server closed the connection" }
        guard let error = error as? PSQLError else { return network("\(error)") }
        let who = user.map { " for user \($0)" } ?? ""
        if let info = error.serverInfo, let message = info[.message] {
            switch info[.sqlState] {
            case "28P01": return "wrong password\(who)"
            case "57P01", "57P02", "57P03": return "the server is shutting down or starting (\(message))"
            default: return message + (info[.sqlState].map { " (SQLSTATE \($0))" } ?? "")
            }
        }
        switch error.code {
        case .serverClosedConnection, .uncleanShutdown: return "the server closed the connection"
        case .clientClosedConnection: return "the connection was closed"
        case .authMechanismRequiresPassword:
            return "the server asks for a password\(who): give it in PGPASSWORD or ~/.pgpass"
        case .unsupportedAuthMechanism:
            return "the server asks for an authentication method gesturetune does not speak (use scram-sha-256 or md5)"
        case .saslError: return "the password exchange failed\(who)"
        case .sslUnsupported, .failedToAddSSLHandler, .receivedUnencryptedDataAfterSSLRequest:
            return "TLS failed (the store connects without TLS, on loopback or a trusted network)"
        default:
            if let underlying = error.underlying { return network("\(underlying)") }
            return "an answer gesturetune did not expect from the server (\(error.code))"
        }
    }

    /// A network error by its errno, as the system words it
    /// (`connection refused`), without NIO's wrapping; the text as it is
    /// when it names none.
    static func network(_ text: String) -> String {
        guard let range = text.range(of: #"errno: ([0-9]+)"#, options: .regularExpression),
            let code = Int32(text[range].dropFirst("errno: ".count))
        else { return text }
        let words = String(cString: strerror(code)).lowercased()
        return code == ECONNREFUSED ? "\(words): is the server running, on that host and port?" : words
    }

    /// The SQLSTATE of a server error.
    static func sqlState(_ error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState]
    }
}
