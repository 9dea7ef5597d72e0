import Dispatch
import Synchronization
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
///
/// The queue is under a `Mutex`; the two sides wait on semaphores that count
/// what the other may take: `space` the free places (the reader waits for
/// one), `ready` the batches queued plus the end (the inserter waits for one).
final class EventPipe: Sendable {
    static let batchSize = 4096

    private struct State {
        var queue: [[TraceEvent]] = []
        var result: Result<ImportSummary, any Error>?
        var cancelled = false
    }

    private let state = Mutex(State())
    /// Free places in the queue. Given back whole on every path: libdispatch
    /// refuses to free a semaphore below the value it was made with.
    private let space: DispatchSemaphore
    /// Batches queued, plus one for the end once the reader has finished.
    private let ready = DispatchSemaphore(value: 0)

    init(capacity: Int = 8) {
        space = DispatchSemaphore(value: capacity)
    }

    /// Reader: queues a batch; throws `CancellationError` once the inserter gave up.
    func push(_ batch: [TraceEvent]) throws {
        space.wait()
        let queued = state.withLock { state in
            guard !state.cancelled else { return false }
            state.queue.append(batch)
            return true
        }
        guard queued else {
            space.signal()
            throw CancellationError()
        }
        ready.signal()
    }

    /// Reader: the end of the input (or the error that stopped it).
    func finish(_ outcome: Result<ImportSummary, any Error>) {
        state.withLock { $0.result = outcome }
        ready.signal()
    }

    /// Inserter: the next batch, or `nil` once the reader has finished and
    /// the queue is empty.
    func next() -> [TraceEvent]? {
        ready.wait()
        let batch = state.withLock { state in state.queue.isEmpty ? nil : state.queue.removeFirst() }
        // The end stays signalled: a later `next()` sees it too.
        if batch == nil { ready.signal() } else { space.signal() }
        return batch
    }

    /// Inserter: how the reader ended (after `next()` returned `nil`).
    func outcome() -> Result<ImportSummary, any Error> {
        ready.wait()
        defer { ready.signal() }
        return state.withLock { state in state.result ?? .failure(CancellationError()) }
    }

    /// Inserter: stops the reader (the caller then joins its thread).
    func cancel() {
        let dropped = state.withLock { state in
            state.cancelled = true
            defer { state.queue.removeAll() }
            return state.queue.count
        }
        // The dropped batches' places, and one for a reader waiting for room.
        for _ in 0...dropped { space.signal() }
    }
}
