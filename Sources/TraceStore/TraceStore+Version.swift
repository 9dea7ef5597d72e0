import GRDBSQLite

// MARK: - Which SQLite

extension TraceStore {
    /// The version of the SQLite library linked at run time (e.g. `3.40.1`),
    /// for reports that must say how they were made.
    package static var sqliteVersion: String { String(cString: sqlite3_libversion()) }
}
