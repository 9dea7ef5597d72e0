import ArgumentParser
import TraceStore

// MARK: - --db

/// The store a command works on: `--db PATH`, else `$GESTURETUNE_DB`, else
/// `gesturetune.sqlite` in the working directory.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The SQLite store (default: $GESTURETUNE_DB, else gesturetune.sqlite).", valueName: "path"))
    var db: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Seconds a write waits for another process that holds the store (another ingest, sqlite3) before giving up.",
            valueName: "seconds"))
    var lockWait: Double = 10

    /// The path the options resolve to.
    var path: String { db ?? TraceStore.defaultPath }

    func validate() throws {
        guard lockWait >= 0 && lockWait <= 86_400 else { throw ValidationError("--lock-wait \(lockWait): 0 to 86400 seconds") }
    }

    /// Opens the store: read-write creates and migrates it if needed;
    /// read-only (the commands that only read) writes nothing, so a store on
    /// read-only media or an immutable file can still be read. A write that
    /// finds another process holding the store says so on stderr once, and
    /// waits `--lock-wait` seconds.
    /// - Parameter input: the file the command is about to import, named
    ///   when the store is too busy to open (nothing of it was stored).
    func open(_ access: TraceStore.Access = .readWrite, input: String? = nil) throws -> TraceStore {
        let store = path, seconds = lockWait
        let wait = WriterWait(timeout: seconds) { holder in
            Console.error(
                "\(store): held by \(holder ?? "another process"); waiting up to \(Console.number(seconds)) s for it to finish")
        }
        do {
            return try TraceStore(path: path, access: access, wait: wait)
        } catch let busy as StoreBusyError {
            Console.error((input.map { "\(Console.fileName($0)): not imported: " } ?? "") + "\(busy)")
            throw ExitCode.failure
        } catch {
            Console.error("\(error)")
            throw ExitCode.failure
        }
    }
}
