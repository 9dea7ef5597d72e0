import Foundation
import GRDB
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - Another writer holds the store

/// How a writing command waits for another process that holds the store's
/// write lock (another `ingest`, `sqlite3` inside a transaction).
package struct WriterWait: Sendable {
    /// How long one wait may last before the command gives up.
    package var timeout: TimeInterval
    /// Told once per wait, as it starts, who holds the lock if it is known
    /// (for a message on stderr: a silent pause reads like a hang).
    package var onWait: (@Sendable (_ holder: String?) -> Void)?

    package init(timeout: TimeInterval = 10, onWait: (@Sendable (_ holder: String?) -> Void)? = nil) {
        self.timeout = timeout
        self.onWait = onWait
    }

    /// SQLite's busy handler: waits in growing steps until `timeout`,
    /// telling `onWait` once a wait begins. SQLite calls it with the number
    /// of calls so far in the current wait.
    func busyMode(path: String) -> Database.BusyMode {
        let started = WaitStart()
        let timeout = self.timeout, onWait = self.onWait
        return .callback { tries in
            let now = Date()
            if tries == 0 {
                started.set(now)
                onWait?(StoreBusyError.holder(of: path))
            }
            let since = started.get() ?? now
            guard now.timeIntervalSince(since) < timeout else { return false }
            usleep(UInt32(min(100_000, 2_000 << min(tries, 6))))
            return true
        }
    }
}

/// When the current wait began (SQLite calls the handler on the
/// connection's thread; GRDB asks for a Sendable one).
private final class WaitStart: Sendable {
    private let date = Mutex<Date?>(nil)
    func set(_ value: Date) { date.withLock { $0 = value } }
    func get() -> Date? { date.withLock { $0 } }
}
