import GesturePhysics
import Recognizers

// MARK: - Every spring the scenes animate, described once

/// One spring a scene animates after a release: its name in results and
/// budgets, the gesture whose release starts it, the two catalogue
/// constants that shape it, and whether it starts with the finger's
/// velocity.
///
/// The simulator's tally (which releases drive which spring) and the
/// held-out replay behind the report's spring charts read the same
/// description, so a spring's constants are named in one place, as typed
/// `Parameter`s rather than strings built from a prefix.
///
/// ```swift
/// AnimatedSpring.tabSwipe.response   // .tabSwipeSpringResponse
/// AnimatedSpring.cardSwipe.keepsVelocity   // false: the card starts from rest
/// ```
package struct AnimatedSpring: Sendable, Hashable {
    /// The spring's name (``SpringReport/spring``): its gesture's, or one
    /// of its own where a gesture drives two (`dismiss.snapBack`).
    package let name: String
    package let gesture: GestureKind
    package let response: Parameter
    package let damping: Parameter
    /// Whether the app hands the spring the finger's release speed,
    /// towards its target, as the animation patterns' velocity-preserving
    /// completion does: its `initialVelocity` is the release velocity over
    /// the distance left, under a square root, so never negative, and 0
    /// when the view is within 1 pt of its target
    /// (002_fade1e29999cfedf.txt:76-86). Otherwise it starts from rest.
    package let keepsVelocity: Bool
    /// Whether ``response`` and ``damping`` name the spring's stiffness and
    /// damping (SwiftUI's `interpolatingSpring(stiffness:damping:)`, mass
    /// 1) rather than its response and damping fraction. Results report
    /// the response and damping fraction either way.
    package let physical: Bool

    init(
        _ name: String? = nil, gesture: GestureKind, response: Parameter, damping: Parameter,
        keepsVelocity: Bool = false, physical: Bool = false
    ) {
        self.name = name ?? gesture.rawValue
        self.gesture = gesture
        self.response = response
        self.damping = damping
        self.keepsVelocity = keepsVelocity
        self.physical = physical
    }

    /// The spring with these constants.
    package func spring(_ tuning: ParameterSet) -> Spring {
        physical
            ? Spring(stiffness: tuning[response], damping: tuning[damping])
            : Spring(response: tuning[response], dampingFraction: tuning[damping])
    }

    /// The velocity the spring starts with after a release at
    /// `releaseVelocity` (pt/s along the spring's axis) with `distance`
    /// (pt) to go: 0 unless it ``keepsVelocity``; then the release speed,
    /// towards the target.
    package func initialVelocity(releaseVelocity: Double, distance: Double) -> Double {
        guard keepsVelocity, abs(distance) > 1 else { return 0 }
        return distance < 0 ? -abs(releaseVelocity) : abs(releaseVelocity)
    }

    /// A note row settling at its open offset or at rest, from rest: the
    /// row's offset is state animated by an implicit `.interactiveSpring`
    /// (000_dfd263f105d7efd6.txt:136-140), which is handed no release velocity.
    package static let swipeActions = AnimatedSpring(
        gesture: .swipeActions, response: .swipeActionsSpringResponse, damping: .swipeActionsSpringDamping)
    /// The card springing back or flying off; the reference app starts it
    /// from rest (it passes no release velocity).
    package static let cardSwipe = AnimatedSpring(
        gesture: .cardSwipe, response: .cardSwipeSpringResponse, damping: .cardSwipeSpringDamping)
    /// The tab page settling, from rest, driven like the note row: its
    /// offset is a `@GestureState` (001_f8e9ba9022a96da8.txt:319) animated
    /// by an implicit `.interactiveSpring` (001_f8e9ba9022a96da8.txt:230),
    /// and a `@GestureState` resets instantly (002_fade1e29999cfedf.txt:68).
    /// No line hands it the finger's velocity: only the animation patterns'
    /// explicit `interpolatingSpring(…, initialVelocity:)`
    /// (002_fade1e29999cfedf.txt:83-86) does: ``velocityPreservingCard``.
    package static let tabSwipe = AnimatedSpring(
        gesture: .tabSwipe, response: .tabSwipeSpringResponse, damping: .tabSwipeSpringDamping)
    /// The sheet leaving on a dismiss (its `dismiss` budgets judge this
    /// one): `.spring(duration: 0.3)`, from rest.
    package static let dismissExit = AnimatedSpring(
        gesture: .dismiss, response: .dismissSpringResponse, damping: .dismissSpringDamping)
    /// The sheet returning to rest when it is kept:
    /// `.spring(duration: 0.4, bounce: 0.15)`, from rest.
    package static let dismissSnapBack = AnimatedSpring(
        "dismiss.snapBack", gesture: .dismiss, response: .dismissSnapBackResponse, damping: .dismissSnapBackDamping)
    /// The image back within its zoom limits after a pinch.
    package static let pinch = AnimatedSpring(
        gesture: .pinch, response: .pinchSpringResponse, damping: .pinchSpringDamping)
    /// The image zooming between 1× and 2× on a double tap.
    package static let doubleTapZoom = AnimatedSpring(
        gesture: .doubleTap, response: .pinchDoubleTapSpringResponse, damping: .pinchDoubleTapSpringDamping)
    /// The image's turn to its snapped angle after a rotation.
    package static let rotationSnap = AnimatedSpring(
        "rotation.snap", gesture: .rotation, response: .rotationSnapSpringResponse,
        damping: .rotationSnapSpringDamping)
    /// The note menu growing in when a long press opens it.
    package static let noteMenu = AnimatedSpring(
        "noteMenu", gesture: .longPress, response: .noteMenuEntranceResponse, damping: .noteMenuEntranceDamping)
    /// The note menu shrinking as a backdrop tap dismisses it.
    package static let noteMenuDismiss = AnimatedSpring(
        "noteMenu.dismiss", gesture: .tap, response: .noteMenuDismissResponse, damping: .noteMenuDismissDamping)
    /// An action pill scaling when pressed and released.
    package static let actionPill = AnimatedSpring(
        "actionPill", gesture: .pressFeedback, response: .actionPillSpringResponse,
        damping: .actionPillSpringDamping)

    /// The animation patterns' draggable card flying off,
    /// `.spring(duration: 0.3, bounce: 0.0)` from rest
    /// (002_fade1e29999cfedf.txt:28).
    package static let draggableCardFlyOff = AnimatedSpring(
        "draggableCard.flyOff", gesture: .cardSwipe, response: .draggableCardFlyOffResponse,
        damping: .draggableCardFlyOffDamping)
    /// The draggable card snapping back, `.spring(duration: 0.5, bounce:
    /// 0.2)` from rest (002_fade1e29999cfedf.txt:36).
    package static let draggableCardSnapBack = AnimatedSpring(
        "draggableCard.snapBack", gesture: .cardSwipe, response: .draggableCardSnapBackResponse,
        damping: .draggableCardSnapBackDamping)
    /// The velocity-preserving completion: `interpolatingSpring(stiffness:
    /// 200, damping: 25, initialVelocity:)` handed the finger's speed
    /// towards the target (002_fade1e29999cfedf.txt:83-86), whether the card
    /// flies off or snaps back.
    package static let velocityPreservingCard = AnimatedSpring(
        "draggableCard.velocity", gesture: .cardSwipe, response: .draggableCardVelocityStiffness,
        damping: .draggableCardVelocityDamping, keepsVelocity: true, physical: true)
}
