import Testing
import TraceModel

// MARK: - The one percentile

/// Percentile is the definition every printed percentile uses: the
/// simulator's budgets, the store's statistics, the report's charts. What
/// each former copy promised is checked here.
@Suite("percentiles")
struct PercentileTests {
    /// The report's former copy: interpolation between closest ranks,
    /// non-finite values left out, nothing for no values.
    @Test func interpolatesBetweenClosestRanks() throws {
        let values = [40.0, 10, 30, 20]
        #expect(Percentile.of(values, 50) == 25)
        #expect(Percentile.of(values, 0) == 10)
        #expect(Percentile.of(values, 100) == 40)
        #expect(abs(try #require(Percentile.of(values, 95)) - 38.5) < 1e-12)
        #expect(Percentile.of([7.0], 95) == 7)
        #expect(Percentile.of([Double](), 50) == nil)
        #expect(Percentile.of([.nan, 3, .infinity], 50) == 3)
    }

    /// The simulator's former copy: `p` outside 0…100 is clamped.
    @Test func clampsThePercentile() {
        #expect(Percentile.of(sorted: [1, 2, 3], 150) == 3)
        #expect(Percentile.of(sorted: [1, 2, 3], -5) == 1)
        #expect(Percentile.of(sorted: [1, 2, 3], .nan) == nil)
    }

    /// The store's histograms give what the expanded values give (its former
    /// copy took the nearest rank instead: 5 rather than 3 here).
    @Test func aHistogramIsItsExpandedValues() throws {
        let histogram: [(value: Double, count: Int)] = [(1, 3), (5, 1), (8, 0), (9, 2)]
        let expanded = histogram.flatMap { Array(repeating: $0.value, count: $0.count) }
        for p in stride(from: 0.0, through: 100, by: 2.5) {
            #expect(Percentile.of(histogram: histogram, p) == Percentile.of(sorted: expanded, p), "p\(p)")
        }
        #expect(Percentile.of(histogram: [(1, 3), (5, 1)], 50) == 1)
        #expect(Percentile.of(histogram: [(1, 1), (5, 1)], 50) == 3)
        #expect(Percentile.of(histogram: [], 50) == nil)
        #expect(Percentile.of(histogram: [(4, 0)], 50) == nil)
    }
}
