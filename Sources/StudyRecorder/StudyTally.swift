import Foundation
import Synchronization

// MARK: - What the study has received

/// The running counts the terminal shows: participants, sessions and
/// trials stored, uploads refused. Updated from the server's handlers.
package final class StudyTally: Sendable {
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

    private struct State {
        var counts = Counts()
        var participants = Set<String>()
    }

    private let state = Mutex(State())

    package init() {}

    package var snapshot: Counts { state.withLock(\.counts) }

    func stored(participant: String?, trials: Int, touches: Int) -> Counts {
        state.withLock { state in
            if let participant { state.participants.insert(participant) }
            state.counts.participants = state.participants.count
            state.counts.sessions += 1
            state.counts.trials += trials
            state.counts.touches += touches
            return state.counts
        }
    }

    func repeated() -> Counts {
        state.withLock { state in
            state.counts.repeated += 1
            return state.counts
        }
    }

    func refused() -> Counts {
        state.withLock { state in
            state.counts.refused += 1
            return state.counts
        }
    }
}
