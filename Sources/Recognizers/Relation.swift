// MARK: - How recognizers in one place relate

/// A rule between two recognizers of a scene, by index.
///
/// The default, with no rule, is **exclusive**: the first to recognize (or
/// begin) wins the contact and every other undecided one fails — UIKit's
/// default, and what Flutter's arena does when a member declares victory.
package enum Relation: Sendable, Hashable {
    /// Both may recognize on the same contact (UIKit's
    /// `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`; Flutter has
    /// no arena equivalent — it is what a `ScaleGestureRecognizer` that does
    /// pan, pinch and rotation in one member gives).
    case simultaneous(Int, Int)
    /// `recognizer` may only recognize once `waitsFor` has failed; it waits
    /// (`waiting`) meanwhile. UIKit's `require(toFail:)`: a single tap that
    /// waits for the double tap to fail.
    case requireToFail(recognizer: Int, waitsFor: Int)
    /// `winner` gets the first chance: `over` waits for it to fail
    /// (SwiftUI's `highPriorityGesture`; in UIKit, the loser's
    /// `require(toFail:)` on the winner). Same mechanics as ``requireToFail(recognizer:waitsFor:)``.
    case highPriority(winner: Int, over: Int)
}
