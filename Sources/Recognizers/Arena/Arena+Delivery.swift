import TraceModel

// MARK: - Delivery

// Delivery: an event reaches only the members of the contact that it
// can change. Whole frames gather a frame's moves and deliver them
// together; a move that leaves every verdict as it was leaves the arena
// `settled`, and a settled move calls only the cached `moveCallers` or
// `stillCallers` — most moves then call no member at all.
extension Arena {
    /// Whole frames: every finger of the frame has moved; each move is
    /// delivered now, in slot order, at the frame's time.
    /// The frame's moves delivered, unless no member would be called for
    /// any of them (settled, with no member that takes a move): then only
    /// forgotten, without the call — the common case of a contact whose
    /// gesture has begun, or a finger at rest.
    @inline(__always)
    mutating func completeFrame() {
        if settled, moveCallers | stillCallers == 0 {
            pendingMoves = 0
            pendingChanged = 0
        } else {
            deliverFrame()
        }
    }

    mutating func deliverFrame() {
        var m = pendingMoves
        let changed = pendingChanged
        pendingMoves = 0
        pendingChanged = 0
        while m != 0 {
            let slot = m.trailingZeroBitCount
            m &= m - 1
            deliver(.move, slot: slot, t: pendingT, changed: changed & (1 << UInt16(slot)) != 0)
        }
    }

    /// Delivers one event to the members of the contact that can act on it
    /// (`changed`: for a move, whether it changed the finger's position).
    mutating func deliver(_ event: TouchEvent, slot: Int, t: Micros, changed: Bool = true) {
        let candidates = live & contact
        let isMove = event == .move
        // Members in `possible` that this move cannot change.
        let stillIgnored = isMove && !changed && settled ? stillMovesIgnored : 0
        if isMove, settled {
            var m = changed ? moveCallers : stillCallers
            while m != 0 {
                let i = m.trailingZeroBitCount
                m &= m - 1
                let verdict = members[i].handle(
                    event, slot: slot, t: t, touches: storage.touches, tuning: storage.tuning, shared: &shared,
                    compare: &compare)
                if verdict != .none {
                    // States change: the members after this one as the full
                    // loop takes them, each by its state now.
                    apply(verdict, i, at: t)
                    updateDeadline(i)
                    deliverToEach(
                        event, slot: slot, t: t, candidates & (UInt64.max << UInt64(i + 1)), stillIgnored: stillIgnored,
                        verdicts: true)
                    return
                }
                updateDeadline(i)
            }
            return
        }
        deliverToEach(event, slot: slot, t: t, candidates, stillIgnored: stillIgnored, verdicts: false)
    }

    @inline(__always)
    private mutating func updateDeadline(_ i: Int) {
        let deadline = members[i].deadline
        if deadline < nextDeadline { nextDeadline = deadline }
    }

    /// `deliver(_:slot:t:changed:)` to each member of `mask` that can act
    /// on the event in its current state (read from each); a move without
    /// verdicts leaves the arena `settled`.
    private mutating func deliverToEach(
        _ event: TouchEvent, slot: Int, t: Micros, _ mask: UInt64, stillIgnored: UInt64, verdicts hadVerdicts: Bool
    ) {
        var m = mask
        let isMove = event == .move
        if isMove { m &= ~movesIgnored }
        var verdicts = hadVerdicts
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            let state = members[i].state
            guard state.isLive else { continue }
            if isMove {
                let ignored = state == .possible ? stillIgnored : movesIgnoredOnceDecided
                if ignored & (1 << UInt64(i)) != 0 { continue }
            }
            let verdict = members[i].handle(
                event, slot: slot, t: t, touches: storage.touches, tuning: storage.tuning, shared: &shared, compare: &compare)
            if verdict != .none {
                verdicts = true
                apply(verdict, i, at: t)
            }
            updateDeadline(i)
        }
        settled = isMove && !verdicts
        if settled { cacheMoveCallers() }
    }

    /// Works out `moveCallers` and `stillCallers` from the members' states.
    private mutating func cacheMoveCallers() {
        var moving: UInt64 = 0, still: UInt64 = 0
        var m = live & contact & ~movesIgnored
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            let bit: UInt64 = 1 << UInt64(i)
            let state = members[i].state
            if state == .possible {
                moving |= bit
                if stillMovesIgnored & bit == 0 { still |= bit }
            } else if state.isLive, movesIgnoredOnceDecided & bit == 0 {
                moving |= bit
                still |= bit
            }
        }
        moveCallers = moving
        stillCallers = still
    }
}
