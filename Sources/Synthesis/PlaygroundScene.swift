import Scenes
import TraceModel

// MARK: - The playground scene's layout

/// The multi-finger gesture playground as the synthesizer performs on it:
/// the built-in `playground` scene in its reference configuration
/// (`Scene.playground(.reference)`, documented in Docs/playground-scene.md),
/// its screens, their bands and the configuration read from it: seven
/// screens, one gesture each, and a session is performed on one of them
/// (its header's scene names it, `playground/long-press`):
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
    package static let name = Scene.playground().name
    /// The reference configuration (what each screen asks for).
    package static let tapTaps = PlaygroundConfiguration.reference.tapTaps
    package static let tapTouches = PlaygroundConfiguration.reference.tapTouches
    package static let holdTaps = PlaygroundConfiguration.reference.longPressTaps
    package static let holdTouches = PlaygroundConfiguration.reference.longPressTouches
    package static let swipeDirection = PlaygroundConfiguration.reference.swipeDirection
    package static let swipeTouches = PlaygroundConfiguration.reference.swipeTouches
    /// The back gesture's strip along the left edge, points (the catalogue's
    /// `edgeSwipe.edgeWidth`, a tunable constant rather than the layout).
    package static let edgeWidth = 20.0

    package let width: Double
    package let height: Double
    package let screen: PlaygroundScreen

    /// The screen's gesture area: the whole width between the bars and the
    /// configuration section above (155 pt of bars on the 852 pt reference
    /// phone) and the panel and home indicator (34 pt) below, as fractions
    /// of that phone (`PlaygroundScreen.area`'s lengths, in the same order
    /// of operations, so the committed corpus stays what it was).
    package var area: EpilogueScene.Box {
        let layout = PlaygroundLayout.self
        let phone = layout.referencePhone.height.value
        let above = layout.barsAbove.value + screen.configurationHeight
        let below = phone - layout.homeIndicator.value - screen.panelHeight
        return EpilogueScene.Box(minX: 0, minY: above / phone * height, maxX: width, maxY: below / phone * height)
    }
    /// Where people aim: the 150 × 150 pt target rectangle centred in the
    /// area (the gesture listens to the whole area).
    package var rectangle: EpilogueScene.Box {
        let c = area.center, half = PlaygroundLayout.targetRectangle.value / 2
        return EpilogueScene.Box(minX: c.x - half, minY: c.y - half, maxX: c.x + half, maxY: c.y + half)
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
    static func gesture(of screen: PlaygroundScreen) -> PlaygroundIntent {
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
