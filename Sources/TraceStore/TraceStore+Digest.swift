import Digests
import GRDB
import TraceStoreInterface

// MARK: - A fingerprint of everything stored

extension TraceStore {
    /// The tables ``contentDigest()`` covers.
    package static let tables = StoreTable.traces.map(\.rawValue)

    /// SHA-256 over every value of every row of every table, in id order:
    /// equal digests mean equal content. Tests use it to prove a failed
    /// import changed nothing, and a migration that renamed columns kept
    /// every row (so the values are hashed, not the columns' names).
    ///
    /// ```swift
    /// let before = try store.contentDigest()
    /// _ = try? store.ingest(path: "broken.jsonl")
    /// assert(try store.contentDigest() == before)
    /// ```
    package func contentDigest() throws -> String {
        try pool.read { db in
            var sha = SHA256()
            for table in Self.tables {
                sha.update(data: Array(table.utf8))
                let rows = try Row.fetchCursor(db, sql: "SELECT * FROM \(table) ORDER BY id")
                while let row = try rows.next() {
                    let values = row.databaseValues.map(\.description).joined(separator: " ")
                    sha.update(data: Array("[\(values)]".utf8))
                }
            }
            return sha.finalize().lowercaseHex
        }
    }

    /// Row counts of every table.
    package func tableCounts() throws -> [String: Int] {
        try pool.read { db in
            var counts: [String: Int] = [:]
            for table in Self.tables { counts[table] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
            return counts
        }
    }

    /// `PRAGMA integrity_check`: "ok" when the file is sound.
    package func integrityCheck() throws -> String {
        try pool.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "\n") }
    }
}
