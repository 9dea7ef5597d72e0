import Foundation
import GSL
import GestureTuneTestSupport
import Testing
import TraceModel

@testable import Tuning

@Suite struct ClopperPearsonTests {
    func rounded(_ x: Double) -> Double { (x * 10_000).rounded() / 10_000 }

    @Test func sevenMisfiresInTwoHundred() throws {
        let ci = try #require(ClopperPearson.interval(successes: 7, trials: 200))
        #expect(rounded(ci.lower) == 0.0142)
        #expect(rounded(ci.upper) == 0.0708)
        #expect(ci.estimate == 0.035)
        #expect(ci.confidence == 0.95)
    }

    @Test func noneAndAllHaveClosedFormBounds() throws {
        // With x = 0 the upper bound solves (1 − p)ⁿ = α/2; with x = n the
        // lower bound solves pⁿ = α/2.
        let none = try #require(ClopperPearson.interval(successes: 0, trials: 50))
        #expect(none.lower == 0)
        #expect(abs(none.upper - (1 - pow(0.025, 1.0 / 50))) < 1e-10)
        #expect(rounded(none.upper) == 0.0711)
        let all = try #require(ClopperPearson.interval(successes: 50, trials: 50))
        #expect(all.upper == 1)
        #expect(abs(all.lower - pow(0.025, 1.0 / 50)) < 1e-10)
    }

    @Test func widerForHigherConfidenceAndRejectsNonsense() throws {
        let narrow = try #require(ClopperPearson.interval(successes: 7, trials: 200, confidence: 0.9))
        let wide = try #require(ClopperPearson.interval(successes: 7, trials: 200, confidence: 0.99))
        #expect(wide.lower < narrow.lower && wide.upper > narrow.upper)
        #expect(ClopperPearson.interval(successes: 1, trials: 0) == nil)
        #expect(ClopperPearson.interval(successes: 5, trials: 4) == nil)
        #expect(ClopperPearson.interval(successes: -1, trials: 4) == nil)
        #expect(ClopperPearson.interval(successes: 1, trials: 4, confidence: 1) == nil)
    }
}

@Suite struct McNemarTests {
    @Test func smallTableUsesTheExactBinomialPValue() {
        // b = 2 worsened, c = 9 improved. By hand: P(X ≤ 2 | n = 11, ½) =
        // (1 + 11 + 55) / 2048, two-sided p = 134 / 2048 = 0.0654296875.
        var pairs: [(before: Bool, after: Bool)] = []
        pairs += Array(repeating: (before: true, after: false), count: 2)
        pairs += Array(repeating: (before: false, after: true), count: 9)
        pairs += Array(repeating: (before: true, after: true), count: 80)
        pairs += Array(repeating: (before: false, after: false), count: 5)
        let result = McNemar.test(pairs)
        #expect(result.worsened == 2 && result.improved == 9 && result.unchanged == 85)
        #expect(result.method == .exactBinomial)
        #expect(isApproximatelyEqual(result.pValue, 134.0 / 2048, tolerance: 1e-12))
        // The approximation is still reported: (|2 − 9| − 1)² / 11 = 36 / 11.
        #expect(isApproximatelyEqual(result.chiSquared, 36.0 / 11, tolerance: 1e-12))
        #expect(isApproximatelyEqual(result.chiSquaredPValue, erfc((36.0 / 22).squareRoot()), tolerance: 1e-9))
    }

    @Test func largeTableUsesChiSquaredWithContinuityCorrection() {
        let result = McNemar.test(worsened: 30, improved: 12)
        #expect(result.method == .chiSquaredWithContinuityCorrection)
        #expect(isApproximatelyEqual(result.chiSquared, 289.0 / 42, tolerance: 1e-12))
        // χ²(1) upper tail is erfc(√(x/2)).
        #expect(isApproximatelyEqual(result.pValue, erfc((289.0 / 84).squareRoot()), tolerance: 1e-9))
        #expect(result.pValue < 0.01)
        #expect(result.exactPValue < 0.01)
    }

    /// What the report's own exact McNemar (deleted; it duplicated this one)
    /// promised, kept here: exact binomial tails, two-sided symmetry, the
    /// switch to χ² at 25 discordant pairs, and thousands of pairs without
    /// overflow.
    @Test func exactTailsSymmetryThresholdAndLargeCounts() {
        #expect(abs(McNemar.test(worsened: 2, improved: 8).exactPValue - 0.109375) < 1e-12) // 2·(1+10+45)/1024
        #expect(abs(McNemar.test(worsened: 0, improved: 10).exactPValue - 0.001953125) < 1e-15) // 2/1024
        #expect(McNemar.test(worsened: 8, improved: 2).pValue == McNemar.test(worsened: 2, improved: 8).pValue)
        #expect(McNemar.test(worsened: 0, improved: 1).pValue == 1)
        #expect(McNemar.test(worsened: 12, improved: 12).method == .exactBinomial) // 24 < 25
        #expect(McNemar.test(worsened: 12, improved: 13).method == .chiSquaredWithContinuityCorrection)
        let large = McNemar.test(worsened: 5_000, improved: 6_000)
        #expect(large.exactPValue > 0 && large.exactPValue < 1e-20, "\(large.exactPValue)")
        #expect(large.pValue > 0 && large.pValue < 1e-20, "\(large.pValue)")
    }

    @Test func noDiscordantPairsMeansNoEvidence() {
        let result = McNemar.test(worsened: 0, improved: 0, unchanged: 40)
        #expect(result.pValue == 1)
        #expect(result.chiSquared == 0)
        #expect(McNemar.test(worsened: 5, improved: 5).exactPValue == 1)
    }
}

@Suite struct BootstrapTests {
    static func latencies() throws -> [Double] {
        let rng = try RandomGenerator(seed: 77)
        return (0..<400).map { _ in rng.lognormal(zeta: 4, sigma: 0.4) }
    }

    @Test func sameSeedSameInterval() throws {
        let data = try Self.latencies()
        let p95 = { (sample: [Double]) in Statistics.quantile(of: sample, 0.95) }
        let a = try Bootstrap.percentileInterval(of: data, resamples: 500, seed: 3, statistic: p95)
        let b = try Bootstrap.percentileInterval(of: data, resamples: 500, seed: 3, statistic: p95)
        let c = try Bootstrap.percentileInterval(of: data, resamples: 500, seed: 4, statistic: p95)
        #expect(a == b)
        #expect(a != c)
        #expect(a.lower < a.estimate && a.estimate < a.upper)
        #expect(a.estimate == Statistics.quantile(of: data, 0.95))
        #expect(a.resamples == 500)
    }

    @Test func meanIntervalMatchesTheNormalApproximation() throws {
        let data = try Self.latencies()
        let ci = try Bootstrap.percentileInterval(of: data, resamples: 2_000, seed: 1) { Statistics.mean($0) }
        let mean = try #require(Statistics.mean(data))
        let halfWidth = 1.96 * (try #require(Statistics.standardDeviation(data))) / Double(data.count).squareRoot()
        #expect(abs(ci.lower - (mean - halfWidth)) < 0.15 * halfWidth)
        #expect(abs(ci.upper - (mean + halfWidth)) < 0.15 * halfWidth)
    }

    @Test func refusesEmptyData() {
        #expect(throws: Bootstrap.Failure.self) {
            try Bootstrap.percentileInterval(of: [], seed: 1) { Statistics.mean($0) }
        }
    }
}

@Suite struct McNemarAlignedOutcomesTests {
    @Test func alignedArraysGiveTheSameCounts() throws {
        let before = [true, true, false, false, true, false]
        let after = [true, false, true, true, true, false]
        let result = try #require(McNemar.test(before: before, after: after))
        #expect(result.worsened == 1 && result.improved == 2 && result.unchanged == 3)
        // P(X ≤ 1 | n = 3, ½) = 4/8, doubled and capped at 1.
        #expect(result.exactPValue == 1)
        #expect(McNemar.test(before: [true], after: []) == nil)
    }
}

@Suite struct PairedDifferenceTests {
    @Test("Newcombe's interval reproduces Altman et al.'s worked example (table 6.2)")
    func altmanTableSixTwo() throws {
        // 14 positive both times, 5 only the first time, 0 only the second, 22 neither.
        let d = PairedDifference(both: 14, broken: 5, fixed: 0, neither: 22)
        #expect(abs(d.change - 5.0 / 41) < 1e-15)
        let ci = try #require(d.interval())
        #expect(abs(ci.lowerBound - 0.0115) < 5e-5)
        #expect(abs(ci.upperBound - 0.2265) < 5e-5)
    }

    @Test("one gesture of 24 is +4.2 points, and the interval says how little that tells")
    func oneGestureInASmallIntent() throws {
        let d = PairedDifference(both: 2, broken: 1, fixed: 0, neither: 21)
        #expect(abs(d.before - 2.0 / 24) < 1e-15 && abs(d.after - 3.0 / 24) < 1e-15)
        let ci = try #require(d.interval())
        #expect(ci.contains(d.change))
        #expect(ci.lowerBound < 0 && ci.upperBound > 0.15)
        // Nothing changed: a symmetric interval around 0 that still has width.
        let same = try #require(PairedDifference(both: 0, broken: 0, fixed: 0, neither: 24).interval())
        #expect(abs(same.lowerBound + same.upperBound) < 1e-12 && same.upperBound > 0.1)
        // Every gesture broken: the interval stays inside −1 … 1 and above 0.
        let all = try #require(PairedDifference(both: 0, broken: 30, fixed: 0, neither: 0).interval())
        #expect(all.lowerBound > 0.8 && all.upperBound == 1)
        #expect(PairedDifference(both: 0, broken: 0, fixed: 0, neither: 0).interval() == nil)
    }

    @Test("pairs are counted as McNemar reads them")
    func fromPairs() {
        let pairs: [(before: Bool, after: Bool)] = [
            (true, true), (true, false), (false, true), (false, false),
            (true, false)
        ]
        #expect(PairedDifference(pairs) == PairedDifference(both: 1, broken: 2, fixed: 1, neither: 1))
    }
}

// MARK: - One percentile definition, GSL's numbers

/// TraceModel's Percentile and GSL's quantile are the same definition
/// (linear interpolation between closest ranks): Tuning may use either.
@Suite struct PercentileAgreesWithGSLTests {
    @Test func sameNumbersAsGSL() throws {
        let rng = try RandomGenerator(seed: 11)
        let sample = (0..<257).map { _ in rng.lognormal(zeta: 3, sigma: 0.6) }.sorted()
        for p in [0.0, 1, 5, 25, 50, 62.5, 95, 99, 100] {
            let ours = try #require(Percentile.of(sorted: sample, p))
            let gsl = try #require(Statistics.quantile(sorted: sample, p / 100))
            #expect(abs(ours - gsl) <= 1e-12 * max(1, abs(gsl)), "p\(p): \(ours) vs \(gsl)")
        }
    }
}
