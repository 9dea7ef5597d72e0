import GSL

// MARK: - Paired comparison of two recognizer versions

/// McNemar's test: did tuning change the error rate on the SAME labelled
/// gestures, or is the difference noise?
///
/// Only the discordant pairs carry information: `b` gestures the old
/// constants got right and the new ones wrong, `c` the other way round.
/// Under "no change" each discordant pair is a fair coin, so:
///
/// - for few discordant pairs (`b + c < exactThreshold`) the p-value is the
///   exact two-sided binomial one, `min(1, 2 · P(X ≤ min(b, c)))` with
///   `X ~ Bin(b + c, ½)`;
/// - otherwise the chi-squared approximation with continuity correction,
///   `χ² = (|b − c| − 1)² / (b + c)` on one degree of freedom.
///
/// Both numbers are always reported, with which one ``Result/pValue`` uses.
///
/// ```swift
/// let pairs = [(before: true, after: false), (before: false, after: true), …]
/// let test = McNemar.test(pairs)
/// test.pValue < 0.05
/// ```
package enum McNemar {
    /// Below this many discordant pairs the exact binomial p-value is used.
    package static let exactThreshold = 25

    /// Which computation ``Result/pValue`` comes from.
    package enum Method: String, Sendable, Hashable, Codable {
        case exactBinomial
        case chiSquaredWithContinuityCorrection
    }

    /// The test outcome.
    package struct Result: Sendable, Hashable, Codable {
        /// Right before, wrong after.
        package var worsened: Int
        /// Wrong before, right after.
        package var improved: Int
        /// Pairs with the same outcome both times.
        package var unchanged: Int
        /// `(|b − c| − 1)² / (b + c)`, 0 when there are no discordant pairs.
        package var chiSquared: Double
        package var chiSquaredPValue: Double
        package var exactPValue: Double
        package var method: Method

        /// The p-value of the chosen method.
        package var pValue: Double { method == .exactBinomial ? exactPValue : chiSquaredPValue }
        package var discordant: Int { worsened + improved }
    }

    /// Tests paired outcomes: `before`/`after` are `true` when that version
    /// classified the gesture correctly.
    package static func test<S: Sequence>(_ pairs: S) -> Result where S.Element == (before: Bool, after: Bool) {
        var worsened = 0, improved = 0, unchanged = 0
        for pair in pairs {
            switch (pair.before, pair.after) {
            case (true, false): worsened += 1
            case (false, true): improved += 1
            default: unchanged += 1
            }
        }
        return test(worsened: worsened, improved: improved, unchanged: unchanged)
    }

    /// Tests aligned per-gesture outcomes (`before[i]` and `after[i]` are the
    /// same labelled gesture); `nil` when the arrays differ in length.
    package static func test(before: [Bool], after: [Bool]) -> Result? {
        guard before.count == after.count else { return nil }
        return test(zip(before, after).lazy.map { (before: $0, after: $1) })
    }

    /// Tests from the discordant counts `b` (worsened) and `c` (improved).
    package static func test(worsened b: Int, improved c: Int, unchanged: Int = 0) -> Result {
        let b = max(b, 0), c = max(c, 0)
        let n = b + c
        guard n > 0 else {
            return Result(
                worsened: b, improved: c, unchanged: unchanged, chiSquared: 0,
                chiSquaredPValue: 1, exactPValue: 1, method: .exactBinomial)
        }
        let corrected = max(Double(abs(b - c)) - 1, 0)
        let chiSquared = corrected * corrected / Double(n)
        let chiSquaredP = Distributions.ChiSquared.Q(chiSquared, degreesOfFreedom: 1)
        let exactP = min(1, 2 * Distributions.Binomial.P(min(b, c), probability: 0.5, trials: n))
        return Result(
            worsened: b, improved: c, unchanged: unchanged, chiSquared: chiSquared,
            chiSquaredPValue: chiSquaredP, exactPValue: exactP,
            method: n < exactThreshold ? .exactBinomial : .chiSquaredWithContinuityCorrection)
    }
}
