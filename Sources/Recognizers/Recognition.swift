import Foundation
import TraceModel

// MARK: - What the arena reports

/// One gesture a recognizer fired (discrete) or began and ended (continuous).
///
/// Times are microseconds since the session start. `onset` is the moment the
/// latency of this kind is measured from: the last finger's lift for tap and
/// double tap, touch-down for long press, the first sample that moved for
/// continuous gestures, the first stroke above the threshold for shake.
package struct Recognition: Sendable, Hashable, Codable {
    /// Index of the recognizer in its scene.
    package var recognizer: Int
    package var kind: GestureKind
    /// The direction decided: for pan and scroll the direction in which it
    /// began; for committing gestures the direction of the commit; `in`/`out`
    /// for pinch, `cw`/`ccw` for rotation.
    package var direction: Direction?
    /// First touch-down of the contact (the motion onset for shake).
    package var touchDown: Micros
    /// Latency reference (see above).
    package var onset: Micros
    /// When it was recognized (began, for continuous gestures).
    package var recognized: Micros
    /// When it ended (equals `recognized` for discrete gestures).
    package var ended: Micros
    /// How long it waited for other recognizers to fail before it was
    /// recognized (`requireToFail`: a tap waiting for a double tap); 0 when
    /// it won at once.
    package var waited: Micros
    /// Continuous gestures: when a finger of the contact was first
    /// ``Touches/motionYardstick`` (10 pt) from where it went down, or the
    /// recognition itself if that was earlier. Equals `recognized` for
    /// discrete gestures.
    package var movedYardstick: Micros
    /// Most fingers down during the contact.
    package var pointers: Int
    /// For committing gestures: whether the release committed (switched the
    /// tab, opened the actions, deleted the card, dismissed the sheet).
    /// Always true for the others.
    package var committed: Bool
    /// Release velocity along the gesture's axis, pt/s (0 when not
    /// applicable); a pinch's in scale per second and a rotation's in
    /// degrees per second, as UIKit's pinch and rotation recognizers report
    /// their `velocity`.
    package var releaseVelocity: Double
    /// For gestures that animate on release, with a spring or along a
    /// timing curve (the playground's return to identity): the distance the
    /// animation has to travel at release (pt, signed along the axis) —
    /// with the velocity, a spring's settle time and overshoot follow; a
    /// curve's follow from the distance alone.
    package var springDistance: Double
    /// Swipe actions: microseconds from the moment the row's resisted
    /// offset crossed the threshold (interpolated between samples) to the
    /// haptic (the sample on which it was noticed). Text selection:
    /// microseconds from the lift until the action menu appears (0 when it
    /// was up before the lift).
    /// Negative when no haptic fired (or not applicable).
    package var hapticLatency: Micros
    /// A value describing the result (card rotation in degrees, pinch scale,
    /// rotation: the image's total rotation across gestures after the snap,
    /// degrees; swipe actions: the row's resisted offset, pt; dismiss
    /// progress, new tab index; drag:
    /// auto-scroll in points, negative up; text selection: how far the
    /// selection was extended, pt; transform: the scale).
    package var value: Double
    /// A transform's whole result when it ends: translation, scale and
    /// rotation together, as a combined pan-zoom-rotate view applies them
    /// (`value` keeps the scale alone, as before); `nil` for other kinds
    /// and while the transform is still in progress.
    package var transform: ViewTransform? = nil

    /// The first thing the person sees answer the contact: for taps and
    /// double taps, the pressed state of the same contact (press feedback)
    /// if it showed before the recognition, else the recognition; for the
    /// others, the recognition.
    package var responded: Micros

    /// Recognition latency: `recognized − onset`.
    package var latency: Micros { recognized - onset }

    /// Taps: from the last lift to the first visible response (0 when the
    /// pressed state was up before the lift); the others: the ``latency``.
    package var responseTime: Micros {
        kind == .tap || kind == .doubleTap ? max(0, responded - onset) : latency
    }

    /// Recognition time: for continuous gestures, from the moment the
    /// contact had moved 10 pt (``movedYardstick``) to the recognition (0
    /// when recognized before); for discrete ones, the ``latency``.
    package var recognitionTime: Micros {
        kind.isContinuous ? recognized - movedYardstick : latency
    }
}

/// What a transform did to its view, from its start to its end: the two
/// fingers' centroid translation (pt, y down), the scale of their distance
/// and the turn of the line between them (degrees, clockwise positive on a
/// y-down screen) — the three parts of the affine transform a combined
/// gesture applies, reported together as the playground shows them.
package struct ViewTransform: Sendable, Hashable, Codable {
    package var translationX: Double
    package var translationY: Double
    package var scale: Double
    package var rotation: Double

    package init(translationX: Double, translationY: Double, scale: Double, rotation: Double) {
        self.translationX = translationX
        self.translationY = translationY
        self.scale = scale
        self.rotation = rotation
    }

    /// How far the farthest corner of a `width × height` view, transformed
    /// about its centre, lies from where it rests (pt): the distance a
    /// return to identity carries the view's most-moved point.
    package func farthestCornerDisplacement(width: Double, height: Double) -> Double {
        let radians = rotation * .pi / 180
        let (c, s) = (cos(radians), sin(radians))
        var farthest = 0.0
        for (x, y) in [
            (width / 2, height / 2), (-width / 2, height / 2), (width / 2, -height / 2),
            (-width / 2, -height / 2)
        ] {
            let movedX = translationX + scale * (c * x - s * y) - x
            let movedY = translationY + scale * (s * x + c * y) - y
            farthest = max(farthest, (movedX * movedX + movedY * movedY).squareRoot())
        }
        return farthest
    }
}

/// A gesture a recognizer would have recognized but a lock or a boundary
/// swallowed: the raw material of dead zones.
package struct Drop: Sendable, Hashable, Codable {
    package enum Reason: String, Sendable, Hashable, Codable {
        /// Horizontal tab-swipe lock after a tab change.
        case horizontalLock
        /// Vertical scroll lock after a tab change.
        case verticalScrollLock
        /// Swipe past the first or last tab.
        case boundary
        /// Shake debounce.
        case debounce
    }

    package var recognizer: Int
    package var kind: GestureKind
    package var direction: Direction?
    package var t: Micros
    package var reason: Reason
}

/// The state a scene's recognizers share: which tab shows, when it last
/// changed and when a tab swipe last ended (locks and the momentum window),
/// zoom, rotation, undo, the open note menu and the text selection's
/// action menu.
package struct SharedState: Sendable, Hashable {
    package var tabCount: Int
    package var currentTab: Int
    /// Time of the last change of the selected tab, by a committed swipe or
    /// a tab-bar tap (`Micros.min` for none).
    package var lastTabChange: Micros
    /// The tab session's momentum window: every change of the selected tab
    /// sets it and starts a timer that clears it `tabSwipe.momentumWindow`
    /// later, and no timer is ever cancelled — so in a burst of changes the
    /// first change's timer ends the window. `momentumTimers` holds the
    /// deadlines of the timers still pending at the last change (in order),
    /// `momentumEnds` the first of them: the window is open before it.
    package var momentumTimers: [Micros]
    package var momentumEnds: Micros
    /// Time of the last committed tab swipe (`Micros.min` for none): starts
    /// the horizontal lock.
    package var lastTabSwipeCommit: Micros
    /// Time the last tab swipe ended, committed or sprung back (`Micros.min`
    /// for none): starts the vertical scroll lock (the reference app starts
    /// it when any horizontal swipe ends).
    package var lastTabSwipeEnd: Micros
    /// Until when the card stack's top card is a deleted one flying off
    /// (`cardSwipe.removalDelay` after the delete; `Micros.min` for none):
    /// the card beneath is not interactive until it is removed.
    package var cardLeavingUntil: Micros
    package var imageScale: Double
    /// The image's total rotation across gestures, radians, as snapped at
    /// the last release (the reference app snaps this cumulative angle).
    package var imageRotation: Double
    package var undoCount: Int
    /// Time of the last shake (`Micros.min` for none), or of the screen
    /// appearing where the app starts its shake debounce there.
    package var lastShake: Micros
    /// Whether the note rows' custom context menu is open: a long press on
    /// a row opens it, a tap on its backdrop or on one of its items
    /// dismisses it, and meanwhile the backdrop covers the screen (only the
    /// menu's layer is hit).
    package var noteMenuOpen: Bool
    /// Where the open note menu stands: `noteMenu.width` × `noteMenu.height`
    /// centred `noteMenu.edgeMargin` below its row (above it near the
    /// bottom), moved in from the right edge only — the reading app's
    /// placement (000_dfd263f105d7efd6.txt:690-707).
    package var noteMenuFrame: Rect
    /// Until when the dismissed menu's backdrop still covers the screen
    /// (`noteMenu.backdropLinger` after the dismissal; `Micros.min` for
    /// none).
    package var backdropLingersUntil: Micros
    /// The text selection whose action menu shows, or will: where the
    /// selection ended (the pills sit above it) and when the menu appears
    /// (`selectionMenuAt`, `Micros.max` for no selection). A touch-down
    /// anywhere but on a shown pill collapses the selection.
    package var selectionX: Double
    package var selectionY: Double
    package var selectionMenuAt: Micros
    /// The rows of a swipe-actions list that stand open, one bit per row:
    /// each row keeps its own state (opening one closes no other), and an
    /// open row's action buttons are tap targets
    /// (``RecognizerOptions/Layer/rowActions``).
    package var openRows: UInt64

    /// - Parameters:
    ///   - tabCount: how many tabs the screen pages through.
    ///   - currentTab: the tab showing when the session starts.
    ///   - shakeDebounceFrom: when the shake debounce starts running before
    ///     any shake (`Micros.min`: it does not; 0: the screen appeared at
    ///     the session's start, as in an app that initialises its last-shake
    ///     time when the view appears).
    package init(tabCount: Int = 1, currentTab: Int = 0, shakeDebounceFrom: Micros = .min) {
        self.tabCount = max(1, tabCount)
        self.currentTab = min(max(0, currentTab), self.tabCount - 1)
        lastTabChange = .min
        momentumTimers = []
        momentumEnds = .min
        lastTabSwipeCommit = .min
        lastTabSwipeEnd = .min
        cardLeavingUntil = .min
        imageScale = 1
        imageRotation = 0
        undoCount = 0
        lastShake = shakeDebounceFrom
        noteMenuOpen = false
        noteMenuFrame = Rect(minX: 0, minY: 0, maxX: 0, maxY: 0)
        backdropLingersUntil = .min
        selectionX = 0
        selectionY = 0
        selectionMenuAt = .max
        openRows = 0
    }

    /// Whether the note menu's backdrop covers the screen at `t`: while the
    /// menu is open, and for `noteMenu.backdropLinger` after a dismissal.
    func backdropCovers(at t: Micros) -> Bool { noteMenuOpen || t < backdropLingersUntil }

    /// Whether the selection's action menu shows at `t`.
    func selectionMenuShows(at t: Micros) -> Bool { selectionMenuAt != .max && t >= selectionMenuAt }

    /// Selects `tab` at `t`: sets the momentum window and starts its timer,
    /// `window` long (timers that fired by `t` are gone; the others stay
    /// pending, and the earliest of them ends the window).
    mutating func changeTab(to tab: Int, at t: Micros, momentumWindow window: Micros) {
        currentTab = tab
        lastTabChange = t
        momentumTimers.removeAll { $0 <= t }
        momentumTimers.append(t + window)
        momentumEnds = momentumTimers[0]
    }

    /// Whether the momentum window is open at `t` (a time not before the
    /// last change).
    func inMomentumWindow(_ t: Micros) -> Bool { t < momentumEnds }

    /// Microseconds since the last committed tab swipe (`.max`: never).
    func sinceTabSwipeCommit(_ t: Micros) -> Micros {
        lastTabSwipeCommit == .min ? .max : t - lastTabSwipeCommit
    }

    /// Microseconds since a tab swipe last ended (`.max`: never).
    func sinceTabSwipeEnd(_ t: Micros) -> Micros {
        lastTabSwipeEnd == .min ? .max : t - lastTabSwipeEnd
    }
}
