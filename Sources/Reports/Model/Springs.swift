// MARK: - Springs

extension TuningReport {
    /// A point of a curve: time in seconds, value in the curve's unit.
    package struct CurvePoint: Codable, Sendable, Hashable {
        package var t: Double
        package var value: Double
    }

    /// How one spring moved after release at one velocity.
    package struct SpringResponse: Codable, Sendable, Hashable {
        /// Position over time, as a fraction of the distance to the target
        /// (0 at release, 1 at rest).
        package var points: [CurvePoint]
        /// Seconds until the position stays within the settle tolerance.
        package var settleTime: Double
        /// Largest excursion past the target, as a fraction of the distance.
        package var overshoot: Double
    }

    /// One spring released at one velocity, before and after tuning.
    package struct SpringComparison: Codable, Sendable, Hashable {
        /// The spring, e.g. `cardSwipe.release`.
        package var spring: String
        /// `typical` or `fast`, as the report calls the velocity.
        package var velocityName: String
        /// Release velocity in points per second.
        package var releaseVelocity: Double
        package var before: SpringResponse
        package var after: SpringResponse
    }
}
