// MARK: - 4. Latency

extension TuningReport {
    /// One gesture's recognition latencies before and after, against its budget.
    ///
    /// Latency is the time from the first touch of a gesture to the moment its
    /// recognizer fired, over held-out gestures that were recognized correctly.
    public struct LatencyDistribution: Codable, Sendable, Hashable {
        public var gesture: String
        /// The percentile the budget holds, e.g. 95.
        public var budgetPercentile: Double
        public var budgetMs: Double
        public var beforeMs: [Double]
        public var afterMs: [Double]

        public init(gesture: String, budgetPercentile: Double, budgetMs: Double, beforeMs: [Double], afterMs: [Double]) {
            self.gesture = gesture
            self.budgetPercentile = budgetPercentile
            self.budgetMs = budgetMs
            self.beforeMs = beforeMs
            self.afterMs = afterMs
        }
    }
}
