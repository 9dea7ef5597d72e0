import GSL

// MARK: - Bootstrap confidence intervals

/// Percentile bootstrap intervals for any statistic of a sample, such as the
/// 95th percentile of recognition latency, where no formula exists.
///
/// Draws `resamples` samples with replacement (`gsl_ran_sample`) from a
/// generator seeded with `seed`, computes the statistic on each, and takes the
/// `α/2` and `1 − α/2` quantiles of those values. Same data and seed, same
/// interval.
///
/// ```swift
/// let p95 = try Bootstrap.percentileInterval(of: latenciesMs, seed: 1) { sample in
///     Statistics.quantile(of: sample, 0.95)
/// }
/// print(p95.estimate, p95.lower, p95.upper)
/// ```
package enum Bootstrap {
    /// A statistic's value on the full sample with its bootstrap interval.
    package struct Interval: Sendable, Hashable, Codable {
        /// The statistic on the original data.
        package var estimate: Double
        package var lower: Double
        package var upper: Double
        package var confidence: Double
        /// Resamples on which the statistic was defined (finite).
        package var resamples: Int
    }

    /// Why no interval could be computed.
    package enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case emptySample
        case invalidSettings(String)
        case statisticUndefined

        package var description: String {
            switch self {
            case .emptySample: "the bootstrap needs at least one observation"
            case .invalidSettings(let what): "invalid bootstrap settings: \(what)"
            case .statisticUndefined: "the statistic is not defined on the sample"
            }
        }
    }

    /// The percentile interval of `statistic` over `data`.
    ///
    /// - Parameters:
    ///   - data: The sample.
    ///   - confidence: The interval's coverage (0.95: the 2.5th to 97.5th percentile).
    ///   - resamples: How many bootstrap samples (B); 2000 is plenty for 95 %.
    ///   - seed: The resampling's seed (the same seed, the same interval).
    ///   - statistic: Returns `nil` (or a non-finite value) when undefined;
    ///     such resamples are skipped.
    package static func percentileInterval(
        of data: [Double], confidence: Double = 0.95, resamples: Int = 2_000, seed: UInt,
        statistic: ([Double]) -> Double?
    ) throws -> Interval {
        guard !data.isEmpty else { throw Failure.emptySample }
        guard resamples > 0, confidence > 0, confidence < 1 else {
            throw Failure.invalidSettings("needs resamples > 0 and 0 < confidence < 1")
        }
        guard let estimate = statistic(data), estimate.isFinite else { throw Failure.statisticUndefined }
        let rng = try RandomGenerator(seed: seed)
        var values: [Double] = []
        values.reserveCapacity(resamples)
        for _ in 0..<resamples {
            if let value = statistic(rng.sample(data, count: data.count)), value.isFinite { values.append(value) }
        }
        let sorted = Statistics.sorted(values)
        let alpha = 1 - confidence
        guard let lower = Statistics.quantile(sorted: sorted, alpha / 2),
            let upper = Statistics.quantile(sorted: sorted, 1 - alpha / 2)
        else { throw Failure.statisticUndefined }
        return Interval(estimate: estimate, lower: lower, upper: upper, confidence: confidence, resamples: sorted.count)
    }
}
