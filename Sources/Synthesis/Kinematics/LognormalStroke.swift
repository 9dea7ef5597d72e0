import GSL

// MARK: - Lognormal strokes (flicks)

/// A rapid stroke with a lognormal speed profile: the Kinematic Theory of
/// rapid human movements (Plamondon 1995, "A kinematic theory of rapid human
/// movements", Biological Cybernetics 72:295–307; Plamondon & Djioua 2006).
///
/// A fast movement is the impulse response of many coupled neuromuscular
/// subsystems, whose speed is lognormal in time since the command:
///
///     v(s) = D / (σ √(2π) s) · exp(−(ln s − μ)² / (2σ²)),   s > 0
///
/// and whose covered distance is `D · Φ((ln s − μ) / σ)`. The speed rises
/// quickly and decays slowly — the asymmetric bell of a flick. In a flick the
/// finger leaves the glass while still moving fast, near the speed peak, so
/// the recorded part of the stroke stops at the lift.
///
/// ```swift
/// let (stroke, lift) = LognormalStroke.flick(travel: 150, releaseSpeed: 4000, sigma: 0.3, liftRatio: 1.1)
/// stroke.speed(at: lift)      // 4000 pt/s
/// stroke.distance(at: lift)   // 150 pt
/// ```
package struct LognormalStroke: Sendable, Hashable {
    /// Total distance of the (virtual, completed) stroke, points.
    package var distance: Double
    /// Log-time delay μ (seconds, log scale).
    package var mu: Double
    /// Log-time response σ; 0.2–0.45 for finger flicks.
    package var sigma: Double

    /// Time of peak speed after the command: `exp(μ − σ²)`.
    package var peakTime: Double { exp(mu - sigma * sigma) }

    /// Distance covered `s` seconds after the command.
    package func distance(at s: Double) -> Double {
        guard s > 0 else { return 0 }
        return distance * Distributions.Gaussian.P((log(s) - mu) / sigma)
    }

    /// Speed `s` seconds after the command, points per second.
    package func speed(at s: Double) -> Double {
        guard s > 0 else { return 0 }
        let z = (log(s) - mu) / sigma
        return distance * Self.density(z) / (sigma * s)
    }

    /// The standard normal density.
    static func density(_ z: Double) -> Double { exp(-0.5 * z * z) / (2 * Double.pi).squareRoot() }

    /// The flick that covers `travel` points on the glass and leaves it at
    /// `releaseSpeed`, lifting at `liftRatio` × the time of peak speed.
    ///
    /// With `k = liftRatio` the standardised lift time `z = (ln k − σ²) / σ`
    /// does not depend on the stroke's time scale, so the lift time follows in
    /// closed form: `t = travel · φ(z) / (v · σ · Φ(z))`; then `D = travel / Φ(z)`
    /// and `μ = ln(t / k) + σ²`. Returns the stroke and the lift time.
    package static func flick(
        travel: Double, releaseSpeed: Double, sigma: Double, liftRatio: Double
    ) -> (stroke: LognormalStroke, liftTime: Double) {
        let z = (log(liftRatio) - sigma * sigma) / sigma
        let covered = Distributions.Gaussian.P(z)
        let lift = travel * density(z) / (releaseSpeed * sigma * covered)
        let stroke = LognormalStroke(distance: travel / covered, mu: log(lift / liftRatio) + sigma * sigma, sigma: sigma)
        return (stroke, lift)
    }

    /// The shortest travel for which a flick at `releaseSpeed` lasts at least
    /// `minimumDuration` (so that a 60 Hz digitizer sees a few samples of it).
    package static func minimumTravel(
        releaseSpeed: Double, sigma: Double, liftRatio: Double, minimumDuration: Double
    ) -> Double {
        let z = (log(liftRatio) - sigma * sigma) / sigma
        return minimumDuration * releaseSpeed * sigma * Distributions.Gaussian.P(z) / density(z)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
