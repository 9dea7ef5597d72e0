import TraceModel

// MARK: - Transform: translation, scale and rotation at once

extension Recognizer {
    /// Transform (Flutter's `ScaleGestureRecognizer`, a photo view's
    /// combined pan-zoom-rotate): one state machine that follows the two
    /// fingers' centroid, distance and angle together, and begins as soon as
    /// any of them passes its slop — the centroid `transform.panSlop`, the
    /// distance `transform.spanSlop`, the angle `transform.rotationSlop`.
    /// When the pair changes (a finger lifts, another lands) it re-anchors,
    /// keeping the scale so far. Fails while undecided when more than
    /// `maxTouches` fingers are down. Ends when the fingers lift; `value` is
    /// the final scale relative to the start, and the recognition's
    /// ``Recognition/transform`` holds translation, scale and rotation
    /// together. With the `returnToIdentity` action the view returns to
    /// identity and the release reports the distance the return carries.
    mutating func transform(
        _ event: TouchEvent, slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>,
        _ compare: inout SoftThreshold
    ) -> RecognizerVerdict {
        guard state.isLive else { return .none }
        if pairGeneration != touches.pointee.pairGeneration {
            pairGeneration = touches.pointee.pairGeneration
            span0 = touches.pointee.span
            angleLast = touches.pointee.angle
            panX0 = touches.pointee.panX
            panY0 = touches.pointee.panY
            scale0 = state == .began ? value : 1
            if state != .began { angleTurn = 0 }
        }
        switch event {
        case .down:
            // More fingers than allowed while undecided: a three-finger swipe, not a transform.
            return state == .possible && touches.pointee.activeCount > options.maxTouches ? .fail : .none
        case .timer:
            return .none
        case .move:
            guard touches.pointee.pairB >= 0, span0 > 0 else { return .none }
            let now = touches.pointee.angle
            var step = now - angleLast
            if step > .pi { step -= 2 * .pi } else if step < -.pi { step += 2 * .pi }
            angleTurn += step
            angleLast = now
            let span = touches.pointee.span
            value = scale0 * span / span0
            guard state == .possible else { return .none }
            let (tx, ty) = translation(touches)
            guard
                tx * tx + ty * ty > p.pointee.transformPanSlop2
                    || abs(span - span0) > p.pointee.transformSpanSlop
                    || abs(angleTurn) > p.pointee.transformRotationSlop
            else { return .none }
            onset = touches.pointee.onset
            return .begin
        case .up, .cancel:
            guard touches.pointee.activeCount <= 2 else { return .none } // the pair may re-form
            guard state == .began else { return .fail }
            committed = event == .up
            // The whole transform, reported together (Recognition.transform):
            // the centroid's translation since the start, the scale, the turn.
            (dx, dy) = translation(touches)
            if options.action == .returnToIdentity {
                springDistance = returnDistance(
                    scale: value, turn: angleTurn, dx: dx, dy: dy, side: p.pointee.returnToIdentityViewSize)
            }
            return .end
        }
    }
}
