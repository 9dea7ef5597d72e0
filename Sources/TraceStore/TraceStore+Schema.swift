import GRDB

// MARK: - Schema (versioned migrations)

extension TraceStore {
    /// The store's migrations, in order. Never edit a shipped migration: add
    /// a new one (`v2-…`) so that existing stores upgrade in place.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-traces") { db in
            try db.execute(sql: """
                CREATE TABLE imports (
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
                CREATE TABLE devices (
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
                CREATE TABLE users (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE
                );
                -- touchFirst/touchCount: a session's samples are the
                -- contiguous id range [touchFirst, touchFirst + touchCount)
                -- of touchSamples (one writer appends a session at a time),
                -- so loading one session is a rowid range scan, no index.
                CREATE TABLE sessions (
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
                CREATE INDEX sessionsByScene ON sessions(scene);
                CREATE INDEX sessionsByUser ON sessions(user);
                CREATE TABLE strokes (
                    id INTEGER PRIMARY KEY,
                    session INTEGER NOT NULL,
                    pointer INTEGER NOT NULL,
                    began INTEGER NOT NULL,
                    ended INTEGER NOT NULL,
                    sampleCount INTEGER NOT NULL,
                    endPhase INTEGER NOT NULL
                );
                CREATE INDEX strokesBySession ON strokes(session);
                -- Times in integer microseconds, coordinates in points.
                -- phase: 0 began, 1 moved, 2 stationary, 3 ended, 4 cancelled.
                CREATE TABLE touchSamples (
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
                CREATE TABLE motionSamples (
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
                CREATE TABLE labels (
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
                CREATE INDEX labelsBySession ON labels(session);
                """)
        }
        // MARK: optimizer runs (branch optimizer; tables in Runs/TraceStore+Runs.swift)
        migrator.registerMigration("v2-runs", migrate: createRunTables)
        return migrator
    }
}
