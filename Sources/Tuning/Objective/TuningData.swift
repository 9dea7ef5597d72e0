import Simulation
import TraceModel

// MARK: - The sessions of a run, split and compiled once

/// The sessions an optimization learns from (train) and is judged on
/// (holdout), each compiled into a `Corpus` once: loading and compiling
/// is the slow part; every evaluation only replays.
///
/// The split is by person (the simulator's `holdoutSide(user:session:holdoutFraction:)`),
/// so the holdout measures people the tuning never saw.
///
/// ```swift
/// let data = try TuningData(sessions: try store.loadSessions(), holdoutFraction: 0.25)
/// data.train.sessionCount
/// data.holdoutUsers
/// ```
package struct TuningData: Sendable {
    package let train: Corpus
    package let holdout: Corpus
    package let trainUsers: [String]
    package let holdoutUsers: [String]

    /// Splits `sessions` by user.
    ///
    /// - Throws: ``ObjectiveError`` when either side would be empty (too few
    ///   users for the fraction), or no session has a label.
    package init(sessions: [Session], holdoutFraction: Double = 0.25) throws {
        // The one split rule (Simulation's), which HoldoutReplay applies too.
        let (train, holdout) = splitByUser(sessions, holdoutFraction: holdoutFraction)
        try self.init(train: train, holdout: holdout)
    }

    /// Uses the given sides as they are (k-fold validation builds its folds
    /// with ``folds(of:count:)``).
    package init(train: [Session], holdout: [Session]) throws {
        let users = { (s: [Session]) in Array(Set(s.map { personKey(user: $0.header.user, session: $0.id) })).sorted() }
        guard !train.isEmpty else {
            throw ObjectiveError("no training sessions: \(holdout.count) session(s), all held out; add users")
        }
        guard !holdout.isEmpty else {
            throw ObjectiveError(
                "the split by user left no holdout sessions: a hash of each user id holds out about"
                    + " --holdout-fraction of the people, and none of these \(users(train).count) landed there; raise"
                    + " --holdout-fraction or record more people (at the default 0.25, a dozen or more)")
        }
        guard train.contains(where: { !$0.labels.isEmpty }) else {
            throw ObjectiveError("the training sessions have no labels: nothing to measure misfires against")
        }
        self.train = Corpus(sessions: train)
        self.holdout = Corpus(sessions: holdout)
        trainUsers = users(train)
        holdoutUsers = users(holdout)
    }

    package func corpus(_ side: SplitSide) -> Corpus { side == .train ? train : holdout }

    // MARK: - k folds

    /// The fold (0 ..< `count`) of a session: its user's position in the
    /// simulator's split hash, cut into `count` equal ranges. Consistent with
    /// the train/holdout split: fold 0 of 4 is the 25 % holdout.
    package static func fold(user: String?, session: String, count: Int) -> Int {
        for i in 0..<max(count, 1) - 1
        where holdoutSide(user: user, session: session, holdoutFraction: Double(i + 1) / Double(count)) == .holdout {
            return i
        }
        return max(count, 1) - 1
    }

    /// `sessions` dealt into `count` folds by user (empty folds possible
    /// with few users).
    package static func folds(of sessions: [Session], count: Int) -> [[Session]] {
        var folds = Array(repeating: [Session](), count: max(count, 1))
        for session in sessions {
            folds[fold(user: session.header.user, session: session.id, count: count)].append(session)
        }
        return folds
    }
}
