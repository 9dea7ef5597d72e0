import GSL

// MARK: - Clopper–Pearson that never answers NaN

extension ClopperPearson {
    /// ``interval(successes:trials:confidence:)``, with any bound GSL's beta
    /// inverse fails to find recomputed by bisection on the beta CDF.
    ///
    /// `gsl_cdf_beta_Qinv` (GSL 2.7) gives up — NaN — for some shape
    /// parameters in the hundreds: 142 misfires in 1 262 labels has no upper
    /// bound from it. The CDF itself is reliable, so a bisection to 1e-12 on
    /// `P(x; a, b) = p` recovers the bound.
    ///
    /// ```swift
    /// ClopperPearson.robustInterval(successes: 142, trials: 1262)?.upper   // 0.1311…
    /// ```
    public static func robustInterval(successes x: Int, trials n: Int, confidence: Double = 0.95) -> ProportionInterval? {
        GSLErrorHandling.ensureOff()
        guard var interval = interval(successes: x, trials: n, confidence: confidence) else { return nil }
        let alpha = 1 - confidence
        if !interval.lower.isFinite {
            interval.lower = x == 0 ? 0 : betaQuantile(alpha / 2, a: Double(x), b: Double(n - x + 1))
        }
        if !interval.upper.isFinite {
            interval.upper = x == n ? 1 : betaQuantile(1 - alpha / 2, a: Double(x + 1), b: Double(n - x))
        }
        return interval
    }

    /// The `t` in [0, 1] with `P(t; a, b) = p`, by bisection (the CDF is
    /// increasing in `t`).
    static func betaQuantile(_ p: Double, a: Double, b: Double) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0 ..< 200 {
            let mid = (low + high) / 2
            if Distributions.Beta.P(mid, a: a, b: b) < p { low = mid } else { high = mid }
            if high - low < 1e-13 { break }
        }
        return (low + high) / 2
    }
}
