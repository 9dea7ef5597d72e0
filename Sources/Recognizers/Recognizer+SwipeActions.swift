import TraceModel

// MARK: - Swipe actions (list rows, leftward only)

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
                if compare.exceeds(abs(ty), abs(tx)) || tx > 0 { return .fail }
                direction = .left
                onset = touches.pointee.onset
                prevT = t
                prevOffset = tx
                crossed = false
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
            let open = compare.below(tx, -p.pointee.swipeActionsThreshold)
                || compare.below(projected, p.pointee.swipeActionsProjectedTrigger)
            committed = event == .up && open
            let shown = p.pointee.swipeActionsOffset(translation: tx)
            value = shown
            springDistance = (committed ? -2 * p.pointee.swipeActionsButtonWidth : 0) - shown
            return .end
        default:
            return .none
        }
    }
}

