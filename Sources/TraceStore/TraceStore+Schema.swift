import GRDB
import TraceStoreInterface

// MARK: - Schema (versioned migrations)

extension TraceStore {
    /// The store's migrations, in order, by identifier (recorded in the
    /// `grdb_migrations` table, the name GRDB's migrator gave it in stores
    /// made before gesturetune ran its own). Never change what a shipped
    /// migration creates: add a new one (`v3-…`) so that existing stores
    /// upgrade in place. Every statement is `IF NOT EXISTS`, so a store whose
    /// record lost a migration that did run is repaired, not failed.
    static let migrations: [(identifier: String, migrate: @Sendable (Database) throws -> Void)] = [
        ("v1-traces", createTraceTables),
        // MARK: optimizer runs (branch optimizer; tables in Runs/TraceStore+Runs.swift)
        ("v2-runs", createRunTables),
        ("v3-table-names", nameTablesAsEveryStore),
        ("v4-column-names", nameColumnsAsEveryStore)
    ]

    /// The schema version this gesturetune writes (`PRAGMA user_version`).
    package static var schemaVersion: Int { migrations.count }

    /// The tables v1 and v2 named in camelCase, and their one name
    /// (`StoreTable`), the PostgreSQL store's too.
    static let renamedTables: [(old: String, new: StoreTable)] = [
        ("touchSamples", .touchSamples), ("motionSamples", .motionSamples), ("runParameters", .runParameters),
        ("runHistory", .runHistory)
    ]

    /// Migration v3-table-names: the tables spelt as every store spells
    /// them. Also run after any migration (it changes nothing where the
    /// names are right): a store whose record lost v1 or v2 has that
    /// migration re-run, which makes its camelCase tables again, empty,
    /// beside the renamed ones; those are dropped. One that holds rows is
    /// never dropped: it is renamed where the new name is free, else left.
    static func nameTablesAsEveryStore(_ db: Database) throws {
        for (old, new) in renamedTables where try db.tableExists(old) {
            if try !db.tableExists(new.rawValue) {
                try db.execute(sql: "ALTER TABLE \(old) RENAME TO \(new)")
            } else if try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(old)") == 0 {
                try db.execute(sql: "DROP TABLE \(old)")
            }
        }
    }

    /// The columns v1 and v2 named in camelCase, by table, and their one
    /// name: as the PostgreSQL store spells them where it has them, and by
    /// the same rule (snake_case) where only this store does.
    static let renamedColumns: [(table: StoreTable, old: String, new: String)] = [
        (.imports, "fileName", "file_name"), (.imports, "fileSize", "file_size"),
        (.imports, "skippedLines", "skipped_lines"), (.imports, "importedAt", "imported_at"),
        (.devices, "screenWidth", "screen_width"), (.devices, "screenHeight", "screen_height"),
        (.devices, "sampleRateHz", "sample_rate_hz"),
        (.sessions, "startedAt", "started_at"), (.sessions, "contentSHA256", "content_sha256"),
        (.sessions, "touchFirst", "touch_first"), (.sessions, "touchCount", "touch_count"),
        (.sessions, "motionFirst", "motion_first"), (.sessions, "motionCount", "motion_count"),
        (.sessions, "strokeCount", "stroke_count"), (.sessions, "labelCount", "label_count"),
        (.strokes, "sampleCount", "sample_count"), (.strokes, "endPhase", "end_phase"),
        (.runs, "createdAt", "created_at"), (.runs, "commandLine", "command_line"),
        (.runs, "corpusFingerprint", "corpus_fingerprint"),
        (.runs, "baselineHoldoutMisfireRate", "baseline_holdout_misfire_rate"),
        (.runs, "tunedHoldoutMisfireRate", "tuned_holdout_misfire_rate"),
        (.runHistory, "bestSoFar", "best_so_far")
    ]

    /// The indexes v1 and v2 named in camelCase, and their one name.
    static let renamedIndexes: [(table: StoreTable, old: String, new: String)] = [
        (.sessions, "sessionsByScene", "sessions_by_scene"), (.sessions, "sessionsByUser", "sessions_by_user"),
        (.strokes, "strokesBySession", "strokes_by_session"), (.labels, "labelsBySession", "labels_by_session"),
        (.runs, "runsByKind", "runs_by_kind")
    ]

    /// Migration v4-column-names: the columns and indexes spelt as every
    /// store spells them (`ALTER TABLE … RENAME COLUMN` keeps each column's
    /// place, type, constraints and rows; SQLite cannot rename an index, so
    /// one is made again under its new name). Also run after any migration,
    /// after the tables are named: it changes nothing where the names are
    /// right, and drops the camelCase index a re-run v1 makes again beside
    /// the renamed one.
    static func nameColumnsAsEveryStore(_ db: Database) throws {
        for (table, old, new) in renamedColumns where try db.tableExists(table.rawValue) {
            let columns = Set(try db.columns(in: table.rawValue).map(\.name))
            if columns.contains(old) && !columns.contains(new) {
                try db.execute(sql: "ALTER TABLE \(table) RENAME COLUMN \(old) TO \(new)")
            }
        }
        for (table, old, new) in renamedIndexes where try db.tableExists(table.rawValue) {
            let indexes = try db.indexes(on: table.rawValue)
            guard let index = indexes.first(where: { $0.name == old }) else { continue }
            try db.execute(sql: "DROP INDEX \(old)")
            let columns = index.columns.map { "\"\($0)\"" }.joined(separator: ", ")
            let unique = index.isUnique ? "UNIQUE " : ""
            try db.execute(sql: "CREATE \(unique)INDEX IF NOT EXISTS \(new) ON \(table)(\(columns))")
        }
    }

    /// Migration v1-traces: the tables of recorded sessions.
    static func createTraceTables(_ db: Database) throws {
        try createImportTables(db)
        try createSessionTable(db)
        try createSampleTables(db)
    }

    /// The imports and the devices and users their sessions name.
    private static func createImportTables(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS imports (
                    id INTEGER PRIMARY KEY,
                    fileName TEXT NOT NULL,
                    sha256 TEXT NOT NULL UNIQUE,
                    fileSize INTEGER NOT NULL DEFAULT 0,
                    format TEXT NOT NULL,
                    sessions INTEGER NOT NULL DEFAULT 0,
                    touches INTEGER NOT NULL DEFAULT 0,
                    motion INTEGER NOT NULL DEFAULT 0,
                    labels INTEGER NOT NULL DEFAULT 0,
                    skippedLines INTEGER NOT NULL DEFAULT 0,
                    importedAt TEXT NOT NULL,
                    seconds REAL NOT NULL DEFAULT 0
                );
                CREATE TABLE IF NOT EXISTS devices (
                    id INTEGER PRIMARY KEY,
                    key TEXT NOT NULL UNIQUE,
                    platform TEXT NOT NULL,
                    model TEXT,
                    screenWidth REAL NOT NULL,
                    screenHeight REAL NOT NULL,
                    scale REAL NOT NULL,
                    ppi REAL,
                    sampleRateHz REAL
                );
                CREATE TABLE IF NOT EXISTS users (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE
                );
                """)
    }

    /// The sessions, each with the id ranges of its samples.
    private static func createSessionTable(_ db: Database) throws {
        try db.execute(
            sql: """
                -- touchFirst/touchCount: a session's samples are the
                -- contiguous id range [touchFirst, touchFirst + touchCount)
                -- of touchSamples (one writer appends a session at a time),
                -- so loading one session is a rowid range scan, no index.
                CREATE TABLE IF NOT EXISTS sessions (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE,
                    device INTEGER NOT NULL REFERENCES devices(id),
                    user INTEGER REFERENCES users(id),
                    scene TEXT,
                    startedAt TEXT,
                    meta TEXT,
                    contentSHA256 TEXT,
                    import INTEGER NOT NULL REFERENCES imports(id),
                    touchFirst INTEGER NOT NULL DEFAULT 0,
                    touchCount INTEGER NOT NULL DEFAULT 0,
                    motionFirst INTEGER NOT NULL DEFAULT 0,
                    motionCount INTEGER NOT NULL DEFAULT 0,
                    strokeCount INTEGER NOT NULL DEFAULT 0,
                    labelCount INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX IF NOT EXISTS sessionsByScene ON sessions(scene);
                CREATE INDEX IF NOT EXISTS sessionsByUser ON sessions(user);
                """)
    }

    /// What a session holds: strokes, touch and motion samples, labels.
    private static func createSampleTables(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS strokes (
                    id INTEGER PRIMARY KEY,
                    session INTEGER NOT NULL,
                    pointer INTEGER NOT NULL,
                    began INTEGER NOT NULL,
                    ended INTEGER NOT NULL,
                    sampleCount INTEGER NOT NULL,
                    endPhase INTEGER NOT NULL
                );
                CREATE INDEX IF NOT EXISTS strokesBySession ON strokes(session);
                -- Times in integer microseconds, coordinates in points.
                -- phase: 0 began, 1 moved, 2 stationary, 3 ended, 4 cancelled.
                CREATE TABLE IF NOT EXISTS touchSamples (
                    id INTEGER PRIMARY KEY,
                    session INTEGER NOT NULL,
                    stroke INTEGER NOT NULL,
                    t INTEGER NOT NULL,
                    phase INTEGER NOT NULL,
                    x REAL NOT NULL,
                    y REAL NOT NULL,
                    force REAL,
                    radius REAL
                );
                CREATE TABLE IF NOT EXISTS motionSamples (
                    id INTEGER PRIMARY KEY,
                    session INTEGER NOT NULL,
                    t INTEGER NOT NULL,
                    ax REAL NOT NULL,
                    ay REAL NOT NULL,
                    az REAL NOT NULL,
                    rx REAL,
                    ry REAL,
                    rz REAL
                );
                CREATE TABLE IF NOT EXISTS labels (
                    id INTEGER PRIMARY KEY,
                    session INTEGER NOT NULL,
                    start INTEGER NOT NULL,
                    "end" INTEGER NOT NULL,
                    intent TEXT NOT NULL,
                    direction TEXT,
                    fingers INTEGER,
                    target TEXT,
                    note TEXT
                );
                CREATE INDEX IF NOT EXISTS labelsBySession ON labels(session);
                """)
    }
}
