import Foundation

// MARK: - Spring state

/// Where a spring is relative to its target, and how fast it moves.
package struct SpringState: Sendable, Hashable {
    /// Position − target, in points.
    package var displacement: Double
    /// Points per second (positive: towards larger positions).
    package var velocity: Double
}

// MARK: - Closed-form motion

extension Spring {
    /// The exact state `t` seconds after starting at `displacement` from the
    /// target with `velocity`.
    ///
    /// With ω₀ = √k, ζ the damping fraction, x₀ the displacement and v₀ the
    /// velocity, the solutions of `x″ + c·x′ + k·x = 0` are:
    /// - underdamped (ζ < 1), with α = ζω₀ and ω_d = ω₀√(1 − ζ²):
    ///   `x = e^(−αt)·(x₀·cos ω_d t + (v₀ + α·x₀)/ω_d · sin ω_d t)`
    /// - critically damped (ζ = 1):
    ///   `x = e^(−ω₀t)·(x₀ + (v₀ + ω₀·x₀)·t)`
    /// - overdamped (ζ > 1), with roots r₁,₂ = −ω₀(ζ ∓ √(ζ² − 1)):
    ///   `x = C₁e^(r₁t) + C₂e^(r₂t)`, C₂ = (v₀ − r₁x₀)/(r₂ − r₁), C₁ = x₀ − C₂
    ///
    /// and the velocity is their derivative.
    ///
    /// ```swift
    /// let spring = Spring(response: 0.4, dampingFraction: 0.8)
    /// // 200 pt short of the target, already moving towards it at 500 pt/s:
    /// spring.state(after: 0.1, displacement: -200, velocity: 500)
    /// // SpringState(displacement: −82.64…, velocity: 1135.7…)
    /// ```
    @inlinable
    package func state(after t: Double, displacement x0: Double, velocity v0: Double) -> SpringState {
        let omega0 = naturalFrequency
        let zeta = dampingFraction
        if abs(zeta - 1) <= Self.criticalBand {
            let decay = exp(-omega0 * t)
            let b = v0 + omega0 * x0
            return SpringState(
                displacement: decay * (x0 + b * t),
                velocity: decay * (v0 - omega0 * b * t))
        } else if zeta < 1 {
            let alpha = zeta * omega0
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            let decay = exp(-alpha * t)
            let c = cos(omegaD * t), s = sin(omegaD * t)
            let b = (v0 + alpha * x0) / omegaD
            // dx/dt = e^(−αt)·(v₀·cos − (α·v₀ + ω₀²·x₀)/ω_d · sin)
            let k = (alpha * v0 + omega0 * omega0 * x0) / omegaD
            return SpringState(
                displacement: decay * (x0 * c + b * s),
                velocity: decay * (v0 * c - k * s))
        } else {
            let (r1, r2) = overdampedRoots
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return SpringState(
                displacement: c1 * e1 + c2 * e2,
                velocity: r1 * c1 * e1 + r2 * c2 * e2)
        }
    }

    /// The two real roots of `r² + c·r + k = 0` for an overdamped spring:
    /// r₁ the slow mode (closer to 0), r₂ the fast one. r₁ is computed as
    /// k/r₂ (their product is k) because `−ζω₀ + ω₀√(ζ² − 1)` cancels
    /// catastrophically for large ζ.
    @inlinable
    var overdampedRoots: (slow: Double, fast: Double) {
        let omega0 = naturalFrequency
        let zeta = dampingFraction
        let fast = -omega0 * (zeta + (zeta * zeta - 1).squareRoot())
        return (stiffness / fast, fast)
    }

    /// The acceleration the spring applies in `state`: `−k·x − c·v`.
    @inlinable
    package func acceleration(of state: SpringState) -> Double {
        -stiffness * state.displacement - damping * state.velocity
    }
}
