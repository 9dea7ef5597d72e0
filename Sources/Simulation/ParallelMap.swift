import Dispatch

// MARK: - Deterministic parallel map

/// Runs independent jobs on at most `width` threads and returns their results
/// in job order: the one parallel map of the package (the simulator's
/// session chunks, the search's evaluations). It lives in Simulation, the
/// lowest module that needs it; Tuning reaches it with `package` access,
/// since it is no API of a library product.
///
/// Jobs are dealt out statically (worker `w` takes jobs `w`, `w + width`, …),
/// each result goes to its own slot, and the caller only sees the finished
/// array: nothing the caller observes depends on thread timing. At most
/// `width` jobs run at once, so an objective is never called from more
/// threads than the search promised.
package enum ParallelMap {
    package static func map<T: Sendable>(_ count: Int, width: Int, _ job: @Sendable (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let workers = max(1, min(width, count))
        let slots = Slots<T>(count: count)
        if workers == 1 {
            for i in 0..<count { slots.put(job(i), at: i) }
        } else {
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                var i = worker
                while i < count {
                    slots.put(job(i), at: i)
                    i += workers
                }
            }
        }
        return slots.collect()
    }
}

/// Result slots written once each, from any thread, at distinct indices.
///
/// Raw memory rather than an `Array` in a class: concurrent writes to an
/// array property would be flagged by Swift's exclusivity checking even at
/// distinct indices. Distinct indices never race, and `concurrentPerform`
/// returning orders every write before ``collect()``.
private final class Slots<T>: @unchecked Sendable {
    private let buffer: UnsafeMutablePointer<T?>
    private let count: Int

    init(count: Int) {
        self.count = count
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil, count: count)
    }

    deinit {
        buffer.deinitialize(count: count)
        buffer.deallocate()
    }

    func put(_ value: T, at index: Int) { buffer[index] = value }

    func collect() -> [T] {
        (0..<count).compactMap { buffer[$0] }
    }
}
