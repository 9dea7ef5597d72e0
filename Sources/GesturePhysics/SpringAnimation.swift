// MARK: - Spring animation

/// One value animated by a ``Spring`` towards a target, on an absolute clock
/// (seconds), with velocity-preserving retargeting.
///
/// Retargeting is what makes springs feel physical under interruption: when
/// the target changes mid-flight (a card is grabbed and thrown elsewhere), the
/// new motion starts from the *current position and velocity*, so there is no
/// jump in position and no kink in velocity.
///
/// ```swift
/// var card = SpringAnimation(spring: .snappy, from: 0, to: 300, at: 0)
/// card.position(at: 0.1)                         // on its way
/// card = card.retargeted(to: -50, at: 0.1)       // thrown back: no jump
/// card.velocity(at: 0.1)                         // unchanged by the retarget
/// card.settleTime()                              // absolute time it rests
/// ```
package struct SpringAnimation: Sendable, Hashable {
    package var spring: Spring
    /// The clock time (seconds) this motion starts at.
    package var startTime: Double
    /// Position at `startTime`, points.
    package var startPosition: Double
    /// Velocity at `startTime`, points per second.
    package var startVelocity: Double
    /// Where the spring pulls to, points.
    package var target: Double

    /// A spring motion from `position` (moving at `velocity`) to `target`,
    /// starting at clock time `time`.
    package init(spring: Spring, from position: Double, velocity: Double = 0, to target: Double, at time: Double = 0) {
        self.spring = spring
        self.startTime = time
        self.startPosition = position
        self.startVelocity = velocity
        self.target = target
    }

    /// Displacement and velocity at clock time `time` (clamped to the start:
    /// the motion does not run backwards).
    package func state(at time: Double) -> SpringState {
        spring.state(
            after: Swift.max(0, time - startTime),
            displacement: startPosition - target, velocity: startVelocity)
    }

    /// Position in points at clock time `time`.
    package func position(at time: Double) -> Double { target + state(at: time).displacement }

    /// Velocity in points per second at clock time `time`.
    package func velocity(at time: Double) -> Double { state(at: time).velocity }

    /// A new motion towards `newTarget` (optionally with another spring) that
    /// starts at clock time `time` from this motion's position and velocity
    /// at that time.
    package func retargeted(to newTarget: Double, at time: Double, spring newSpring: Spring? = nil) -> SpringAnimation {
        let now = state(at: time)
        return SpringAnimation(
            spring: newSpring ?? spring, from: target + now.displacement, velocity: now.velocity,
            to: newTarget, at: Swift.max(time, startTime))
    }

    /// The clock time after which the value stays within `tolerance` points
    /// of the target (see ``Spring/settleTime(distance:initialVelocity:tolerance:)``).
    package func settleTime(tolerance: Double = 0.5) -> Double {
        startTime
            + spring.settleTime(
                distance: target - startPosition, initialVelocity: startVelocity, tolerance: tolerance)
    }
}
