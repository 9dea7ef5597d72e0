import Foundation

// MARK: - A ripple growing on an easing curve

/// A timing curve given as a cubic Bézier from (0, 0) to (1, 1) through the
/// control points (x1, y1) and (x2, y2): CSS's and SwiftUI's timing curves.
///
/// ```swift
/// TimingCurve.easeOut.progress(at: 0.5)   // ≈ 0.82: most of the way early
/// TimingCurve.easeOut.time(atProgress: 0.5)   // ≈ 0.22
/// ```
package struct TimingCurve: Sendable, Hashable {
    package var x1: Double, y1: Double, x2: Double, y2: Double

    package init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// SwiftUI's `.easeOut`, CSS's `ease-out`: (0, 0, 0.58, 1).
    package static let easeOut = TimingCurve(x1: 0, y1: 0, x2: 0.58, y2: 1)

    private static func bezier(_ s: Double, _ a: Double, _ b: Double) -> Double {
        // B(s) = 3(1−s)²s·a + 3(1−s)s²·b + s³, with end points 0 and 1.
        let r = 1 - s
        return 3 * r * r * s * a + 3 * r * s * s * b + s * s * s
    }

    /// The Bézier parameter whose coordinate is `value` along the axis with
    /// control values `a`, `b` (monotonic for control values in 0…1, as
    /// every timing curve's x is): bisection, exact to 1e-12.
    private static func parameter(of value: Double, _ a: Double, _ b: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if bezier(mid, a, b) < value { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// Progress (0…1) at a fraction of the duration (clamped to 0…1).
    package func progress(at time: Double) -> Double {
        // The end points exactly (bisection would leave a few ulps).
        if time <= 0 { return 0 }
        if time >= 1 { return 1 }
        return TimingCurve.bezier(TimingCurve.parameter(of: time, x1, x2), y1, y2)
    }

    /// The fraction of the duration at which the progress reaches
    /// `progress` (clamped to 0…1); the curves used here rise monotonically.
    package func time(atProgress progress: Double) -> Double {
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        return TimingCurve.bezier(TimingCurve.parameter(of: progress, y1, y2), x1, x2)
    }
}

/// A ripple: a circle of `diameter` drawn at a point, scaled from
/// `startScale` to `endScale` over `duration` seconds on a timing curve —
/// the reference app's 50 pt circle scaled 0.5 → 3 in 0.8 s, ease-out.
///
/// What it answers: when the ripple's edge reaches a point at a given
/// distance from its centre (the finger's lift point), or that it never
/// does.
///
/// ```swift
/// let ripple = Ripple(diameter: 50, startScale: 0.5, endScale: 3, duration: 0.8)
/// ripple.reachTime(distance: 10)    // 0: inside the circle from the start
/// ripple.reachTime(distance: 40)    // ≈ 0.13 s
/// ripple.reachTime(distance: 80)    // nil: the circle stops at radius 75
/// ```
package struct Ripple: Sendable, Hashable {
    package var diameter: Double
    package var startScale: Double
    package var endScale: Double
    package var duration: Double
    package var curve: TimingCurve

    package init(
        diameter: Double, startScale: Double, endScale: Double, duration: Double,
        curve: TimingCurve = .easeOut
    ) {
        self.diameter = diameter
        self.startScale = startScale
        self.endScale = endScale
        self.duration = duration
        self.curve = curve
    }

    package var startRadius: Double { diameter * startScale / 2 }
    package var endRadius: Double { diameter * endScale / 2 }

    /// The ripple's radius `time` seconds after it started.
    package func radius(at time: Double) -> Double {
        guard duration > 0 else { return endRadius }
        return startRadius + (endRadius - startRadius) * curve.progress(at: time / duration)
    }

    /// Seconds from the ripple's start until its edge reaches `distance`
    /// from its centre: 0 when the starting circle already covers it,
    /// `nil` when the grown circle never does.
    package func reachTime(distance: Double) -> Double? {
        guard distance.isFinite else { return nil }
        if distance <= startRadius { return 0 }
        guard distance <= endRadius, endRadius > startRadius else { return nil }
        return duration * curve.time(atProgress: (distance - startRadius) / (endRadius - startRadius))
    }
}
