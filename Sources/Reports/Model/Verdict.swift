import Foundation
import Tuning

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
        /// Two-sided McNemar p-value for fixed vs broken, as production passes
        /// it: Tuning's `McNemar.Result.pValue` — the exact binomial p-value
        /// below 25 discordant pairs (fixed + broken < `McNemar.exactThreshold`),
        /// χ² with continuity correction from 25 on. Reports computes none
        /// itself (one implementation, in Tuning).
        public var mcnemarPValue: Double
        /// The level the p-value is judged at (0.05 unless the run said otherwise).
        public var significanceLevel: Double
        public var budgets: [Budget]
        /// How `before` and `after` intervals were computed: the caption says
        /// it. Production's are Clopper–Pearson (Tuning's `ClopperPearson`,
        /// through ``TuningReport/rate(_:of:)``).
        public var intervalMethod: String
        /// Every intent's held-out rate before and after, with its own test:
        /// the verdict names each one made worse.
        public var intents: [IntentChange]

        public init(
            population: String, before: Rate, after: Rate, fixedCount: Int, brokenCount: Int,
            mcnemarPValue: Double, significanceLevel: Double = 0.05, budgets: [Budget],
            intervalMethod: String = "Clopper–Pearson", intents: [IntentChange] = []
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

        /// Which McNemar test ``mcnemarPValue`` comes from, as the reports
        /// name it: the exact binomial test below
        /// `McNemar.exactThreshold` discordant pairs, χ² with continuity
        /// correction from there on (what production passes).
        public var mcnemarTest: String {
            fixedCount + brokenCount < McNemar.exactThreshold ? "exact McNemar" : "McNemar χ² (continuity-corrected)"
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
    }

    /// A proportion with its 95 % interval (production's: Clopper–Pearson,
    /// ``TuningReport/rate(_:of:)``).
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
        /// of the change lies above it (Tuning's rule, the verdict's too).
        public var isBeyondMargin: Bool { IntentComparison.isBeyond(margin: margin, changeInterval: changeInterval) }
    }
}
