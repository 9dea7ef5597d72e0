import Foundation

// MARK: - What the study has received

/// The running counts the terminal shows: participants, sessions and
/// trials stored, uploads refused. Updated from the server's handlers.
package final class StudyTally: @unchecked Sendable {
    package struct Counts: Sendable, Codable, Hashable {
        package var participants = 0
        package var sessions = 0
        /// Labels stored (one per trial, navigation steps included).
        package var trials = 0
        package var touches = 0
        /// Uploads of a session already stored (a phone retrying after a lost reply).
        package var repeated = 0
        package var refused = 0
    }

    private let lock = NSLock()
    private var counts = Counts()
    private var participants = Set<String>()

    package init() {}

    package var snapshot: Counts {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }

    func stored(participant: String?, trials: Int, touches: Int) -> Counts {
        lock.lock()
        defer { lock.unlock() }
        if let participant { participants.insert(participant) }
        counts.participants = participants.count
        counts.sessions += 1
        counts.trials += trials
        counts.touches += touches
        return counts
    }

    func repeated() -> Counts {
        lock.lock()
        defer { lock.unlock() }
        counts.repeated += 1
        return counts
    }

    func refused() -> Counts {
        lock.lock()
        defer { lock.unlock() }
        counts.refused += 1
        return counts
    }
}
