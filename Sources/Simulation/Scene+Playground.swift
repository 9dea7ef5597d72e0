import Recognizers
import TraceModel

// MARK: - The multi-finger gesture playground

/// How the playground's instances are set up: what its demo app lets a
/// designer choose per recognizer (UIKit's `numberOfTapsRequired`,
/// `numberOfTouchesRequired`, `direction`, `minimumNumberOfTouches`,
/// `maximumNumberOfTouches`). Durations and distances are the catalogue's
/// parameters: the playground has one instance of each kind, so the
/// scene's `parameters` (`longPress.minimumDuration: 1.2`) are that
/// instance's.
///
/// In a scene file, the `playground` key (every field optional, UIKit's
/// defaults otherwise — not the built-in scene's ``reference``):
///
/// ```yaml
/// name: tap-hold-vs-swipe
/// playground: {longPressTaps: 1, longPressTouches: 2, swipeDirection: down, swipeTouches: 3}
/// parameters: {longPress.minimumDuration: 0.8}
/// ```
package struct PlaygroundConfiguration: Sendable, Hashable, Codable {
    /// The tap's taps required (1–5) and touches required (1–5).
    package var tapTaps: Int
    package var tapTouches: Int
    /// Quick taps before the long press's hold (0–5: 1 is a tap-then-hold)
    /// and its touches (1–5).
    package var longPressTaps: Int
    package var longPressTouches: Int
    /// The swipe's one direction (right, left, up, down) and touches (1–5).
    package var swipeDirection: Direction
    package var swipeTouches: Int
    /// The pan's minimum and maximum touches (1–5).
    package var panMinTouches: Int
    package var panMaxTouches: Int
    /// The system's edge-swipe back gesture: `nil` follows the playground's
    /// rule — on, unless the swipe goes right (the playground then hides
    /// the back button, which turns the gesture off); `true` or `false`
    /// forces it, to measure the configuration the app avoids.
    package var backGesture: Bool?

    package init(
        tapTaps: Int = 1, tapTouches: Int = 1, longPressTaps: Int = 0, longPressTouches: Int = 1,
        swipeDirection: Direction = .right, swipeTouches: Int = 1, panMinTouches: Int = 1, panMaxTouches: Int = 5,
        backGesture: Bool? = nil
    ) {
        self.tapTaps = tapTaps
        self.tapTouches = tapTouches
        self.longPressTaps = longPressTaps
        self.longPressTouches = longPressTouches
        self.swipeDirection = swipeDirection
        self.swipeTouches = swipeTouches
        self.panMinTouches = panMinTouches
        self.panMaxTouches = panMaxTouches
        self.backGesture = backGesture
    }

    private enum CodingKeys: String, CodingKey {
        case tapTaps, tapTouches, longPressTaps, longPressTouches, swipeDirection, swipeTouches
        case panMinTouches, panMaxTouches, backGesture
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = PlaygroundConfiguration()
        tapTaps = try c.decodeIfPresent(Int.self, forKey: .tapTaps) ?? d.tapTaps
        tapTouches = try c.decodeIfPresent(Int.self, forKey: .tapTouches) ?? d.tapTouches
        longPressTaps = try c.decodeIfPresent(Int.self, forKey: .longPressTaps) ?? d.longPressTaps
        longPressTouches = try c.decodeIfPresent(Int.self, forKey: .longPressTouches) ?? d.longPressTouches
        swipeDirection = try c.decodeIfPresent(Direction.self, forKey: .swipeDirection) ?? d.swipeDirection
        swipeTouches = try c.decodeIfPresent(Int.self, forKey: .swipeTouches) ?? d.swipeTouches
        panMinTouches = try c.decodeIfPresent(Int.self, forKey: .panMinTouches) ?? d.panMinTouches
        panMaxTouches = try c.decodeIfPresent(Int.self, forKey: .panMaxTouches) ?? d.panMaxTouches
        backGesture = try c.decodeIfPresent(Bool.self, forKey: .backGesture)
    }

    /// Whether the scene has the system's back gesture (see ``backGesture``).
    package var hasBackGesture: Bool { backGesture ?? (swipeDirection != .right) }

    /// The built-in `playground` scene's configuration, and the one the
    /// synthetic corpus (`datasets/playground`) is performed on: the
    /// issue's question, "does a two-finger tap-then-hold conflict with my
    /// three-finger swipe down?", beside a two-finger double tap (whose
    /// second tap is the tap-then-hold's hold until it outlasts
    /// `tap.maxDuration`) and a pan of 1–5 fingers. The swipe goes down, so
    /// the back button shows and the edge-swipe back gesture is on.
    /// (`init()`, with no arguments, is UIKit's defaults instead: one tap
    /// of one finger, a plain long press, a one-finger swipe right.)
    package static let reference = PlaygroundConfiguration(
        tapTaps: 2, tapTouches: 2, longPressTaps: 1, longPressTouches: 2, swipeDirection: .down, swipeTouches: 3,
        panMinTouches: 1, panMaxTouches: 5)
}

extension Scene {
    /// The multi-finger gesture playground (Docs/playground-scene.md): a
    /// demo app that puts one instance of each UIKit recognizer — tap, long
    /// press, swipe, pan, pinch, rotation — on one full-screen view, each
    /// configured as ``PlaygroundConfiguration`` says, inside a navigation
    /// stack whose edge-swipe back gesture is on unless the swipe goes
    /// right.
    ///
    /// The model's assumptions (keep Docs/playground-scene.md in step):
    /// - **One view, the whole screen.** Every instance hears every contact;
    ///   the back gesture only those whose first finger lands in the left
    ///   edge strip (`edgeSwipe.edgeWidth`, 20 pt).
    /// - **UIKit's defaults, no delegate: exclusive.** The first instance to
    ///   recognize (or begin) wins the contact and the others fail — a
    ///   one-tap tap that wins a tap's lift fails a tap-then-hold waiting
    ///   for its hold, which is the conflict the playground exists to show.
    /// - **Except one transform.** Pinch, rotation and pan move the same
    ///   view (scale, turn and translation of one transform), so they are
    ///   simultaneous with each other, as such a view's delegate allows.
    /// - **The pan waits for the swipe** (`pan.require(toFail: swipe)`):
    ///   a pan begins after 18 pt, a swipe is recognized after 50 pt, so
    ///   without it the pan would take every swipe and the playground's
    ///   swipe would never fire; the usual fix, and the price is measured
    ///   (a pan waits until the swipe fails: it leaves its cone, its time
    ///   runs out or the fingers lift).
    /// - **Back has priority in its strip** (the system's gesture is
    ///   decided before the view's, as in the epilogue scene): the swipe
    ///   and the pan wait for it to fail there.
    /// - **Whole frames.** UIKit hands a recognizer every finger that moved
    ///   in one event, so the arena delivers each frame's moves together
    ///   (``wholeFrames``): a fast three-finger swipe down does not turn the
    ///   line between two of its fingers on a half-updated frame.
    /// - **Pinch and rotation spring back to identity** when they end
    ///   (action `springBack`; `springBack.response` 0.5 s and
    ///   `springBack.damping` 1, UIKit's default spring, from rest), so
    ///   every pinch starts at 1× and no rotation snaps. The scale is not
    ///   clamped: the scene sets `pinch.minScale` 0.25 and
    ///   `pinch.maxScale` 10, the catalogue's widest bounds.
    package static func playground(
        _ configuration: PlaygroundConfiguration = .reference,
        name: String = "playground"
    ) -> Scene {
        let c = configuration
        // Each gesture, its configuration and the back gesture beside it are
        // the playground's; putting them on one view is this model's.
        let app = Provenance.source(.playground)
        var members: [Member] = []
        var relations: [Rule] = []
        if c.hasBackGesture {
            // First, so that within one sample the system's gesture decides first.
            members.append(
                Member("edgeBack", .edgeSwipe, region: .edge(.left), target: "left-edge", .init(maxTouches: 1), from: app))
            relations += [.highPriority("edgeBack", over: "swipe"), .highPriority("edgeBack", over: "pan")]
        }
        members += [
            Member("tap", .tap, target: "view", .init(fingers: c.tapTouches, taps: c.tapTaps), from: app),
            Member(
                "longPress", .longPress, target: "view", .init(fingers: c.longPressTouches, taps: c.longPressTaps),
                from: app),
            Member("swipe", .swipe, target: "view", .init(fingers: c.swipeTouches, direction: c.swipeDirection), from: app),
            Member(
                "pan", .pan, target: "view", .init(axis: .free, minTouches: c.panMinTouches, maxTouches: c.panMaxTouches),
                from: app),
            Member("pinch", .pinch, target: "view", .init(action: .springBack), from: app),
            Member("rotation", .rotation, target: "view", .init(action: .springBack), from: app)
        ]
        relations += [
            .requireToFail("pan", waitsFor: "swipe"),
            .simultaneous("pinch", "rotation"),
            .simultaneous("pan", "pinch"),
            .simultaneous("pan", "rotation")
        ]
        return Scene(
            name: name, recognizers: members, relations: relations,
            parameters: [Parameter.pinchMinScale.name: 0.25, Parameter.pinchMaxScale.name: 10],
            playground: c, wholeFrames: true)
    }

    /// Checks a playground configuration's ranges (the demo app's steppers).
    static func validate(playground c: PlaygroundConfiguration, scene name: String) throws {
        func check(_ value: Int, _ range: ClosedRange<Int>, _ field: String) throws {
            guard range.contains(value) else {
                throw SceneError.invalid(
                    name, "playground \(field) is \(value); it takes \(range.lowerBound) to \(range.upperBound)")
            }
        }
        try check(c.tapTaps, 1...5, "tapTaps")
        try check(c.tapTouches, 1...5, "tapTouches")
        try check(c.longPressTaps, 0...5, "longPressTaps")
        try check(c.longPressTouches, 1...5, "longPressTouches")
        try check(c.swipeTouches, 1...5, "swipeTouches")
        try check(c.panMinTouches, 1...5, "panMinTouches")
        try check(c.panMaxTouches, 1...5, "panMaxTouches")
        guard c.panMinTouches <= c.panMaxTouches else {
            throw SceneError.invalid(name, "playground panMinTouches \(c.panMinTouches) > panMaxTouches \(c.panMaxTouches)")
        }
        guard [.left, .right, .up, .down].contains(c.swipeDirection) else {
            throw SceneError.invalid(
                name, "playground swipeDirection is left, right, up or down, not \(c.swipeDirection.rawValue)")
        }
    }
}
