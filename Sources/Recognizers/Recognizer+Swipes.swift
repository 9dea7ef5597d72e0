import GesturePhysics
import TraceModel

// MARK: - Card swipe, interactive dismiss, edge swipe

extension Recognizer {
    /// Card stack: the top card follows a drag in any direction (the
    /// source's `DragGesture` has no axis), rotating by translation /
    /// `cardSwipe.rotationDivisor` degrees. The source's end handler deletes
    /// on `abs(value.translation.width) > 120` and nothing else
    /// (`cardSwipe.deleteThreshold`): released past it the card flies to
    /// ±`cardSwipe.flightOffset` (500 pt) towards the side the
    /// translation is on; else it springs back, however fast it was thrown —
    /// a 60 pt throw at 400 pt/s springs back. Both animations use the card
    /// spring (response 0.4, damping 0.7), which the source starts from
    /// rest: `releaseVelocity` is the finger's, but the spring measurement
    /// (Simulation's `Tally`) ignores it for the card.
    ///
    /// **Only the top card is interactive** (000_dfd263f105d7efd6.txt:335-336),
    /// and a deleted card stays the top one, flying off, until it is removed
    /// `cardSwipe.removalDelay` (0.3 s) after the release
    /// (000_dfd263f105d7efd6.txt:366-370): a contact that lands on the stack
    /// meanwhile is on the card beneath, which has no gesture — the card
    /// swipe fails at once (what else hears the contact is the scene's).
    mutating func cardSwipe(
        _ event: TouchEvent, slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>,
        _ shared: inout SharedState, _ compare: inout SoftThreshold
    ) -> RecognizerVerdict {
        // A contact on the stack while the deleted card flies off is on the card beneath.
        if state == .possible, event == .down, touches.pointee.activeCount == 1, t < shared.cardLeavingUntil {
            return .fail
        }
        switch dragStep(event, slot: slot, t: t, touches) {
        case .decided(let verdict):
            return verdict
        case .moved(let tx, let ty):
            guard Recognizer.leftSlop(tx, ty, p.pointee.cardSwipeSlop) else { return .none }
            direction = tx < 0 ? .left : .right
            onset = touches.pointee.onset
            return .begin
        case .released(let tx, _):
            velocity = touches.pointee.releaseVelocity(slot, at: t).dx
            if options.action.isDraggableCard { return draggableCardRelease(event, tx: tx, p, &compare) }
            direction = tx < 0 ? .left : .right
            committed = event == .up && compare.exceeds(abs(tx), p.pointee.cardSwipeDeleteThreshold)
            value = tx / p.pointee.cardSwipeRotationDivisor
            let flight = (tx < 0 ? -1.0 : 1.0) * p.pointee.cardFlightOffset
            springDistance = (committed ? flight : 0) - tx
            if committed { shared.cardLeavingUntil = t + p.pointee.cardSwipeRemovalDelay }
            return .end
        }
    }

    /// The animation patterns' draggable card at its release
    /// (002_fade1e29999cfedf.txt:21-38): it flies off if
    /// |translation| > `draggableCard.threshold` or |predicted end
    /// translation| > `draggableCard.predictedEndTrigger` — the predicted end
    /// is UIKit's, the translation plus the projected distance — to
    /// ±`draggableCard.flightOffset` on the predicted end's side; else it
    /// snaps back to 0. There is one card: nothing is removed, nothing
    /// waits (the reading app's stack and its removal delay are not this).
    mutating func draggableCardRelease(
        _ event: TouchEvent, tx: Double, _ p: UnsafePointer<ResolvedParameters>, _ compare: inout SoftThreshold
    ) -> RecognizerVerdict {
        let predicted = tx + p.pointee.projectedDistance(velocity: velocity)
        committed =
            event == .up
            && (compare.exceeds(abs(tx), p.pointee.draggableCardThreshold)
                || compare.exceeds(abs(predicted), p.pointee.draggableCardPredictedEndTrigger))
        direction = (committed ? predicted : tx) < 0 ? .left : .right
        value = 0
        let flight = (predicted > 0 ? 1.0 : -1.0) * p.pointee.draggableCardFlightOffset
        springDistance = (committed ? flight : 0) - tx
        return .end
    }

    /// Interactive dismiss of a sheet: a downward drag; progress = offset /
    /// `dismiss.progressDistance`; the release dismisses above
    /// `dismiss.progressThreshold` or faster than `dismiss.velocityThreshold`.
    mutating func dismiss(
        _ event: TouchEvent, slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>,
        _ compare: inout SoftThreshold
    ) -> RecognizerVerdict {
        switch dragStep(event, slot: slot, t: t, touches) {
        case .decided(let verdict):
            return verdict
        case .moved(let tx, let ty):
            guard Recognizer.leftSlop(tx, ty, p.pointee.dismissSlop) else { return .none }
            if compare.exceeds(abs(tx), abs(ty)) || ty < 0 { return .fail }
            direction = .down
            onset = touches.pointee.onset
            return .begin
        case .released(_, let ty):
            velocity = touches.pointee.releaseVelocity(slot, at: t).dy
            let progress = max(0, ty) / p.pointee.dismissProgressDistance
            value = progress
            committed =
                event == .up
                && (compare.exceeds(progress, p.pointee.dismissProgressThreshold)
                    || compare.exceeds(velocity, p.pointee.dismissVelocityThreshold))
            springDistance = (committed ? touches.pointee.screenHeight : 0) - max(0, ty)
            return .end
        }
    }

    /// Edge swipe (back): starts in the edge strip (the region), recognized
    /// once the inward translation reaches `edgeSwipe.minimumDistance` while
    /// inward movement dominates; fails if it goes outward or mostly along
    /// the edge first.
    mutating func edgeSwipe(
        _ event: TouchEvent, slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>,
        _ compare: inout SoftThreshold
    ) -> RecognizerVerdict {
        switch dragStep(event, slot: slot, t: t, touches) {
        case .decided(let verdict):
            return verdict
        case .moved(let tx, let ty):
            let inward: Double, along: Double
            switch region.edge ?? .left {
            case .left:
                inward = tx
                along = ty
            case .right:
                inward = -tx
                along = ty
            case .top:
                inward = ty
                along = tx
            case .bottom:
                inward = -ty
                along = tx
            }
            let distance2 = tx * tx + ty * ty
            guard distance2 >= p.pointee.edgeMinimumDistance * p.pointee.edgeMinimumDistance else { return .none }
            if inward <= 0 || compare.exceeds(abs(along), inward) { return .fail }
            guard inward >= p.pointee.edgeMinimumDistance else { return .none }
            switch region.edge ?? .left {
            case .left: direction = .right
            case .right: direction = .left
            case .top: direction = .down
            case .bottom: direction = .up
            }
            onset = touches.pointee.onset
            return .begin
        case .released:
            let v = touches.pointee.releaseVelocity(slot, at: t)
            velocity = region.edge == .top || region.edge == .bottom ? v.dy : v.dx
            committed = event == .up
            return .end
        }
    }
}
