import Foundation

// MARK: - Timing curve

/// A cubic Bézier timing curve: the progress (0 at the start, 1 at the
/// target) of an animation that runs for a fixed duration, as a function of
/// the fraction of that duration elapsed — SwiftUI's `UnitCurve` and
/// `Animation.timingCurve`, Core Animation's `CAMediaTimingFunction`, CSS's
/// `cubic-bezier()`.
///
/// The curve runs from (0, 0) to (1, 1) through two control points: x is
/// the elapsed fraction, y the progress. Unlike a ``Spring`` it has no
/// mass, stiffness or damping and ends exactly at its duration; it
/// overshoots only if a control point's y leaves [0, 1]. A control point's
/// x is clamped to [0, 1], as SwiftUI's `UnitCurve.bezier` does, which
/// keeps x rising with the curve's parameter, so one elapsed fraction has
/// one progress.
///
/// ```swift
/// TimingCurve.easeOut.progress(at: 0.5)    // 0.6846…: fast first, slow last
/// TimingCurve.easeInOut.progress(at: 0.5)  // 0.5: symmetric
/// TimingCurve.easeOut.settleTime(distance: 100, duration: 0.35)   // within 0.5 pt for good
/// ```
package struct TimingCurve: Sendable, Hashable {
    /// The control point of the start (0, 0), (`x1`, `y1`): its tangent
    /// is the initial speed.
    package let x1: Double, y1: Double
    /// The control point of the end (1, 1), (`x2`, `y2`): its tangent is
    /// the final speed.
    package let x2: Double, y2: Double

    /// The curve `cubic-bezier(x1, y1, x2, y2)` (x clamped to [0, 1]).
    package init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
    }

    // MARK: - The platform's curves

    /// Constant speed.
    package static let linear = TimingCurve(0, 0, 1, 1)
    /// Starts slowly, then speeds up: control points (0.42, 0) and (1, 1)
    /// (SwiftUI's `UnitCurve.easeIn`, Core Animation's `easeIn`).
    package static let easeIn = TimingCurve(0.42, 0, 1, 1)
    /// Starts quickly, then slows down towards the end: control points
    /// (0, 0) and (0.58, 1) (SwiftUI's `UnitCurve.easeOut`, the curve of
    /// `Animation.easeOut`; Core Animation's `easeOut`).
    package static let easeOut = TimingCurve(0, 0, 0.58, 1)
    /// Slow, fast, slow: control points (0.42, 0) and (0.58, 1) (SwiftUI's
    /// `UnitCurve.easeInOut`, Core Animation's `easeInEaseOut`).
    package static let easeInOut = TimingCurve(0.42, 0, 0.58, 1)

    /// The name the platforms give this curve (`easeOut`), or its
    /// control points as CSS writes a curve of one's own
    /// (`cubic-bezier(0.3, 0, 0.6, 1.5)`).
    package var name: String {
        switch self {
        case .linear: "linear"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .easeInOut: "easeInOut"
        default: "cubic-bezier(\(x1), \(y1), \(x2), \(y2))"
        }
    }

    /// SwiftUI's default duration of `Animation.easeIn`, `.easeOut`,
    /// `.easeInOut` and `.linear` without one, seconds.
    package static let defaultDuration = 0.35

    // MARK: - Evaluation

    /// The polynomial coefficients of one coordinate, `((a·t + b)·t + c)·t`,
    /// for control values `p1` and `p2` (the ends are 0 and 1).
    static func coefficients(_ p1: Double, _ p2: Double) -> (a: Double, b: Double, c: Double) {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        return (1 - c - b, b, c)
    }

    /// The elapsed fraction at curve parameter `t` ∈ [0, 1].
    package func x(at t: Double) -> Double {
        let (a, b, c) = Self.coefficients(x1, x2)
        return ((a * t + b) * t + c) * t
    }

    /// The progress at curve parameter `t` ∈ [0, 1].
    package func y(at t: Double) -> Double {
        let (a, b, c) = Self.coefficients(y1, y2)
        return ((a * t + b) * t + c) * t
    }

    /// dx/dt at `t`.
    func xSlope(at t: Double) -> Double {
        let (a, b, c) = Self.coefficients(x1, x2)
        return (3 * a * t + 2 * b) * t + c
    }

    /// dy/dt at `t`.
    func ySlope(at t: Double) -> Double {
        let (a, b, c) = Self.coefficients(y1, y2)
        return (3 * a * t + 2 * b) * t + c
    }

    /// The curve parameter where the elapsed fraction is `fraction`
    /// (clamped to [0, 1]): x(t) rises with t, so one root, found by
    /// Newton's method kept inside a bracket that shrinks at every step
    /// (a bisection step where Newton's would leave it or x′ vanishes, as
    /// it does at t = 0 for a curve whose first control point has x 0).
    package func parameter(atFraction fraction: Double) -> Double {
        let target = min(max(fraction, 0), 1)
        if target == 0 || target == 1 { return target }
        return Self.solveRising({ x(at: $0) }, slope: { xSlope(at: $0) }, to: target, from: 0, to: 1, start: target)
    }

    /// The progress (0 at the start, 1 at the target) once `fraction` of
    /// the duration has elapsed.
    ///
    /// ```swift
    /// TimingCurve.linear.progress(at: 0.3)   // 0.3
    /// ```
    package func progress(at fraction: Double) -> Double {
        let target = min(max(fraction, 0), 1)
        if target == 0 || target == 1 { return target }
        return y(at: parameter(atFraction: target))
    }

    /// The root of `f(t) = level` on [low, high], where `f` rises (or stays
    /// level) and `f(low) ≤ level ≤ f(high)`: Newton's method from `start`,
    /// each step kept inside the bracket, which shrinks at every
    /// evaluation; a bisection step where Newton's would leave it. Stops
    /// within a few ulps of the parameter (or where `f` meets the level).
    static func solveRising(
        _ f: (Double) -> Double, slope: (Double) -> Double, to level: Double, from low: Double, to high: Double,
        start: Double
    ) -> Double {
        var low = low, high = high
        var t = min(max(start, low), high)
        for _ in 0..<100 {
            let value = f(t)
            if value == level { return t }
            if value < level { low = t } else { high = t }
            guard high - low > 4 * Double.ulpOfOne * max(1, abs(t)) else { break }
            let step = slope(t)
            let next = step > 0 ? t - (value - level) / step : .nan
            t = next > low && next < high && next.isFinite ? next : (low + high) / 2
        }
        // The end of the final bracket nearer the level.
        return abs(f(low) - level) <= abs(f(high) - level) ? low : high
    }
}
