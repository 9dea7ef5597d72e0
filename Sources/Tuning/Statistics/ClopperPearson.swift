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
/// ```swift
/// let ci = ClopperPearson.interval(successes: 7, trials: 200)!
/// ci.lower   // 0.0142
/// ci.upper   // 0.0708
/// ```
public enum ClopperPearson {
    /// The interval, or `nil` when `trials < 1`, `successes` is outside
    /// `0 ... trials`, or `confidence` is not strictly between 0 and 1.
    public static func interval(successes: Int, trials: Int, confidence: Double = 0.95) -> ProportionInterval? {
        guard trials > 0, successes >= 0, successes <= trials, confidence > 0, confidence < 1 else { return nil }
        let alpha = 1 - confidence
        let x = Double(successes), n = Double(trials)
        let lower = successes == 0 ? 0 : Distributions.Beta.Pinv(alpha / 2, a: x, b: n - x + 1)
        let upper = successes == trials ? 1 : Distributions.Beta.Qinv(alpha / 2, a: x + 1, b: n - x)
        return ProportionInterval(successes: successes, trials: trials, confidence: confidence,
                                  lower: lower, upper: upper)
    }
}

/// A proportion with a confidence interval.
public struct ProportionInterval: Sendable, Hashable, Codable {
    public var successes: Int
    public var trials: Int
    public var confidence: Double
    public var lower: Double
    public var upper: Double

    /// The observed proportion `successes / trials`.
    public var estimate: Double { Double(successes) / Double(trials) }

    public init(successes: Int, trials: Int, confidence: Double, lower: Double, upper: Double) {
        self.successes = successes
        self.trials = trials
        self.confidence = confidence
        self.lower = lower
        self.upper = upper
    }
}
