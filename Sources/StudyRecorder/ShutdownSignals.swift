import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - SIGINT and SIGTERM as a stream

/// The signals that stop a study (SIGINT, as Ctrl-C sends, and SIGTERM),
/// each delivered as its name, in order, for as long as the server runs:
/// the first starts a graceful stop, the second ends it at once.
///
/// The signals' default action (ending the process) is turned off while
/// this exists, so a signal never cuts an import in half; ``finish()``
/// restores it.
final class ShutdownSignals: @unchecked Sendable {
    let stream: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let sources: [any DispatchSourceSignal]
    private static let watched: [(Int32, String)] = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")]

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let continuation = self.continuation
        sources = Self.watched.map { number, name in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(name) }
            source.resume()
            return source
        }
    }

    /// Ends the stream and gives the signals their default action back.
    func finish() {
        continuation.finish()
        for source in sources { source.cancel() }
        for (number, _) in Self.watched { signal(number, SIG_DFL) }
    }
}
