import TraceModel

// MARK: - One-direction swipe (UISwipeGestureRecognizer)

extension Recognizer {
    /// The share of `swipe.minimumDistance` the fingers must have moved
    /// before the direction cone is judged.
    ///
    /// Right after touch-down the translation is a few points of sampling
    /// and finger-roll jitter whose angle is meaningless: judging the cone
    /// there would fail most real swipes on their first sample. A fixed
    /// floor in points would be a hidden constant that the optimizer cannot
    /// see and that stops making sense when it moves the minimum distance; a
    /// share of the minimum distance keeps the shape of the test as the
    /// distance is tuned. At the default 50 pt it is 10 pt — the tap's slop,
    /// where a touch stops being a press and starts being a movement.
    static let swipeConeFloorShare = 0.2

    /// Swipe: UIKit's `UISwipeGestureRecognizer`, a *discrete* recognizer
    /// that fires during the movement, not at the lift.
    ///
    /// The model:
    /// - the first touch-down anchors the time and the fingers' centroid
    ///   (the contact's mean translation, which does not jump when a finger
    ///   lands or lifts) and sets a deadline `swipe.maximumDuration` later;
    /// - more than `fingers` fingers down fails it (UIKit's
    ///   `numberOfTouchesRequired`); while fewer are down, movement is
    ///   watched but not judged, unless it reaches `swipe.minimumDistance`
    ///   — the drag of fewer fingers fails it;
    /// - the deadline passing fails it: a slow drag is a pan, not a swipe;
    /// - once the translation is longer than ``swipeConeFloorShare`` of the
    ///   minimum distance, every sample must lie within
    ///   `swipe.directionCone` of the allowed direction (``RecognizerOptions/direction``;
    ///   `nil` allows whichever of left, right, up, down dominates the
    ///   movement); leaving the cone — including moving backwards — fails it.
    ///   The whole path is judged, not only its end, because UIKit fails a
    ///   swipe that wanders off its axis even if it comes back;
    /// - the first sample whose translation along the direction reaches
    ///   `swipe.minimumDistance` recognizes it: direction set, latency onset
    ///   the contact's motion onset, `velocity` the mean speed since then;
    /// - a lift or cancel before that fails it (UIKit: touches ended while
    ///   possible).
    ///
    /// Threshold comparisons: the per-sample crossings (floor, cone, distance)
    /// are plain comparisons — the sample that crosses always lies a hair
    /// past the line, so its margin says nothing; the decision at
    /// recognition (is the movement's angle inside the cone, was it fast
    /// enough) goes through `compare`, so that a swipe recognized by a hair
    /// counts as nearly failed in the optimizer's smoothed count.
    mutating func swipe(
        _ event: TouchEvent, slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>,
        _ compare: inout SoftThreshold
    ) -> RecognizerVerdict {
        guard state == .possible else { return .none }
        switch event {
        case .down:
            if anchorFirstDown(slot: slot, t: t, touches) {
                deadline = t.saturatingAdd(p.pointee.swipeMaximumDuration)
            }
            return touches.pointee.activeCount > options.fingers ? .fail : .none
        case .move:
            let (tx, ty) = translation(touches)
            let distance2 = tx * tx + ty * ty
            guard touches.pointee.activeCount >= options.fingers else {
                // Fingers still landing move a little; a hand that has
                // travelled the whole distance with too few fingers is a
                // drag of fewer fingers, not this swipe (so a pan waiting
                // for it need not wait out its time).
                return distance2 >= p.pointee.swipeMinimumDistance * p.pointee.swipeMinimumDistance ? .fail : .none
            }
            let floor = p.pointee.swipeMinimumDistance * Recognizer.swipeConeFloorShare
            guard distance2 > floor * floor else { return .none }
            let allowed = options.direction ?? dominantDirection(dx: tx, dy: ty)
            let (along, across) = Recognizer.swipeComponents(allowed, dx: tx, dy: ty)
            // Outside the cone (or backwards): |across| > tan(cone) × along.
            if along <= 0 || abs(across) > p.pointee.swipeConeTangent * along { return .fail }
            guard along >= p.pointee.swipeMinimumDistance else { return .none }
            // The one-shot decision, smoothed. The deadline's timer fails a
            // late swipe before this sample is delivered, so the duration
            // test never fails here; it records how close the swipe came.
            let distance = distance2.squareRoot()
            guard compare.exceeds(along / distance, p.pointee.swipeConeCosine),
                !compare.exceeds(Double(t - downT), Double(p.pointee.swipeMaximumDuration))
            else { return .fail }
            direction = allowed
            onset = touches.pointee.onset == .max ? t : touches.pointee.onset
            let span = t > onset ? t - onset : t - downT
            velocity = span > 0 ? distance / span.seconds : 0
            deadline = .max
            return .begin
        case .up, .cancel, .timer:
            // Lifted, cancelled or too slow before reaching the distance.
            return .fail
        }
    }

    /// A translation split into its part along `direction` (positive when
    /// moving that way) and across it. Directions a swipe cannot have
    /// (`in`, `out`, `cw`, `ccw`) have no along part: such a swipe fails on
    /// its first judged sample.
    @inline(__always)
    static func swipeComponents(_ direction: Direction, dx: Double, dy: Double) -> (along: Double, across: Double) {
        switch direction {
        case .left: (-dx, dy)
        case .right: (dx, dy)
        case .up: (-dy, dx)
        case .down: (dy, dx)
        case .in, .out, .cw, .ccw: (0, (dx * dx + dy * dy).squareRoot())
        }
    }
}
