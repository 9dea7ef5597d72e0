// MARK: - Percentiles

/// Summary statistics the report computes itself, so that every percentile it
/// prints is computed the same way.
public enum Statistics {
    /// The `p`-th percentile (0…100) by linear interpolation between closest
    /// ranks (R's type 7, NumPy's default). `nil` for no finite values.
    ///
    /// ```swift
    /// Statistics.percentile([10, 20, 30, 40], 50)   // 25
    /// ```
    public static func percentile(_ values: [Double], _ p: Double) -> Double? {
        let sorted = values.filter(\.isFinite).sorted()
        return percentile(sorted: sorted, p)
    }

    /// As ``percentile(_:_:)`` on values already sorted ascending and finite.
    public static func percentile(sorted: [Double], _ p: Double) -> Double? {
        guard let first = sorted.first, let last = sorted.last else { return nil }
        guard sorted.count > 1 else { return first }
        let position = min(max(p, 0), 100) / 100 * Double(sorted.count - 1)
        let below = Int(position.rounded(.down))
        guard below < sorted.count - 1 else { return last }
        let fraction = position - Double(below)
        return sorted[below] + (sorted[below + 1] - sorted[below]) * fraction
    }
}
