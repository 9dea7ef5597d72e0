import Foundation

// MARK: - Deceleration rate

/// How fast a flung view slows down: the fraction of its velocity it keeps
/// after each millisecond (UIKit's `UIScrollView.DecelerationRate`).
///
/// ```swift
/// DecelerationRate.normal.perMillisecond   // 0.998
/// DecelerationRate(perMillisecond: 0.995)  // something in between
/// ```
package struct DecelerationRate: Sendable, Hashable {
    /// Velocity kept per millisecond, in (0, 1).
    package var perMillisecond: Double

    package init(perMillisecond: Double) {
        self.perMillisecond = perMillisecond
    }

    /// UIKit's default for scroll views: keeps 99.8 % per ms (a long glide).
    package static let normal = DecelerationRate(perMillisecond: 0.998)
    /// UIKit's paging-like rate: keeps 99 % per ms (stops quickly).
    package static let fast = DecelerationRate(perMillisecond: 0.99)
}

// MARK: - Projection

/// Where a flick would carry content if it decelerated on its own.
///
/// ## The physics
/// A scroll view that decelerates at rate `r` keeps `r` of its velocity each
/// millisecond. Starting at `v` points per second (`v/1000` points per ms),
/// it moves `v/1000 · r` in the first millisecond, `v/1000 · r²` in the
/// second, and so on; the geometric series sums to
///
///     restingDistance = v/1000 · r/(1 − r)
///
/// which is about `0.499 · v` points for `.normal` and `0.099 · v` for `.fast`.
///
/// ## Comparing "velocities" the way the reference app does
/// The reference app does not compare raw velocities with its thresholds: it
/// compares `predictedEndTranslation − translation`, which is this resting
/// distance — a projected **distance in points**, not points per second.
/// A threshold tuned against it must be compared with ``restingDistance(velocity:rate:)``
/// of the release velocity, never with the velocity itself.
///
/// ```swift
/// let v = 1_000.0                                               // pt/s at release
/// Projection.restingDistance(velocity: v)                       // 499.0 pt
/// Projection.predictedEnd(translation: 40, velocity: v)         // 539.0 pt
/// Projection.restingDistance(velocity: v, rate: .fast)          // 99.0 pt
/// ```
package enum Projection {
    /// The distance, in points, that a view released at `velocity` (points
    /// per second) glides before it comes to rest: `v · r/(1 − r) / 1000`.
    /// Signed like `velocity`. Zero when the rate is not in (0, 1).
    @inlinable
    package static func restingDistance(velocity: Double, rate: DecelerationRate = .normal) -> Double {
        let r = rate.perMillisecond
        guard r > 0, r < 1 else { return 0 }
        return velocity * r / (1 - r) / 1_000
    }

    /// `translation + restingDistance(velocity)`: where content dragged by
    /// `translation` points and released at `velocity` would stop
    /// (UIKit's `predictedEndTranslation`, in one axis).
    @inlinable
    package static func predictedEnd(
        translation: Double, velocity: Double, rate: DecelerationRate = .normal
    ) -> Double {
        translation + restingDistance(velocity: velocity, rate: rate)
    }

    /// Both axes at once: the predicted end of a 2-D drag.
    ///
    /// ```swift
    /// Projection.predictedEnd(translation: (x: 10, y: 0), velocity: Velocity(dx: 500, dy: 0))
    /// // (x: 259.5, y: 0.0)
    /// ```
    @inlinable
    package static func predictedEnd(
        translation: (x: Double, y: Double), velocity: Velocity, rate: DecelerationRate = .normal
    ) -> (x: Double, y: Double) {
        (
            predictedEnd(translation: translation.x, velocity: velocity.dx, rate: rate),
            predictedEnd(translation: translation.y, velocity: velocity.dy, rate: rate)
        )
    }

    /// How long, in seconds, until the gliding speed drops below
    /// `stopSpeed` points per second: `ln(stopSpeed/|v|) / ln(r) / 1000`.
    /// Zero when already slower.
    @inlinable
    package static func glideDuration(
        velocity: Double, rate: DecelerationRate = .normal, stopSpeed: Double = 1
    ) -> Double {
        let r = rate.perMillisecond
        let speed = abs(velocity)
        guard r > 0, r < 1, stopSpeed > 0, speed > stopSpeed else { return 0 }
        return log(stopSpeed / speed) / log(r) / 1_000
    }
}
