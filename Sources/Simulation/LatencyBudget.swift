import Recognizers

// MARK: - Latency and animation budgets

/// A limit on a percentile of one measure of one gesture: "95 % of taps
/// respond within 16 ms".
///
/// ```swift
/// LatencyBudget(gesture: .tap, measure: .latency, percentile: 95, limit: 16)
/// ```
public struct LatencyBudget: Sendable, Hashable, Codable {
    public enum Measure: String, Sendable, Hashable, Codable {
        /// Recognition latency (onset → recognized), ms.
        case latency
        /// Swipe actions: threshold crossing → haptic, ms.
        case haptic
        /// Spring settle time after release (within 0.5 pt for good), ms.
        case settleTime
        /// Spring overshoot past its target after release, pt.
        case overshoot

        public var unit: String { self == .overshoot ? "pt" : "ms" }
    }

    public var gesture: GestureKind
    public var measure: Measure
    /// 0…100.
    public var percentile: Double
    public var limit: Double

    public init(gesture: GestureKind, measure: Measure = .latency, percentile: Double = 95, limit: Double) {
        self.gesture = gesture
        self.measure = measure
        self.percentile = percentile
        self.limit = limit
    }

    /// The reference app's budgets: tap response 16 ms, haptic 20 ms after the
    /// threshold crossing, swipe recognition 50 ms, context menu 500 ms; and
    /// for the card and page springs at the release velocities in the data,
    /// settle within 800 / 600 ms and overshoot at most 20 / 10 pt (limits
    /// gesturetune chose: the reference app names none); press feedback
    /// (the pressed state) within 16 ms of touch-down.
    public static let defaults: [LatencyBudget] = [
        LatencyBudget(gesture: .tap, limit: 16),
        LatencyBudget(gesture: .pressFeedback, limit: 16),
        LatencyBudget(gesture: .swipeActions, measure: .haptic, limit: 20),
        LatencyBudget(gesture: .swipeActions, limit: 50),
        LatencyBudget(gesture: .tabSwipe, limit: 50),
        LatencyBudget(gesture: .cardSwipe, limit: 50),
        LatencyBudget(gesture: .edgeSwipe, limit: 50),
        LatencyBudget(gesture: .dismiss, limit: 50),
        LatencyBudget(gesture: .longPress, limit: 500),
        LatencyBudget(gesture: .cardSwipe, measure: .settleTime, limit: 800),
        LatencyBudget(gesture: .cardSwipe, measure: .overshoot, limit: 20),
        LatencyBudget(gesture: .tabSwipe, measure: .settleTime, limit: 600),
        LatencyBudget(gesture: .tabSwipe, measure: .overshoot, limit: 10),
    ]
}

/// A budget checked against the data.
public struct BudgetCheck: Sendable, Hashable, Codable {
    public var budget: LatencyBudget
    /// Observations of the measure.
    public var count: Int
    /// The measure at the budget's percentile (nil without observations).
    public var value: Double?
    /// Observations over the limit.
    public var overLimit: Int
    /// Whether the percentile is within the limit (true without observations).
    public var passed: Bool
}

/// p50/p95/p99 and the extremes of a set of observations.
public struct Distribution: Sendable, Hashable, Codable {
    public var count: Int
    public var mean: Double
    public var p50: Double
    public var p95: Double
    public var p99: Double
    public var max: Double

    /// `nil` for no observations.
    public init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        count = sorted.count
        mean = sorted.reduce(0, +) / Double(sorted.count)
        p50 = Distribution.percentile(sorted, 50)
        p95 = Distribution.percentile(sorted, 95)
        p99 = Distribution.percentile(sorted, 99)
        max = sorted[sorted.count - 1]
    }

    /// Linear interpolation between closest ranks (NumPy's default).
    public static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard sorted.count > 1 else { return sorted.first ?? 0 }
        let q = p.isFinite ? Swift.min(Swift.max(p, 0), 100) : 100
        let rank = q / 100 * Double(sorted.count - 1)
        let low = Int(rank.rounded(.down)), high = Swift.min(low + 1, sorted.count - 1)
        return sorted[low] + (sorted[high] - sorted[low]) * (rank - Double(low))
    }
}
