import TraceModel

// MARK: - Gesture kinds

/// The recognizers gesturetune models. Each is a state machine in
/// ``Recognizer``; the kind selects its branch of the `switch`.
package enum GestureKind: String, CaseIterable, Sendable, Hashable, Codable {
    case tap, doubleTap, longPress
    case pan, scroll
    case swipeActions, cardSwipe, tabSwipe, dismiss
    case pinch, rotation
    case edgeSwipe, multiSwipe
    case shake
    /// Press, hold, then move an item (drag and drop, with edge auto-scroll).
    case drag
    /// Press on text to select a word, drag to extend; an action menu follows.
    case textSelect
    /// Two fingers: translation, scale and rotation tracked together.
    case transform
    /// The pressed state of a control: feedback, not a gesture
    /// (simultaneous with everything, never matched to labels).
    case pressFeedback
    /// UIKit's `UISwipeGestureRecognizer`: `fingers` fingers moving in one
    /// direction (a per-instance option), recognized during the movement.
    /// Last in the list, so that the older kinds keep their places in
    /// `allCases` (the order reports list gestures in).
    case swipe

    /// The label intent a recognition of this kind fulfils.
    package var intent: Intent {
        switch self {
        case .tap: .tap
        case .doubleTap: .doubleTap
        case .longPress: .longPress
        case .pan: .pan
        case .scroll: .scroll
        case .swipeActions: .swipeActions
        case .cardSwipe: .cardSwipe
        case .tabSwipe: .tabSwipe
        case .dismiss: .dismiss
        case .pinch: .pinch
        case .rotation: .rotate
        case .edgeSwipe: .edgeSwipe
        // The vocabulary's "swipe with `fingers` fingers in a direction":
        // a label carries the finger count, so one intent serves both.
        case .multiSwipe, .swipe: .multiSwipe
        case .shake: .shake
        case .drag: .drag
        case .textSelect: .textSelect
        case .transform: .transform
        // Feedback fulfils no label; the tap it accompanies does.
        case .pressFeedback: .tap
        }
    }

    /// Feedback (the pressed state): recognized alongside every other
    /// recognizer of its contact, never failing one nor failed by one, and
    /// left out of label matching — it is measured (latency from
    /// touch-down, its haptic), not judged.
    package var isFeedback: Bool { self == .pressFeedback }

    /// Discrete gestures are recognized once (tap); continuous ones begin,
    /// change and end (pan), like UIKit's two kinds of recognizer.
    package var isContinuous: Bool {
        switch self {
        case .tap, .doubleTap, .multiSwipe, .swipe, .shake: false
        default: true
        }
    }

    /// Continuous gestures whose release either commits (switch tab, open
    /// actions, delete card, dismiss sheet) or springs back.
    package var commits: Bool {
        switch self {
        case .swipeActions, .cardSwipe, .tabSwipe, .dismiss: true
        default: false
        }
    }
}

/// Where a recognizer is in its life, as UIKit and Flutter describe it.
package enum RecognizerState: UInt8, Sendable, Hashable, Codable {
    /// Not taking part in the current contact (not hit, or reset).
    case idle
    /// Watching the touches, undecided.
    case possible
    /// Would recognize, but waits for a recognizer it requires to fail
    /// (UIKit's `require(toFail:)`, Flutter's held arena).
    case waiting
    /// A continuous gesture in progress (began/changed).
    case began
    /// A discrete gesture that fired.
    case recognized
    /// A continuous gesture that ended.
    case ended
    case failed
    case cancelled

    /// Still able to recognize: blocks recognizers that require it to fail.
    @inlinable
    package var isUndecided: Bool { self == .possible || self == .waiting }
    /// Receives touch events.
    @inlinable
    package var isLive: Bool { self == .possible || self == .waiting || self == .began }
    /// Has won (or is winning) its contact.
    @inlinable
    package var hasWon: Bool { self == .began || self == .recognized || self == .ended }
}

/// Which way a movement went, from a translation: the dominant axis.
func dominantDirection(dx: Double, dy: Double) -> Direction {
    if abs(dx) >= abs(dy) { return dx < 0 ? .left : .right }
    return dy < 0 ? .up : .down
}

// MARK: - Time arithmetic that cannot trap

extension Micros {
    /// `self + d`, or `.max`/`.min` instead of overflowing (times come from
    /// data: a deadline after the last representable microsecond is never).
    @inlinable
    package func saturatingAdd(_ d: Micros) -> Micros {
        let (sum, overflow) = addingReportingOverflow(d)
        return overflow ? (d > 0 ? .max : .min) : sum
    }

    /// `self − d`, saturating like ``saturatingAdd(_:)``.
    @inlinable
    package func saturatingSubtract(_ d: Micros) -> Micros {
        let (difference, overflow) = subtractingReportingOverflow(d)
        return overflow ? (d > 0 ? .min : .max) : difference
    }
}
