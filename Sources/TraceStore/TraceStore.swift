import Foundation
import GRDB
import TraceModel

// MARK: - The store

/// A SQLite file holding recorded sessions: devices, users, sessions, strokes,
/// touch and motion samples, labels, and the imports they came from.
///
/// The file is in WAL mode (readers never block the importer) and its schema
/// is migrated on open. Each imported file is one transaction: all of it or
/// nothing, also when the process is killed mid-import.
///
/// ```swift
/// let store = try TraceStore(path: "gesturetune.sqlite")
/// let result = try store.ingest(path: "recording.jsonl")
/// let sessions = try store.loadSessions(SessionFilter(scenes: ["library"]))
/// ```
public final class TraceStore: Sendable {
    /// The database file.
    public let path: String
    let pool: DatabasePool

    /// The default store path: `$GESTURETUNE_DB`, else `gesturetune.sqlite`
    /// in the working directory.
    public static var defaultPath: String {
        if let path = ProcessInfo.processInfo.environment["GESTURETUNE_DB"], !path.isEmpty { return path }
        return "gesturetune.sqlite"
    }

    /// Opens (creating if needed) and migrates the store at `path`.
    public init(path: String) throws {
        self.path = path
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            // WAL + synchronous=NORMAL stays consistent on any crash (a commit
            // is atomic in the WAL); only the last commits may be lost on a
            // power cut, never half of one.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try db.execute(sql: "PRAGMA cache_size = -16384")   // 16 MiB
        }
        configuration.busyMode = .timeout(10)
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(pool)
        } catch {
            throw StoreError("cannot open the store \(path): \(error)")
        }
    }

    /// Runs `body` inside the store's write queue (for other modules' tables).
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try pool.write(body)
    }

    /// Runs `body` on a read-only snapshot.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try pool.read(body)
    }
}

/// A problem with the store itself (not with an input line).
public struct StoreError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
