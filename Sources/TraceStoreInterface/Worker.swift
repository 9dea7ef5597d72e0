import Dispatch
import Foundation

// MARK: - Work on a thread of its own

/// Runs `body` on a new thread (8 MiB stack); `join()` waits for it.
package final class Worker: Sendable {
    /// Entered before the thread starts, left when `body` returns.
    private let running = DispatchGroup()

    /// Starts `body` on its thread.
    /// - Parameter body: the work.
    package init(_ body: @escaping @Sendable () -> Void) {
        running.enter()
        let thread = Thread { [running] in
            body()
            running.leave()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Waits until `body` has returned (at once when it has).
    package func join() { running.wait() }
}

/// Carries non-Sendable values to the worker thread that alone uses them.
package struct Unchecked<Value>: @unchecked Sendable {
    package var value: Value

    /// - Parameter value: what the worker thread alone will use.
    package init(value: Value) { self.value = value }
}
