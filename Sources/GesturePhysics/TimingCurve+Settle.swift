import Foundation

// MARK: - Settling and overshoot, as a spring's are measured
//
// The same two questions ``Spring`` answers, for an animation that moves
// `distance` points along a timing curve in `duration` seconds: when it
// stays within a tolerance of its target for good, and how far past the
// target it travels. The progress y(t) is a cubic in the curve's
// parameter, so it has at most two extrema (the roots of the quadratic
// y′(t)); between them y is monotonic, and each level is crossed at most
// once there — the crossings are found exactly, by one root search per
// piece, never by sampling.

extension TimingCurve {
    /// The time, in seconds, after which an animation along this curve
    /// that carries a view `distance` points to its target in `duration`
    /// seconds stays within `tolerance` points of the target for good.
    ///
    /// The animation itself ends exactly at `duration`; within the
    /// tolerance it comes earlier, the more so the slower the curve's last
    /// stretch (ease-out's is). The same definition as
    /// ``Spring/settleTime(distance:initialVelocity:tolerance:)``, so the
    /// two compare. 0 when the view starts within the tolerance and no
    /// overshoot takes it out.
    ///
    /// ```swift
    /// TimingCurve.linear.settleTime(distance: 100, duration: 1)   // 0.995 s
    /// ```
    package func settleTime(distance: Double, duration: Double, tolerance: Double = 0.5) -> Double {
        let points = abs(distance)
        guard points > 0 else { return 0 }
        guard duration.isFinite, duration >= 0, points.isFinite, tolerance > 0 else { return .infinity }
        // Outside the band while |1 − y| > ε: the last crossing of 1 ± ε.
        let epsilon = tolerance / points
        var last: Double?
        for (a, b) in monotonicPieces() {
            for level in [1 - epsilon, 1 + epsilon] {
                guard let t = crossing(of: level, from: a, to: b) else { continue }
                last = Swift.max(last ?? t, t)
            }
        }
        guard let last else { return 0 }
        return duration * x(at: last)
    }

    /// How far past its target, in points, an animation along this curve
    /// that carries a view `distance` points travels: 0 unless a control
    /// point's y is above 1 (ease-out's and every other platform curve's
    /// are within [0, 1]). Independent of the duration.
    ///
    /// ```swift
    /// TimingCurve.easeOut.overshoot(distance: 100)              // 0
    /// TimingCurve(0.3, 0, 0.6, 1.5).overshoot(distance: 100)    // ≈ 10.2 pt
    /// ```
    package func overshoot(distance: Double) -> Double {
        let peak = turningPoints().map { y(at: $0) }.max() ?? 1
        return Swift.max(0, peak - 1) * abs(distance)
    }

    // MARK: - Pieces where the progress is monotonic

    /// The parameters in (0, 1) where y′(t) = 0, ascending: the roots of
    /// 3a·t² + 2b·t + c, taken in the form that does not cancel.
    func turningPoints() -> [Double] {
        let (a, b, c) = Self.coefficients(y1, y2)
        let qa = 3 * a, qb = 2 * b, qc = c
        var roots: [Double] = []
        if abs(qa) < 1e-12 {
            if qb != 0 { roots = [-qc / qb] }
        } else {
            let discriminant = qb * qb - 4 * qa * qc
            if discriminant >= 0 {
                let q = -(qb + (qb >= 0 ? 1 : -1) * discriminant.squareRoot()) / 2
                roots = [q / qa]
                if q != 0 { roots.append(qc / q) }
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }.sorted()
    }

    /// [0, 1] split at the turning points.
    func monotonicPieces() -> [(Double, Double)] {
        let ends = [0] + turningPoints() + [1]
        return zip(ends, ends.dropFirst()).map { ($0, $1) }
    }

    /// Where y crosses `level` on [a, b], where it is monotonic; `nil` when
    /// it does not reach it there.
    func crossing(of level: Double, from a: Double, to b: Double) -> Double? {
        let ya = y(at: a), yb = y(at: b)
        guard ya != yb, (ya - level) * (yb - level) <= 0 else { return nil }
        let start = a + (b - a) * (level - ya) / (yb - ya)
        return ya < yb
            ? Self.solveRising({ y(at: $0) }, slope: { ySlope(at: $0) }, to: level, from: a, to: b, start: start)
            : Self.solveRising({ -y(at: $0) }, slope: { -ySlope(at: $0) }, to: -level, from: a, to: b, start: start)
    }
}
