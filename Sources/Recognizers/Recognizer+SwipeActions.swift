import GesturePhysics
import TraceModel

// MARK: - Swipe actions (list rows: leftward opens; a drag on an open row closes it)

extension Recognizer {
    /// Swipe actions on a row, as the reading app writes them. Begins when
    /// the horizontal translation passes `swipeActions.slop` leftward and
    /// exceeds the vertical one (rightward or vertical movement fails it,
    /// except on an open row).
    ///
    /// **What the row shows.** The change handler moves the row only `if
    /// translation < 0`: offset = initialOffset + t × (1 − min(|t| /
    /// `swipeActions.resistanceDistance`, `swipeActions.maxResistance`)),
    /// the sum held within ±`swipeActions.maxDistance` — 400 pt, 0.5 and
    /// 200 pt. `initialOffset` is 0 on a closed row and the open offset,
    /// −(``RecognizerOptions/actionButtons`` × `swipeActions.buttonWidth`)
    /// (two 56 pt buttons: −112 pt), on an open one. On a closed row −100 pt
    /// of translation shows −75, −300 shows −150; an open row dragged −100
    /// pt further shows −187, −200 and beyond −200. A rightward drag does not
    /// move the row.
    ///
    /// **Haptic.** It fires, once per drag, when the shown offset passes
    /// −`swipeActions.threshold` (80 pt): on a closed row at a translation
    /// of about −110.6 pt (t(1 − t/400) = 80, precomputed once,
    /// `swipeActionsHapticTranslation`), the crossing time interpolated on
    /// the translation between the two samples, the latency the sample that
    /// noticed it minus that time. On an open row the offset is past −80
    /// already, so any leftward move fires it at once: at the first update
    /// (the sample the drag begins on, latency 0) or when a drag that began
    /// rightward crosses back to the left of its start.
    ///
    /// **Release.** The actions open if the raw translation is past the
    /// threshold (80 pt, not the offset: the app decides on the
    /// translation), or if the projected distance (`predictedEnd −
    /// translation`) is below `swipeActions.projectedDistanceTrigger`
    /// (−200 pt); else the row closes. So a release at −100 pt opens the
    /// actions without a haptic. Opening plays the success haptic, in the
    /// end handler itself (no delay to measure).
    ///
    /// **Each row has its own state** (``SharedState/openRows``, one bit per row of the
    /// region's ``RecognizerOptions/rows``): an open row stays open until a
    /// drag on it closes it, and opening one closes no other. On an open row
    /// a *rightward* drag also begins (direction `right`) — the row does not
    /// move, and the release, short of the threshold, closes it; a leftward
    /// drag follows the opening rule (past the threshold or flicked it
    /// stays open, otherwise it closes). A committed recognition is one
    /// that leaves the row as its direction says: open for `left`, closed
    /// for `right`. The open rows are the screen's (shared), since an open
    /// row's action buttons are tap targets of their own (a tap member on
    /// the ``RecognizerOptions/Layer/rowActions`` layer, action
    /// `runRowAction`).
    mutating func swipeActions(
        _ event: TouchEvent, slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>,
        _ shared: inout SharedState, _ compare: inout SoftThreshold
    ) -> RecognizerVerdict {
        // While dragging — and while waiting to begin — the haptic follows the row.
        if state == .began || state == .waiting { followHaptic(t: t, touches, p) }
        switch dragStep(event, slot: slot, t: t, touches) {
        case .decided(let verdict):
            return verdict
        case .moved(let tx, let ty):
            guard Recognizer.leftSlop(tx, ty, p.pointee.swipeActionsSlop) else { return .none }
            if compare.exceeds(abs(ty), abs(tx)) { return .fail }
            // `armed`: the drag started on an open row.
            armed = shared.openRows & rowBit(cell(x: downX, y: downY)?.row) != 0
            if tx > 0, !armed { return .fail }
            direction = tx > 0 ? .right : .left
            onset = touches.pointee.onset
            prevT = t
            prevOffset = tx
            // On an open row the first leftward update is past the threshold.
            crossed = armed && tx < 0
            hapticLatency = crossed ? 0 : -1
            return .begin
        case .released(let tx, _):
            let v = touches.pointee.releaseVelocity(slot, at: t).dx
            velocity = v
            let projected = p.pointee.projectedDistance(velocity: v)
            let open =
                event == .up
                && (compare.below(tx, -p.pointee.swipeActionsThreshold)
                    || compare.below(projected, p.pointee.swipeActionsProjectedTrigger))
            let openOffset = self.openOffset(p)
            // A cancelled contact leaves the row as it was.
            let endsOpen = event == .up ? open : armed
            committed = event == .up && (direction == .left ? open : !open)
            let initial = armed ? openOffset : 0
            let shown = tx < 0 ? p.pointee.swipeActionsOffset(from: initial, translation: tx) : initial
            value = shown
            springDistance = (endsOpen ? openOffset : 0) - shown
            let bit = rowBit(cell(x: downX, y: downY)?.row)
            if endsOpen { shared.openRows |= bit } else if armed { shared.openRows &= ~bit }
            return .end
        }
    }

    /// Every sample of a begun (or waiting) drag: the haptic fires the first
    /// time the translation passes the row's haptic translation, timed at
    /// the crossing interpolated between the previous sample and this one.
    @inline(__always)
    private mutating func followHaptic(t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>) {
        let (tx, _) = translation(touches)
        let haptic = armed ? openRowHapticTranslation(p) : -p.pointee.swipeActionsHapticTranslation
        if !crossed, haptic < 0 ? tx <= haptic : tx < 0 {
            crossed = true
            // The finger crossed between the previous sample and this one.
            let span = tx - prevOffset
            let fraction = span != 0 ? (haptic - prevOffset) / span : 1
            let crossing = Double(prevT) + min(max(fraction, 0), 1) * Double(t - prevT)
            hapticLatency = t - Micros(crossing.rounded())
        }
        prevT = t
        prevOffset = tx
    }

    /// The bit of `row` in ``SharedState/openRows`` (0 for no row, or one past 64).
    private func rowBit(_ row: Int?) -> UInt64 {
        guard let row, row >= 0, row < 64 else { return 0 }
        return 1 << UInt64(row)
    }

    /// Where an open row rests: its action buttons' width, leftward.
    private func openOffset(_ p: UnsafePointer<ResolvedParameters>) -> Double {
        -Double(options.actionButtons) * p.pointee.swipeActionsButtonWidth
    }

    /// The translation (≤ 0) at which an open row's shown offset passes
    /// −threshold: 0 — any leftward move — when its open offset is past it
    /// already, else the leftward translation that adds the rest.
    private func openRowHapticTranslation(_ p: UnsafePointer<ResolvedParameters>) -> Double {
        let rest = p.pointee.swipeActionsThreshold + openOffset(p)
        guard rest > 0 else { return 0 }
        return -ResolvedParameters.translation(
            atResistedOffset: rest, distance: p.pointee.swipeActionsResistanceDistance,
            maxResistance: p.pointee.swipeActionsMaxResistance,
            hardStop: p.pointee.swipeActionsMaxDistance + openOffset(p))
    }
}
