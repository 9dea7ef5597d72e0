// MARK: - Percentiles: one definition

/// The one percentile of the package: linear interpolation between closest
/// ranks — R's type 7, NumPy's default, and GSL's
/// `gsl_stats_quantile_from_sorted_data` (a test holds the two equal).
/// For `n` sorted values the `p`-th percentile sits at rank
/// `h = p/100 · (n − 1)` and is `x[⌊h⌋] + (h − ⌊h⌋) · (x[⌊h⌋+1] − x[⌊h⌋])`.
///
/// Design: the simulator's budgets, the store's statistics and the
/// report's charts each had their own, and the store's was another
/// definition (nearest rank). It lives here, in the lowest module all of
/// them read, with `package` access: it is no API of the TraceModel
/// library product. Tuning, which links GSL anyway, may use GSL's quantile;
/// the numbers are the same.
///
/// ```swift
/// Percentile.of([10, 20, 30, 40], 50)          // 25
/// Percentile.of(sorted: [1, 2, 3, 4], 95)      // 3.85
/// Percentile.of(histogram: [(1, 3), (5, 1)], 50)   // 1 (of 1, 1, 1, 5)
/// ```
package enum Percentile {
    /// The `p`-th percentile (`p` in 0…100, clamped) of values sorted
    /// ascending; `nil` when there are none or `p` is NaN.
    package static func of(sorted: [Double], _ p: Double) -> Double? {
        guard let first = sorted.first, !p.isNaN else { return nil }
        guard sorted.count > 1 else { return first }
        let rank = min(max(p, 0), 100) / 100 * Double(sorted.count - 1)
        let below = Int(rank.rounded(.down))
        guard below < sorted.count - 1 else { return sorted[sorted.count - 1] }
        return sorted[below] + (sorted[below + 1] - sorted[below]) * (rank - Double(below))
    }

    /// As ``of(sorted:_:)`` on any values: non-finite ones are left out
    /// (an observation that could not be measured is not a percentile's).
    package static func of(_ values: some Sequence<Double>, _ p: Double) -> Double? {
        of(sorted: values.filter(\.isFinite).sorted(), p)
    }

    /// As ``of(sorted:_:)`` on a histogram — distinct values ascending, each
    /// with how often it occurs — without expanding it (the store counts
    /// millions of sampling intervals as a few hundred distinct values).
    package static func of(histogram: [(value: Double, count: Int)], _ p: Double) -> Double? {
        let total = histogram.reduce(0) { $0 + max($1.count, 0) }
        guard total > 0, !p.isNaN else { return nil }
        let rank = min(max(p, 0), 100) / 100 * Double(total - 1)
        let below = Int(rank.rounded(.down))
        /// The value of order statistic `k` (0-based).
        func value(at k: Int) -> Double {
            var seen = 0
            for bin in histogram where bin.count > 0 {
                seen += bin.count
                if seen > k { return bin.value }
            }
            return histogram.last(where: { $0.count > 0 })!.value
        }
        let low = value(at: below)
        guard below < total - 1 else { return low }
        return low + (value(at: below + 1) - low) * (rank - Double(below))
    }
}
