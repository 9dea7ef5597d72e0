// MARK: - 5. Springs

extension TuningReport {
    /// A point of a curve: time in seconds, value in the curve's unit.
    public struct CurvePoint: Codable, Sendable, Hashable {
        public var t: Double
        public var value: Double

        public init(t: Double, value: Double) {
            self.t = t
            self.value = value
        }
    }

    /// How one spring moved after release at one velocity.
    public struct SpringResponse: Codable, Sendable, Hashable {
        /// Position over time, as a fraction of the distance to the target
        /// (0 at release, 1 at rest).
        public var points: [CurvePoint]
        /// Seconds until the position stays within the settle tolerance.
        public var settleTime: Double
        /// Largest excursion past the target, as a fraction of the distance.
        public var overshoot: Double

        public init(points: [CurvePoint], settleTime: Double, overshoot: Double) {
            self.points = points
            self.settleTime = settleTime
            self.overshoot = overshoot
        }
    }

    /// One spring released at one velocity, before and after tuning.
    public struct SpringComparison: Codable, Sendable, Hashable {
        /// The spring, e.g. `cardSwipe.release`.
        public var spring: String
        /// `typical` or `fast`, as the report calls the velocity.
        public var velocityName: String
        /// Release velocity in points per second.
        public var releaseVelocity: Double
        public var before: SpringResponse
        public var after: SpringResponse

        public init(spring: String, velocityName: String, releaseVelocity: Double, before: SpringResponse, after: SpringResponse) {
            self.spring = spring
            self.velocityName = velocityName
            self.releaseVelocity = releaseVelocity
            self.before = before
            self.after = after
        }
    }
}
