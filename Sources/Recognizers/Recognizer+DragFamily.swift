import TraceModel

// MARK: - The drag family's state machine

// Six kinds are one-finger (or one-contact) drags with the same life: a
// finger lands and anchors the contact; while `possible`, each move's
// translation is judged until the kind begins or fails; a lift, cancel or
// timer before that fails it (a lift while other fingers stay down changes
// nothing); once begun, nothing but the release matters, and the release
// ends it with the kind's outcome. Card swipe, interactive dismiss and edge
// swipe (`Recognizer+Swipes.swift`), swipe actions, tab swipe and pan or
// scroll differ only in the judging and in the outcome.
//
// Why a step and not a protocol or closures: each kind's transition
// function is the innermost loop of the replay (every sample of every
// contact). `dragStep` is the skeleton, inlined into each kind, and hands
// back what is left for the kind to decide as a value (`DragStep`); the kind
// switches over it with its fields and its `self` as they were — no call
// through a witness table or a closure context per sample, no `inout self`
// handed to a closure. What a kind does beyond the skeleton (the card's
// check for a card still flying off, pan's own anchor, the swipe actions'
// haptic while dragging, the tab swipe's boundary drop at the lift) it says
// before or after the step, in its own file.

/// What the drag family's skeleton (`dragStep(_:slot:t:_:)`)
/// leaves to the kind.
enum DragStep {
    /// The skeleton decided: a touch-down (anchored; more fingers than
    /// allowed fail it), a lift, cancel or timer before the kind began (the
    /// last finger's lift fails it), or an event a begun drag ignores.
    case decided(RecognizerVerdict)
    /// `possible`, a finger moved: the contact's translation since its
    /// first touch-down, which the kind judges (begin, fail, or not yet).
    case moved(tx: Double, ty: Double)
    /// Begun, and the last finger lifted or the contact was cancelled: the
    /// translation at the release, from which the kind ends.
    case released(tx: Double, ty: Double)
}

extension Recognizer {
    /// The drag family's skeleton: the state and event cases every drag
    /// shares, decided here; the rest handed back for the kind to judge.
    @inline(__always)
    mutating func dragStep(_ event: TouchEvent, slot: Int, t: Micros, _ touches: UnsafePointer<Touches>) -> DragStep {
        switch state {
        case .possible:
            switch event {
            case .down:
                return .decided(dragDown(slot: slot, t: t, touches))
            case .move:
                let (tx, ty) = translation(touches)
                return .moved(tx: tx, ty: ty)
            case .up, .cancel, .timer:
                return .decided(undecided(event, touches))
            }
        case .began:
            guard isRelease(event, touches) else { return .decided(.none) }
            let (tx, ty) = translation(touches)
            return .released(tx: tx, ty: ty)
        default:
            return .decided(.none)
        }
    }

    /// Whether a translation has left the square slop — either axis past
    /// it — as the card, the sheet's dismiss and the swipe actions judge
    /// their start (pan, scroll and the tab swipe measure a round slop).
    @inline(__always)
    static func leftSlop(_ tx: Double, _ ty: Double, _ slop: Double) -> Bool {
        abs(tx) > slop || abs(ty) > slop
    }

    /// A lift, cancel or timer before a one-finger drag recognizer decided:
    /// the last finger's lift, a cancel or a timer fails it; a lift while
    /// other fingers stay down changes nothing.
    @inline(__always)
    func undecided(_ event: TouchEvent, _ touches: UnsafePointer<Touches>) -> RecognizerVerdict {
        event == .up && touches.pointee.activeCount != 1 ? .none : .fail
    }

    /// Whether `event` releases a begun drag: the last finger lifted, or the
    /// contact was cancelled.
    @inline(__always)
    func isRelease(_ event: TouchEvent, _ touches: UnsafePointer<Touches>) -> Bool {
        (event == .up || event == .cancel) && touches.pointee.activeCount == 1
    }

    /// Shared start of the one-finger horizontal or vertical drags (swipe
    /// actions, card, dismiss, edge, tab swipe): records the anchor on the
    /// first finger and fails when more fingers than allowed come down.
    mutating func dragDown(slot: Int, t: Micros, _ touches: UnsafePointer<Touches>) -> RecognizerVerdict {
        anchorFirstDown(slot: slot, t: t, touches)
        return touches.pointee.activeCount > options.maxTouches ? .fail : .none
    }

    /// On the contact's first finger: anchors the time, the finger's point
    /// and the centroid that ``translation(_:)`` measures from. Returns
    /// whether this was the first finger (later fingers anchor nothing:
    /// the translation stays measured from where the contact began).
    @discardableResult
    mutating func anchorFirstDown(slot: Int, t: Micros, _ touches: UnsafePointer<Touches>) -> Bool {
        guard touches.pointee.activeCount == 1 else { return false }
        downT = t
        downX = touches.pointee.slots[slot].x
        downY = touches.pointee.slots[slot].y
        panX0 = touches.pointee.panX
        panY0 = touches.pointee.panY
        return true
    }
}
