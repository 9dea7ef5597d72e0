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

    /// The counts of the trace tables and the labels per intent, however a
    /// backend counts them.
    /// - Parameters:
    ///   - count: the rows of a table.
    ///   - intents: the label count per intent.
    package init(counting count: (StoreTable) throws -> Int, intents: [String: Int]) rethrows {
        sessions = try count(.sessions)
        users = try count(.users)
        devices = try count(.devices)
        pointers = try count(.strokes)
        touches = try count(.touchSamples)
        motion = try count(.motionSamples)
        labels = try count(.labels)
        imports = try count(.imports)
        self.intents = intents
    }

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

    /// p5, median and p95 of a histogram of integer values (µs), scaled:
    /// Percentile's one definition (interpolated), like every percentile
    /// gesturetune prints.
    /// - Parameters:
    ///   - histogram: how many times each value occurs.
    ///   - scale: what a value is multiplied by (1e-3: µs to ms).
    package static func quantiles(_ histogram: [Int64: Int], scale: Double) -> StoreStatistics.Quantiles? {
        let bins = histogram.sorted { $0.key < $1.key }.map { (value: Double($0.key) * scale, count: $0.value) }
        guard let p5 = Percentile.of(histogram: bins, 5), let p50 = Percentile.of(histogram: bins, 50),
            let p95 = Percentile.of(histogram: bins, 95)
        else { return nil }
        return .init(p5: p5, p50: p50, p95: p95, count: bins.reduce(0) { $0 + $1.count })
    }

    /// A dimension as printed in a device's name: `390`, not `390.0`.
    /// - Parameter value: a size in points.
    package static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
