import Foundation
import GRDB
import TraceStoreInterface

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif // usleep

// MARK: - Which files are stores

extension TraceStore {
    /// The SQLite application id (`PRAGMA application_id`, bytes 68–71 of
    /// the file header) that marks a gesturetune store: `GTun` in ASCII.
    /// Set in the transaction that creates the schema.
    package static let applicationID: Int32 = 0x4754_756E

    /// What a non-empty SQLite file turned out to be.
    enum Identity {
        /// A SQLite database with no schema and no marks: a store whose
        /// creation never committed (or an empty file another tool made);
        /// nothing in it can be harmed by creating the schema.
        case blank
        /// A gesturetune store (marked, or made before the mark existed).
        /// `missing`: the migrations it still needs, in order.
        case store(missing: [String], marked: Bool)
    }

    /// Decides what the database is, or throws the refusal: not a
    /// gesturetune store, or one a newer gesturetune wrote. Only reads.
    static func identify(_ db: Database, path: String) throws -> Identity {
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let userVersion = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        let objects = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") ?? 0
        let applied =
            tables.contains("grdb_migrations")
            ? Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")) : []

        if applicationID != Self.applicationID {
            if applicationID == 0 && objects == 0 && userVersion == 0 { return .blank }
            // Stores made before the application id: GRDB's migration record
            // says v1-traces ran and its tables are there (as v1 named them).
            let legacy =
                applicationID == 0 && applied.contains("v1-traces")
                && tables.isSuperset(of: ["imports", "sessions", "touchSamples"])
            guard legacy else {
                throw StoreError(
                    "\(path): not a gesturetune store (SQLite application id \(hex(applicationID)), gesturetune's is "
                        + "\(hex(Self.applicationID))); refusing to touch it")
            }
        }
        let known = migrations.map(\.identifier)
        let unknown = applied.subtracting(known).sorted()
        if userVersion > schemaVersion || !unknown.isEmpty {
            let what = unknown.isEmpty ? "" : "; unknown migrations: \(unknown.joined(separator: ", "))"
            throw StoreError(
                "\(path): the store was written by a newer gesturetune (store schema version \(userVersion), "
                    + "this gesturetune knows versions up to \(schemaVersion)\(what)); refusing to change it")
        }
        return .store(
            missing: known.filter { !applied.contains($0) },
            marked: applicationID == Self.applicationID
                && userVersion == schemaVersion)
    }

    private static func hex(_ id: Int32) -> String {
        "0x" + String(UInt32(bitPattern: id), radix: 16, uppercase: true)
    }

    /// The file's size in bytes, 0 when it does not exist.
    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}

// MARK: - Opening for writing

extension TraceStore {
    /// Inspects an existing file read-only first (a foreign database must not
    /// see even the switch to WAL), then opens the pool and migrates inside
    /// one `BEGIN IMMEDIATE` transaction, so that two processes creating the
    /// same fresh store take turns: the second finds the schema made.
    static func openForWriting(path: String, wait: WriterWait = WriterWait()) throws -> DatabasePool {
        if fileSize(path) > 0 {
            let inspector = try openReadOnly(path: path)
            _ = try inspector.read { db in try identify(db, path: path) }
            try inspector.close()
        }
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            // WAL + synchronous=NORMAL stays consistent on any crash (a commit
            // is atomic in the WAL); only the last commits may be lost on a
            // power cut, never half of one.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try db.execute(sql: "PRAGMA cache_size = -16384") // 16 MiB
        }
        configuration.busyMode = wait.busyMode(path: path)
        let pool = try whileBusy(upTo: wait.timeout) { try DatabasePool(path: path, configuration: configuration) }
        try migrate(pool, path: path)
        return pool
    }

    /// Runs the missing migrations and marks the file, in one immediate
    /// transaction; an up-to-date store is only read (no write lock taken,
    /// so opening never waits for another process's import).
    static func migrate(_ pool: DatabasePool, path: String) throws {
        let upToDate = try pool.read { db in
            if case .store(let missing, let marked) = try identify(db, path: path) { return missing.isEmpty && marked }
            return false
        }
        if upToDate { return }
        try pool.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                // Again, under the lock: another process may have created or
                // upgraded the store since.
                let missing: [String]
                switch try identify(db, path: path) {
                case .blank: missing = migrations.map(\.identifier)
                case .store(let needed, _): missing = needed
                }
                try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                for migration in migrations where missing.contains(migration.identifier) {
                    try migration.migrate(db)
                    try db.execute(
                        sql: "INSERT OR IGNORE INTO grdb_migrations (identifier) VALUES (?)",
                        arguments: [migration.identifier])
                }
                try nameTablesAsEveryStore(db)
                try nameColumnsAsEveryStore(db)
                try db.execute(sql: "PRAGMA application_id = \(applicationID)")
                try db.execute(sql: "PRAGMA user_version = \(schemaVersion)")
                return .commit
            }
        }
    }

    /// Retries `body` while SQLite says another connection holds the lock it
    /// needs, for up to `timeout` seconds: switching a fresh file to WAL
    /// takes an exclusive lock and does not wait on the busy handler.
    static func whileBusy<T>(upTo timeout: TimeInterval = 10, _ body: () throws -> T) throws -> T {
        let deadline = Date().addingTimeInterval(timeout)
        var pause: UInt32 = 2_000
        while true {
            do {
                return try body()
            } catch let error as DatabaseError
                where (error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED) && Date() < deadline
            {
                usleep(pause)
                pause = min(pause * 2, 100_000)
            }
        }
    }
}

// MARK: - Opening for reading

extension TraceStore {
    /// A connection for the reading commands that checks the file is a
    /// current store, and leaves nothing behind it (see ``readingConnection(path:)``).
    static func openForReading(path: String) throws -> DatabaseQueue {
        guard FileManager.default.fileExists(atPath: path) else {
            throw StoreError("\(path): no store here (ingest recordings first)")
        }
        let queue = try readingConnection(path: path)
        let identity = try queue.read { db in try identify(db, path: path) }
        switch identity {
        case .blank:
            throw StoreError("\(path): the store is empty (ingest recordings first)")
        case .store(let missing, _) where !missing.isEmpty:
            // An older store is upgraded where it can be written (as any
            // writing command would); the reading itself stays read-only.
            if FileManager.default.isWritableFile(atPath: path) {
                try queue.close()
                try openForWriting(path: path).close()
                return try openForReading(path: path)
            }
            throw StoreError(
                "\(path): the store is from an older gesturetune (it lacks \(missing.joined(separator: ", "))); "
                    + "run `gesturetune ingest --db \(path)` once, where it can be written, to upgrade it")
        case .store:
            return queue
        }
    }

    /// Whether SQLite's WAL files (`-wal`, `-shm`) are beside the store:
    /// a writer has it open (or one stopped without closing). Without
    /// them, the main file is the whole database.
    static func hasJournal(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "-wal") || FileManager.default.fileExists(atPath: path + "-shm")
    }

    /// The reading commands' connection, which never leaves a file beside
    /// the store:
    /// - WAL files already there (a writer is at work): a read-only
    ///   connection through them, which sees that writer's commits and
    ///   creates nothing;
    /// - none, on a file this user may write: a read-write connection that
    ///   refuses every write (`PRAGMA query_only`). SQLite creates the WAL
    ///   files as any reader of a WAL database must, and deletes them when
    ///   this, the last connection, closes (a read-only connection cannot,
    ///   so it would leave them, owned by the reader). A writer starting
    ///   meanwhile is seen as with any reader;
    /// - none, on a file this user cannot write (a shared study store, a
    ///   read-only mount): immutable. Nobody with this user's rights can
    ///   change it, and SQLite needs no `-shm` for a file that cannot change.
    static func readingConnection(path: String) throws -> DatabaseQueue {
        guard !hasJournal(path), FileManager.default.isWritableFile(atPath: path) else { return try openReadOnly(path: path) }
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA query_only = 1") }
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.read { db in _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") }
            return queue
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN || error.resultCode == .SQLITE_READONLY {
            // A writable file in a directory that is not: no WAL file can
            // be made, so it is read as the read-only case reads it.
            return try openReadOnly(path: path)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw StoreError("\(path): not a gesturetune store (not a SQLite database); refusing to touch it")
        }
    }

    /// A read-only connection that writes nothing, not even a `-shm` file.
    /// SQLite reads a WAL database through its `-shm` index; where none is
    /// beside the file (and no `-wal` either) the main file is the whole
    /// database, and it is opened as immutable, which needs no index: a
    /// read-only connection would create both files where the directory
    /// allows, and leave them, and fail where it does not (SQLITE_CANTOPEN,
    /// or SQLITE_READONLY for a user who may not write the directory).
    static func openReadOnly(path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        func open(_ location: String) throws -> DatabaseQueue {
            let queue = try DatabaseQueue(path: location, configuration: configuration)
            try queue.read { db in _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") }
            return queue
        }
        do {
            guard hasJournal(path) else { return try open(immutableURI(path)) }
            do {
                return try open(path)
            } catch let error as DatabaseError
                where (error.resultCode == .SQLITE_CANTOPEN || error.resultCode == .SQLITE_READONLY)
                && fileSize(path + "-wal") == 0
            {
                // An empty `-wal` and an `-shm` this user cannot use: the
                // main file still holds every commit.
                return try open(immutableURI(path))
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw StoreError("\(path): not a gesturetune store (not a SQLite database); refusing to touch it")
        }
    }

    /// `file:PATH?immutable=1`, the path percent-encoded as SQLite's URI
    /// parser expects.
    static func immutableURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?immutable=1"
    }
}
