import Foundation
import GRDB
import Testing
import TraceModel
import TraceStoreInterface

@testable import TraceStore

// MARK: - Helpers

/// A SQLite file another application made, with `sql` as its schema and data.
private func makeForeignDatabase(_ sql: String, in dir: URL) throws -> String {
    let path = dir.appendingPathComponent("other-app.sqlite").path
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in try db.execute(sql: sql) }
    try queue.close()
    return path
}

private func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

/// The files in `dir` (to see that no `-wal` or `-shm` appeared).
private func listing(_ dir: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
}

/// Runs a command, returning its exit status.
@discardableResult
private func shell(_ arguments: [String]) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
}

/// A store holding the Flutter fixture, closed.
private func filledStore(in dir: URL) async throws -> String {
    let path = dir.appendingPathComponent("store.sqlite").path
    _ = try await TraceStore(path: path).ingest(path: flutter)
    return path
}

// MARK: - Files that are not gesturetune stores

@Suite("Opening a store: foreign, newer, older, read-only and concurrent files")
struct StoreOpeningTests {
    @Test("another application's database is refused, byte for byte untouched, for writing and reading")
    func foreignDatabase() async throws {
        let dir = try temporaryDirectory()
        let path = try makeForeignDatabase(
            "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('mine')", in: dir)
        let before = bytes(path)
        let files = try listing(dir)
        for access in [StoreAccess.readWrite, .readOnly] {
            let message = await errorText { _ = try TraceStore(path: path, access: access) }
            #expect(message.contains("\(path): not a gesturetune store"), "\(message)")
            #expect(message.contains("0x4754756E"))
        }
        #expect(bytes(path) == before)
        #expect(try listing(dir) == files)
    }

    @Test("a database with its own imports table is refused before the journal mode or migrations change")
    func foreignImportsTable() async throws {
        let dir = try temporaryDirectory()
        let path = try makeForeignDatabase("CREATE TABLE imports (id INTEGER PRIMARY KEY, what TEXT)", in: dir)
        let before = bytes(path)
        #expect(await errorText { _ = try TraceStore(path: path) }.contains("not a gesturetune store"))
        #expect(bytes(path) == before)
        let queue = try DatabaseQueue(
            path: path,
            configuration: {
                var c = Configuration()
                c.readonly = true
                return c
            }())
        let (mode, migrations) = try await queue.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try db.tableExists("grdb_migrations"))
        }
        #expect(mode == "delete")
        #expect(!migrations)
    }

    @Test("a file that is not SQLite at all is refused untouched")
    func notSQLite() async throws {
        let dir = try temporaryDirectory()
        let path = try write("name,value\nnot,a database\n", "data.csv", in: dir)
        let message = await errorText { _ = try TraceStore(path: path) }
        #expect(message == "\(path): not a gesturetune store (not a SQLite database); refusing to touch it")
        #expect(bytes(path) == Data("name,value\nnot,a database\n".utf8))
    }

    @Test("a new store carries gesturetune's application id and schema version")
    func marked() async throws {
        let (store, _) = try newStore()
        let (id, version) = try store.read { db in
            (try Int32.fetchOne(db, sql: "PRAGMA application_id"), try Int.fetchOne(db, sql: "PRAGMA user_version"))
        }
        #expect(id == TraceStore.applicationID)
        #expect(version == TraceStore.schemaVersion)
    }

    // MARK: - Versions

    @Test("a store from a newer gesturetune is refused with both versions named, and not written")
    func newerVersion() async throws {
        let dir = try temporaryDirectory()
        let path = try await filledStore(in: dir)
        try await DatabaseQueue(path: path).write { db in try db.execute(sql: "PRAGMA user_version = 99") }
        let before = bytes(path)
        for access in [StoreAccess.readWrite, .readOnly] {
            let message = await errorText { _ = try TraceStore(path: path, access: access) }
            #expect(
                message.contains(
                    "newer gesturetune (store schema version 99, this gesturetune knows versions up to \(TraceStore.schemaVersion)"
                ),
                "\(message)")
        }
        #expect(bytes(path) == before)
    }

    @Test("a store with a migration this gesturetune does not know is refused")
    func unknownMigration() async throws {
        let dir = try temporaryDirectory()
        let path = try await filledStore(in: dir)
        try await DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-future')")
        }
        #expect(await errorText { _ = try TraceStore(path: path) }.contains("unknown migrations: v9-future"))
    }

    @Test("a store whose record lost a migration that ran is repaired, not failed ('table runs already exists')")
    func missingMigrationRecord() async throws {
        let dir = try temporaryDirectory()
        let path = try await filledStore(in: dir)
        try await DatabaseQueue(path: path).write { db in
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v2-runs'; PRAGMA user_version = 1")
        }
        let store = try TraceStore(path: path)
        #expect(try store.sessionIDs().count == 2)
        #expect(
            try store.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY 1") }
                == TraceStore.migrations.map(\.identifier))
        // v2 re-run made its tables again, empty, beside the renamed ones: dropped.
        #expect(try Self.tableNames(store).isSuperset(of: ["run_parameters", "run_history"]))
        #expect(try Self.tableNames(store).isDisjoint(with: ["runParameters", "runHistory"]))
    }

    /// The tables of the store's file.
    private static func tableNames(_ store: TraceStore) throws -> Set<String> {
        Set(try store.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") })
    }

    @Test("an older store (before runs, before the application id) is migrated and marked, also by a reading open")
    func olderStore() async throws {
        let dir = try temporaryDirectory()
        let path = try await filledStore(in: dir)
        try await DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: """
                    DROP TABLE run_history; DROP TABLE run_parameters; DROP TABLE runs;
                    ALTER TABLE touch_samples RENAME TO touchSamples; ALTER TABLE motion_samples RENAME TO motionSamples;
                    DELETE FROM grdb_migrations WHERE identifier IN ('v2-runs', 'v3-table-names');
                    PRAGMA user_version = 0; PRAGMA application_id = 0
                    """)
        }
        let store = try TraceStore(path: path, access: .readOnly)
        #expect(try await store.latestRun() == nil)
        #expect(try await store.statistics().touches == 318)
        #expect(try store.read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") } == TraceStore.applicationID)
    }

    // MARK: - Read-only

    @Test("a read-only store (immutable file, or read-only directory) is read without writing; writing says why")
    func readOnly() async throws {
        let dir = try temporaryDirectory()
        let path = try await filledStore(in: dir)
        let before = bytes(path)
        // As root, permissions do not stop writes: make the file immutable
        // instead (and undo it, or the directory cannot be cleaned up).
        let root = geteuid() == 0
        if root {
            // Without CAP_LINUX_IMMUTABLE (or on a file system without the
            // flag) root has no way to make a file read-only here.
            guard shell(["chattr", "+i", path]) == 0 else { return }
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: dir.path)
        }
        defer {
            if root {
                shell(["chattr", "-i", path])
            } else {
                try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
            }
        }
        let store = try TraceStore(path: path, access: .readOnly)
        #expect(try store.sessionIDs().count == 2)
        #expect(try await store.statistics().touches == 318)
        await #expect(throws: StoreError.self) { try await store.ingest(path: flutter) }
        let message = await errorText { _ = try TraceStore(path: path) }
        #expect(message.contains("\(path): the store cannot be written (a read-only file or file system)"), "\(message)")
        #expect(bytes(path) == before)
    }

    @Test("a store on a read-only file system, where no -shm can be made, is read (as root, on a tmpfs)")
    func readOnlyFileSystem() async throws {
        guard geteuid() == 0 else { return } // non-root: the read-only directory case above covers it
        let dir = try temporaryDirectory()
        let path = try await filledStore(in: dir)
        let mount = dir.appendingPathComponent("mount")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        guard shell(["mount", "-t", "tmpfs", "tmpfs", mount.path]) == 0 else { return } // no CAP_SYS_ADMIN here
        defer { shell(["umount", mount.path]) }
        let mounted = mount.appendingPathComponent("store.sqlite").path
        try FileManager.default.copyItem(atPath: path, toPath: mounted)
        try #require(shell(["mount", "-o", "remount,ro", mount.path]) == 0)
        let store = try TraceStore(path: mounted, access: .readOnly)
        #expect(try await store.statistics().touches == 318)
        #expect(try listing(mount) == ["store.sqlite"])
    }

    @Test("a missing store is not created by a reading open")
    func missingForReading() async throws {
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("none.sqlite").path
        #expect(
            await errorText { _ = try TraceStore(path: path, access: .readOnly) }
                == "\(path): no store here (ingest recordings first)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    // MARK: - Concurrent creation

    @Test("threads creating the same fresh store at once all open it (no 'database is locked', no 'already exists')")
    func concurrentCreation() async throws {
        for round in 0..<10 {
            let dir = try temporaryDirectory()
            let path = dir.appendingPathComponent("fresh-\(round).sqlite").path
            let lock = NSLock()
            nonisolated(unsafe) var failures: [String] = []
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                do { _ = try TraceStore(path: path).tableCounts() } catch { lock.withLock { failures.append("\(error)") } }
            }
            #expect(failures == [])
        }
    }
}
