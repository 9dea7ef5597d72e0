// MARK: - Latency

extension TuningReport {
    /// One gesture's recognition latencies before and after, against its budget.
    ///
    /// Latency is the time from the first touch of a gesture to the moment its
    /// recognizer fired, over held-out gestures that were recognized correctly.
    package struct LatencyDistribution: Codable, Sendable, Hashable {
        /// The budget's name: `tap (waited)`, `edgeSwipe recognition`.
        package var gesture: String
        /// What is measured, in words ("from the last lift to recognition").
        package var definition: String = ""
        /// The percentile the budget holds, e.g. 95.
        package var budgetPercentile: Double
        package var budgetMs: Double
        package var beforeMs: [Double]
        package var afterMs: [Double]
    }
}
