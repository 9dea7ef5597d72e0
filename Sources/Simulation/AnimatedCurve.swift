import GesturePhysics
import Recognizers

// MARK: - Every timing-curve animation the scenes run, described once

/// One animation a scene runs after a release along a timing curve, for a
/// fixed duration, rather than on a spring: its name in results and
/// budgets, the gesture whose release starts it, the curve, and the
/// catalogue constant that sets its duration. The counterpart of
/// ``AnimatedSpring``: a curve has no response, damping or initial
/// velocity — it ends exactly at its duration, whatever the finger did.
///
/// ```swift
/// AnimatedCurve.returnToIdentity(after: .pinch).duration   // .returnToIdentityDuration
/// ```
package struct AnimatedCurve: Sendable, Hashable {
    /// The animation's name (``CurveReport/curve``): its gesture's.
    package let name: String
    package let gesture: GestureKind
    package let curve: TimingCurve
    package let duration: Parameter

    init(_ name: String? = nil, gesture: GestureKind, curve: TimingCurve, duration: Parameter) {
        self.name = name ?? gesture.rawValue
        self.gesture = gesture
        self.curve = curve
        self.duration = duration
    }

    /// A view of the playground returning to identity after `gesture`,
    /// named after the gesture: the app animates the return with SwiftUI's
    /// `.easeOut` (its own source, read but not among the seeds: ours),
    /// `returnToIdentity.duration` long (0.35 s, SwiftUI's documented
    /// default), from wherever the fingers left it.
    package static func returnToIdentity(after gesture: GestureKind) -> AnimatedCurve {
        AnimatedCurve(gesture: gesture, curve: .easeOut, duration: .returnToIdentityDuration)
    }
}
