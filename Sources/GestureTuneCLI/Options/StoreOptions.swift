import ArgumentParser
import TraceStore
import TraceStoreInterface
import TraceStorePostgres

// MARK: - --db

/// The store a command works on: `--db PATH`, else `$GESTURETUNE_DB`, else
/// `gesturetune.sqlite` in the working directory.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The store: a SQLite file, or postgres://user@host:port/dbname[?sslmode=verify-full&…] for a team's "
                + "PostgreSQL store, its password from PGPASSWORD or ~/.pgpass "
                + "(default: $GESTURETUNE_DB, else gesturetune.sqlite).",
            valueName: "path|url"))
    var db: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Seconds a write waits for another process that holds the store (another ingest, sqlite3) before giving up.",
            valueName: "seconds"))
    var lockWait: Double = 10

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Seconds a PostgreSQL store may take to answer a connection before the command gives up "
                + "(libpq's connect_timeout: rounded up to whole seconds, at least 2).",
            valueName: "seconds"))
    var connectTimeout: Double = 5

    /// The path or URL the options resolve to, as given.
    var path: String { db ?? TraceStore.defaultPath }

    /// Whether a store was named (`--db` or `$GESTURETUNE_DB`) rather than
    /// left to the default file in the working directory.
    var isNamed: Bool { db != nil || TraceStore.environmentPath != nil }

    /// How the store is named in messages and reports: the path, or the
    /// URL without its password.
    var location: String {
        guard PostgresURL.isURL(path) else { return path }
        return (try? PostgresURL(path).redacted) ?? PostgresURL.withoutPassword(path)
    }

    func validate() throws {
        guard lockWait >= 0 && lockWait <= 86_400 else { throw ValidationError("--lock-wait \(lockWait): 0 to 86400 seconds") }
        guard connectTimeout > 0 && connectTimeout <= 3_600 else {
            throw ValidationError("--connect-timeout \(connectTimeout): more than 0, at most 3600 seconds")
        }
    }

    /// Opens the store: read-write creates and migrates it if needed;
    /// read-only (the commands that only read) writes nothing, so a store on
    /// read-only media or an immutable file can still be read. A write that
    /// finds another process holding the store says so on stderr once, and
    /// waits `--lock-wait` seconds.
    /// - Parameters:
    ///   - access: read-write (created and migrated if needed) or read-only.
    ///   - input: the file the command is about to import, named when the
    ///     store is too busy to open (nothing of it was stored).
    func open(_ access: StoreAccess = .readWrite, input: String? = nil) async throws -> any TraceStoring {
        if PostgresURL.isURL(path) {
            do {
                let url = try PostgresURL(path)
                return try await PostgresTraceStore.open(
                    url, access: access, connectTimeout: .milliseconds(Int64(connectTimeout * 1000)))
            } catch {
                Console.error("\(error)")
                throw ExitCode.failure
            }
        }
        let store = path, seconds = lockWait
        let wait = WriterWait(timeout: seconds) { holder in
            Console.error(
                "\(store): held by \(holder ?? "another process"); waiting up to \(Console.number(seconds)) s for it to finish")
        }
        do {
            return try await BlockingWork.run { try TraceStore(path: store, access: access, wait: wait) }
        } catch let busy as StoreBusyError {
            Console.error((input.map { "\(Console.fileName($0)): not imported: " } ?? "") + "\(busy)")
            throw ExitCode.failure
        } catch {
            Console.error("\(error)")
            throw ExitCode.failure
        }
    }

    /// Opens the store, runs `body` with it and closes it, also when
    /// `body` throws: a SQLite reader's connection must close for SQLite to
    /// remove the `-wal` and `-shm` files it made, and a PostgreSQL
    /// store's connections should end before the process does.
    /// - Parameters:
    ///   - access: read-write (created and migrated if needed) or read-only.
    ///   - input: the file the command is about to import (named when the store is busy).
    ///   - body: the command's work with the store.
    func withStore<T>(
        _ access: StoreAccess = .readWrite, input: String? = nil, _ body: (any TraceStoring) async throws -> T
    ) async throws -> T {
        let store = try await open(access, input: input)
        do {
            let result = try await body(store)
            await store.close()
            return result
        } catch {
            await store.close()
            throw error
        }
    }
}
