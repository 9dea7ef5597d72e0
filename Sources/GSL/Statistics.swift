import CGSL

// MARK: - Descriptive statistics

/// Descriptive statistics over `gsl_stats_*`.
///
/// Every function returns `nil` when the data are too few to define the
/// statistic (an empty sample has no mean; one value has no sample variance),
/// instead of GSL's silent NaN.
///
/// ```swift
/// Statistics.mean([1, 2, 3, 4])                      // 2.5
/// Statistics.quantile(of: [4, 1, 3, 2], 0.5)         // 2.5
/// Statistics.quantile(sorted: [1, 2, 3, 4], 0.95)    // 3.85
/// ```
package enum Statistics {
    /// Arithmetic mean (`gsl_stats_mean`).
    package static func mean(_ data: [Double]) -> Double? {
        guard !data.isEmpty else { return nil }
        return data.withUnsafeBufferPointer { gsl_stats_mean($0.baseAddress, 1, $0.count) }
    }

    /// Sample variance with the n − 1 denominator (`gsl_stats_variance`).
    package static func variance(_ data: [Double]) -> Double? {
        guard data.count > 1 else { return nil }
        return data.withUnsafeBufferPointer { gsl_stats_variance($0.baseAddress, 1, $0.count) }
    }

    /// Sample standard deviation (`gsl_stats_sd`).
    package static func standardDeviation(_ data: [Double]) -> Double? {
        guard data.count > 1 else { return nil }
        return data.withUnsafeBufferPointer { gsl_stats_sd($0.baseAddress, 1, $0.count) }
    }

    /// Smallest and largest value (`gsl_stats_minmax`).
    package static func extremes(_ data: [Double]) -> (min: Double, max: Double)? {
        guard !data.isEmpty else { return nil }
        var low = 0.0, high = 0.0
        data.withUnsafeBufferPointer { gsl_stats_minmax(&low, &high, $0.baseAddress, 1, $0.count) }
        return (low, high)
    }

    /// The `p`-quantile of data already sorted ascending, by linear
    /// interpolation between order statistics
    /// (`gsl_stats_quantile_from_sorted_data`): `p = 0` is the minimum, `p = 1`
    /// the maximum. `p` is clamped to [0, 1].
    package static func quantile(sorted data: [Double], _ p: Double) -> Double? {
        guard !data.isEmpty, !p.isNaN else { return nil }
        assert(zip(data, data.dropFirst()).allSatisfy { $0 <= $1 }, "quantile(sorted:) needs ascending data")
        let q = min(max(p, 0), 1)
        return data.withUnsafeBufferPointer { gsl_stats_quantile_from_sorted_data($0.baseAddress, 1, $0.count, q) }
    }

    /// The `p`-quantile of unsorted data (sorts a copy with `gsl_sort`).
    package static func quantile(of data: [Double], _ p: Double) -> Double? {
        quantile(sorted: sorted(data), p)
    }

    /// Several quantiles of unsorted data, sorting once.
    package static func quantiles(of data: [Double], _ ps: [Double]) -> [Double]? {
        let ordered = sorted(data)
        var result: [Double] = []
        for p in ps {
            guard let value = quantile(sorted: ordered, p) else { return nil }
            result.append(value)
        }
        return result
    }

    /// The median (the 0.5-quantile).
    package static func median(_ data: [Double]) -> Double? { quantile(of: data, 0.5) }

    /// An ascending copy of `data` (`gsl_sort`; NaNs are not allowed).
    package static func sorted(_ data: [Double]) -> [Double] {
        var copy = data
        copy.withUnsafeMutableBufferPointer { gsl_sort($0.baseAddress, 1, $0.count) }
        return copy
    }
}
