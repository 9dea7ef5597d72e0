import TraceModel

// MARK: - Timers

// Timers: each member keeps its own deadline, the arena only the
// earliest (`nextDeadline`), so an input with nothing due costs one
// comparison. When it passes, every live member whose deadline is due
// hears a `timer` event at its deadline's moment, in declaration order,
// and the earliest remaining deadline is found again.
extension Arena {
    /// When the earliest pending timer runs out (`Micros.max`: none).
    package var nextTimer: Micros { nextDeadline }

    /// Runs now the timers due by `t`, as the next input at `t` would run
    /// them first: for an observer that wants each timer's verdicts at the
    /// timer's own moment (`gesturetune serve`'s session timeline), not at the
    /// next input's. The verdicts are the same; the simulator never calls
    /// it, so its replay costs what it did.
    package mutating func runTimers(upTo t: Micros) {
        makeStorageUnique()
        if pendingMoves != 0, t != pendingT { completeFrame() }
        if t >= nextDeadline { fireTimers(upTo: t) }
    }

    /// Fires the timers due by `t`, earliest first, each at its own deadline.
    mutating func fireTimers(upTo t: Micros) {
        while nextDeadline <= t {
            let now = nextDeadline
            nextDeadline = .max
            settled = false
            // Only live members hold a timer: a member sets its deadline
            // while it handles an event, which only live ones do, and
            // leaving `live` (a verdict, a reset) clears it.
            var m = live
            while m != 0 {
                let i = m.trailingZeroBitCount
                m &= m - 1
                guard members[i].deadline <= now else { continue }
                members[i].deadline = .max
                guard members[i].state.isLive else { continue }
                let verdict = members[i].handle(
                    .timer, slot: -1, t: now, touches: storage.touches, tuning: storage.tuning, shared: &shared,
                    compare: &compare)
                if verdict != .none { apply(verdict, i, at: now) }
            }
            m = live
            while m != 0 {
                let i = m.trailingZeroBitCount
                m &= m - 1
                if members[i].deadline < nextDeadline { nextDeadline = members[i].deadline }
            }
        }
    }
}
