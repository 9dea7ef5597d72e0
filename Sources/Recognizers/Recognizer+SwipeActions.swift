import GesturePhysics
import TraceModel

// MARK: - Swipe actions (list rows, leftward only)

extension Recognizer {
    /// Swipe actions on a row. Begins when the horizontal translation passes
    /// `swipeActions.slop` leftward and exceeds the vertical one (rightward or
    /// vertical movement fails it). While dragging, crossing
    /// `swipeActions.threshold` fires a haptic; the arena records its latency
    /// (the sample that noticed it minus the interpolated crossing time).
    /// On release the actions open if the translation is past the threshold,
    /// or if the projected distance (`predictedEnd − translation`) is below
    /// `swipeActions.projectedDistanceTrigger` (−200 pt); else the row snaps
    /// back. Beyond `swipeActions.maxDistance` the row resists (rubber band).
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
            if !crossed, tx <= -p.pointee.swipeActionsThreshold {
                crossed = true
                // The finger crossed between the previous sample and this one.
                let span = tx - prevOffset
                let fraction = span != 0 ? (-p.pointee.swipeActionsThreshold - prevOffset) / span : 1
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
            let shown = RubberBand.position(
                tx, range: -p.pointee.swipeActionsMaxDistance...0, dimension: p.pointee.swipeActionsMaxDistance,
                coefficient: p.pointee.swipeActionsResistance)
            value = shown
            springDistance = (committed ? -2 * p.pointee.swipeActionsButtonWidth : 0) - shown
            return .end
        default:
            return .none
        }
    }
}

