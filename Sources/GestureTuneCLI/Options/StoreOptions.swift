import ArgumentParser
import TraceStore

// MARK: - --db

/// The store a command works on: `--db PATH`, else `$GESTURETUNE_DB`, else
/// `gesturetune.sqlite` in the working directory.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The SQLite store (default: $GESTURETUNE_DB, else gesturetune.sqlite).", valueName: "path"))
    var db: String?

    /// The path the options resolve to.
    var path: String { db ?? TraceStore.defaultPath }

    /// Opens (creating and migrating if needed) the store.
    func open() throws -> TraceStore {
        do {
            return try TraceStore(path: path)
        } catch {
            Console.error("\(error)")
            throw ExitCode.failure
        }
    }
}
