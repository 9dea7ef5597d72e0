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
/// A store is marked as gesturetune's by its SQLite application id
/// (``applicationID``). Any other non-empty file is refused before anything
/// is written to it (see `identify(_:path:)` in `TraceStore+Opening.swift`),
/// as is a store written by a newer gesturetune. A write waits for another
/// process's for a while (``WriterWait``), then fails with ``StoreBusyError``.
///
/// ```swift
/// let store = try TraceStore(path: "gesturetune.sqlite")
/// let result = try store.ingest(path: "recording.jsonl")
/// let sessions = try store.loadSessions(SessionFilter(scenes: ["library"]))
/// let reader = try TraceStore(path: "gesturetune.sqlite", access: .readOnly)   // never writes
/// ```
package final class TraceStore: Sendable {
    /// How a store is opened.
    package enum Access: Sendable {
        /// Created if missing, migrated, written to.
        case readWrite
        /// Never written to (works on read-only media and immutable files);
        /// the store must exist and be of the current schema.
        case readOnly
    }

    /// The database file.
    package let path: String
    /// How it was opened.
    package let access: Access
    /// How a write waits for another process's.
    package let writerWait: WriterWait
    /// A `DatabasePool` when writable; a read-only `DatabaseQueue` otherwise
    /// (a pool would switch the journal mode and write on open).
    let pool: any DatabaseWriter

    /// The default store path: `$GESTURETUNE_DB`, else `gesturetune.sqlite`
    /// in the working directory.
    package static var defaultPath: String { environmentPath ?? "gesturetune.sqlite" }

    /// `$GESTURETUNE_DB` when it names a store (set and not empty).
    package static var environmentPath: String? {
        guard let path = ProcessInfo.processInfo.environment["GESTURETUNE_DB"], !path.isEmpty else { return nil }
        return path
    }

    /// Opens the store at `path`: for `.readWrite`, creating and migrating it
    /// if needed; for `.readOnly`, without writing anything.
    /// - Throws: ``StoreError`` naming the file (not a gesturetune store, a
    ///   newer schema, missing, unreadable, …), or ``StoreBusyError``.
    /// - Parameters:
    ///   - path: the SQLite file.
    ///   - access: read-write (created and migrated if needed) or read-only.
    ///   - wait: how long a write waits for another process that holds the
    ///     store, and whom to tell that it waits.
    package init(path: String, access: Access = .readWrite, wait: WriterWait = WriterWait()) throws {
        self.path = path
        self.access = access
        self.writerWait = wait
        let readOnlyFile = StoreError(
            "\(path): the store cannot be written (a read-only file or file system); the reading commands"
                + " (stats, simulate, evaluate, report) still work on it")
        // Checked before SQLite opens it: a failed read-write open of a WAL
        // file leaves a `-wal` and `-shm` owned by this user beside it.
        if access == .readWrite && FileManager.default.fileExists(atPath: path)
            && !FileManager.default.isWritableFile(atPath: path)
        {
            throw readOnlyFile
        }
        do {
            switch access {
            case .readWrite: pool = try Self.openForWriting(path: path, wait: wait)
            case .readOnly: pool = try Self.openForReading(path: path)
            }
        } catch let error as StoreError {
            throw error
        } catch  where StoreBusyError.isBusy(error) {
            throw StoreBusyError(store: path, holder: StoreBusyError.holder(of: path), waited: wait.timeout)
        } catch
            where access == .readWrite && FileManager.default.fileExists(atPath: path)
            && !FileManager.default.isWritableFile(atPath: path)
        {
            throw readOnlyFile
        } catch {
            throw StoreError("\(path): cannot open the store: \(error)")
        }
    }

    /// Runs `body` inside the store's write queue (for other modules' tables).
    package func write<T>(_ body: (Database) throws -> T) throws -> T {
        try requireWritable()
        return try pool.write(body)
    }

    /// Runs `body` on a read-only snapshot.
    package func read<T>(_ body: (Database) throws -> T) throws -> T {
        try pool.read(body)
    }

    /// Throws unless the store was opened for writing.
    func requireWritable() throws {
        guard access == .readWrite else {
            throw StoreError("\(path): the store was opened read-only")
        }
    }
}
