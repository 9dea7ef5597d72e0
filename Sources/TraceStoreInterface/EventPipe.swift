import Foundation
import TraceImport
import TraceModel

// MARK: - Parsing and inserting on two threads

/// Hands batches of events from the reading thread to the inserting one,
/// with a bounded queue (memory stays bounded whatever the file size).
///
/// Parsing and SQLite each take about half of an import's time, so on two
/// cores the pipeline nearly halves it. The inserting side owns the
/// transaction; when it fails it cancels the reader, and a reader's error
/// reaches it after the events read before it, as a sequential import would.
final class EventPipe: @unchecked Sendable {
    static let batchSize = 4096
    private let condition = NSCondition()
    private var queue: [[TraceEvent]] = []
    private let capacity: Int
    private var result: Result<ImportSummary, any Error>?
    private var cancelled = false

    init(capacity: Int = 8) {
        self.capacity = capacity
    }

    /// Reader: queues a batch; throws `CancellationError` once the inserter gave up.
    func push(_ batch: [TraceEvent]) throws {
        condition.lock()
        defer { condition.unlock() }
        while queue.count >= capacity && !cancelled { condition.wait() }
        if cancelled { throw CancellationError() }
        queue.append(batch)
        condition.broadcast()
    }

    /// Reader: the end of the input (or the error that stopped it).
    func finish(_ outcome: Result<ImportSummary, any Error>) {
        condition.lock()
        result = outcome
        condition.broadcast()
        condition.unlock()
    }

    /// Inserter: the next batch, or `nil` once the reader has finished and
    /// the queue is empty.
    func next() -> [TraceEvent]? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty && result == nil { condition.wait() }
        guard !queue.isEmpty else { return nil }
        condition.broadcast()
        return queue.removeFirst()
    }

    /// Inserter: how the reader ended (after `next()` returned `nil`).
    func outcome() -> Result<ImportSummary, any Error> {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result!
    }

    /// Inserter: stop the reader and wait until it has stopped.
    func cancelAndWait() {
        condition.lock()
        cancelled = true
        queue.removeAll()
        condition.broadcast()
        while result == nil { condition.wait() }
        condition.unlock()
    }
}
