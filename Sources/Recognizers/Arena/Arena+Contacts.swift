import TraceModel

// MARK: - Contacts

// Membership: who joins a contact when its first finger lands (hit
// members, and a member still `possible` from the previous contact if
// hit again), who joins late (members freed by that very touch-down),
// and what a contact's end decides (undecided members with nothing to
// wait for fail; anything in progress is cancelled). Which members a
// point hits is Arena+HitTesting.swift's.
extension Arena {
    mutating func startContact(t: Micros, x: Double, y: Double) {
        contactStart = t
        contactNumber &+= 1
        let mayHit = mayHit(x: x, y: y)
        // Carried over from the last contact: a double tap between its taps
        // continues if hit, fails if not (which may release a waiting tap).
        var m = live & contact
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            if members[i].state == .possible, mayHit & (1 << UInt64(i)) == 0 || !hits(i, x: x, y: y) { fail(i, at: t) }
        }
        contact = 0
        m = live
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            if members[i].state == .possible {
                contact |= 1 << UInt64(i)
                members[i].contactNumber = contactNumber
            }
        }
        // Every member but the motion ones, in order: an idle member that
        // cannot be hit has nothing to do, so only the others are visited.
        m = (mayHit | started) & ~motionMask
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            switch members[i].state {
            case .possible, .waiting, .began:
                continue
            default:
                guard mayHit & (1 << UInt64(i)) != 0, hits(i, x: x, y: y) else {
                    if members[i].state != .idle { members[i].reset() }
                    started &= ~(1 << UInt64(i))
                    continue
                }
                enlist(i, at: t)
                contact |= 1 << UInt64(i)
                live |= 1 << UInt64(i)
            }
        }
        decided = 0
        // A touch-down anywhere but on the shown menu's panel collapses the
        // selection (and its action menu); a tap on a pill, or between
        // pills, keeps it.
        if shared.selectionMenuAt != .max, !onPillPanel(x: x, y: y) { shared.selectionMenuAt = .max }
    }

    /// Recognizers freed by the first touch-down itself — a double tap whose
    /// second tap landed too far away fails, which releases the waiting
    /// single tap — join the new contact as if it had just begun, so that
    /// this touch can be the first tap of a new tap or double tap.
    mutating func lateJoin(slot: Int, t: Micros, x: Double, y: Double) {
        var joined: UInt64 = 0
        let mayHit = mayHit(x: x, y: y)
        var candidates = decided & ~motionMask & ~contact
        while candidates != 0 {
            let i = candidates.trailingZeroBitCount
            candidates &= candidates - 1
            switch members[i].state {
            case .possible, .waiting, .began, .idle: continue
            default:
                guard mayHit & (1 << UInt64(i)) != 0, hits(i, x: x, y: y) else { continue }
                enlist(i, at: t)
                joined |= 1 << UInt64(i)
            }
        }
        guard joined != 0 else { return }
        contact |= joined
        live |= joined
        var m = joined
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            guard members[i].state.isLive else { continue }
            let verdict = members[i].handle(
                .down, slot: slot, t: t, touches: storage.touches, tuning: storage.tuning, shared: &shared, compare: &compare)
            if verdict != .none { apply(verdict, i, at: t) }
            let deadline = members[i].deadline
            if deadline < nextDeadline { nextDeadline = deadline }
        }
    }

    /// Member `i` starts afresh and watches the current contact, which it
    /// joined at `t` (the caller adds it to the contact's masks).
    @inline(__always)
    private mutating func enlist(_ i: Int, at t: Micros) {
        placeOverlay(i)
        members[i].start()
        started |= 1 << UInt64(i)
        members[i].downT = t
        members[i].contactNumber = contactNumber
    }

    /// An overlay's recognizer takes the overlay's frame before it joins a
    /// contact: the pills' row moves with the selection.
    private mutating func placeOverlay(_ i: Int) {
        if members[i].options.layer == .selectionMenu { members[i].rect = pillRow }
    }

    /// Before the last finger lifts: a continuous gesture still waiting can
    /// no longer begin — nothing is left to move it (UIKit fails a pan whose
    /// touches end while it waits for another recognizer to fail).
    mutating func failWaitingContinuous(at t: Micros) {
        var m = live & contact
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            if members[i].state == .waiting, members[i].kind.isContinuous { fail(i, at: t) }
        }
    }

    mutating func endContact(t: Micros) {
        // Undecided with nothing left to wait for: it can no longer win.
        var m = live & contact
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            if members[i].state == .possible, members[i].deadline == .max { fail(i, at: t) }
        }
        // Anything still in progress is cancelled (its recording closes uncommitted).
        m = live & contact
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            if members[i].state == .began { fail(i, at: t) }
        }
        if compare.temperature > 0 {
            contacts.append(ContactMargin(start: contactStart, end: t, margin: compare.closestMargin))
            compare.reset()
        }
    }
}
