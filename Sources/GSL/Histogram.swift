import CGSL

// MARK: - Histograms

/// A one-dimensional histogram over `gsl_histogram`.
///
/// Bin `i` covers `[edges[i], edges[i + 1])`. Values outside the range are
/// not counted (``add(_:weight:)`` says so by returning `false`).
///
/// ```swift
/// let h = try Histogram(bins: 4, lower: 0, upper: 100)   // 0-25-50-75-100
/// h.add(10); h.add(60); h.add(61)
/// h.counts      // [1, 0, 2, 0]
/// ```
package final class Histogram {
    private let pointer: UnsafeMutablePointer<gsl_histogram>

    /// `bins` equal bins over `[lower, upper)`.
    package init(bins: Int, lower: Double, upper: Double) throws {
        GSLLibrary.prepare()
        guard bins > 0, lower.isFinite, upper.isFinite, lower < upper else {
            throw GSLError(
                code: Int32(GSL_EINVAL), function: "Histogram(bins:lower:upper:)",
                message: "needs at least one bin and a finite range lower < upper")
        }
        guard let h = gsl_histogram_alloc(bins) else {
            throw GSLError(code: Int32(GSL_ENOMEM), function: "gsl_histogram_alloc")
        }
        pointer = h
        do { try GSLError.check(gsl_histogram_set_ranges_uniform(h, lower, upper), "gsl_histogram_set_ranges_uniform") } catch {
            gsl_histogram_free(h)
            throw error
        }
    }

    /// Bins with explicit edges, which must be strictly increasing
    /// (`n + 1` edges make `n` bins).
    package init(edges: [Double]) throws {
        GSLLibrary.prepare()
        guard edges.count >= 2, edges.allSatisfy(\.isFinite), zip(edges, edges.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw GSLError(
                code: Int32(GSL_EINVAL), function: "Histogram(edges:)",
                message: "needs at least two finite, strictly increasing edges")
        }
        guard let h = gsl_histogram_alloc(edges.count - 1) else {
            throw GSLError(code: Int32(GSL_ENOMEM), function: "gsl_histogram_alloc")
        }
        pointer = h
        let status = edges.withUnsafeBufferPointer { gsl_histogram_set_ranges(h, $0.baseAddress, $0.count) }
        do { try GSLError.check(status, "gsl_histogram_set_ranges") } catch {
            gsl_histogram_free(h)
            throw error
        }
    }

    deinit { gsl_histogram_free(pointer) }

    // MARK: - Filling

    /// Adds `value` with `weight`; `false` when it falls outside the range.
    @discardableResult
    package func add(_ value: Double, weight: Double = 1) -> Bool {
        gsl_histogram_accumulate(pointer, value, weight) == Int32(GSL_SUCCESS)
    }

    /// Adds every value; returns how many fell outside the range.
    @discardableResult
    package func add<S: Sequence>(contentsOf values: S) -> Int where S.Element == Double {
        var outside = 0
        for value in values where !add(value) { outside += 1 }
        return outside
    }

    /// Empties every bin.
    package func reset() { gsl_histogram_reset(pointer) }

    // MARK: - Reading

    /// Number of bins.
    package var binCount: Int { gsl_histogram_bins(pointer) }

    /// The `binCount + 1` edges.
    package var edges: [Double] {
        (0...binCount).map { $0 == binCount ? gsl_histogram_max(pointer) : pointer.pointee.range[$0] }
    }

    /// The (weighted) count in each bin.
    package var counts: [Double] { (0..<binCount).map { gsl_histogram_get(pointer, $0) } }

    /// The total of all bins (`gsl_histogram_sum`).
    package var total: Double { gsl_histogram_sum(pointer) }

    /// Each bin's range and count.
    package var bins: [Bin] {
        let edges = edges
        return (0..<binCount).map { Bin(lower: edges[$0], upper: edges[$0 + 1], count: gsl_histogram_get(pointer, $0)) }
    }

    /// The index of the bin holding `value`, or `nil` outside the range.
    package func binIndex(for value: Double) -> Int? {
        var index = 0
        guard gsl_histogram_find(pointer, value, &index) == Int32(GSL_SUCCESS) else { return nil }
        return index
    }

    /// One bin: `[lower, upper)` and its count.
    package struct Bin: Sendable, Hashable {
        package var lower: Double
        package var upper: Double
        package var count: Double
    }
}
