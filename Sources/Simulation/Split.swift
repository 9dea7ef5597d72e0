import TraceModel

// MARK: - Train / holdout split by user

/// Which side of the train/holdout split a session falls on.
package enum SplitSide: String, Sendable, Hashable, Codable { case train, holdout }

/// Splits by person, so that the holdout measures people the tuning never
/// saw: a session goes to the holdout when a 64-bit FNV-1a hash of its user
/// id (of its session id when it has no user) falls in the lowest
/// `holdoutFraction` of the range. Deterministic across runs and machines.
///
/// ```swift
/// let (train, holdout) = splitByUser(sessions, holdoutFraction: 0.25)
/// holdoutSide(user: "p07", session: "s-1")     // .train or .holdout, always the same
/// ```
package func splitByUser(_ sessions: [Session], holdoutFraction: Double = 0.25) -> (train: [Session], holdout: [Session]) {
    var train: [Session] = [], holdout: [Session] = []
    for session in sessions {
        if holdoutSide(user: session.header.user, session: session.id, holdoutFraction: holdoutFraction) == .holdout {
            holdout.append(session)
        } else {
            train.append(session)
        }
    }
    return (train, holdout)
}

/// The person a session belongs to: its user, or the session itself when
/// it names none (such a recording is a person of its own, as in the
/// split). What resampling people (the tuning's budget bounds) counts as
/// the unit that varies.
package func personKey(user: String?, session: String) -> String { user ?? "session:" + session }

/// The side for one session (see ``splitByUser(_:holdoutFraction:)``).
package func holdoutSide(user: String?, session: String, holdoutFraction: Double = 0.25) -> SplitSide {
    let key = user.map { "user:" + $0 } ?? "session:" + session
    var hash = FNV1a.hash(key.utf8)
    // Mix the high bits down so that similar ids spread (FNV's low bits are weak).
    hash ^= hash >> 33
    hash &*= 0xff51_afd7_ed55_8ccd
    hash ^= hash >> 33
    let fraction = min(max(holdoutFraction, 0), 1)
    let position = Double(hash >> 11) / Double(1 << 53)
    return position < fraction ? .holdout : .train
}
