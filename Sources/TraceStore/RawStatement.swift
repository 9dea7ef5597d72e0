import GRDB
import GRDBSQLite
import TraceStoreInterface

// MARK: - SQLite's C API, in one place

/// A prepared statement on one of GRDB's connections, bound and stepped
/// through SQLite's C API: the store's one door to `sqlite3_*`.
///
/// GRDB's `Statement` boxes every value into `StatementArguments` and every
/// row into a `Row`; on millions of samples that costs the import 2–3× and
/// the loader as much. This type keeps the bulk paths on the raw API while
/// owning the statement the way GRDB's does: prepared on creation, reset
/// after each execution, finalized when it goes away (no `close()` to forget
/// on an error path).
///
/// ```swift
/// let insert = try RawStatement(db, "INSERT INTO t(a, b) VALUES (?, ?)")
/// insert.bind(1, 42 as Int64)
/// insert.bind(2, 0.5)
/// try insert.execute()
/// try RawStatement(db, "SELECT a, b FROM t").forEachRow { row in print(row.int64(0), row.double(1)) }
/// ```
final class RawStatement {
    private let handle: OpaquePointer
    private let connection: OpaquePointer

    init(_ db: Database, _ sql: String) throws {
        guard let connection = db.sqliteConnection else { throw StoreError("the store is closed") }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw StoreError("cannot prepare \(sql): \(String(cString: sqlite3_errmsg(connection)))")
        }
        self.connection = connection
        self.handle = statement
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: Binding (parameters count from 1, as SQLite's do)

    @inline(__always) func bind(_ index: Int32, _ value: Int64) { sqlite3_bind_int64(handle, index, value) }

    @inline(__always) func bind(_ index: Int32, _ value: Double) { sqlite3_bind_double(handle, index, value) }

    /// NULL for nil.
    @inline(__always) func bind(_ index: Int32, _ value: Double?) {
        if let value { sqlite3_bind_double(handle, index, value) } else { sqlite3_bind_null(handle, index) }
    }

    // MARK: Running

    /// Runs a statement that returns no rows with the values bound, then
    /// resets it for the next ones.
    /// - Throws: `StoreError` with SQLite's message after `context`.
    @inline(__always) func execute(_ context: @autoclosure () -> String = "cannot write") throws {
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else {
            throw StoreError("\(context()): \(String(cString: sqlite3_errmsg(connection)))")
        }
    }

    /// Steps over the rows, handing each to `body` (valid only during the call).
    func forEachRow(_ body: (RawRow) throws -> Void) throws {
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                throw StoreError("cannot read: \(String(cString: sqlite3_errmsg(connection)))")
            }
            try body(RawRow(handle: handle))
        }
    }
}

/// The current row of a ``RawStatement``; columns count from 0, as SQLite's do.
struct RawRow {
    fileprivate let handle: OpaquePointer

    @inline(__always) func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    @inline(__always) func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    /// nil for NULL.
    @inline(__always) func optionalDouble(_ column: Int32) -> Double? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : sqlite3_column_double(handle, column)
    }
}

// MARK: - Which SQLite

extension TraceStore {
    /// The version of the SQLite library linked at run time (e.g. `3.40.1`),
    /// for reports that must say how they were made.
    package static var sqliteVersion: String { String(cString: sqlite3_libversion()) }
}
