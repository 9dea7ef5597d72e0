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

    /// The path the options resolve to.
    var path: String { db ?? TraceStore.defaultPath }

    /// Opens the store: read-write creates and migrates it if needed;
    /// read-only (the commands that only read) writes nothing, so a store on
    /// read-only media or an immutable file can still be read.
    func open(_ access: TraceStore.Access = .readWrite) throws -> TraceStore {
        do {
            return try TraceStore(path: path, access: access)
        } catch {
            Console.error("\(error)")
            throw ExitCode.failure
        }
    }
}
