import Foundation
import TraceModel

// MARK: - Pinch, rotation, multi-finger swipe

extension Recognizer {
    /// Pinch: two fingers; begins once their distance changes by more than
    /// `pinch.spanSlop`; the scale (clamped to `pinch.minScale…maxScale`)
    /// is stored in the shared state when they lift. Direction `out` (zoom
    /// in, fingers apart) or `in`. `velocity` at the end: the scale's rate
    /// of change per second at release (``rate``). The reading app clamps
    /// the live scale while pinching (`effectiveScale`, 1…5), so the image
    /// never leaves the limits and its release spring (`pinch.spring*`)
    /// travels nothing: `springDistance` is 0 (settle 0 ms).
    mutating func pinch(
        _ event: TouchEvent, slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>,
        _ shared: inout SharedState, _ compare: inout SoftThreshold
    ) -> RecognizerVerdict {
        guard state.isLive else { return .none }
        if pairGeneration != touches.pointee.pairGeneration {
            // A new pair: re-anchor; a pinch in progress keeps its scale so far.
            pairGeneration = touches.pointee.pairGeneration
            scale0 = state == .began ? value : shared.imageScale
            value = scale0
            span0 = touches.pointee.span
        }
        switch event {
        case .down, .timer:
            return .none
        case .move:
            guard touches.pointee.pairB >= 0, span0 > 0 else { return .none }
            let asked = scale0 * touches.pointee.span / span0
            let scale = min(max(asked, p.pointee.pinchMinScale), p.pointee.pinchMaxScale)
            if state == .began {
                value = scale
                trackRate(scale, at: t)
                return .none
            }
            guard state == .possible else { return .none }
            let change = touches.pointee.span - span0
            guard abs(change) > p.pointee.pinchSpanSlop else { return .none }
            direction = change > 0 ? .out : .in
            onset = touches.pointee.onset
            scaleStart = scale0
            value = scale
            startRate(scale, at: t)
            return .begin
        case .up, .cancel:
            guard touches.pointee.activeCount <= 2 else { return .none } // the pair may re-form
            guard state == .began else { return .fail }
            // The final scale decides; a scale pinned at a clamp keeps the direction it began in.
            direction = value > scaleStart ? .out : value < scaleStart ? .in : direction
            velocity = rate
            committed = event == .up
            if options.action == .returnToIdentity {
                // The view returns to 1×: nothing is kept for the next pinch.
                springDistance = returnDistance(scale: value / scaleStart, turn: 0, side: p.pointee.returnToIdentityViewSize)
            } else {
                if committed { shared.imageScale = value }
                // The image showed the clamped scale all along: the release
                // spring has nowhere to carry it.
                springDistance = 0
            }
            return .end
        }
    }

    /// Rotation: two fingers; begins once the line between them turns by
    /// more than `rotation.slop`. At release the reference app snaps the
    /// image's *cumulative* angle — its total rotation across gestures,
    /// ``SharedState/imageRotation`` — to a multiple of `rotation.snapAngle`
    /// (45°), not this gesture's own turn: two turns of 30° end at 45° and
    /// then 90° (the turn alone would snap to 45° twice). The snapped total
    /// is stored in the shared state on a committed release and in `value`
    /// (degrees). Direction: this gesture's turn, `cw` or `ccw`. `velocity`
    /// at the end: degrees per second at release (``rate``).
    mutating func rotation(
        _ event: TouchEvent, slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>,
        _ shared: inout SharedState, _ compare: inout SoftThreshold
    ) -> RecognizerVerdict {
        switch state {
        case .possible, .waiting, .began:
            if pairGeneration != touches.pointee.pairGeneration {
                pairGeneration = touches.pointee.pairGeneration
                angleLast = touches.pointee.angle
                if state != .began { angleTurn = 0 }
            }
            switch event {
            case .down:
                return .none
            case .move:
                guard touches.pointee.pairB >= 0 else { return .none }
                // Unwrap: accumulate the smallest turn between samples.
                let now = touches.pointee.angle
                var step = now - angleLast
                if step > .pi { step -= 2 * .pi } else if step < -.pi { step += 2 * .pi }
                angleTurn += step
                angleLast = now
                if state == .began { trackRate(angleTurn * 180 / .pi, at: t) }
                guard state == .possible, abs(angleTurn) > p.pointee.rotationSlop else { return .none }
                direction = angleTurn > 0 ? .cw : .ccw
                onset = touches.pointee.onset
                startRate(angleTurn * 180 / .pi, at: t)
                return .begin
            case .up, .cancel:
                if state == .began {
                    guard touches.pointee.activeCount <= 2 else { return .none }
                    direction = angleTurn >= 0 ? .cw : .ccw
                    velocity = rate
                    committed = event == .up
                    if options.action == .returnToIdentity {
                        // No snap and nothing kept: the view turns back to 0°.
                        value = angleTurn * 180 / .pi
                        springDistance = returnDistance(scale: 1, turn: angleTurn, side: p.pointee.returnToIdentityViewSize)
                        return .end
                    }
                    let released = shared.imageRotation + angleTurn
                    let total = (released / p.pointee.rotationSnap).rounded() * p.pointee.rotationSnap
                    value = total * 180 / .pi
                    // The snap turns the image the rest of the way on a
                    // spring: the distance its farthest corner travels.
                    springDistance = returnDistance(scale: 1, turn: total - released)
                    if committed { shared.imageRotation = total }
                    return .end
                }
                return touches.pointee.activeCount <= 2 ? .fail : .none
            case .timer:
                return .none
            }
        default:
            return .none
        }
    }

    // MARK: Back to identity

    /// The distance a return to identity (or the rotation's snap) carries
    /// the view's farthest corner (pt) after a gesture that scaled it by
    /// `scale` and turned it by `turn` radians about its centre. The view
    /// is the square of `side` points where one is given — the return to
    /// identity's (`returnToIdentity.viewSize`, the playground's 150 pt
    /// target, smaller than the gesture area it listens on) — else the
    /// recognizer's region (the epilogue's image). One figure, in points
    /// like the springs' distances, so settle time (within 0.5 pt) and
    /// overshoot mean the same for a spring and a timing curve.
    func returnDistance(scale: Double, turn: Double, dx: Double = 0, dy: Double = 0, side: Double? = nil) -> Double {
        ViewTransform(translationX: dx, translationY: dy, scale: scale, rotation: turn * 180 / .pi)
            .farthestCornerDisplacement(width: side ?? rect.maxX - rect.minX, height: side ?? rect.maxY - rect.minY)
    }

    // MARK: Velocities, as the playground shows them

    /// Starts tracking how fast a pinch's scale (per second) or a
    /// rotation's angle (degrees per second) changes, as UIKit's
    /// `UIPinchGestureRecognizer.velocity` and
    /// `UIRotationGestureRecognizer.velocity` report it: over the latest
    /// interval between sample times. The two fingers' moves share a sample
    /// time, so the value at a time is the last one seen at it. Scratch:
    /// (`prevT`, `prevOffset`) the previous sample time and value, (`upT`,
    /// `dx`) the latest.
    mutating func startRate(_ value: Double, at t: Micros) {
        prevT = t
        prevOffset = value
        upT = t
        dx = value
    }

    /// Records `value` at `t` (see ``startRate(_:at:)``).
    mutating func trackRate(_ value: Double, at t: Micros) {
        if t > upT {
            prevT = upT
            prevOffset = dx
            upT = t
        }
        dx = value
    }

    /// Units per second over the latest interval (0 before there is one;
    /// fingers that hold still bring it to 0).
    var rate: Double {
        upT > prevT ? (dx - prevOffset) / (Double(upT - prevT) / 1_000_000) : 0
    }

    /// Multi-finger swipe: exactly `multiSwipe.touchCount` fingers; on the
    /// last lift the centroid's movement must lie within
    /// `multiSwipe.directionCone` of an axis and its mean speed since the
    /// motion onset reach `multiSwipe.minimumVelocity`.
    mutating func multiSwipe(
        _ event: TouchEvent, slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>,
        _ compare: inout SoftThreshold
    ) -> RecognizerVerdict {
        guard state == .possible else { return .none }
        switch event {
        case .down:
            anchorFirstDown(slot: slot, t: t, touches)
            return touches.pointee.activeCount > p.pointee.multiSwipeTouchCount ? .fail : .none
        case .move, .timer:
            return .none
        case .up:
            guard touches.pointee.activeCount == 1 else { return .none }
            guard touches.pointee.maxActive == p.pointee.multiSwipeTouchCount, touches.pointee.onset != .max,
                t > touches.pointee.onset
            else {
                return .fail
            }
            let (tx, ty) = translation(touches)
            let distance = (tx * tx + ty * ty).squareRoot()
            guard distance > 0 else { return .fail }
            let cosine = max(abs(tx), abs(ty)) / distance
            let speed = distance / (t - touches.pointee.onset).seconds
            guard compare.exceeds(cosine, p.pointee.multiSwipeConeCosine),
                compare.exceeds(speed, p.pointee.multiSwipeMinimumVelocity)
            else { return .fail }
            direction = dominantDirection(dx: tx, dy: ty)
            onset = touches.pointee.onset
            velocity = speed
            return .begin
        case .cancel:
            return .fail
        }
    }
}
