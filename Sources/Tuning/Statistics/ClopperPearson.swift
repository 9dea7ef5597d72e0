import GSL

// MARK: - Exact binomial confidence intervals

/// The Clopper–Pearson ("exact") confidence interval for a proportion, such
/// as a misfire rate: 7 misfires in 200 swipes.
///
/// It inverts the binomial test through the beta distribution:
/// `lower = B⁻¹(α/2; x, n − x + 1)`, `upper = B⁻¹(1 − α/2; x + 1, n − x)`,
/// with `lower = 0` when `x = 0` and `upper = 1` when `x = n`. It is
/// conservative (coverage at least the nominal level), which is what a claim
/// like "the tuned recognizer misfires less than 3 % of the time" needs.
///
/// GSL's beta inverse (`gsl_cdf_beta_Pinv`/`Qinv`, GSL 2.7) gives up — NaN —
/// for some shape parameters in the hundreds: 142 misfires in 1 262 labels
/// has no upper bound from it. The CDF itself is reliable, so such a bound is
/// recomputed by bisection on `P(t; a, b) = p`.
///
/// ```swift
/// let ci = ClopperPearson.interval(successes: 7, trials: 200)!
/// ci.lower   // 0.0142
/// ci.upper   // 0.0708
/// ClopperPearson.interval(successes: 142, trials: 1262)?.upper   // 0.1311…
/// ```
package enum ClopperPearson {
    /// The interval, or `nil` when `trials < 1`, `successes` is outside
    /// `0 ... trials`, or `confidence` is not strictly between 0 and 1.
    package static func interval(successes: Int, trials: Int, confidence: Double = 0.95) -> ProportionInterval? {
        guard trials > 0, successes >= 0, successes <= trials, confidence > 0, confidence < 1 else { return nil }
        let alpha = 1 - confidence
        let x = Double(successes), n = Double(trials)
        var lower = successes == 0 ? 0 : Distributions.Beta.Pinv(alpha / 2, a: x, b: n - x + 1)
        var upper = successes == trials ? 1 : Distributions.Beta.Qinv(alpha / 2, a: x + 1, b: n - x)
        if !lower.isFinite { lower = betaQuantile(alpha / 2, a: x, b: n - x + 1) }
        if !upper.isFinite { upper = betaQuantile(1 - alpha / 2, a: x + 1, b: n - x) }
        return ProportionInterval(
            successes: successes, trials: trials, confidence: confidence,
            lower: lower, upper: upper)
    }

    /// The `t` in [0, 1] with `P(t; a, b) = p`, by bisection (the CDF is
    /// increasing in `t`).
    static func betaQuantile(_ p: Double, a: Double, b: Double) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if Distributions.Beta.P(mid, a: a, b: b) < p { low = mid } else { high = mid }
            if high - low < 1e-13 { break }
        }
        return (low + high) / 2
    }
}

/// A proportion with a confidence interval.
package struct ProportionInterval: Sendable, Hashable, Codable {
    package var successes: Int
    package var trials: Int
    package var confidence: Double
    package var lower: Double
    package var upper: Double

    /// The observed proportion `successes / trials`.
    package var estimate: Double { Double(successes) / Double(trials) }
}
