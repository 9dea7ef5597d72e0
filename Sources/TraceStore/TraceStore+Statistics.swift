import GRDB
import TraceModel

// MARK: - What is in the store

/// Counts and distributions over the whole store (`gesturetune stats`).
package struct StoreStatistics: Sendable, Codable, Hashable {
    package var sessions = 0
    package var users = 0
    package var devices = 0
    /// Strokes: one pointer from `began` to its end.
    package var pointers = 0
    package var touches = 0
    package var motion = 0
    package var labels = 0
    package var imports = 0
    /// Label count per intent.
    package var intents: [String: Int] = [:]
    /// Inter-sample interval per device, in milliseconds.
    package var sampling: [DeviceSampling] = []
    /// Stroke durations, milliseconds.
    package var strokeDurationMs: Quantiles?
    /// Mean speed of each stroke (path length / duration), points per second.
    package var strokeSpeed: Quantiles?

    package init() {}

    /// p5, median and p95 of a distribution.
    package struct Quantiles: Sendable, Codable, Hashable {
        package var p5: Double
        package var p50: Double
        package var p95: Double
        package var count: Int
    }

    /// How densely one device samples touches.
    package struct DeviceSampling: Sendable, Codable, Hashable {
        package var device: String
        /// Intervals between successive samples of the same stroke (zero
        /// intervals, e.g. a release at the time of the last move, excluded).
        package var intervalMs: Quantiles
        /// 1000 / median interval.
        package var medianRateHz: Double
    }
}

extension TraceStore {
    /// Counts, intents, sampling intervals per device and stroke
    /// distributions, in a few passes over the tables.
    ///
    /// ```swift
    /// let stats = try store.statistics()
    /// print(stats.touches, stats.intents["tap"] ?? 0)
    /// ```
    package func statistics() throws -> StoreStatistics {
        try pool.read { db in
            var stats = StoreStatistics()
            func count(_ table: String) throws -> Int { try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
            stats.sessions = try count("sessions")
            stats.users = try count("users")
            stats.devices = try count("devices")
            stats.pointers = try count("strokes")
            stats.touches = try count("touchSamples")
            stats.motion = try count("motionSamples")
            stats.labels = try count("labels")
            stats.imports = try count("imports")
            for row in try Row.fetchAll(db, sql: "SELECT intent, COUNT(*) FROM labels GROUP BY intent ORDER BY intent") {
                stats.intents[row[0]] = row[1]
            }

            // Device of each session, for the sampling intervals.
            var builder = StatisticsBuilder(counts: stats)
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT s.id, d.platform, d.model, d.screenWidth, d.screenHeight FROM sessions s JOIN devices d ON d.id = s.device
                    """)
            {
                builder.device(ofSession: row[0], platform: row[1], model: row[2], width: row[3], height: row[4])
            }
            try RawStatement(db, "SELECT session, stroke, t, phase, x, y FROM touchSamples ORDER BY id").forEachRow { row in
                builder.touch(
                    session: row.int64(0), stroke: row.int64(1), t: row.int64(2), phase: row.int64(3), x: row.double(4),
                    y: row.double(5))
            }
            try RawStatement(db, "SELECT id, began, ended FROM strokes").forEachRow { row in
                builder.stroke(row.int64(0), began: row.int64(1), ended: row.int64(2))
            }
            return builder.finish()
        }
    }

    /// Nearest-rank quantiles of a histogram of integer values.
    /// p5, median and p95 of a histogram of integer values (µs), scaled:
    /// Percentile's one definition (interpolated), like every percentile
    /// gesturetune prints.
    package static func quantiles(_ histogram: [Int64: Int], scale: Double) -> StoreStatistics.Quantiles? {
        let bins = histogram.sorted { $0.key < $1.key }.map { (value: Double($0.key) * scale, count: $0.value) }
        guard let p5 = Percentile.of(histogram: bins, 5), let p50 = Percentile.of(histogram: bins, 50),
            let p95 = Percentile.of(histogram: bins, 95)
        else { return nil }
        return .init(p5: p5, p50: p50, p95: p95, count: bins.reduce(0) { $0 + $1.count })
    }

    package static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

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
        deviceOfSession[session] = "\(platform) \(model ?? "?") \(TraceStore.number(width))x\(TraceStore.number(height))"
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
            guard let q = TraceStore.quantiles(intervals[device] ?? [:], scale: 1e-3) else { return nil }
            return StoreStatistics.DeviceSampling(device: device, intervalMs: q, medianRateHz: q.p50 > 0 ? 1000 / q.p50 : 0)
        }
        stats.strokeDurationMs = TraceStore.quantiles(durations, scale: 1e-3)
        speeds.sort()
        if !speeds.isEmpty {
            func at(_ p: Double) -> Double { speeds[min(speeds.count - 1, Int((p * Double(speeds.count - 1)).rounded()))] }
            stats.strokeSpeed = .init(p5: at(0.05), p50: at(0.5), p95: at(0.95), count: speeds.count)
        }
        return stats
    }
}
