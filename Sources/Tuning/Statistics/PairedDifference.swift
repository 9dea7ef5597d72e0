import GSL

// MARK: - How far a paired change can be trusted

/// A confidence interval for the change of a rate measured twice on the same
/// gestures — an intent's held-out misfire rate with the reference and with
/// the tuned constants — by Newcombe's hybrid score method (method 10 of
/// Newcombe 1998, "Improved confidence intervals for the difference between
/// binomial proportions based on paired data").
///
/// Why not the plain difference: the per-intent protection keeps every
/// intent's *training* rate within a margin, but a held-out intent of 24
/// gestures moves 4.2 points with a single gesture. Whether "12.5 % after
/// 8.3 %" means the intent got worse by more than the margin, or one
/// person's swipe went the other way, is what this interval answers: the
/// change exceeds the margin only when the interval's lower end does.
///
/// Why Newcombe's and not Wald's `Δ ± z·se`: with few discordant gestures
/// (the usual case per intent) Wald's interval collapses to zero width when
/// nothing changed and undercovers badly near 0; the hybrid score interval
/// combines each rate's Wilson interval with a correction for the pairing
/// and keeps its coverage close to nominal down to tiny counts.
///
/// With `both` gestures wrong both times, `broken` (right before, wrong
/// after), `fixed` (wrong before, right after) and `neither` right both
/// times, over `n` gestures: the rates are `after = (both + broken) / n`
/// and `before = (both + fixed) / n`, and `change = after − before`.
///
/// ```swift
/// // Altman et al., Statistics with Confidence (2000), table 6.2:
/// let d = PairedDifference(both: 14, broken: 5, fixed: 0, neither: 22)
/// d.change          // 0.122
/// d.interval()      // 0.011 … 0.226
/// ```
package struct PairedDifference: Sendable, Hashable, Codable {
    /// Wrong both times.
    package var both: Int
    /// Right before, wrong after (McNemar's worsened).
    package var broken: Int
    /// Wrong before, right after (McNemar's improved).
    package var fixed: Int
    /// Right both times.
    package var neither: Int

    package init(both: Int, broken: Int, fixed: Int, neither: Int) {
        self.both = max(0, both)
        self.broken = max(0, broken)
        self.fixed = max(0, fixed)
        self.neither = max(0, neither)
    }

    /// From paired outcomes: `before`/`after` are `true` when that version
    /// got the gesture right (as ``McNemar/test(_:)`` reads them).
    package init<S: Sequence>(_ pairs: S) where S.Element == (before: Bool, after: Bool) {
        var both = 0, broken = 0, fixed = 0, neither = 0
        for pair in pairs {
            switch (pair.before, pair.after) {
            case (false, false): both += 1
            case (true, false): broken += 1
            case (false, true): fixed += 1
            case (true, true): neither += 1
            }
        }
        self.init(both: both, broken: broken, fixed: fixed, neither: neither)
    }

    package var count: Int { both + broken + fixed + neither }
    package var before: Double { count > 0 ? Double(both + fixed) / Double(count) : 0 }
    package var after: Double { count > 0 ? Double(both + broken) / Double(count) : 0 }
    /// `after − before` (positive: more misfires after).
    package var change: Double { after - before }

    /// The two-sided interval for ``change`` at `confidence` (nil without
    /// gestures).
    package func interval(confidence: Double = 0.95) -> ClosedRange<Double>? {
        guard count > 0, confidence > 0, confidence < 1 else { return nil }
        let z = Distributions.Gaussian.Pinv(1 - (1 - confidence) / 2)
        let n = count
        let (l1, u1) = Self.wilson(both + broken, of: n, z: z) // after
        let (l2, u2) = Self.wilson(both + fixed, of: n, z: z) // before
        let p1 = after, p2 = before
        // The correlation of the two classifications, with Newcombe's
        // correction: 0 where its numerator lies in 0 … n/2 (continuity),
        // and 0 when a margin is empty.
        let product = Double(both + broken) * Double(fixed + neither) * Double(both + fixed) * Double(broken + neither)
        let crossed = Double(both) * Double(neither) - Double(broken) * Double(fixed)
        let corrected = crossed > Double(n) / 2 ? crossed - Double(n) / 2 : crossed < 0 ? crossed : 0
        let phi = product > 0 ? corrected / product.squareRoot() : 0
        let below = (p1 - l1) * (p1 - l1) - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) * (u2 - p2)
        let above = (p2 - l2) * (p2 - l2) - 2 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1) * (u1 - p1)
        let delta = p1 - p2
        return max(-1, delta - max(0, below).squareRoot())...min(1, delta + max(0, above).squareRoot())
    }

    /// The Wilson score interval of `successes` in `trials`.
    static func wilson(_ successes: Int, of trials: Int, z: Double) -> (lower: Double, upper: Double) {
        let n = Double(trials), p = Double(successes) / n, z2 = z * z
        let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        let half = z * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot() / (1 + z2 / n)
        return (max(0, centre - half), min(1, centre + half))
    }
}
