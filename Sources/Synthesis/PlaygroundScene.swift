import TraceModel

// MARK: - The playground scene's layout

/// The multi-finger gesture playground as the synthesizer performs on it:
/// the simulator's built-in `playground` scene in its reference
/// configuration (`Scene.playground(.reference)`, documented in
/// Docs/playground-scene.md — keep the two in step), one full-screen view
/// with
/// - a tap of two taps and two fingers (a two-finger double tap),
/// - a long press of two fingers after one quick two-finger tap (a
///   tap-then-hold),
/// - a swipe down with three fingers,
/// - a pan of one to five fingers, a pinch and a rotation that spring
///   back to identity,
/// - and, since the swipe does not go right, the system's back gesture
///   from the left edge strip (20 pt).
///
/// ```swift
/// let scene = PlaygroundScene(width: 393, height: 852)
/// scene.view          // the whole screen, in points
/// ```
package struct PlaygroundScene: Sendable, Hashable {
    package static let name = "playground"
    /// The reference configuration (what each instance asks for).
    package static let tapTaps = 2, tapTouches = 2
    package static let holdTaps = 1, holdTouches = 2
    package static let swipeDirection = Direction.down, swipeTouches = 3
    /// The back gesture's strip along the left edge, points.
    package static let edgeWidth = 20.0

    package let width: Double
    package let height: Double

    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The one view: the whole screen.
    package var view: EpilogueScene.Box { EpilogueScene.Box(minX: 0, minY: 0, maxX: width, maxY: height) }
    /// Where a gesture meant for the view starts: clear of the back strip
    /// and of the screen's edges.
    package var inner: EpilogueScene.Box { EpilogueScene.Box(minX: 40, minY: 40, maxX: width - 24, maxY: height - 40) }
}

// MARK: - What people do on it

/// The playground's intents: each instance's gesture as configured, the
/// pans, pinches and rotations, the back swipe, and touches meaning nothing;
/// the factories plant near-misses in each (a second tap held too long, a
/// hold released near its threshold, a swipe too slow, a swipe from just
/// outside the edge strip).
package enum PlaygroundIntent: String, Sendable, Hashable, CaseIterable {
    /// Two two-finger taps (label `tap`, two fingers).
    case doubleTap
    /// A quick two-finger tap, then a two-finger hold (label `long-press`).
    case tapThenHold
    /// Three fingers swiping down (label `multi-swipe`, `down`).
    case swipe
    /// One or two fingers dragging (label `pan`).
    case pan
    case pinch, rotate
    /// Back from the left edge: a one-finger swipe right (`edge-swipe`).
    case edgeSwipe
    case none

    /// How often people try each in a playground session, relative: the
    /// configured gestures most (they came to try them).
    var weight: Double {
        switch self {
        case .doubleTap, .tapThenHold, .swipe: 4
        case .pan: 4
        case .pinch, .rotate: 2
        case .edgeSwipe: 2
        case .none: 2
        }
    }
}
