import Foundation

// MARK: - Settling and overshoot
//
// Both questions are about the extrema of x(t), the times where the velocity
// is zero. Between two consecutive extrema x is monotonic, which turns "the
// last time |x| exceeds the tolerance" into one bisection on a monotonic
// interval instead of a scan that could miss a narrow peak:
//
// - underdamped: extrema are evenly spaced, half a damped period π/ω_d
//   apart, and each is e^(−απ/ω_d) times the previous one with the opposite
//   sign, so their magnitudes fall strictly;
// - critically and overdamped: x is a sum of two exponentials, with at most
//   one extremum and one zero crossing; after the extremum (or from the start
//   when there is none) |x| falls monotonically to 0.

extension Spring {
    /// The time, in seconds, after which a spring that starts `distance`
    /// points short of its target with `initialVelocity` stays within
    /// `tolerance` points of the target for good.
    ///
    /// Not the first time it comes within tolerance: a bouncy spring enters
    /// the band, overshoots out of it, and comes back; this is the last exit.
    /// `initialVelocity` is on the same axis as `distance` (so a positive
    /// velocity with a positive distance moves towards the target).
    /// `.infinity` for an undamped spring that moves at all, or a spring that
    /// is not ``isPhysical``.
    ///
    /// ```swift
    /// let spring = Spring(response: 0.5, dampingFraction: 0.7)
    /// spring.settleTime(distance: 300)                          // ≈ 0.763 s
    /// spring.settleTime(distance: 300, initialVelocity: 2_000)  // ≈ 0.730 s: flicked in
    /// ```
    package func settleTime(distance: Double, initialVelocity: Double = 0, tolerance: Double = 0.5) -> Double {
        let x0 = -distance, v0 = initialVelocity
        if x0 == 0 && v0 == 0 { return 0 }
        guard isPhysical, tolerance > 0, x0.isFinite, v0.isFinite else { return .infinity }
        let curve = Trajectory(self, displacement: x0, velocity: v0)
        let x = { (t: Double) in curve.displacement(at: t) }
        // `atA`: x(a), which the search below has always evaluated already
        // (or x(0) = x₀'s own evaluation).
        let lastExit = { (a: Double, b: Double, atA: Double) in
            Spring.lastExit(curve, from: a, to: b, tolerance: tolerance, atFrom: atA)
        }

        switch regime {
        case .underdamped:
            let omega0 = naturalFrequency
            let alpha = dampingFraction * omega0
            guard alpha > 0 else {
                // Undamped: a constant amplitude √(x₀² + (v₀/ω₀)²).
                let amplitude = (x0 * x0 + (v0 / omega0) * (v0 / omega0)).squareRoot()
                return amplitude <= tolerance ? 0 : .infinity
            }
            let halfPeriod = Double.pi / dampedFrequency
            let first = firstUnderdampedExtremum(displacement: x0, velocity: v0)
            let atFirst = x(first)
            let firstPeak = abs(atFirst)
            guard firstPeak > tolerance else {
                // Every extremum is inside the band: only the opening stretch
                // to the first extremum (monotonic) can be outside it.
                return abs(x0) > tolerance ? lastExit(0, first, x(0)) : 0
            }
            // Peaks fall by e^(−α·halfPeriod) each: the last one outside the
            // band is about n = ln(peak/tol)/(α·halfPeriod) steps on. Check it
            // against the real displacement, since rounding can move it by one.
            var n = Swift.max(0, (log(firstPeak / tolerance) / (alpha * halfPeriod)).rounded(.down))
            var atN = atFirst // x(first + n·halfPeriod) once settled on n
            while n > 0 {
                atN = x(first + n * halfPeriod)
                guard abs(atN) <= tolerance else { break }
                n -= 1
                atN = atFirst
            }
            var steps = 0
            while true {
                let next = x(first + (n + 1) * halfPeriod)
                guard abs(next) > tolerance, steps < 64 else { break }
                n += 1
                atN = next
                steps += 1
            }
            return lastExit(first + n * halfPeriod, first + (n + 1) * halfPeriod, atN)

        case .criticallyDamped, .overdamped:
            let extremum = nonOscillatingExtremum(displacement: x0, velocity: v0)
            let tailStart = extremum ?? 0
            let atTailStart = x(tailStart)
            if abs(atTailStart) > tolerance {
                // |x| falls monotonically from here: double a step until inside.
                let slowRate = regime == .overdamped ? -overdampedRoots.slow : naturalFrequency
                var step = 1 / slowRate
                var end = tailStart + step
                var doublings = 0
                while abs(x(end)) > tolerance, doublings < 200 {
                    step *= 2
                    end = tailStart + step
                    doublings += 1
                }
                return lastExit(tailStart, end, atTailStart)
            }
            if let extremum, abs(x0) > tolerance {
                return lastExit(0, extremum, x(0))
            }
            return 0
        }
    }

    /// How far past the target, in points, a spring that starts `distance`
    /// points short of it with `initialVelocity` travels (0 when it never
    /// crosses). Measured in the direction of travel: the sign of `distance`,
    /// or of the velocity when the distance is 0.
    ///
    /// ```swift
    /// Spring(duration: 0.5, bounce: 0.3).overshoot(distance: 100)   // ≈ 4.6 pt
    /// Spring(duration: 0.5, bounce: 0).overshoot(distance: 100)     // 0
    /// ```
    package func overshoot(distance: Double, initialVelocity: Double = 0) -> Double {
        let x0 = -distance, v0 = initialVelocity
        let direction: Double = distance != 0 ? (distance > 0 ? 1 : -1) : (v0 > 0 ? 1 : v0 < 0 ? -1 : 0)
        guard direction != 0, isPhysical else { return 0 }
        let curve = Trajectory(self, displacement: x0, velocity: v0)
        let x = { (t: Double) in direction * curve.displacement(at: t) }
        switch regime {
        case .underdamped:
            // The first two extrema are on opposite sides; later ones are smaller.
            let first = firstUnderdampedExtremum(displacement: x0, velocity: v0)
            let halfPeriod = Double.pi / dampedFrequency
            return Swift.max(0, x(first), x(first + halfPeriod))
        case .criticallyDamped, .overdamped:
            guard let extremum = nonOscillatingExtremum(displacement: x0, velocity: v0) else { return 0 }
            return Swift.max(0, x(extremum))
        }
    }

    /// ``overshoot(distance:initialVelocity:)`` as a fraction of `|distance|`
    /// (0.046 is 4.6 %). `.infinity` when a spring already at its target is
    /// flicked away from it, 0 when nothing moves.
    package func overshootFraction(distance: Double, initialVelocity: Double = 0) -> Double {
        let points = overshoot(distance: distance, initialVelocity: initialVelocity)
        if distance != 0 { return points / abs(distance) }
        return points > 0 ? .infinity : 0
    }

    /// ω_d = ω₀√(1 − ζ²): the angular frequency of an underdamped oscillation
    /// (0 when not underdamped).
    package var dampedFrequency: Double {
        let zeta = dampingFraction
        guard zeta < 1 else { return 0 }
        return naturalFrequency * (1 - zeta * zeta).squareRoot()
    }

    // MARK: - Extrema

    /// The first t ≥ 0 where an underdamped spring's velocity is zero.
    ///
    /// The velocity is `e^(−αt)·(v₀·cos ω_d t − K·sin ω_d t)` with
    /// K = (α·v₀ + ω₀²·x₀)/ω_d, zero where tan(ω_d t) = v₀/K, that is at
    /// ω_d t = atan2(v₀, K) + nπ.
    func firstUnderdampedExtremum(displacement x0: Double, velocity v0: Double) -> Double {
        let omega0 = naturalFrequency
        let alpha = dampingFraction * omega0
        let omegaD = dampedFrequency
        let k = (alpha * v0 + omega0 * omega0 * x0) / omegaD
        var phase = atan2(v0, k)
        if phase < 0 { phase += Double.pi }
        if phase >= Double.pi { phase -= Double.pi }
        return phase / omegaD
    }

    /// The one t > 0 where a critically or overdamped spring's velocity is
    /// zero, if there is one.
    func nonOscillatingExtremum(displacement x0: Double, velocity v0: Double) -> Double? {
        let t: Double
        if regime == .criticallyDamped {
            // v = e^(−ω₀t)·(v₀ − ω₀·(v₀ + ω₀x₀)·t)
            let omega0 = naturalFrequency
            let b = v0 + omega0 * x0
            guard b != 0 else { return nil }
            t = v0 / (omega0 * b)
        } else {
            // v = r₁C₁e^(r₁t) + r₂C₂e^(r₂t) = 0  ⇔  e^((r₁−r₂)t) = −r₂C₂/(r₁C₁)
            let (r1, r2) = overdampedRoots
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            let ratio = -(r2 * c2) / (r1 * c1)
            guard ratio > 0, ratio.isFinite else { return nil }
            t = log(ratio) / (r1 - r2)
        }
        return t > 0 && t.isFinite ? t : nil
    }

    /// On [a, b] where x is monotonic, |x(a)| > tol ≥ |x(b)|: the time where
    /// x crosses ±tol, by bisection (x is monotonic, so the crossing is
    /// unique). Returns the inside end of the final bracket.
    ///
    /// The bisection's ~55 halvings down to adjacent doubles each cost an
    /// evaluation of `exp`·`cos`/`sin`; most of them only confirm a side
    /// that is certain. Halley's method first finds the crossing to a few
    /// ulps, and the points `low` and `high` just around it are checked to
    /// lie outside and inside the band by far more than the displacement's
    /// rounding error (from the size of its terms there): x being
    /// monotonic, every midpoint up to `low` is then outside and every one
    /// from `high` on inside, so the bisection takes those steps without
    /// evaluating and evaluates only the eight or so midpoints between — the same
    /// midpoints, the same answer to the last bit as evaluating them all
    /// (near the crossing rounding makes the computed x non-monotonic at
    /// the ulp level, so the bisection's path, not only its limit, decides
    /// the result, and the path is kept).
    ///
    /// `atFrom`: x(a), as `curve.displacement(at: a)` gives it.
    static func lastExit(_ curve: Trajectory, from a: Double, to b: Double, tolerance: Double, atFrom atA: Double)
        -> Double
    {
        let side: Double = atA > 0 ? 1 : -1
        var low = a, high = b
        if let crossing = curve.crossing(side * tolerance, from: a, to: b, atFrom: atA) {
            // Nine times a bound on the displacement’s rounding error; its change
            // over `reach` on either side of the crossing is twice that.
            let margin = 1e-15 * crossing.scale
            let reach = 2 * margin / crossing.slope + 1e-15 * abs(crossing.t)
            let l = crossing.t - reach, h = crossing.t + reach
            if reach.isFinite, l > a, h < b,
                side * curve.displacement(at: l) - tolerance > margin,
                side * curve.displacement(at: h) - tolerance < -margin
            {
                low = l
                high = h
            }
        }
        var outside = a, inside = b
        for _ in 0..<200 {
            let mid = (outside + inside) / 2
            guard mid > outside, mid < inside else { break }
            let isOutside = mid <= low ? true : mid >= high ? false : side * curve.displacement(at: mid) > tolerance
            if isOutside { outside = mid } else { inside = mid }
        }
        return inside
    }
}

// MARK: - One release's trajectory

/// ``Spring/state(after:displacement:velocity:)``'s displacement for one
/// start, with what does not depend on the time worked out once: the root
/// searches above evaluate it some sixty times per release, and the square
/// roots and divisions of the spring's constants were a third of each
/// evaluation. The same expressions in the same order as `state(after:)`,
/// so every value is bit for bit the same (the settle-time tests compare).
struct Trajectory {
    private let regime: Spring.Regime
    private let x0: Double
    /// Critically damped: ω₀ and `v₀ + ω₀·x₀`; underdamped: α, ω_d and
    /// `(v₀ + α·x₀)/ω_d`; overdamped: the roots r₁, r₂ and C₁, C₂.
    private let a: Double, b: Double, c: Double, d: Double

    init(_ spring: Spring, displacement x0: Double, velocity v0: Double) {
        self.x0 = x0
        let omega0 = spring.naturalFrequency
        let zeta = spring.dampingFraction
        if abs(zeta - 1) <= Spring.criticalBand {
            regime = .criticallyDamped
            a = omega0
            b = v0 + omega0 * x0
            c = 0
            d = 0
        } else if zeta < 1 {
            regime = .underdamped
            let alpha = zeta * omega0
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            a = alpha
            b = omegaD
            c = (v0 + alpha * x0) / omegaD
            d = 0
        } else {
            regime = .overdamped
            let (r1, r2) = spring.overdampedRoots
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            a = r1
            b = r2
            c = x0 - c2
            d = c2
        }
    }

    /// The displacement, its first two derivatives and the size of the
    /// terms the displacement adds at `t` (its rounding error is a few ulps
    /// of that, times the size of the exponents and the phase): for
    /// Halley's method, so not the same expressions as `state(after:)`'s
    /// velocity.
    private func displacementAndSlope(at t: Double) -> (x: Double, slope: Double, curvature: Double, scale: Double) {
        // The curvature from the equation of motion, x″ = −k·x − c·x′.
        switch regime {
        case .criticallyDamped:
            let decay = exp(-a * t)
            let x = decay * (x0 + b * t)
            let slope = decay * b - a * x
            return (x, slope, -a * a * x - 2 * a * slope, decay * (abs(x0) + abs(b * t)) * (4 + abs(a * t)))
        case .underdamped:
            let decay = exp(-a * t)
            let cosine = cos(b * t), sine = sin(b * t)
            let x = decay * (x0 * cosine + c * sine)
            let slope = decay * b * (c * cosine - x0 * sine) - a * x
            return (
                x, slope, -(a * a + b * b) * x - 2 * a * slope,
                decay * (abs(x0) + abs(c)) * (4 + abs(a * t) + abs(b * t))
            )
        case .overdamped:
            let e1 = exp(a * t), e2 = exp(b * t)
            return (
                c * e1 + d * e2, a * c * e1 + b * d * e2, a * a * c * e1 + b * b * d * e2,
                (abs(c) * e1 + abs(d) * e2) * (4 + abs(a * t) + abs(b * t))
            )
        }
    }

    /// Where the displacement crosses `level` on [from, to], on which it is
    /// monotonic and crosses it once (`atFrom`: the displacement at `from`),
    /// by Halley's method on log|x| kept inside the bracket (a bisection
    /// step when Halley's would leave it), started where the envelope alone
    /// would cross; with |dx/dt| and the terms' size there (`displacementAndSlope`).
    /// `nil` when it does not settle within 40 steps.
    func crossing(_ level: Double, from: Double, to: Double, atFrom: Double) -> (t: Double, slope: Double, scale: Double)? {
        let fromAbove = atFrom > level
        let start = abs(level / atFrom)
        var t: Double =
            switch regime {
            // From an extremum the lobe is the envelope times a cosine.
            case .underdamped: from + acos(Swift.min(1, start)) / b
            case .criticallyDamped: from - log(start) / a
            case .overdamped: from - log(start) / -a
            }
        if !(t > from && t < to) { t = (from + to) / 2 }
        var low = from, high = to
        for _ in 0..<40 {
            let (x, slope, curvature, scale) = displacementAndSlope(at: t)
            if (x > level) == fromAbove { low = t } else { high = t }
            // Halley's method on g = log|x|: the displacement decays about
            // exponentially, which the logarithm makes about a straight
            // line, and the curvature (free from the equation of motion)
            // makes each step cubic: three or four steps from the start.
            let ratio = x / level
            if ratio > 0 {
                let g = log(ratio), g1 = slope / x, g2 = curvature / x - g1 * g1
                let next = t - 2 * g * g1 / (2 * g1 * g1 - g * g2)
                if abs(next - t) <= 1e-10 * abs(t) { return (next, abs(slope), scale) }
                if next > low && next < high {
                    t = next
                    continue
                }
            }
            t = (low + high) / 2
        }
        return nil
    }

    @inline(__always)
    func displacement(at t: Double) -> Double {
        switch regime {
        case .criticallyDamped:
            let decay = exp(-a * t)
            return decay * (x0 + b * t)
        case .underdamped:
            let decay = exp(-a * t)
            let cosine = cos(b * t), sine = sin(b * t)
            return decay * (x0 * cosine + c * sine)
        case .overdamped:
            let e1 = exp(a * t), e2 = exp(b * t)
            return c * e1 + d * e2
        }
    }
}
