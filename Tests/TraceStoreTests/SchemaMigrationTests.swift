import Foundation
import GRDB
import Testing
import TraceModel
import TraceStoreInterface

@testable import TraceStore

// MARK: - Helpers

/// A store holding the Flutter fixture and one optimizer run (an infinite
/// objective among its history, stored as NULL).
private func storeWithRun(in dir: URL) async throws -> TraceStore {
    let store = try TraceStore(path: dir.appendingPathComponent("current.sqlite").path)
    _ = try await store.ingest(path: flutter)
    let run = RunRecord(
        createdAt: "2026-12-02T04:00:00Z", seed: 7, commandLine: "gesturetune optimize --seed 7",
        corpusFingerprint: try await store.corpusFingerprint(sessionIDs: nil), scene: "epilogue", evaluations: 2,
        seconds: 0.5, baselineHoldoutMisfireRate: 0.25, tunedHoldoutMisfireRate: 0.125, verdict: "better",
        parameters: [RunParameter(name: "tap.slop", baseline: 10, tuned: 12.5, lower: 4, upper: 24)],
        history: [
            RunHistoryPoint(
                evaluation: 0, phase: "start", temperature: 1, exact: 0.3, surrogate: 0.31, violation: 0, bestSoFar: 0.3),
            RunHistoryPoint(
                evaluation: 1, phase: "anneal", temperature: 0.5, exact: .infinity, surrogate: .infinity,
                violation: .infinity, bestSoFar: nil)
        ],
        resultJSON: Data(#"{"seed":7}"#.utf8))
    _ = try await store.saveRun(run) { _ in nil }
    return store
}

/// A store file of schema `version` (2: camelCase tables and columns; 3:
/// snake_case tables, camelCase columns) holding every row `current`
/// holds. Its tables are made by that version's own migrations (shipped
/// DDL, never edited), and the rows copied across column by column in
/// order: a renamed column keeps its place, so nothing here names one.
private func olderStoreFile(version: Int, copying current: TraceStore, in dir: URL) throws -> String {
    let path = dir.appendingPathComponent("v\(version).sqlite").path
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
        try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        for migration in TraceStore.migrations.prefix(version) {
            try migration.migrate(db)
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES (?)", arguments: [migration.identifier])
        }
        try db.execute(sql: "PRAGMA application_id = \(TraceStore.applicationID); PRAGMA user_version = \(version)")
    }
    // Attached only now: the migrations must see this file's tables alone.
    try queue.inDatabase { db in
        try db.execute(sql: "ATTACH DATABASE ? AS current", arguments: [current.path])
        try db.inTransaction {
            for table in StoreTable.allCases {
                let renamed = TraceStore.renamedTables.first { $0.new == table }?.old
                let name = version < 3 ? renamed ?? table.rawValue : table.rawValue
                try db.execute(sql: "INSERT INTO main.\(name) SELECT * FROM current.\(table) ORDER BY rowid")
            }
            return .commit
        }
        try db.execute(sql: "DETACH DATABASE current")
    }
    try queue.close()
    return path
}

/// Every table's columns (name, type, NOT NULL, default, primary key
/// place, in order) and every index (name, table, columns), as SQLite
/// describes the file.
private func schema(_ db: Database) throws -> [String] {
    var lines: [String] = []
    let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    for table in tables {
        for column in try db.columns(in: table) {
            lines.append(
                "\(table).\(column.name) \(column.type) notnull=\(column.isNotNull) "
                    + "default=\(column.defaultValueSQL ?? "-") pk=\(column.primaryKeyIndex)")
        }
        for index in try db.indexes(on: table) {
            lines.append("index \(index.name) on \(table)(\(index.columns.joined(separator: ", ")))")
        }
    }
    return lines.sorted()
}

// MARK: - Older schemas

@Suite("Schema migrations: older stores open as the current version, every row intact")
struct SchemaMigrationTests {
    @Test(
        "a store of schema version 2 or 3 (camelCase columns) becomes the current version, content and digest unchanged",
        arguments: [2, 3])
    func olderSchema(version: Int) async throws {
        let dir = try temporaryDirectory()
        let current = try await storeWithRun(in: dir)
        let sessions = try await current.loadSessions()
        let statistics = try await current.statistics()
        let run = try await current.latestRun(kind: RunRecord.optimizeKind)
        let fingerprint = try await current.corpusFingerprint(sessionIDs: nil)
        let digest = try current.contentDigest()
        let counts = try current.tableCounts()
        let currentSchema = try current.read { db in try schema(db) }

        let path = try olderStoreFile(version: version, copying: current, in: dir)
        let old = try DatabaseQueue(path: path)
        let oldSchema = try await old.read { db in try schema(db) }
        try old.close()
        // It is the older schema: its columns (and, for 2, its tables) as that version spelt them.
        #expect(oldSchema.contains { $0.hasPrefix("imports.fileName ") })
        #expect(oldSchema.contains { $0.hasPrefix("sessions.touchFirst ") })
        #expect(oldSchema.contains { $0.hasPrefix("index sessionsByScene ") })
        #expect(oldSchema.contains { $0.hasPrefix(version == 2 ? "touchSamples.id " : "touch_samples.id ") })

        // A reading open upgrades a store it may write, as any writing command would.
        let store = try TraceStore(path: path, access: .readOnly)
        #expect(try store.read { db in try schema(db) } == currentSchema)
        #expect(try store.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") } == TraceStore.schemaVersion)
        #expect(
            try store.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY 1") }
                == TraceStore.migrations.map(\.identifier))
        #expect(try store.tableCounts() == counts)
        #expect(try store.contentDigest() == digest)
        #expect(try await store.loadSessions() == sessions)
        #expect(try await store.statistics() == statistics)
        #expect(try await store.corpusFingerprint(sessionIDs: nil) == fingerprint)
        let migratedRun = try await store.latestRun(kind: RunRecord.optimizeKind)
        #expect(migratedRun != nil && migratedRun == run)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("a store whose record lost v1 is repaired: the camelCase tables and indexes v1 makes again are dropped")
    func lostFirstMigration() async throws {
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("store.sqlite").path
        let digest: String
        let currentSchema: [String]
        do {
            let store = try TraceStore(path: path)
            _ = try await store.ingest(path: flutter)
            digest = try store.contentDigest()
            currentSchema = try store.read { db in try schema(db) }
        }
        try await DatabaseQueue(path: path).write { db in
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v1-traces'; PRAGMA user_version = 0")
        }
        let store = try TraceStore(path: path)
        #expect(try store.read { db in try schema(db) } == currentSchema)
        #expect(try store.contentDigest() == digest)
    }
}
