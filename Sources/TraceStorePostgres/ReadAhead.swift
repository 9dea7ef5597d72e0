import Synchronization
import TraceImport

// MARK: - The next file, read while this one is stored

/// The files read ahead of their import (`prepareIngest`), by what their
/// import will ask for: the same path, name, format and options, or the
/// file is read again. Taken once; a file never asked for is dropped with
/// the store.
final class ReadAhead: Sendable {
    struct Key: Hashable, Sendable {
        var path: String
        var displayName: String?
        var format: InputFormat
        var options: ImportOptions

        /// The name errors and the imports table use.
        var name: String { displayName ?? path }
    }

    private let reads = Mutex<[Key: Task<PostgresTraceStore.ReadFile, any Error>]>([:])

    func put(_ key: Key, _ read: Task<PostgresTraceStore.ReadFile, any Error>) {
        reads.withLock { $0[key] = read }
    }

    func take(_ key: Key) -> Task<PostgresTraceStore.ReadFile, any Error>? {
        reads.withLock { $0.removeValue(forKey: key) }
    }
}
