import Foundation

// MARK: - 1. The verdict

extension TuningReport {
    /// Before → after on held-out users, the budgets, and whether the gain is real.
    public struct Verdict: Codable, Sendable, Hashable {
        /// Who the rates are measured on, e.g. `12 held-out users`.
        public var population: String
        public var before: Rate
        public var after: Rate
        /// Paired gestures misfired before but not after (McNemar's b).
        public var fixedCount: Int
        /// Paired gestures fine before but misfired after (McNemar's c).
        public var brokenCount: Int
        /// Exact two-sided McNemar p-value for fixed vs broken.
        public var mcnemarPValue: Double
        /// The level the p-value is judged at (0.05 unless the run said otherwise).
        public var significanceLevel: Double
        public var budgets: [Budget]
        /// How `before` and `after` intervals were computed ("Clopper–Pearson",
        /// "Wilson"): the caption says it.
        public var intervalMethod: String
        /// Every intent's held-out rate before and after, with its own test:
        /// the verdict names each one made worse.
        public var intents: [IntentChange]

        public init(
            population: String, before: Rate, after: Rate, fixedCount: Int, brokenCount: Int,
            mcnemarPValue: Double, significanceLevel: Double = 0.05, budgets: [Budget],
            intervalMethod: String = "Wilson", intents: [IntentChange] = []
        ) {
            self.population = population
            self.before = before
            self.after = after
            self.fixedCount = fixedCount
            self.brokenCount = brokenCount
            self.mcnemarPValue = mcnemarPValue
            self.significanceLevel = significanceLevel
            self.budgets = budgets
            self.intervalMethod = intervalMethod
            self.intents = intents
        }

        /// Intents with more held-out misfires after tuning.
        public var worseIntents: [IntentChange] { intents.filter(\.isWorse) }
        /// Intents whose change is significant, better or worse.
        public var significantIntents: [IntentChange] { intents.filter { $0.pValue < significanceLevel && $0.isChanged } }

        /// The p-value is below the significance level and fewer gestures misfire.
        public var isSignificantImprovement: Bool {
            mcnemarPValue < significanceLevel && after.rate < before.rate
        }

        /// Every counted latency budget holds after tuning (a budget fixed by
        /// design is not counted).
        public var budgetsMet: Bool { budgets.allSatisfy { !$0.isCounted || $0.isMet } }

        /// The exact two-sided McNemar p-value: a binomial test of the
        /// discordant pairs (gestures fixed against gestures broken) with
        /// p = ½. Exact, because the counts are often small; summed in log
        /// space, so thousands of pairs do not overflow.
        ///
        /// ```swift
        /// Verdict.exactMcNemarPValue(fixed: 8, broken: 2)   // 0.109375
        /// ```
        public static func exactMcNemarPValue(fixed: Int, broken: Int) -> Double {
            let b = max(0, fixed), c = max(0, broken)
            let n = b + c
            guard n > 0 else { return 1 }
            let k = min(b, c)
            let log2n = Double(n) * log(2.0)
            var logChoose = 0.0   // log C(n, 0)
            var tail = 0.0
            for i in 0...k {
                if i > 0 { logChoose += log(Double(n - i + 1)) - log(Double(i)) }
                tail += exp(logChoose - log2n)
            }
            return min(1, 2 * tail)
        }
    }

    /// A proportion with its 95 % interval.
    public struct Rate: Codable, Sendable, Hashable {
        public var count: Int
        public var total: Int
        /// 95 % interval of the rate, as fractions.
        public var lower: Double
        public var upper: Double

        public init(count: Int, total: Int, lower: Double, upper: Double) {
            self.count = count
            self.total = total
            self.lower = lower
            self.upper = upper
        }

        /// `count / total` (0 when there is nothing to count).
        public var rate: Double { total > 0 ? Double(count) / Double(total) : 0 }

        /// The rate with a 95 % Wilson score interval, which stays inside
        /// [0, 1] and behaves at 0 and at small counts, where the normal
        /// approximation does not.
        ///
        /// ```swift
        /// TuningReport.Rate.wilson(count: 12, total: 400)   // 3.0 % [1.7 %, 5.2 %]
        /// ```
        public static func wilson(count: Int, total: Int, z: Double = 1.959963984540054) -> Rate {
            guard total > 0 else { return Rate(count: count, total: total, lower: 0, upper: 1) }
            let n = Double(total)
            let p = Double(min(max(count, 0), total)) / n
            let z2 = z * z
            let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
            let half = z / (1 + z2 / n) * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
            return Rate(count: count, total: total, lower: max(0, centre - half), upper: min(1, centre + half))
        }
    }

    /// A latency or animation budget: a percentile of one measure of one
    /// gesture must stay under a limit.
    public struct Budget: Codable, Sendable, Hashable {
        /// The gesture (recognizer) and measure the budget is about
        /// (`tap (waited)`, `cardSwipe overshoot`).
        public var gesture: String
        /// What is measured, in words ("from the last lift to recognition").
        public var definition: String
        /// The percentile held to the limit, e.g. 95.
        public var percentile: Double
        /// `ms` or `pt`; the limit and the values are in it.
        public var unit: String
        public var limit: Double
        public var before: Double
        public var after: Double
        /// Why no tuned constant can make it fail, when none can: reported
        /// as fixed by design and counted neither met nor missed.
        public var fixedByDesign: String?
        /// For a spring's settle time or overshoot, the spring's gesture
        /// (`tabSwipe`): its constants are `tabSwipe.springResponse` and
        /// `tabSwipe.springDamping`.
        public var spring: String?

        public init(gesture: String, definition: String = "", percentile: Double, unit: String = "ms", limit: Double,
                    before: Double, after: Double, fixedByDesign: String? = nil, spring: String? = nil) {
            self.spring = spring
            self.gesture = gesture
            self.definition = definition
            self.percentile = percentile
            self.unit = unit
            self.limit = limit
            self.before = before
            self.after = after
            self.fixedByDesign = fixedByDesign
        }

        /// Counted among met and missed.
        public var isCounted: Bool { fixedByDesign == nil }

        /// Whether the tuned constants produced any observation of the
        /// measure (none: the gesture never fired on the held-out users).
        public var hasData: Bool { after.isFinite }

        /// Met, or nothing to judge (the simulator's and `optimize --json`'s
        /// rule: a budget without observations is not a violation; reports
        /// say "no data").
        public var isMet: Bool { !hasData || after <= limit }
    }
}

extension TuningReport {
    /// One intent's held-out misfire rate before and after tuning.
    public struct IntentChange: Codable, Sendable, Hashable {
        public var intent: String
        public var before: Rate
        public var after: Rate
        /// McNemar on this intent's own held-out labels.
        public var fixedCount: Int
        public var brokenCount: Int
        public var pValue: Double
        /// The 95 % interval of the change of the rate (after − before, a
        /// fraction), paired gesture by gesture (Newcombe's method).
        public var changeInterval: ClosedRange<Double>?
        /// How many points (a fraction) the per-intent protection allowed;
        /// nil in runs without it.
        public var margin: Double?

        public init(intent: String, before: Rate, after: Rate, fixedCount: Int, brokenCount: Int, pValue: Double,
                    changeInterval: ClosedRange<Double>? = nil, margin: Double? = nil) {
            self.intent = intent
            self.before = before
            self.after = after
            self.fixedCount = fixedCount
            self.brokenCount = brokenCount
            self.pValue = pValue
            self.changeInterval = changeInterval
            self.margin = margin
        }

        public var isWorse: Bool { after.count > before.count }
        public var isChanged: Bool { after.count != before.count }
        /// Worse by more than the margin beyond noise: the whole interval
        /// of the change lies above it.
        public var isBeyondMargin: Bool {
            guard let margin, let changeInterval else { return false }
            return changeInterval.lowerBound > margin + 1e-12
        }
    }
}
