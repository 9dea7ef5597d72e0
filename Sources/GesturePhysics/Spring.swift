import Foundation

// MARK: - Spring

/// A damped spring of unit mass: `x″ = −k·x − c·x′`, where `x` is the
/// displacement from the target (position − target), `k` the stiffness and
/// `c` the damping.
///
/// Three equivalent ways to describe it, all mass 1:
/// - **Physical**: `stiffness` k and `damping` c.
/// - **Perceptual** (SwiftUI's `response` and `dampingFraction`, UIKit's
///   "spring with duration"): `response` is the period of the undamped
///   oscillation, so `k = (2π/response)²`; `dampingFraction` ζ is the share of
///   critical damping, so `c = 2ζ·√k = 4πζ/response`. ζ < 1 bounces, ζ = 1 is
///   the fastest approach without overshoot, ζ > 1 creeps in.
/// - **Designer** (SwiftUI's `duration` and `bounce`): `duration` is the
///   response, and `bounce` in (−1, 1) maps to ζ = 1 − bounce when bounce ≥ 0
///   and ζ = 1/(1 + bounce) when it is negative (flatter than critical).
///
/// ```swift
/// let spring = Spring(duration: 0.5, bounce: 0.3)
/// spring.stiffness          // 157.91…  = (2π/0.5)²
/// spring.damping            // 17.59…   = 4π·0.7/0.5
/// spring.dampingFraction    // 0.7
/// Spring(response: 0.35, dampingFraction: 0.85).settleTime(distance: 300)  // ≈ 0.46 s
/// ```
///
/// Parameters are design constants, not input data: a stiffness that is not
/// positive or a negative damping has no meaningful motion (results are not
/// finite, never a crash). ``isPhysical`` tells.
package struct Spring: Sendable, Hashable {
    /// k, in 1/s² (force per point of displacement, per unit mass).
    package var stiffness: Double
    /// c, in 1/s (force per point/second of velocity, per unit mass).
    package var damping: Double

    /// A spring from its physical constants, with mass 1.
    package init(stiffness: Double, damping: Double) {
        self.stiffness = stiffness
        self.damping = damping
    }

    /// A spring from SwiftUI's `response` (seconds: the undamped period) and
    /// `dampingFraction` (ζ: 1 is critically damped).
    ///
    /// ```swift
    /// Spring(response: 0.5, dampingFraction: 1).stiffness   // 157.91…
    /// ```
    package init(response: Double, dampingFraction: Double) {
        let omega = 2 * Double.pi / response
        self.stiffness = omega * omega
        self.damping = 2 * dampingFraction * omega // = 4π·ζ/response
    }

    /// A spring from SwiftUI's `duration` (the response, in seconds) and
    /// `bounce` (0 is critically damped; 0.3 is clearly bouncy; negative
    /// values are overdamped). Bounce is clamped to [−0.999, 1].
    ///
    /// ```swift
    /// Spring(duration: 0.5, bounce: 0.3)   // stiffness 157.9, damping 17.6
    /// ```
    package init(duration: Double = 0.5, bounce: Double = 0) {
        let b = min(max(bounce, -0.999), 1)
        self.init(response: duration, dampingFraction: b >= 0 ? 1 - b : 1 / (1 + b))
    }

    // MARK: - Derived constants

    /// ω₀ = √k, radians per second: the undamped angular frequency.
    @inlinable
    package var naturalFrequency: Double { stiffness.squareRoot() }

    /// The period of the undamped oscillation, `2π/√k` seconds.
    package var response: Double { 2 * Double.pi / naturalFrequency }

    /// ζ = c/(2√k): 1 is critical damping.
    @inlinable
    package var dampingFraction: Double { damping / (2 * naturalFrequency) }

    /// SwiftUI's bounce: `1 − ζ` for ζ ≤ 1, `1/ζ − 1` (negative) above.
    package var bounce: Double {
        let zeta = dampingFraction
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// SwiftUI's duration: the same as ``response``.
    package var duration: Double { response }

    /// Positive stiffness, non-negative damping, both finite.
    package var isPhysical: Bool {
        stiffness > 0 && stiffness.isFinite && damping >= 0 && damping.isFinite
    }

    // MARK: - Regime

    /// How the spring approaches its target.
    package enum Regime: Sendable, Hashable {
        /// ζ < 1: oscillates around the target with a decaying envelope.
        case underdamped
        /// ζ = 1 (within 1e-6): the fastest approach that never oscillates.
        case criticallyDamped
        /// ζ > 1: creeps in without oscillating, slower than critical.
        case overdamped
    }

    /// Within this distance of ζ = 1 the critical closed form is used: the
    /// under- and overdamped forms divide by √|1 − ζ²| and lose precision
    /// there, while the critical form differs from them by O(|1 − ζ|).
    @usableFromInline
    static let criticalBand = 1e-6

    package var regime: Regime {
        let zeta = dampingFraction
        if abs(zeta - 1) <= Self.criticalBand { return .criticallyDamped }
        return zeta < 1 ? .underdamped : .overdamped
    }

    // MARK: - Presets

    /// SwiftUI's `.smooth`: duration 0.5 s, no bounce.
    package static let smooth = Spring(duration: 0.5, bounce: 0)
    /// SwiftUI's `.snappy`: duration 0.5 s, bounce 0.15.
    package static let snappy = Spring(duration: 0.5, bounce: 0.15)
    /// SwiftUI's `.bouncy`: duration 0.5 s, bounce 0.3.
    package static let bouncy = Spring(duration: 0.5, bounce: 0.3)
}
