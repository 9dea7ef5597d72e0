// MARK: - A finger's path in time

/// The continuous path of one finger over session time (seconds), built from
/// pieces: holding still, minimum-jerk reaches and lognormal flicks.
///
/// The path is the *intended* movement; the `TouchSampler` adds the
/// sensor's reality (sampling grid, jitter, dropped frames, noise).
///
/// ```swift
/// var path = Trajectory(start: Vector(200, 600), at: 1.0)
/// path.hold(0.03)
/// path.reach(to: Vector(200, 300), duration: 0.35, bend: 12)
/// path.position(at: 1.2)
/// ```
package struct Trajectory: Sendable {
    enum Piece: Sendable {
        case still(Vector)
        /// From, displacement, bend (perpendicular offset at the middle, pt),
        /// and the full duration of the reach (longer than the piece when the
        /// finger lifts before arriving).
        case reach(Vector, Vector, Double, Double)
        /// From, unit direction, stroke, bend per point of travel.
        case flick(Vector, Vector, LognormalStroke, Double)
    }

    struct Timed: Sendable {
        var start: Double
        var end: Double
        var piece: Piece
    }

    private(set) var pieces: [Timed] = []
    /// Where the finger went down and when.
    package let start: Vector
    package let startTime: Double
    /// Where the finger is at the end of the last piece, and when that is.
    package private(set) var end: Vector
    package private(set) var endTime: Double

    package init(start: Vector, at time: Double) {
        self.start = start
        self.startTime = time
        self.end = start
        self.endTime = time
    }

    /// Stays still for `duration` seconds.
    package mutating func hold(_ duration: Double) {
        guard duration > 0 else { return }
        pieces.append(Timed(start: endTime, end: endTime + duration, piece: .still(end)))
        endTime += duration
    }

    /// A minimum-jerk reach to `target` in `duration` seconds, bent sideways
    /// by `bend` points at its middle (a thumb sweeps an arc, not a line).
    /// With `liftFraction` < 1 the finger lifts before arriving, still moving.
    package mutating func reach(to target: Vector, duration: Double, bend: Double = 0, liftFraction: Double = 1) {
        guard duration > 0 else { return }
        let displacement = target - end
        let cut = min(max(liftFraction, 0.05), 1)
        pieces.append(Timed(start: endTime, end: endTime + duration * cut, piece: .reach(end, displacement, bend, duration)))
        end = Self.reachPosition(from: end, displacement: displacement, bend: bend, tau: cut)
        endTime += duration * cut
    }

    /// A lognormal flick along `direction` that covers `travel` points and
    /// leaves the glass at `releaseSpeed` (the path ends at the lift).
    /// `bend` is the sideways drift per point of travel (a thumb's arc).
    package mutating func flick(
        direction: Vector, travel: Double, releaseSpeed: Double,
        sigma: Double, liftRatio: Double, bend: Double = 0
    ) {
        let (stroke, lift) = LognormalStroke.flick(
            travel: travel, releaseSpeed: releaseSpeed, sigma: sigma, liftRatio: liftRatio)
        let unit = direction.unit
        pieces.append(Timed(start: endTime, end: endTime + lift, piece: .flick(end, unit, stroke, bend)))
        end = Self.flickPosition(from: end, unit: unit, stroke: stroke, bend: bend, s: lift)
        endTime += lift
    }

    /// The finger's position at session time `t` (clamped to the path's span).
    package func position(at t: Double) -> Vector {
        guard let first = pieces.first else { return start }
        if t <= first.start { return start }
        // Paths have a handful of pieces: a linear scan beats a search.
        for timed in pieces where t < timed.end {
            let local = t - timed.start
            switch timed.piece {
            case .still(let p):
                return p
            case .reach(let from, let displacement, let bend, let duration):
                return Self.reachPosition(from: from, displacement: displacement, bend: bend, tau: local / duration)
            case .flick(let from, let unit, let stroke, let bend):
                return Self.flickPosition(from: from, unit: unit, stroke: stroke, bend: bend, s: local)
            }
        }
        return end
    }

    // MARK: - Piece geometry

    static func reachPosition(from: Vector, displacement: Vector, bend: Double, tau: Double) -> Vector {
        let s = MinimumJerk.fraction(tau)
        // The sideways bend follows a parabola that is zero at both ends.
        let side = bend * 4 * s * (1 - s)
        return from + displacement * s + displacement.unit.perpendicular * side
    }

    static func flickPosition(from: Vector, unit: Vector, stroke: LognormalStroke, bend: Double, s: Double) -> Vector {
        let d = stroke.distance(at: s)
        return from + unit * d + unit.perpendicular * (bend * d * d / max(stroke.distance, 1))
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
