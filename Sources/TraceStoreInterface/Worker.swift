import Foundation

// MARK: - Work on a thread of its own

/// Runs `body` on a new thread (8 MiB stack); `join()` waits for it.
package final class Worker: @unchecked Sendable {
    private let done = NSCondition()
    private var finished = false

    /// Starts `body` on its thread.
    /// - Parameter body: the work.
    package init(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            body()
            done.lock()
            finished = true
            done.broadcast()
            done.unlock()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Waits until `body` has returned.
    package func join() {
        done.lock()
        while !finished { done.wait() }
        done.unlock()
    }
}

/// Carries non-Sendable values to the worker thread that alone uses them.
package struct Unchecked<Value>: @unchecked Sendable {
    package var value: Value

    /// - Parameter value: what the worker thread alone will use.
    package init(value: Value) { self.value = value }
}
