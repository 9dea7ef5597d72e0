import TraceModel

// MARK: - The statistics, from rows in a fixed order

/// The sampling intervals and stroke quantiles of ``StoreStatistics``, fed
/// the same rows in the same order by every backend (touch samples in
/// import order, each session's in the order recorded), so that the same
/// data gives the same figures to the last bit.
///
/// A stroke is any key unique in the store (SQLite's stroke id; the
/// PostgreSQL store's session and stroke number).
package struct StatisticsBuilder {
    private var stats: StoreStatistics
    private var deviceOfSession: [Int64: String] = [:]
    // Intervals are counted exactly, per value, so memory grows with
    // distinct intervals, not samples.
    private var intervals: [String: [Int64: Int]] = [:]
    private var last: [Int64: (t: Micros, x: Double, y: Double)] = [:]
    private var pathLength: [Int64: Double] = [:]
    private var durations: [Int64: Int] = [:]
    private var speeds: [Double] = []

    /// Starts from the counts (sessions, users, …, intents) already filled in.
    /// - Parameter counts: the statistics so far.
    package init(counts: StoreStatistics) { stats = counts }

    /// Names the device a session was recorded on.
    /// - Parameters:
    ///   - session: the session's key.
    ///   - platform: the device's platform.
    ///   - model: its model, if known.
    ///   - width: its screen width in points.
    ///   - height: its screen height in points.
    package mutating func device(ofSession session: Int64, platform: String, model: String?, width: Double, height: Double) {
        deviceOfSession[session] =
            "\(platform) \(model ?? "?") \(StoreStatistics.number(width))x\(StoreStatistics.number(height))"
    }

    /// One touch sample, in store order.
    /// - Parameters:
    ///   - session: its session's key.
    ///   - stroke: its stroke's key.
    ///   - t: its time in microseconds.
    ///   - phase: its phase's raw value.
    ///   - x: its x in points.
    ///   - y: its y in points.
    package mutating func touch(session: Int64, stroke: Int64, t: Int64, phase: Int64, x: Double, y: Double) {
        if let previous = last[stroke] {
            let dt = t - previous.t
            if dt > 0 { intervals[deviceOfSession[session] ?? "?", default: [:]][dt, default: 0] += 1 }
            let dx = x - previous.x, dy = y - previous.y
            pathLength[stroke, default: 0] += (dx * dx + dy * dy).squareRoot()
        }
        if phase >= Int64(TouchPhase.ended.rawValue) { last[stroke] = nil } else { last[stroke] = (t, x, y) }
    }

    /// One finished stroke, after all the touch samples.
    /// - Parameters:
    ///   - stroke: its key.
    ///   - began: its first sample's time.
    ///   - ended: its last sample's time.
    package mutating func stroke(_ stroke: Int64, began: Int64, ended: Int64) {
        let duration = ended - began
        durations[duration, default: 0] += 1
        if duration > 0 {
            speeds.append((pathLength[stroke] ?? 0) / (Double(duration) / 1e6))
        }
    }

    /// The statistics.
    package mutating func finish() -> StoreStatistics {
        stats.sampling = intervals.keys.sorted().compactMap { device in
            guard let q = StoreStatistics.quantiles(intervals[device] ?? [:], scale: 1e-3) else { return nil }
            return StoreStatistics.DeviceSampling(device: device, intervalMs: q, medianRateHz: q.p50 > 0 ? 1000 / q.p50 : 0)
        }
        stats.strokeDurationMs = StoreStatistics.quantiles(durations, scale: 1e-3)
        speeds.sort()
        if !speeds.isEmpty {
            func at(_ p: Double) -> Double { speeds[min(speeds.count - 1, Int((p * Double(speeds.count - 1)).rounded()))] }
            stats.strokeSpeed = .init(p5: at(0.05), p50: at(0.5), p95: at(0.95), count: speeds.count)
        }
        return stats
    }
}
