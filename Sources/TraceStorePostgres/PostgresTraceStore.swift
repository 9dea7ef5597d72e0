import Foundation
import TraceStoreInterface

// MARK: - The team store on a PostgreSQL server

/// The store on a PostgreSQL server, for a team: several `ingest`s and
/// `record` servers writing at once, every reading command on the same
/// data. It keeps the promises the SQLite file (`TraceStore`) keeps:
/// one transaction per imported file, a file recognised by its SHA-256, a
/// session by its id and content hash, a database that is not a
/// gesturetune store refused untouched, and a newer schema refused naming
/// both versions.
///
/// Made for many writers: samples are keyed by (session, sequence), never
/// by a global counter; the schema is created and migrated under an
/// advisory lock; an import inserts its sessions, then COPYs their rows
/// straight into the tables, their references checked once per statement.
///
/// It speaks to the server through libpq (`PGConnection`): the URL's
/// options (`sslmode`, `sslrootcert`, `service`, …), `~/.pgpass` and every
/// authentication method are libpq's. Every connection attempt has a
/// deadline (libpq's `connect_timeout`): past it the store fails with
/// `URL: cannot connect (no answer within N s)`.
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
    package let access: StoreAccess
    /// How long a connection attempt may take.
    package let connectTimeout: Duration
    /// Connections open at once at most (a command uses one at a time; the
    /// second serves a `record` server's overlapping requests).
    package static let maximumConnections = 2

    let connections: Connections
    /// The next file of an `ingest` of several, read while this one is stored.
    let readAhead = ReadAhead()

    package var location: String { url.redacted }

    /// The application the identity row names.
    package static let application = "gesturetune"

    /// Connects, checks what the database is, and (read-write) creates or
    /// migrates the schema under an advisory lock.
    /// - Parameters:
    ///   - url: the server and database.
    ///   - access: read-write (created and migrated if needed) or read-only.
    ///   - connectTimeout: how long a connection attempt may take.
    /// - Throws: `StoreError`: cannot connect, not a gesturetune store, a
    ///   newer schema, an empty store opened read-only.
    package static func open(
        _ url: PostgresURL, access: StoreAccess = .readWrite, connectTimeout: Duration = .seconds(5)
    ) async throws -> PostgresTraceStore {
        let store = PostgresTraceStore(url: url, access: access, connectTimeout: connectTimeout)
        do {
            try await store.withConnection { connection in
                try Schema.prepare(connection, access: access, location: url.redacted)
            }
        } catch {
            await store.close()
            throw error
        }
        return store
    }

    private init(url: PostgresURL, access: StoreAccess, connectTimeout: Duration) {
        self.url = url
        self.access = access
        self.connectTimeout = connectTimeout
        connections = Connections(url: url, connectTimeout: connectTimeout, maximum: Self.maximumConnections)
    }

    package func close() async { await connections.close() }

    /// Runs `body`, which blocks in libpq, on a thread of its own with a
    /// connection of its own.
    func withConnection<T: Sendable>(_ body: @escaping @Sendable (PGConnection) throws -> T) async throws -> T {
        try await connections.with(body)
    }

    /// Runs `body` in a transaction of its own: committed when it returns,
    /// rolled back when it throws.
    func withTransaction<T: Sendable>(_ body: @escaping @Sendable (PGConnection) throws -> T) async throws -> T {
        try await withConnection { connection in try connection.inTransaction { try body(connection) } }
    }

    /// Throws unless the store was opened for writing.
    func requireWritable() throws {
        guard access == .readWrite else { throw StoreError("\(location): the store was opened read-only") }
    }
}

// MARK: - Connections

/// The store's connections: made when an operation needs one, at most
/// `maximum` open at once (an operation beyond waits for one to come back,
/// suspended, not blocking a thread), and one that comes back healthy and
/// outside any transaction kept for the next. Not a pool with policies:
/// libpq connections are cheap (a handshake, TLS and authentication:
/// milliseconds on a team's network), and the reuse is only so that a
/// command's dozen statements, or a `record` server's uploads, do not each
/// pay for one; the bound keeps a busy server under the database's own
/// `max_connections`.
actor Connections {
    let url: PostgresURL
    let connectTimeout: Duration
    let maximum: Int
    private var idle: [PGConnection] = []
    private var open = 0
    private var closed = false
    /// Operations waiting for a connection to come back, in arrival order.
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(url: PostgresURL, connectTimeout: Duration, maximum: Int) {
        self.url = url
        self.connectTimeout = connectTimeout
        self.maximum = maximum
    }

    /// Runs `body`, which blocks in libpq, on a thread of its own
    /// (`BlockingWork`) with a connection no one else is using.
    nonisolated func with<T: Sendable>(_ body: @escaping @Sendable (PGConnection) throws -> T) async throws -> T {
        let connection = try await lease()
        do {
            let result = try await BlockingWork.run { try body(connection) }
            await giveBack(connection)
            return result
        } catch {
            await giveBack(connection)
            throw error
        }
    }

    private func lease() async throws -> PGConnection {
        while !closed && idle.isEmpty && open >= maximum {
            await withCheckedContinuation { waiting.append($0) }
        }
        if closed { throw StoreError("\(url.redacted): the store was closed") }
        if let connection = idle.popLast() { return connection }
        open += 1
        do {
            let (url, connectTimeout) = (self.url, self.connectTimeout)
            return try await BlockingWork.run { try Self.connect(url, within: connectTimeout) }
        } catch {
            open -= 1
            wakeOne()
            throw error
        }
    }

    private func giveBack(_ connection: PGConnection) {
        if connection.isReusable && !closed { idle.append(connection) } else { open -= 1 }
        wakeOne()
    }

    private func wakeOne() {
        if !waiting.isEmpty { waiting.removeFirst().resume() }
    }

    /// Connects and authenticates within `connectTimeout` (libpq's
    /// `connect_timeout`, in whole seconds, at least 2: libpq's own floor),
    /// or fails saying why in one line.
    private static func connect(_ url: PostgresURL, within connectTimeout: Duration) throws -> PGConnection {
        let seconds = max(
            2,
            Int(
                (Double(connectTimeout.components.seconds)
                    + Double(connectTimeout.components.attoseconds) / 1e18).rounded(.up)))
        do {
            return try PGConnection([
                ("dbname", url.text),
                ("connect_timeout", String(seconds)),
                // Text in and out is UTF-8, whatever the server's default.
                ("client_encoding", "UTF8"),
                ("fallback_application_name", PostgresTraceStore.application)
            ])
        } catch let error as PostgresError {
            let why =
                error.message.contains("timeout expired")
                ? "no answer within \(seconds) s" : PostgresFailure.describe(error, user: error.user ?? url.user)
            throw StoreError("\(url.redacted): cannot connect (\(why))")
        }
    }

    /// Closes the idle connections; one in use closes when it comes back.
    func close() {
        closed = true
        open -= idle.count
        idle = []
        for operation in waiting { operation.resume() }
        waiting = []
    }
}

extension PGConnection {
    /// Runs `body` in a transaction: committed when it returns, rolled back
    /// when it throws (by the server itself when the connection is gone).
    func inTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            _ = try? execute("ROLLBACK")
            throw error
        }
    }
}

// MARK: - What went wrong, in one line

enum PostgresFailure {
    /// What went wrong in words a person can act on: "wrong password for
    /// user lab", "the server closed the connection", else the server's
    /// own message (and SQLSTATE), or libpq's first line without its
    /// "connection to server at … failed:" preamble.
    /// - Parameters:
    ///   - error: what libpq (or the store) threw.
    ///   - user: the user connecting, for the authentication failures.
    static func describe(_ error: any Error, user: String? = nil) -> String {
        if let error = error as? StoreError { return error.description }
        guard let error = error as? PostgresError else { return "\(error)" }
        let who = (user ?? error.user).map { " for user \($0)" } ?? ""
        if let state = error.sqlState {
            switch state {
            case "28P01": return "wrong password\(who)"
            case "57P01", "57P02", "57P03": return "the server is shutting down or starting (\(error.message))"
            default: return "\(error.message) (SQLSTATE \(state))"
            }
        }
        // libpq's own words: the server's, when it refused the connection,
        // come after "FATAL:" with no SQLSTATE.
        let message = oneLine(error.message)
        if message.contains("password authentication failed") { return "wrong password\(who)" }
        if message.contains("no password supplied") {
            return "the server asks for a password\(who): give it in PGPASSWORD or ~/.pgpass"
        }
        if message.lowercased().contains("connection refused") {
            return "connection refused: is the server running, on that host and port?"
        }
        // A broken connection: libpq words it by the layer that saw it
        // ("server closed the connection unexpectedly", or over TLS "SSL
        // SYSCALL error: EOF detected").
        if error.connectionLost { return "the server closed the connection" }
        return message
    }

    /// libpq's message as one line: the last attempt's (libpq names every
    /// host it tried), without "connection to server at "H", port P
    /// failed:" or the server's "FATAL:", the hint lines dropped.
    static func oneLine(_ message: String) -> String {
        var line = message.split(separator: "\n").last { !$0.hasPrefix("\t") && !$0.isEmpty }.map(String.init) ?? ""
        if line.hasPrefix("connection to server"), let failed = line.range(of: "failed: ") {
            line = String(line[failed.upperBound...])
        }
        for prefix in ["FATAL:", "ERROR:"] where line.hasPrefix(prefix) { line = String(line.dropFirst(prefix.count)) }
        return line.trimmingCharacters(in: .whitespaces)
    }
}
