import Simulation

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

    package var baselineRate: Double { labels > 0 ? Double(baselineMisfires) / Double(labels) : 0 }
    package var tunedRate: Double { labels > 0 ? Double(tunedMisfires) / Double(labels) : 0 }
    /// More held-out misfires after tuning.
    package var isWorse: Bool { tunedMisfires > baselineMisfires }
    /// McNemar's p below ``Validation/alpha``, either way.
    package var isSignificant: Bool { test.pValue < Validation.alpha && test.improved != test.worsened }

    /// Every labelled intent of the held-out split (the `unlabelled` row of
    /// spurious recognitions is not an intent), in name order.
    static func all(baseline: Validation.Side, tuned: Validation.Side, limits: [String: Double] = [:])
        -> [IntentComparison]
    {
        let before = baseline.holdout, after = tuned.holdout
        let intents = Set(before.perIntent.keys).union(after.perIntent.keys)
            .filter { $0 != TuningObjective.unlabelled }.sorted()
        return intents.compactMap { intent in
            let b = before.perIntent[intent] ?? OutcomeCounts(), a = after.perIntent[intent] ?? OutcomeCounts()
            let labels = max(b.labels, a.labels)
            guard labels > 0 else { return nil }
            let test = Validation.pairedTest(before.labelOutcomes.filter { $0.intent.rawValue == intent },
                                             after.labelOutcomes.filter { $0.intent.rawValue == intent })
            return IntentComparison(
                intent: intent, labels: labels, baselineMisfires: b.misfires, tunedMisfires: a.misfires,
                baselineInterval: ClopperPearson.interval(successes: min(b.misfires, labels), trials: labels),
                tunedInterval: ClopperPearson.interval(successes: min(a.misfires, labels), trials: labels),
                test: test,
                baselineTrainRate: baseline.train.perIntent[intent]?.misfireRate,
                tunedTrainRate: tuned.train.perIntent[intent]?.misfireRate,
                trainLimit: limits[intent])
        }
    }
}
