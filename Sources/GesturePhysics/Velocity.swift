// MARK: - Velocity

/// A 2-D velocity in points per second (x to the right, y down, as in traces).
///
/// ```swift
/// let v = Velocity(dx: 300, dy: -400)
/// v.magnitude      // 500
/// Velocity.zero    // Velocity(dx: 0, dy: 0)
/// ```
package struct Velocity: Sendable, Hashable, CustomStringConvertible {
    /// Horizontal component, points per second.
    package var dx: Double
    /// Vertical component, points per second (positive is downwards).
    package var dy: Double

    @inlinable
    package init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// No movement.
    package static let zero = Velocity(dx: 0, dy: 0)

    /// Speed in points per second, `√(dx² + dy²)`.
    @inlinable
    package var magnitude: Double { (dx * dx + dy * dy).squareRoot() }

    package var description: String { "(\(dx), \(dy)) pt/s" }
}

// MARK: - Strategy

/// How a ``VelocityTracker`` turns recent samples into a velocity.
///
/// All four strategies look at the same window of recent samples (see
/// ``VelocityTracker``): at most 20 samples, none older than 100 ms measured
/// from the newest, and none separated from its newer neighbour by more than
/// 40 ms. They differ only in how they weigh that window.
///
/// The spelling (`rawValue`) is what `gesturetune velocity --strategy` accepts.
///
/// ```swift
/// VelocityStrategy(rawValue: "impulse")   // .impulse
/// VelocityStrategy.allCases.map(\.rawValue) // ["lsq2", "impulse", "ios", "twopoint"]
/// ```
package enum VelocityStrategy: String, CaseIterable, Sendable {
    /// The default, Flutter's and Android's classic estimator: an unweighted
    /// least-squares fit of a degree-2 polynomial in time to x and y; the
    /// velocity is the fit's slope at the newest sample. Needs at least 3
    /// samples (with 3 distinct times); fewer give zero.
    case lsq2
    /// Android's kinetic-energy ("impulse") estimator: treats the pointer as a
    /// unit mass pushed by each point-to-point segment and reports the velocity
    /// that the accumulated work would give it. Two samples give their plain
    /// slope; one gives zero.
    case impulse
    /// A model of iOS's smoothing: `0.6·v(−2) + 0.35·v(−1) + 0.05·v(0)` over
    /// the last three point-to-point velocities, oldest first (pairs with
    /// equal times skipped). With only one or two segments in the window
    /// their weights are renormalised to sum to 1; with none it is zero.
    case ios
    /// The slope between the last two samples with distinct times: the
    /// noisiest estimate and the one with the least lag; a baseline for comparisons.
    case twopoint
}
