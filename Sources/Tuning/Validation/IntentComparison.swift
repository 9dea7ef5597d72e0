import Simulation
import TraceModel

// MARK: - Every intent, before and after

/// One intent's held-out misfires with the reference and the tuned
/// constants, with McNemar's test on that intent's own labels: what the
/// report's verdict lists, so that a gesture made worse is never hidden by
/// a better average.
package struct IntentComparison: Sendable, Hashable, Codable {
    package var intent: String
    /// Held-out labels of the intent.
    package var labels: Int
    package var baselineMisfires: Int
    package var tunedMisfires: Int
    /// 95 % Clopper–Pearson intervals (misfires capped at the label count).
    package var baselineInterval: ProportionInterval?
    package var tunedInterval: ProportionInterval?
    /// On this intent's labels only.
    package var test: McNemar.Result
    /// The training misfire rates the protection compared (nil in runs
    /// without it).
    package var baselineTrainRate: Double?
    package var tunedTrainRate: Double?
    /// The training limit the search kept it under (reference + margin).
    package var trainLimit: Double?
    /// The held-out gestures of the intent as a paired table (wrong both
    /// times, broken, fixed, right both times).
    package var paired: PairedDifference?
    /// The 95 % interval of the held-out change `tuned − baseline` rate
    /// (``PairedDifference``): what a single gesture in a small intent can
    /// and cannot say.
    package var changeInterval: ClosedRange<Double>?
    /// How many points the protection allowed (nil in runs without it).
    package var margin: Double?

    package var baselineRate: Double { labels > 0 ? Double(baselineMisfires) / Double(labels) : 0 }
    package var tunedRate: Double { labels > 0 ? Double(tunedMisfires) / Double(labels) : 0 }
    /// More held-out misfires after tuning.
    package var isWorse: Bool { tunedMisfires > baselineMisfires }
    /// McNemar's p below ``Validation/alpha``, either way.
    package var isSignificant: Bool { test.pValue < Validation.alpha && test.improved != test.worsened }
    /// The held-out rate rose by more than ``margin`` points beyond the
    /// sample's noise (``isBeyond(margin:changeInterval:)``).
    package var isSacrificed: Bool { Self.isBeyond(margin: margin, changeInterval: changeInterval) }

    /// The one rule for "worse than the margin beyond noise", which the
    /// report applies too: the whole 95 % interval of the change lies above
    /// the margin. A rise that only the point estimate puts above it (one
    /// gesture of 24 is 4.2 points) is reported, not called a sacrifice.
    package static func isBeyond(margin: Double?, changeInterval: ClosedRange<Double>?) -> Bool {
        guard let margin, let changeInterval else { return false }
        return changeInterval.lowerBound > margin + 1e-12
    }

    /// Every labelled intent of the held-out split (the `unlabelled` row of
    /// spurious recognitions is not an intent), in name order.
    static func all(
        baseline: Validation.Side, tuned: Validation.Side, limits: [String: Double] = [:],
        margin: Double? = nil
    ) -> [IntentComparison] {
        let before = baseline.holdout, after = tuned.holdout
        let intents = Set(before.perIntent.keys).union(after.perIntent.keys)
            .filter { $0 != TuningObjective.unlabelled }.sorted()
        return intents.compactMap { intent in
            let b = before.perIntent[intent] ?? OutcomeCounts(), a = after.perIntent[intent] ?? OutcomeCounts()
            let labels = max(b.labels, a.labels)
            guard labels > 0 else { return nil }
            let pairs = Validation.pairs(
                before.labelOutcomes.filter { $0.intent.rawValue == intent },
                after.labelOutcomes.filter { $0.intent.rawValue == intent })
            let test = McNemar.test(pairs)
            let paired = pairs.isEmpty ? nil : PairedDifference(pairs)
            return IntentComparison(
                intent: intent, labels: labels, baselineMisfires: b.misfires, tunedMisfires: a.misfires,
                baselineInterval: ClopperPearson.interval(successes: min(b.misfires, labels), trials: labels),
                tunedInterval: ClopperPearson.interval(successes: min(a.misfires, labels), trials: labels),
                test: test,
                baselineTrainRate: baseline.train.perIntent[intent]?.misfireRate,
                tunedTrainRate: tuned.train.perIntent[intent]?.misfireRate,
                trainLimit: limits[intent], paired: paired, changeInterval: paired?.interval(),
                margin: limits[intent] == nil ? nil : margin)
        }
    }
}
