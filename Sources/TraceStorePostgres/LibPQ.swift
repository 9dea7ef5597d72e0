import CLibPQ
import Foundation

// MARK: - libpq, in one place

/// One connection to a PostgreSQL server through libpq, PostgreSQL's own
/// client library. Every C call the store makes is in this file (as GRDB
/// keeps SQLite's): the rest of the module speaks SQL, text parameters and
/// `PGResult`s.
///
/// libpq's calls block, so the store makes them on a thread of their own
/// (`BlockingWork`), never on the cooperative pool. A
/// connection is used by one thread at a time — the store hands it out
/// (`Connections`) and takes it back — which is all libpq asks: the
/// library is thread-safe, one connection is not.
final class PGConnection: @unchecked Sendable {
    private let handle: OpaquePointer

    /// Connects with libpq's own parameters (`dbname` may be a whole
    /// `postgres://` URL, expanded by libpq: its options, `sslmode` among
    /// them, its password, then `PGPASSWORD`, `~/.pgpass`, service files).
    /// Later parameters override what the URL says.
    /// - Parameter parameters: libpq keywords and their values, in order.
    /// - Throws: `PostgresError` with libpq's reason (`PostgresError/user`:
    ///   who it tried to connect as).
    init(_ parameters: [(String, String)]) throws {
        let keywords = parameters.map { strdup($0.0) }, values = parameters.map { strdup($0.1) }
        defer { for pointer in keywords + values { free(pointer) } }
        let connection = (keywords.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { keys in
            (values.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { values in
                PQconnectdbParams(keys.baseAddress, values.baseAddress, 1)
            }
        }
        guard let connection else { throw PostgresError(message: "out of memory", connectionLost: false) }
        guard PQstatus(connection) == CONNECTION_OK else {
            let error = PostgresError(
                message: Self.text(PQerrorMessage(connection)), connectionLost: false,
                user: PQuser(connection).map { String(cString: $0) })
            PQfinish(connection)
            throw error
        }
        handle = connection
        // The server's notices (and the warning a server sends as it stops)
        // would go to stderr; a command says what went wrong in one line of
        // its own.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
    }

    deinit { PQfinish(handle) }

    /// Whether the connection can serve another operation: still up and
    /// outside any transaction.
    var isReusable: Bool { PQstatus(handle) == CONNECTION_OK && PQtransactionStatus(handle) == PQTRANS_IDLE }

    /// Whether the connection is encrypted (TLS).
    var usesTLS: Bool { PQsslInUse(handle) == 1 }

    /// Runs one statement with its parameters (`$1`, `$2`, … in `sql`),
    /// sent as text apart from the SQL: never spliced into it.
    /// - Parameters:
    ///   - sql: one statement.
    ///   - parameters: the values of `$1`…, as PostgreSQL's text input
    ///     reads them; `nil` is NULL.
    @discardableResult
    func execute(_ sql: String, _ parameters: [String?] = []) throws -> PGResult {
        let copies = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { for pointer in copies { free(pointer) } }
        let result = copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { values in
            PQexecParams(handle, sql, Int32(values.count), nil, values.baseAddress, nil, nil, 0)
        }
        return try check(result, expecting: [PGRES_COMMAND_OK, PGRES_TUPLES_OK])
    }

    /// Runs a script of statements separated by `;` (function bodies in
    /// `$$` included) in one round trip: the schema's migrations. No
    /// parameters.
    func run(script: String) throws {
        _ = try check(PQexec(handle, script), expecting: [PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY])
    }

    /// `COPY … FROM STDIN` of `text` (COPY's text format), sent in slices
    /// of a megabyte: one message per slice, not one of the whole file.
    /// - Parameters:
    ///   - sql: the `COPY table (columns) FROM STDIN` statement.
    ///   - text: the rows.
    func copy(_ sql: String, _ text: [UInt8]) throws {
        _ = try check(PQexec(handle, sql), expecting: [PGRES_COPY_IN])
        var sent = true
        text.withUnsafeBufferPointer { bytes in
            var start = 0
            while sent && start < bytes.count {
                let end = min(start + (1 << 20), bytes.count)
                let slice = UnsafeRawPointer(bytes.baseAddress! + start).assumingMemoryBound(to: CChar.self)
                sent = PQputCopyData(handle, slice, Int32(end - start)) == 1
                start = end
            }
        }
        // A failed send leaves the COPY to be ended with an error (libpq's
        // own message is the one to report).
        guard PQputCopyEnd(handle, sent ? nil : "send failed") == 1 else { throw failure(nil) }
        let result = PQgetResult(handle)
        while let extra = PQgetResult(handle) { PQclear(extra) }
        _ = try check(result, expecting: [PGRES_COMMAND_OK])
    }

    /// Runs a query through a cursor, `batch` rows at a time, so that a
    /// big result (every touch sample of a corpus) is never in memory
    /// whole. Inside a transaction (a cursor lives in one).
    /// - Parameters:
    ///   - sql: one query.
    ///   - batch: rows fetched at a time.
    ///   - body: called with each batch, in order.
    func forEachBatch(_ sql: String, batch: Int = 50_000, _ body: (PGResult) throws -> Void) throws {
        try execute("DECLARE gesturetune_rows NO SCROLL CURSOR FOR " + sql)
        while true {
            let rows = try execute("FETCH \(batch) FROM gesturetune_rows")
            if rows.count > 0 { try body(rows) }
            if rows.count < batch { break }
        }
        try execute("CLOSE gesturetune_rows")
    }

    /// `result` if its status is one of `expected`; else its error, the
    /// result freed.
    private func check(_ result: OpaquePointer?, expecting expected: [ExecStatusType]) throws -> PGResult {
        guard let result else { throw failure(nil) }
        if expected.contains(PQresultStatus(result)) { return PGResult(result) }
        let error = failure(result)
        PQclear(result)
        throw error
    }

    /// What went wrong: the server's message and SQLSTATE when it sent
    /// one, else libpq's (a connection lost, say).
    private func failure(_ result: OpaquePointer?) -> PostgresError {
        func field(_ code: Character) -> String? {
            guard let result, let value = PQresultErrorField(result, Int32(code.asciiValue!)) else { return nil }
            return String(cString: value)
        }
        return PostgresError(
            message: field("M") ?? Self.text(PQerrorMessage(handle)), sqlState: field("C"),
            connectionLost: PQstatus(handle) != CONNECTION_OK, user: PQuser(handle).map { String(cString: $0) })
    }

    /// A libpq message as text (libpq ends its messages with a newline).
    private static func text(_ message: UnsafePointer<CChar>?) -> String {
        (message.map { String(cString: $0) } ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// libpq's own reading of a connection string or URL: `nil` when it
    /// takes it, else its complaint (an option it does not know, a
    /// malformed URL).
    static func parseProblem(_ conninfo: String) -> String? {
        var message: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(conninfo, &message) else {
            defer { if let message { PQfreemem(message) } }
            return message.map { text(UnsafePointer($0)) } ?? "out of memory"
        }
        PQconninfoFree(options)
        return nil
    }
}

// MARK: - Results

/// A statement's rows, read in place from libpq's result (text format):
/// numbers parsed straight from its bytes, no string made for them.
final class PGResult {
    private let handle: OpaquePointer

    fileprivate init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { PQclear(handle) }

    /// The number of rows.
    var count: Int { Int(PQntuples(handle)) }

    /// The rows an INSERT, UPDATE or COPY touched.
    var affected: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }

    private func value(_ row: Int, _ column: Int) -> UnsafeMutablePointer<CChar>? {
        PQgetisnull(handle, Int32(row), Int32(column)) == 1 ? nil : PQgetvalue(handle, Int32(row), Int32(column))
    }

    func string(_ row: Int, _ column: Int) -> String? { value(row, column).map { String(cString: $0) } }

    func int(_ row: Int, _ column: Int) -> Int64? { value(row, column).map { strtoll($0, nil, 10) } }

    /// A float8 exactly: PostgreSQL prints the shortest text that reads
    /// back as the same bits (its default since version 12), and `strtod`
    /// reads it so (`NaN`, `Infinity` included).
    func double(_ row: Int, _ column: Int) -> Double? { value(row, column).map { strtod($0, nil) } }

    func bool(_ row: Int, _ column: Int) -> Bool? { value(row, column).map { $0.pointee == CChar(UInt8(ascii: "t")) } }
}

// MARK: - Errors

/// What libpq or the server said went wrong: the server's primary message
/// and SQLSTATE, or libpq's own message (no SQLSTATE) when the trouble was
/// on the way (refused, timed out, TLS, the connection lost).
struct PostgresError: Error {
    var message: String
    var sqlState: String? = nil
    /// A connection that was up broke (the server went away, the
    /// network, TLS): whatever libpq's words, the server closed it.
    var connectionLost: Bool
    /// Who the connection was for.
    var user: String? = nil
}
