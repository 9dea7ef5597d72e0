import TraceModel

// MARK: - Decisions

// The arena's rules (the type's documentation, "Deciding"): a member's
// verdict is applied here — a begin waits for the members it requires to
// fail or wins at once; a win fails the contact's other undecided
// members but its simultaneous ones, the pressed control's feedback and
// whoever waits for it; a failure frees those waiting for it. What fired
// is recorded here too, and a continuous recognition closed when it ends
// or is cancelled.
extension Arena {
    /// Member `i`'s verdict at `t`, by the arena's rules: a begin asks to
    /// win (`request(_:at:)`), an end closes its recognition, a failure or a
    /// drop (recorded first) fails it.
    mutating func apply(_ verdict: RecognizerVerdict, _ i: Int, at t: Micros) {
        switch verdict {
        case .none: break
        case .begin: request(i, at: t)
        case .end: end(i, at: t)
        case .fail: fail(i, at: t)
        case .drop:
            let r = members[i]
            drops.append(Drop(recognizer: i, kind: r.kind, direction: r.direction, t: t, reason: r.dropReason))
            fail(i, at: t)
        }
    }

    /// Bits of the recognizers in `mask` that are still undecided / have won.
    private mutating func undecided(_ mask: UInt64) -> (undecided: Bool, won: Bool) {
        var m = mask
        var undecided = false, won = false
        while m != 0 {
            let j = m.trailingZeroBitCount
            m &= m - 1
            let state = members[j].state
            if state.isUndecided { undecided = true } else if state.hasWon { won = true }
        }
        return (undecided, won)
    }

    private mutating func request(_ i: Int, at t: Micros) {
        let (pending, won) = undecided(waitsFor[i])
        if won {
            fail(i, at: t)
        } else if pending {
            members[i].state = .waiting
            members[i].waitingSince = t
            members[i].deadline = .max
        } else {
            accept(i, at: t)
        }
    }

    private mutating func accept(_ i: Int, at t: Micros) {
        let bit: UInt64 = 1 << UInt64(i)
        let kind = members[i].kind
        let waited = members[i].state == .waiting ? t - members[i].waitingSince : 0
        members[i].deadline = .max
        members[i].applyAction(at: t, tuning: storage.tuning, touches: storage.touches, shared: &shared)
        // A haptic plays as the recognizer fires: the delay runs from the
        // moment it could (a press's touch-down, a tap's last lift) to the
        // sample or timer that fired it, as the swipe actions' runs from
        // the threshold crossing.
        if members[i].options.haptic != nil {
            switch kind {
            case .pressFeedback: members[i].hapticLatency = t - members[i].downT
            case .tap, .doubleTap: members[i].hapticLatency = t - members[i].onset
            default: break
            }
        }
        if kind.isContinuous {
            members[i].state = .began
            members[i].record = recognitions.count
        } else {
            members[i].state = .recognized
            decided |= bit
            live &= ~bit
        }
        record(i, at: t, touchDown: members[i].downT, waited: waited)
        // A press feedback that showed at the lift is over at once.
        if members[i].endsWhenShown { end(i, at: t) }
        // Any gesture but a tap takes the touches from the pressed control:
        // its feedback is cancelled, no ripple (UIKit cancels the control's
        // touches when a scroll view's pan begins; a context menu's preview
        // replaces the pressed state; Flutter's ink splash is cancelled
        // when its tap recognizer is rejected). With no winner at all the
        // press completes where the finger lifts (movement never cancels it).
        if feedbackMask != 0, !kind.isFeedback, kind != .tap, kind != .doubleTap,
            members[i].contactNumber == contactNumber
        {
            var pressed = contact & feedbackMask
            while pressed != 0 {
                let j = pressed.trailingZeroBitCount
                pressed &= pressed - 1
                if members[j].state.isLive { fail(j, at: t) }
            }
        }
        // Exclusive: the other undecided members of this contact lose (if
        // it is still the current one: a tap released late by a timer does
        // not touch the next contact)…
        var losers = members[i].contactNumber == contactNumber ? contact & ~simultaneous[i] & ~bit : 0
        // …and so does anything waiting for this one to fail.
        losers |= waitedOnBy[i]
        while losers != 0 {
            let j = losers.trailingZeroBitCount
            losers &= losers - 1
            if members[j].state.isUndecided { fail(j, at: t) }
        }
    }

    mutating func record(_ i: Int, at t: Micros, touchDown: Micros, waited: Micros = 0) {
        let r = members[i]
        let moved = r.kind.isContinuous ? storage.touches.pointee.movedYardstick : Micros.max
        recognitions.append(
            Recognition(
                recognizer: i, kind: r.kind, direction: r.direction, touchDown: touchDown,
                onset: r.onset == .max ? t : r.onset, recognized: t, ended: t, waited: waited,
                movedYardstick: moved == .max ? t : min(moved, t),
                pointers: r.kind == .shake ? 0 : storage.touches.pointee.maxActive, committed: true,
                releaseVelocity: r.velocity, springDistance: r.springDistance, hapticLatency: r.hapticLatency,
                value: r.value,
                responded: r.kind == .tap || r.kind == .doubleTap ? pressedState(touchDown: touchDown, before: t) : t))
    }

    /// When the contact that went down at `touchDown` first showed its
    /// pressed state, if before `t` (else `t`). Press feedback is recorded
    /// when it shows, always before the tap of its contact, so a short look
    /// back over the latest recognitions finds it (only taps ask).
    private func pressedState(touchDown: Micros, before t: Micros) -> Micros {
        var earliest = t
        for r in recognitions.suffix(8).reversed() where r.kind == .pressFeedback && r.touchDown == touchDown {
            earliest = min(earliest, r.recognized)
        }
        return earliest
    }

    private mutating func end(_ i: Int, at t: Micros) {
        let r = members[i]
        guard r.state == .began, r.record >= 0 else { return fail(i, at: t) }
        members[i].state = .ended
        members[i].deadline = .max
        live &= ~(1 << UInt64(i))
        decided |= 1 << UInt64(i)
        let k = r.record
        recognitions[k].ended = t
        recognitions[k].direction = r.direction
        recognitions[k].committed = r.committed
        recognitions[k].releaseVelocity = r.velocity
        recognitions[k].springDistance = r.springDistance
        recognitions[k].hapticLatency = r.hapticLatency
        recognitions[k].value = r.value
        if r.kind == .transform {
            recognitions[k].transform = ViewTransform(
                translationX: r.dx, translationY: r.dy, scale: r.value, rotation: r.angleTurn * 180 / .pi)
        }
        recognitions[k].pointers = max(recognitions[k].pointers, storage.touches.pointee.maxActive)
    }

    mutating func fail(_ i: Int, at t: Micros) {
        let bit: UInt64 = 1 << UInt64(i)
        let previous = members[i].state
        switch previous {
        case .possible, .waiting:
            members[i].state = .failed
        case .began:
            // Forced out while in progress: cancelled, the recording closes.
            members[i].state = .cancelled
            let k = members[i].record
            if k >= 0 {
                recognitions[k].ended = t
                recognitions[k].committed = false
            }
        default:
            return
        }
        members[i].deadline = .max
        live &= ~bit
        decided |= bit
        // Whoever waited for this one may now be free to win.
        var waiters = waitedOnBy[i]
        while waiters != 0 {
            let j = waiters.trailingZeroBitCount
            waiters &= waiters - 1
            guard members[j].state == .waiting else { continue }
            let (pending, won) = undecided(waitsFor[j])
            if won { fail(j, at: t) } else if !pending { accept(j, at: t) }
        }
    }
}
