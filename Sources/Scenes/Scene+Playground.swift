import Recognizers
import TraceModel

// MARK: - The multi-finger gesture playground

/// How the playground's screens are set up: what the app's configuration
/// section lets a designer choose on each screen (UIKit's
/// `numberOfTapsRequired`, `numberOfTouchesRequired`, `direction`,
/// `minimumNumberOfTouches`, `maximumNumberOfTouches`), within the app's
/// stepper ranges (`Scene.validate(playground:parameters:scene:)`). The tap
/// screen takes `tapTaps` and `tapTouches`, the long-press screen
/// `longPressTaps`, `longPressTouches` and its minimum duration (the
/// scene's `longPress.minimumDuration` parameter, 0.25–3 s as the app's
/// stepper), the swipe screen `swipeDirection` and `swipeTouches`, the pan
/// screen `panMinTouches` and `panMaxTouches`; the pinch, rotation and
/// transform screens have nothing to set (two fingers, always). Other
/// durations and distances are the catalogue's parameters.
///
/// In a scene file, the `playground` key (every field optional, the app's
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
    /// The system's edge-swipe back gesture on the swipe screen: `nil`
    /// follows the playground's rule — on, unless the swipe goes right (the
    /// app then hides the back button, which turns the gesture off); `true`
    /// or `false` forces it, to measure the configuration the app avoids.
    /// The other six screens always have it.
    package var backGesture: Bool?

    /// The app's defaults as each screen opens: one tap of one finger, a
    /// plain one-finger long press, a one-finger swipe right, a pan of one
    /// or two fingers (the pan screen's view model starts at 1 and 2, not
    /// UIKit's unlimited maximum).
    package init(
        tapTaps: Int = 1, tapTouches: Int = 1, longPressTaps: Int = 0, longPressTouches: Int = 1,
        swipeDirection: Direction = .right, swipeTouches: Int = 1, panMinTouches: Int = 1, panMaxTouches: Int = 2,
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

    /// Whether the swipe screen has the system's back gesture (see
    /// ``backGesture``).
    package var hasBackGesture: Bool { backGesture ?? (swipeDirection != .right) }

    /// The built-in `playground` scene's configuration, and the one the
    /// synthetic corpus (`datasets/playground`) is performed on: each
    /// screen set to a multi-finger case — a two-finger double tap, a
    /// two-finger tap-then-hold, a three-finger swipe down, a pan of 1–5
    /// fingers. The swipe goes down, so its screen keeps the back gesture.
    /// (`init()`, with no arguments, is the app's defaults instead.)
    package static let reference = PlaygroundConfiguration(
        tapTaps: 2, tapTouches: 2, longPressTaps: 1, longPressTouches: 2, swipeDirection: .down, swipeTouches: 3,
        panMinTouches: 1, panMaxTouches: 5)
}

extension Scene {
    /// The multi-finger gesture playground (Docs/playground-scene.md) as the
    /// app is: seven screens, one per gesture, each pushed from the app's
    /// list — tap, long press, swipe, pan, pinch, rotation and the
    /// transform (pan, pinch and rotation in one two-finger gesture) — each
    /// configured as ``PlaygroundConfiguration`` says.
    ///
    /// **How a session says its screen.** The screens are the scene's tabs
    /// (``screens``, in ``PlaygroundScreen`` order), and a session is
    /// recorded on one of them: its `scene` field names it after a slash,
    /// `playground/tap` … `playground/transform`. One scene rather than
    /// seven keeps `--scene playground` (simulate, optimize, evaluate) one
    /// name for the app: its tunable parameters, budgets and report are the
    /// union of the screens', and each session is replayed on the screen it
    /// names (``showing(screen:)``, one arena per screen). A session that
    /// names no screen of it is an error, not a guess.
    ///
    /// The model's assumptions (keep Docs/playground-scene.md in step):
    /// - **One gesture per screen**, attached to the screen's gesture area
    ///   (``PlaygroundScreen/area``), so no two of the app's gestures ever
    ///   compete: the conflicts a one-view combination would show are not
    ///   the app's (examples/scenes/ours-playground-one-view.yaml keeps
    ///   that combination, labelled ours).
    /// - **The system's back gesture beside it** on every screen, from the
    ///   left edge strip (`edgeSwipe.edgeWidth`), except on the swipe screen
    ///   while its swipe goes right (the app hides the back button there,
    ///   which turns the gesture off). It decides first in its strip (the
    ///   system's recognizer; as in the epilogue scene): a moving gesture
    ///   of the screen waits for it to fail there.
    /// - **Whole frames.** UIKit hands a recognizer every finger that moved
    ///   in one event, so the arena delivers each frame's moves together
    ///   (``wholeFrames``).
    /// - **Pinch, rotation and the transform return to identity** when
    ///   they end (action `returnToIdentity`), so each starts at 1× and
    ///   0°. The app animates the return with SwiftUI's `.easeOut` (its
    ///   own source; ours, as it is not among the seeds), not a spring: the
    ///   simulator measures it along that curve for
    ///   `returnToIdentity.duration` (0.35 s, `.easeOut`'s documented
    ///   default), with no overshoot and no release velocity. The scale is
    ///   not clamped (the app does not): `pinch.minScale` 0.25 and
    ///   `pinch.maxScale` 10, the catalogue's widest bounds.
    package static func playground(
        _ configuration: PlaygroundConfiguration = .reference,
        name: String = "playground"
    ) -> Scene {
        let c = configuration
        // The gestures, their configurations, their areas and the back
        // gesture beside them are the app's, each screen's as the
        // playground's README writes it.
        var members: [Member] = []
        var relations: [Rule] = []
        for screen in PlaygroundScreen.allCases {
            let id = screen.memberID
            let hasBack = screen != .swipe || c.hasBackGesture
            if hasBack {
                // First on its screen, so that within one sample the system's gesture decides first.
                members.append(
                    Member(
                        id + "Back", .edgeSwipe, region: .edge(.left), tab: screen.tab, target: "left-edge",
                        .init(maxTouches: 1), from: PlaygroundScreen.backGestureProvenance))
            }
            let options: RecognizerOptions =
                switch screen {
                case .tap: .init(fingers: c.tapTouches, taps: c.tapTaps)
                case .longPress: .init(fingers: c.longPressTouches, taps: c.longPressTaps)
                case .swipe: .init(fingers: c.swipeTouches, direction: c.swipeDirection)
                case .pan: .init(axis: .free, minTouches: c.panMinTouches, maxTouches: c.panMaxTouches)
                case .pinch, .rotation, .transform: .init(action: .returnToIdentity)
                }
            let kind: GestureKind =
                switch screen {
                case .tap: .tap
                case .longPress: .longPress
                case .swipe: .swipe
                case .pan: .pan
                case .pinch: .pinch
                case .rotation: .rotation
                case .transform: .transform
                }
            members.append(
                Member(id, kind, region: screen.area, tab: screen.tab, target: "target", options, from: screen.provenance))
            if hasBack, ![.tap, .longPress].contains(screen) { relations.append(.highPriority(id + "Back", over: id)) }
        }
        return Scene(
            name: name, tabs: PlaygroundScreen.allCases.count, recognizers: members, relations: relations,
            parameters: [Parameter.pinchMinScale.name: 0.25, Parameter.pinchMaxScale.name: 10],
            playground: c, wholeFrames: true, screens: PlaygroundScreen.allCases.map(\.rawValue))
    }

    /// The app's minimum press duration stepper: 0.25–3 s (the catalogue's
    /// `longPress.minimumDuration` bounds are wider, 0.2–3 s, for tuning).
    package static let playgroundPressDurations = 0.25...3.0

    /// Checks a playground configuration against the app's steppers and
    /// pickers, screen by screen.
    ///
    /// - Throws: ``SceneError/playgroundKey(_:key:message:)`` naming the key
    ///   (a configuration field, or `longPress.minimumDuration` among the
    ///   scene's parameters), so that a scene file's error names its line.
    static func validate(playground c: PlaygroundConfiguration, parameters: [String: Double], scene name: String) throws {
        func check(_ value: Int, _ range: ClosedRange<Int>, _ field: String, _ screen: PlaygroundScreen) throws {
            guard range.contains(value) else {
                throw SceneError.playgroundKey(
                    name, key: field,
                    message:
                        "playground \(field) is \(value); the \(screen.rawValue) screen takes \(range.lowerBound) to \(range.upperBound)"
                )
            }
        }
        try check(c.tapTaps, 1...5, "tapTaps", .tap)
        try check(c.tapTouches, 1...5, "tapTouches", .tap)
        try check(c.longPressTaps, 0...5, "longPressTaps", .longPress)
        try check(c.longPressTouches, 1...5, "longPressTouches", .longPress)
        try check(c.swipeTouches, 1...5, "swipeTouches", .swipe)
        // The pan screen's steppers bound each other: min 1…max, max min…5.
        try check(c.panMaxTouches, 1...5, "panMaxTouches", .pan)
        try check(c.panMinTouches, 1...c.panMaxTouches, "panMinTouches", .pan)
        guard [.left, .right, .up, .down].contains(c.swipeDirection) else {
            throw SceneError.playgroundKey(
                name, key: "swipeDirection",
                message: "playground swipeDirection is left, right, up or down, not \(c.swipeDirection.rawValue)")
        }
        let duration = Parameter.longPressMinimumDuration.name
        if let value = parameters[duration], !playgroundPressDurations.contains(value) {
            throw SceneError.playgroundKey(
                name, key: duration,
                message:
                    "\(duration) is \(value) s; the long-press screen's stepper takes \(playgroundPressDurations.lowerBound) to \(playgroundPressDurations.upperBound) s"
            )
        }
    }
}
