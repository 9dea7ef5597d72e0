import TraceModel

// MARK: - Swipe actions (list rows: leftward opens, rightward closes an open row)

extension Recognizer {
    /// Swipe actions on a row. Begins when the horizontal translation passes
    /// `swipeActions.slop` leftward and exceeds the vertical one (rightward or
    /// vertical movement fails it).
    ///
    /// **What the row shows.** The reference app resists from the first
    /// point: offset = t × (1 − min(|t| / `swipeActions.resistanceDistance`,
    /// `swipeActions.maxResistance`)) with a hard stop at
    /// `swipeActions.maxDistance` — 400 pt, 0.5 and 200 pt: −100 pt of
    /// translation shows −75, −300 shows −150, −400 and beyond −200.
    ///
    /// **Haptic.** It fires when the *resisted* offset passes
    /// `swipeActions.threshold` (80 pt), i.e. at a translation of about
    /// −110.6 pt (t(1 − t/400) = 80), precomputed once
    /// (`swipeActionsHapticTranslation`). The offset grows monotonically
    /// with the translation and the finger moves in a straight line between
    /// samples, so the crossing time is interpolated on the translation at
    /// that point; the latency is the sample that noticed it minus that
    /// time.
    ///
    /// **Release.** The actions open if the raw translation is past the
    /// threshold (80 pt, not the resisted offset: the reference app decides
    /// on the translation), or if the projected distance
    /// (`predictedEnd − translation`) is below
    /// `swipeActions.projectedDistanceTrigger` (−200 pt); else the row snaps
    /// back. So a release at −100 pt opens the actions without a haptic.
    ///
    /// **An open row stays open** (``openRow``, the row of the region's
    /// ``RecognizerOptions/rows`` under the touch-down) until a drag on it
    /// closes it: on the open row a *rightward* drag also begins (direction
    /// `right`; elsewhere rightward movement fails the recognizer, as
    /// before), and the same release rule decides — past the threshold or
    /// flicked open it stays open, otherwise it closes (a rightward drag
    /// always closes it). The row then shows its open offset (two buttons)
    /// plus the resisted translation. Such a drag fires no haptic (the
    /// threshold is crossed only when opening a closed row). A committed
    /// recognition is one that leaves the row as its direction says: open
    /// for `left`, closed for `right`. Opening a row closes any other (one
    /// open row per list).
    mutating func swipeActions(
        _ event: TouchEvent, slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>,
        _ compare: inout SoftThreshold
    ) -> Verdict {
        switch state {
        case .possible:
            switch event {
            case .down:
                return dragDown(slot: slot, t: t, touches)
            case .move:
                let (tx, ty) = translation(touches)
                guard abs(tx) > p.pointee.swipeActionsSlop || abs(ty) > p.pointee.swipeActionsSlop else { return .none }
                if compare.exceeds(abs(ty), abs(tx)) { return .fail }
                // `armed`: the drag started on the open row.
                armed = openRow >= 0 && cell(x: downX, y: downY)?.row == openRow
                if tx > 0, !armed { return .fail }
                direction = tx > 0 ? .right : .left
                onset = touches.pointee.onset
                prevT = t
                prevOffset = tx
                crossed = armed // an open row has no threshold to cross
                hapticLatency = -1
                return .begin
            case .up, .cancel, .timer:
                return undecided(event, touches)
            }
        case .began, .waiting:
            let (tx, _) = translation(touches)
            let haptic = -p.pointee.swipeActionsHapticTranslation
            if !crossed, tx <= haptic {
                crossed = true
                // The finger crossed between the previous sample and this one.
                let span = tx - prevOffset
                let fraction = span != 0 ? (haptic - prevOffset) / span : 1
                let crossing = Double(prevT) + min(max(fraction, 0), 1) * Double(t - prevT)
                hapticLatency = t - Micros(crossing.rounded())
            }
            prevT = t
            prevOffset = tx
            guard state == .began, event == .up || event == .cancel, touches.pointee.activeCount == 1 else { return .none }
            let v = touches.pointee.releaseVelocity(slot, at: t).dx
            velocity = v
            let projected = p.pointee.projectedDistance(velocity: v)
            let open =
                event == .up
                && (compare.below(tx, -p.pointee.swipeActionsThreshold)
                    || compare.below(projected, p.pointee.swipeActionsProjectedTrigger))
            let openOffset = -2 * p.pointee.swipeActionsButtonWidth
            // A cancelled contact leaves the row as it was.
            let endsOpen = event == .up ? open : armed
            committed = event == .up && (direction == .left ? open : !open)
            let shown = (armed ? openOffset : 0) + p.pointee.swipeActionsOffset(translation: tx)
            value = shown
            springDistance = (endsOpen ? openOffset : 0) - shown
            let row = cell(x: downX, y: downY)?.row ?? 0
            if endsOpen { openRow = row } else if armed { openRow = -1 }
            return .end
        default:
            return .none
        }
    }
}
