import TraceModel

// MARK: - Tap, double tap, long press

extension Recognizer {
    /// Tap, double tap, and any number of taps (UIKit's
    /// `numberOfTapsRequired`, ``RecognizerOptions/requiredTaps(of:)``: 1
    /// for a tap, 2 for a double tap unless set). Each tap: every finger
    /// lifts within `tap.maxDuration` of the first touch-down without moving
    /// farther than `tap.movementSlop`, with `fingers` fingers down. Taps in
    /// a row touch down between `doubleTap.minimumGap` and `doubleTap.window`
    /// after the previous one lifts, within `doubleTap.interTapSlop` of the
    /// first; the recognizer stays `possible` between them (across
    /// contacts), with a deadline at the window's end. Recognized on the
    /// last tap's last lift (latency onset: that lift).
    mutating func tapSequence(
        _ event: TouchEvent, slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>,
        _ compare: inout SoftThreshold
    ) -> RecognizerVerdict {
        guard state == .possible else { return .none }
        switch event {
        case .down:
            return tapSequenceDown(slot: slot, t: t, touches, p, &compare)
        case .move:
            // Per-sample crossing checks stay exact: only one-shot decisions
            // feed the smoothed surrogate (see SoftThreshold).
            return touches.pointee.moved2(slot) > p.pointee.tapSlop2 ? .fail : .none
        case .up:
            let verdict = tapSequenceUp(slot: slot, t: t, touches, p, &compare)
            guard verdict == .none, count >= options.requiredTaps(of: kind) else { return verdict }
            onset = t
            deadline = .max
            return .begin
        case .cancel, .timer:
            return .fail
        }
    }

    /// Touch-down in a sequence of taps: more fingers than the recognizer
    /// takes fail it; the first finger of the first tap anchors the
    /// sequence, that of a later one must come between
    /// `doubleTap.minimumGap` and the window (the deadline) after the
    /// previous lift, within `doubleTap.interTapSlop` of the first. A tap
    /// must lift within `tap.maxDuration`.
    mutating func tapSequenceDown(
        slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>,
        _ compare: inout SoftThreshold
    ) -> RecognizerVerdict {
        if touches.pointee.activeCount > options.fingers { return .fail }
        guard touches.pointee.activeCount == 1 else { return .none }
        let x = touches.pointee.slots[slot].x, y = touches.pointee.slots[slot].y
        if count == 0 {
            downT = t
            downX = x
            downY = y
        } else {
            let gap = t - upT
            if gap < p.pointee.doubleTapMinimumGap { return .fail }
            let ddx = x - downX, ddy = y - downY
            if compare.exceeds((ddx * ddx + ddy * ddy).squareRoot(), p.pointee.doubleTapInterTapSlop2.squareRoot()) {
                return .fail
            }
            // `downT` stays the first tap's: the gesture began there.
        }
        deadline = t.saturatingAdd(p.pointee.tapMaxDuration)
        return .none
    }

    /// A lift in a sequence of taps: a finger that moved beyond the tap slop
    /// fails it; the last finger of a tap with the right number of fingers
    /// counts it and opens `doubleTap.window` for the next (the caller
    /// decides whether the sequence is complete).
    mutating func tapSequenceUp(
        slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>,
        _ compare: inout SoftThreshold
    ) -> RecognizerVerdict {
        // One-shot, in points (not squared), so its margin is relative to the slop.
        if compare.exceeds(touches.pointee.moved2(slot).squareRoot(), p.pointee.tapSlop2.squareRoot()) { return .fail }
        guard touches.pointee.activeCount == 1 else { return .none }
        guard touches.pointee.maxActive == options.fingers else { return .fail }
        count += 1
        upT = t
        deadline = t.saturatingAdd(p.pointee.doubleTapWindow)
        return .none
    }

    /// Long press: `fingers` fingers held `longPress.minimumDuration` without
    /// moving farther than `longPress.allowableMovement`; begins at that
    /// moment (latency onset: the hold's touch-down), ends when the fingers
    /// lift. With taps required before it (UIKit's `numberOfTapsRequired`,
    /// a tap-then-hold), the hold must follow that many quick taps as a
    /// multiple tap's taps follow each other (``tapSequenceDown``); until
    /// the hold's touch-down, `armed` is false.
    mutating func longPress(
        _ event: TouchEvent, slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>,
        _ compare: inout SoftThreshold
    ) -> RecognizerVerdict {
        switch state {
        case .possible:
            // The quick taps before the hold (none for a plain long press).
            if !armed, count < options.requiredTaps(of: .longPress) {
                switch event {
                case .down: return tapSequenceDown(slot: slot, t: t, touches, p, &compare)
                case .move: return touches.pointee.moved2(slot) > p.pointee.tapSlop2 ? .fail : .none
                case .up: return tapSequenceUp(slot: slot, t: t, touches, p, &compare)
                case .cancel, .timer: return .fail
                }
            }
            switch event {
            case .down:
                if count > 0, !armed, touches.pointee.activeCount == 1 {
                    // The hold after its taps: in time and in place, like another tap.
                    let verdict = tapSequenceDown(slot: slot, t: t, touches, p, &compare)
                    guard verdict == .none else { return verdict }
                }
                armed = true
                return pressDown(slot: slot, t: t, touches, hold: p.pointee.longPressMinimumDuration)
            case .move:
                return touches.pointee.moved2(slot) > p.pointee.longPressMovement2 ? .fail : .none
            case .up, .cancel:
                return .fail
            case .timer:
                // Between the last tap and the hold: the window closed.
                guard armed else { return .fail }
                deadline = .max
                return touches.pointee.activeCount == options.fingers ? .begin : .fail
            }
        case .began:
            switch event {
            case .up where touches.pointee.activeCount == 1, .cancel:
                committed = event == .up
                return .end
            default:
                return .none
            }
        default:
            return .none
        }
    }
}
