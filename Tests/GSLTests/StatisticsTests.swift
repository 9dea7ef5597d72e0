import Testing

@testable import GSL

@Suite struct StatisticsTests {
    @Test func meanVarianceAndStandardDeviation() throws {
        let data: [Double] = [2, 4, 4, 4, 5, 5, 7, 9]
        #expect(Statistics.mean(data) == 5)
        #expect(abs((try #require(Statistics.variance(data))) - 32.0 / 7) < 1e-12)
        #expect(abs((try #require(Statistics.standardDeviation(data))) - (32.0 / 7).squareRoot()) < 1e-12)
        let extremes = try #require(Statistics.extremes(data))
        #expect(extremes.min == 2 && extremes.max == 9)
        #expect(Statistics.mean([]) == nil)
        #expect(Statistics.variance([1]) == nil)
    }

    @Test func quantilesInterpolateBetweenOrderStatistics() throws {
        let sorted: [Double] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
        #expect(Statistics.quantile(sorted: sorted, 0) == 1)
        #expect(Statistics.quantile(sorted: sorted, 1) == 10)
        #expect(Statistics.quantile(sorted: sorted, 0.5) == 5.5)
        // (n − 1) p = 9 · 0.95 = 8.55 → 9 + 0.55 · (10 − 9)
        #expect(abs((try #require(Statistics.quantile(sorted: sorted, 0.95))) - 9.55) < 1e-12)
        #expect(Statistics.median([5, 1, 3]) == 3)
        #expect(Statistics.quantile(of: [10, 1, 7, 3], 0.25) == 2.5)
        #expect(Statistics.quantiles(of: [4, 3, 2, 1], [0, 0.5, 1]) == [1, 2.5, 4])
        #expect(Statistics.quantile(sorted: [], 0.5) == nil)
        #expect(Statistics.sorted([3, -1, 2]) == [-1, 2, 3])
    }

    @Test func uniformHistogramCounts() throws {
        let h = try Histogram(bins: 4, lower: 0, upper: 100)
        #expect(h.edges == [0, 25, 50, 75, 100])
        let outside = h.add(contentsOf: [0, 10, 24.999, 25, 60, 61, 99.9, 100, -1])
        #expect(outside == 2) // 100 and -1: bins are half-open
        #expect(h.counts == [3, 1, 2, 1])
        #expect(h.total == 7)
        #expect(h.binIndex(for: 50) == 2)
        #expect(h.binIndex(for: 150) == nil)
        h.reset()
        #expect(h.total == 0)
    }

    @Test func explicitEdgesAndWeights() throws {
        let h = try Histogram(edges: [0, 1, 10, 100])
        h.add(0.5, weight: 2)
        h.add(5)
        h.add(50, weight: 0.5)
        #expect(
            h.bins == [
                .init(lower: 0, upper: 1, count: 2), .init(lower: 1, upper: 10, count: 1),
                .init(lower: 10, upper: 100, count: 0.5)
            ])
        #expect(throws: GSLError.self) { try Histogram(edges: [0, 1, 1]) }
        #expect(throws: GSLError.self) { try Histogram(bins: 0, lower: 0, upper: 1) }
        #expect(throws: GSLError.self) { try Histogram(bins: 3, lower: 2, upper: 1) }
    }

    @Test func distributionsMatchKnownValues() {
        #expect(abs(Distributions.ChiSquared.Q(3.841458820694124, degreesOfFreedom: 1) - 0.05) < 1e-9)
        #expect(abs(Distributions.Gaussian.Pinv(0.975) - 1.959963984540054) < 1e-9)
        // Beta(1, 1) is uniform.
        #expect(abs(Distributions.Beta.P(0.3, a: 1, b: 1) - 0.3) < 1e-12)
        #expect(abs(Distributions.Beta.Qinv(0.3, a: 1, b: 1) - 0.7) < 1e-12)
        // Binomial(10, ½): Pr(X ≤ 2) = (1 + 10 + 45) / 1024.
        #expect(abs(Distributions.Binomial.P(2, probability: 0.5, trials: 10) - 56.0 / 1024) < 1e-12)
        #expect(abs(Distributions.Binomial.Q(2, probability: 0.5, trials: 10) - 968.0 / 1024) < 1e-12)
        #expect(abs(Distributions.Binomial.probability(of: 3, probability: 0.5, trials: 10) - 120.0 / 1024) < 1e-12)
        #expect(Distributions.Binomial.P(10, probability: 0.5, trials: 10) == 1)
    }
}
