import Foundation
import GRDB
import TraceStoreInterface

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
/// Its interface is the one every store has (`TraceStoreWriter`, from
/// `TraceStoreInterface`): async, each call's SQLite work on a thread of
/// its own (`BlockingWork`).
///
/// ```swift
/// let store = try TraceStore(path: "gesturetune.sqlite")
/// let result = try await store.ingest(path: "recording.jsonl")
/// let sessions = try await store.loadSessions(SessionFilter(scenes: ["library"]))
/// let reader = try TraceStore(path: "gesturetune.sqlite", access: .readOnly)   // never writes
/// ```
package final class TraceStore: TraceStoreWriter {
    /// The database file.
    package let path: String
    /// How it was opened.
    package let access: StoreAccess
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
    /// - Throws: `StoreError` naming the file (not a gesturetune store, a
    ///   newer schema, missing, unreadable, …), or ``StoreBusyError``.
    /// - Parameters:
    ///   - path: the SQLite file.
    ///   - access: read-write (created and migrated if needed) or read-only.
    ///   - wait: how long a write waits for another process that holds the
    ///     store, and whom to tell that it waits.
    package init(path: String, access: StoreAccess = .readWrite, wait: WriterWait = WriterWait()) throws {
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

    package var location: String { path }

    /// A reading store's one connection is closed now; being the last, it
    /// removes the `-wal` and `-shm` files SQLite made for it. Left to the
    /// last reference's release, the close raced the command's exit: on a
    /// busy machine a reader sometimes left both files behind.
    ///
    /// A writing store is closed when its last reference goes: GRDB then
    /// closes its connections in the order that lets SQLite remove the
    /// files, where `DatabasePool.close()` leaves a read-only connection
    /// last, which cannot.
    package func close() async {
        guard access == .readOnly, let queue = pool as? DatabaseQueue else { return }
        try? queue.close()
    }

    /// Runs `body` on a read-only snapshot, on a thread of its own.
    func reading<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await BlockingWork.run { try self.pool.read(body) }
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
