import Foundation
import Tuning

// MARK: - The verdict

extension TuningReport {
    /// Before → after on held-out users, the budgets, and whether the gain is real.
    package struct Verdict: Codable, Sendable, Hashable {
        /// Who the rates are measured on, e.g. `12 held-out users`.
        package var population: String
        package var before: Rate
        package var after: Rate
        /// Paired gestures misfired before but not after (McNemar's b).
        package var fixedCount: Int
        /// Paired gestures fine before but misfired after (McNemar's c).
        package var brokenCount: Int
        /// Two-sided McNemar p-value for fixed vs broken, as production passes
        /// it: Tuning's `McNemar.Result.pValue` — the exact binomial p-value
        /// below 25 discordant pairs (fixed + broken < `McNemar.exactThreshold`),
        /// χ² with continuity correction from 25 on. Reports computes none
        /// itself (one implementation, in Tuning).
        package var mcnemarPValue: Double
        /// The level the p-value is judged at (0.05 unless the run said otherwise).
        package var significanceLevel: Double = 0.05
        package var budgets: [Budget]
        /// How `before` and `after` intervals were computed: the caption says
        /// it. Production's are Clopper–Pearson (Tuning's `ClopperPearson`,
        /// through `TuningReport/rate(_:of:)`).
        package var intervalMethod: String = "Clopper–Pearson"
        /// Every intent's held-out rate before and after, with its own test:
        /// the verdict names each one made worse.
        package var intents: [IntentChange] = []

        /// Which McNemar test ``mcnemarPValue`` comes from, as the reports
        /// name it: the exact binomial test below
        /// `McNemar.exactThreshold` discordant pairs, χ² with continuity
        /// correction from there on (what production passes).
        package var mcnemarTest: String {
            fixedCount + brokenCount < McNemar.exactThreshold ? "exact McNemar" : "McNemar χ² (continuity-corrected)"
        }

        /// Intents with more held-out misfires after tuning.
        package var worseIntents: [IntentChange] { intents.filter(\.isWorse) }
        /// Intents whose change is significant, better or worse.
        package var significantIntents: [IntentChange] { intents.filter { $0.pValue < significanceLevel && $0.isChanged } }

        /// The p-value is below the significance level and fewer gestures misfire.
        package var isSignificantImprovement: Bool {
            mcnemarPValue < significanceLevel && after.rate < before.rate
        }

        /// The budgets a gesture of the scene can produce: the verdict and
        /// the budget table judge only these.
        package var applicableBudgets: [Budget] { budgets.filter(\.applicable) }
        /// The budgets no gesture of the scene can produce, named once.
        package var inapplicableBudgets: [Budget] { budgets.filter { !$0.applicable } }

        /// Every counted latency budget holds after tuning (a budget fixed by
        /// design is not counted).
        package var budgetsMet: Bool { budgets.allSatisfy { !$0.isCounted || $0.isMet } }

        /// The budgets the verdict judges, once — counted (not fixed by
        /// design), applicable, and observed after tuning: the card's "N of
        /// M met" and the text's are these.
        package var judgedBudgets: [Budget] { applicableBudgets.filter(\.isJudged) }
        /// Counted, applicable budgets without observations after tuning:
        /// named apart, neither met nor missed.
        package var unobservedBudgets: [Budget] { applicableBudgets.filter { $0.isCounted && !$0.hasData } }
    }

    /// A proportion with its 95 % interval (production's: Clopper–Pearson,
    /// `TuningReport/rate(_:of:)`).
    package struct Rate: Codable, Sendable, Hashable {
        package var count: Int
        package var total: Int
        /// 95 % interval of the rate, as fractions.
        package var lower: Double
        package var upper: Double

        /// `count / total` (0 when there is nothing to count).
        package var rate: Double { total > 0 ? Double(count) / Double(total) : 0 }
    }

    /// A latency or animation budget: a percentile of one measure of one
    /// gesture must stay under a limit.
    package struct Budget: Codable, Sendable, Hashable {
        /// The gesture (recognizer) and measure the budget is about
        /// (`tap (waited)`, `cardSwipe overshoot`).
        package var gesture: String
        /// What is measured, in words ("from the last lift to recognition").
        package var definition: String
        /// The percentile held to the limit, e.g. 95.
        package var percentile: Double
        /// `ms` or `pt`; the limit and the values are in it.
        package var unit: String
        package var limit: Double
        package var before: Double
        package var after: Double
        /// Why no tuned constant can make it fail, when none can: reported
        /// as fixed by design and counted neither met nor missed.
        package var fixedByDesign: String?
        /// For a spring's settle time or overshoot, the spring's gesture
        /// (`tabSwipe`): its constants are `tabSwipe.springResponse` and
        /// `tabSwipe.springDamping`.
        package var spring: String?
        /// The limit is a standard (`true`): the value must equal it, not
        /// only stay under it (`nil`: a ceiling, as most budgets).
        package var standard: Bool?
        /// Whether a gesture of the scene can produce the measure at all:
        /// an inapplicable budget (a tap's response on a scene without a
        /// tap) is named once as not applicable, never judged.
        package var applicable: Bool
        /// The reference constants met it on the training people but not
        /// its bound for new people, so the search held the bound at
        /// their own (`true`; `nil` otherwise) rather than trade misfires
        /// for it.
        package var heldAtReference: Bool?
        /// What the search held the tuned constants to: the bound on the
        /// percentile for people outside the training set, with
        /// ``confidence`` ("p95 ≤ 9.4 pt for new people, 95 % confidence");
        /// `nil` for a budget the search bounded no such way (exact,
        /// relaxed, fixed by design) and in runs stored before.
        package var newPeopleBound: Double?
        package var confidence: Double?
        /// The share of groups resampled from the held-out people (groups as
        /// large as theirs) that meet the budget with the tuned constants:
        /// how likely it holds on new people. `nil` without observations.
        package var holdProbability: Double?
        /// How many people each resampled group drew.
        package var resampledPeople: Int?

        package init(
            gesture: String, definition: String = "", percentile: Double, unit: String = "ms", limit: Double,
            before: Double, after: Double, fixedByDesign: String? = nil, spring: String? = nil, standard: Bool = false,
            applicable: Bool = true, heldAtReference: Bool = false
        ) {
            self.applicable = applicable
            self.heldAtReference = heldAtReference ? true : nil
            self.spring = spring
            self.standard = standard ? true : nil
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
        package var isCounted: Bool { fixedByDesign == nil }
        /// Counted and observed: what the verdict judges met or missed, in
        /// its cards and its text alike.
        package var isJudged: Bool { isCounted && hasData }

        /// Whether the tuned constants produced any observation of the
        /// measure (none: the gesture never fired on the held-out users).
        package var hasData: Bool { after.isFinite }

        /// Met, or nothing to judge (the simulator's and `optimize --json`'s
        /// rule: a budget without observations is not a violation; reports
        /// say "no data").
        package var isMet: Bool { !hasData || meets(after) }

        /// Whether `value` meets the limit: at most it, or (a standard) it.
        package func meets(_ value: Double) -> Bool {
            standard == true ? abs(value - limit) <= 0.0005 : value <= limit
        }

        /// The limit as a table prints its relation: "≤ 500 ms", "= 500 ms".
        package var relation: String { standard == true ? "=" : "≤" }
    }
}

extension TuningReport {
    /// One intent's held-out misfire rate before and after tuning.
    package struct IntentChange: Codable, Sendable, Hashable {
        package var intent: String
        package var before: Rate
        package var after: Rate
        /// McNemar on this intent's own held-out labels.
        package var fixedCount: Int
        package var brokenCount: Int
        package var pValue: Double
        /// The 95 % interval of the change of the rate (after − before, a
        /// fraction), paired gesture by gesture (Newcombe's method).
        package var changeInterval: ClosedRange<Double>?
        /// How many points (a fraction) the per-intent protection allowed;
        /// nil in runs without it.
        package var margin: Double?

        package var isWorse: Bool { after.count > before.count }
        package var isChanged: Bool { after.count != before.count }
        /// Worse by more than the margin beyond noise: the whole interval
        /// of the change lies above it (Tuning's rule, the verdict's too).
        package var isBeyondMargin: Bool { IntentComparison.isBeyond(margin: margin, changeInterval: changeInterval) }
    }
}
