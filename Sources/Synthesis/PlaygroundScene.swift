import TraceModel

// MARK: - The playground scene's layout

/// The multi-finger gesture playground as the synthesizer performs on it:
/// the simulator's built-in `playground` scene in its reference
/// configuration (`Scene.playground(.reference)`, documented in
/// Docs/playground-scene.md — keep the two in step): seven screens, one
/// gesture each, and a session is performed on one of them (its header's
/// scene names it, `playground/long-press`):
/// - tap: a tap of two taps and two fingers (a two-finger double tap),
/// - long press: two fingers after one quick two-finger tap (a
///   tap-then-hold),
/// - swipe: three fingers swiping down,
/// - pan: one to five fingers, pinch, rotation and transform: two fingers,
/// - and on every screen (the swipe does not go right) the system's back
///   gesture from the left edge strip (20 pt).
///
/// ```swift
/// let scene = PlaygroundScene(width: 393, height: 852, screen: .tap)
/// scene.area          // the screen's gesture area, in points
/// ```
package struct PlaygroundScene: Sendable, Hashable {
    package static let name = "playground"
    /// The reference configuration (what each screen asks for).
    package static let tapTaps = 2, tapTouches = 2
    package static let holdTaps = 1, holdTouches = 2
    package static let swipeDirection = Direction.down, swipeTouches = 3
    /// The back gesture's strip along the left edge, points.
    package static let edgeWidth = 20.0

    /// One of the app's seven screens; the raw value is what a session's
    /// scene names after the slash (`Simulation`'s `PlaygroundScreen`, with
    /// the same layout).
    package enum Screen: String, Sendable, Hashable, CaseIterable {
        case tap
        case longPress = "long-press"
        case swipe, pan, pinch, rotation, transform

        /// The configuration section above the gesture area and the panel
        /// below it, points (the app's).
        var bands: (above: Double, below: Double) {
            switch self {
            case .tap, .swipe: (160, 250)
            case .pan: (160, 200)
            case .longPress: (210, 200)
            case .pinch, .rotation: (110, 200)
            case .transform: (110, 240)
            }
        }
    }

    package let width: Double
    package let height: Double
    package let screen: Screen

    package init(width: Double, height: Double, screen: Screen) {
        self.width = width
        self.height = height
        self.screen = screen
    }

    /// The screen's gesture area: the whole width between the bars and the
    /// configuration section above (155 pt of bars on the 852 pt reference
    /// phone) and the panel and home indicator (34 pt) below, as fractions
    /// of that phone.
    package var area: EpilogueScene.Box {
        let (above, below) = screen.bands
        return EpilogueScene.Box(
            minX: 0, minY: (155 + above) / 852 * height, maxX: width, maxY: (852 - 34 - below) / 852 * height)
    }
    /// Where people aim: the 150 × 150 pt target rectangle centred in the
    /// area (the gesture listens to the whole area).
    package var rectangle: EpilogueScene.Box {
        let c = area.center
        return EpilogueScene.Box(minX: c.x - 75, minY: c.y - 75, maxX: c.x + 75, maxY: c.y + 75)
    }
    /// Where a gesture meant for the screen starts: the rectangle, with
    /// some room around it, clear of the back strip.
    package var inner: EpilogueScene.Box {
        let a = area, r = rectangle
        return EpilogueScene.Box(
            minX: max(r.minX - 30, 40), minY: max(r.minY - 20, a.minY + 8), maxX: min(r.maxX + 30, width - 24),
            maxY: min(r.maxY + 20, a.maxY - 8))
    }
}

// MARK: - What people do on it

/// The playground's intents: each screen's gesture as configured, the back
/// swipe that leaves a screen, and touches meaning nothing; the factories
/// plant near-misses in each (a second tap held too long, a hold released
/// near its threshold, a swipe too slow, a swipe from just outside the
/// edge strip).
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
    /// Two fingers moving, pinching and turning at once (label `transform`).
    case transform
    /// Back from the left edge: a one-finger swipe right (`edge-swipe`),
    /// which leaves the screen (the last gesture of a session).
    case edgeSwipe
    case none

    /// The gesture a screen is for.
    static func gesture(of screen: PlaygroundScene.Screen) -> PlaygroundIntent {
        switch screen {
        case .tap: .doubleTap
        case .longPress: .tapThenHold
        case .swipe: .swipe
        case .pan: .pan
        case .pinch: .pinch
        case .rotation: .rotate
        case .transform: .transform
        }
    }
}
