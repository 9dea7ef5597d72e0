import TraceModel

// MARK: - The press-and-hold family's state machine

// Drag and drop and text selection (and, with its taps before the hold, the
// long press, which keeps its own machine in `Recognizer+Tap.swift`) share
// a press's life: the first finger marks where and when the press began and
// sets the hold's deadline; while `possible`, a lift or cancel fails it and
// the hold's timer ends the wait (failing unless the fingers are all down);
// once begun, moves follow the fingers and the last lift or a cancel ends
// it. They differ in what a move does before the hold completes, what the
// hold's end does, how a begun press follows the finger and what the
// release reports.
//
// As with the drag family (`Recognizer+DragFamily.swift`), the skeleton is
// a step inlined into each kind, which switches over what is left to it
// (`PressStep`) with its own fields: no closure or witness per sample.

/// What the press family's skeleton (`pressStep(_:slot:t:_:hold:)`)
/// leaves to the kind.
enum PressStep {
    /// The skeleton decided: a touch-down (anchored, the hold's deadline
    /// set; more fingers than it takes fail it), a lift or cancel before the
    /// hold completed (fails), a hold that ended with too few fingers down
    /// (fails), or an event a begun press ignores.
    case decided(RecognizerVerdict)
    /// `possible`, a finger moved: the kind judges the movement.
    case moved
    /// `possible`, the hold completed with the fingers down (its deadline
    /// cleared).
    case held
    /// Begun, a finger moved.
    case following
    /// Begun, and the last finger lifted or the contact was cancelled.
    case released
}

extension Recognizer {
    /// The press family's skeleton: the state and event cases every press
    /// shares, decided here; the rest handed back for the kind.
    @inline(__always)
    mutating func pressStep(
        _ event: TouchEvent, slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, hold: Micros
    ) -> PressStep {
        switch state {
        case .possible:
            switch event {
            case .down:
                return .decided(pressDown(slot: slot, t: t, touches, hold: hold))
            case .move:
                return .moved
            case .up, .cancel:
                return .decided(.fail)
            case .timer:
                deadline = .max
                guard touches.pointee.activeCount == options.fingers else { return .decided(.fail) }
                return .held
            }
        case .began:
            switch event {
            case .move:
                return .following
            case .up where touches.pointee.activeCount == 1, .cancel:
                return .released
            default:
                return .decided(.none)
            }
        default:
            return .decided(.none)
        }
    }

    /// Touch-down of a press-and-hold recognizer (long press, text
    /// selection, drag): more fingers than it takes fail it; the first finger
    /// marks where and when the press began (the latency onset) and sets the
    /// hold's deadline `hold` later.
    mutating func pressDown(slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, hold: Micros) -> RecognizerVerdict {
        if touches.pointee.activeCount > options.fingers { return .fail }
        if touches.pointee.activeCount == 1 {
            downT = t
            onset = t
            downX = touches.pointee.slots[slot].x
            downY = touches.pointee.slots[slot].y
            deadline = t.saturatingAdd(hold)
        }
        return .none
    }
}
