// MARK: - Minimum-jerk point-to-point movement

/// The minimum-jerk profile of a point-to-point reach (Flash & Hogan 1985,
/// "The coordination of arm movements", J. Neuroscience 5(7):1688–1703).
///
/// Of all smooth paths from rest to rest in time `T`, the one minimising the
/// integrated squared jerk is the fifth-order polynomial
/// `s(τ) = 10τ³ − 15τ⁴ + 6τ⁵` with `τ = t / T`. Its speed is bell shaped and
/// peaks at `1.875 · D / T` in the middle — the shape measured for deliberate
/// drags, where the finger starts and stops at rest (a slow scroll, a drag to
/// a threshold).
///
/// ```swift
/// MinimumJerk.fraction(0.5)        // 0.5
/// MinimumJerk.speedFactor(0.5)     // 1.875 (× D / T)
/// ```
package enum MinimumJerk {
    /// The fraction of the distance covered at normalised time `tau` (clamped to 0…1).
    @inlinable
    package static func fraction(_ tau: Double) -> Double {
        let u = min(max(tau, 0), 1)
        let u3 = u * u * u
        return u3 * (10 + u * (-15 + 6 * u))
    }

    /// The speed at `tau` in units of `D / T`: `30τ² − 60τ³ + 30τ⁴`.
    @inlinable
    package static func speedFactor(_ tau: Double) -> Double {
        guard tau > 0, tau < 1 else { return 0 }
        let u2 = tau * tau
        return 30 * u2 * (1 - tau) * (1 - tau)
    }

    /// Peak speed in units of `D / T` (at `τ = ½`).
    package static let peakSpeedFactor = 1.875
}

// MARK: - Fitts' law

/// Movement time from distance and target width (Fitts 1954; the Shannon
/// formulation of MacKenzie 1992): `MT = a + b · log2(D / W + 1)`.
///
/// The defaults, `a` = 0.10 s and `b` = 0.12 s/bit, are of the order reported
/// for finger input on phone touchscreens (for example Bi, Li & Zhai,
/// "FFitts law", CHI 2013, and MacKenzie's touchscreen replications, where
/// throughput is around 6–7 bits/s). Each synthetic person scales the result
/// by a personal speed factor.
///
/// ```swift
/// FittsLaw().movementTime(distance: 200, width: 40)   // ≈ 0.41 s
/// ```
package struct FittsLaw: Sendable, Hashable {
    /// Intercept, seconds.
    package var a: Double = 0.10
    /// Slope, seconds per bit.
    package var b: Double = 0.12

    /// Index of difficulty in bits.
    @inlinable
    package func indexOfDifficulty(distance: Double, width: Double) -> Double {
        log2(max(distance, 0) / max(width, 1e-9) + 1)
    }

    /// Movement time in seconds.
    @inlinable
    package func movementTime(distance: Double, width: Double) -> Double {
        a + b * indexOfDifficulty(distance: distance, width: width)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
