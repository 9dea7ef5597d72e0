import Simulation
import TraceModel

// MARK: - Before and after, on people the tuning never saw

/// The reference constants (before) against the tuned ones (after), both
/// measured exactly on the training users and on the held-out users, with
/// McNemar's test on the per-label outcomes of the SAME labelled gestures.
///
/// The verdict reads the holdout test: ``Verdict/improved`` only when the
/// tuned constants get more held-out labels right than wrong-before and the
/// exact McNemar/χ² p-value is below 0.05.
///
/// ```swift
/// let validation = try Validation(objective: objective, baseline: space.defaults, tuned: best, seed: 1)
/// validation.verdict               // .improved
/// validation.holdoutTest.pValue    // 0.003
/// ```
package struct Validation: Sendable, Codable {
    /// One parameter set on both splits.
    package struct Side: Sendable, Codable {
        package var trainMisfireRate: Double
        package var holdoutMisfireRate: Double
        /// Budgets (nominal limits) missed on the holdout users.
        package var budgetViolations: Int
        package var trainObjective: Double
        package var holdoutObjective: Double
        package var train: SplitMeasurement
        package var holdout: SplitMeasurement

        package init(train: SplitMeasurement, holdout: SplitMeasurement) {
            self.train = train
            self.holdout = holdout
            trainMisfireRate = train.misfireRate
            holdoutMisfireRate = holdout.misfireRate
            budgetViolations = holdout.budgetViolations
            trainObjective = train.objective
            holdoutObjective = holdout.objective
        }
    }

    /// What the holdout says.
    package enum Verdict: String, Sendable, Hashable, Codable {
        /// Fewer held-out misfires, and McNemar's p < 0.05.
        case improved
        /// The held-out difference could be noise (p ≥ 0.05), or nothing changed.
        case noSignificantChange = "no-significant-change"
        /// More held-out misfires, and p < 0.05.
        case worse
    }

    package var baseline: Side
    package var tuned: Side
    /// McNemar on held-out labels: `worsened` = right before, wrong after.
    package var holdoutTest: McNemar.Result
    package var trainTest: McNemar.Result
    package var verdict: Verdict
    /// One sentence for reports (it names every intent made worse).
    package var summary: String
    /// Every held-out intent before and after, with its own test.
    package var perIntent: [IntentComparison]

    /// The significance level of the verdict.
    package static let alpha = 0.05

    package init(
        objective: TuningObjective, baseline: SearchPoint, tuned: SearchPoint, seed: UInt,
        bootstrapResamples: Int = 1_000
    ) throws {
        func side(_ values: SearchPoint) throws -> Side {
            Side(
                train: try SplitMeasurement(
                    objective: objective, values: values, split: .train, seed: seed,
                    bootstrapResamples: bootstrapResamples),
                holdout: try SplitMeasurement(
                    objective: objective, values: values, split: .holdout, seed: seed,
                    bootstrapResamples: bootstrapResamples))
        }
        let before = try side(baseline), after = try side(tuned)
        self.init(
            baseline: before, tuned: after, intentLimits: objective.intentLimits,
            intentMargin: objective.intentMargin)
    }

    /// Compares two measured sides.
    package init(baseline: Side, tuned: Side, intentLimits: [String: Double] = [:], intentMargin: Double? = nil) {
        self.baseline = baseline
        self.tuned = tuned
        holdoutTest = Self.pairedTest(baseline.holdout.labelOutcomes, tuned.holdout.labelOutcomes)
        trainTest = Self.pairedTest(baseline.train.labelOutcomes, tuned.train.labelOutcomes)
        perIntent = IntentComparison.all(baseline: baseline, tuned: tuned, limits: intentLimits, margin: intentMargin)
        (verdict, summary) = Self.judge(before: baseline.holdout, after: tuned.holdout, test: holdoutTest)
        let worse = perIntent.filter(\.isWorse)
        if !worse.isEmpty {
            summary +=
                " Worse on held-out people: "
                + worse.map { c in
                    var text =
                        "\(Intent.readableName(of: c.intent)) \(percent(c.baselineRate)) → \(percent(c.tunedRate)) (p \(formatP(c.test.pValue))"
                    if let range = c.changeInterval {
                        text += "; change 95 % CI \(points(range.lowerBound)) to \(points(range.upperBound)) points"
                    }
                    return text + ")"
                }.joined(separator: ", ") + "."
            // The protection's promise, judged on people the tuning never saw.
            if let intentMargin {
                let sacrificed = worse.filter(\.isSacrificed)
                summary +=
                    sacrificed.isEmpty
                    ? " None is worse by more than the \(points(intentMargin, signed: false)) points allowed beyond the sample's noise."
                    : " Worse by more than the \(points(intentMargin, signed: false)) points allowed, beyond the sample's noise: "
                        + sacrificed.map { Intent.readableName(of: $0.intent) }.joined(separator: ", ") + "."
            }
        }
    }

    /// McNemar on labels present in both runs, paired by session and label index.
    package static func pairedTest(_ before: [LabelOutcome], _ after: [LabelOutcome]) -> McNemar.Result {
        McNemar.test(pairs(before, after))
    }

    /// Each label present in both runs as (right before, right after),
    /// paired by session and label index.
    static func pairs(_ before: [LabelOutcome], _ after: [LabelOutcome]) -> [(before: Bool, after: Bool)] {
        struct Key: Hashable {
            var session: String
            var label: Int
        }
        var afterByKey: [Key: Bool] = [:]
        for o in after { afterByKey[Key(session: o.session, label: o.label)] = o.outcome == .correct }
        var pairs: [(before: Bool, after: Bool)] = []
        pairs.reserveCapacity(before.count)
        for o in before {
            if let a = afterByKey[Key(session: o.session, label: o.label)] {
                pairs.append((before: o.outcome == .correct, after: a))
            }
        }
        return pairs
    }

    static func judge(before: SplitMeasurement, after: SplitMeasurement, test: McNemar.Result)
        -> (Verdict, String)
    {
        let p = test.pValue
        let change = "held-out misfire rate \(percent(before.misfireRate)) → \(percent(after.misfireRate))"
        let detail = "\(test.improved) label(s) fixed, \(test.worsened) broken; McNemar p \(formatP(p))"
        if p < alpha, test.improved > test.worsened {
            return (.improved, "Improved: \(change) (\(detail)).")
        }
        if p < alpha, test.worsened > test.improved {
            return (.worse, "Worse: \(change) (\(detail)).")
        }
        return (.noSignificantChange, "No significant change: \(change) (\(detail)).")
    }
}

/// `0.0312` → `3.12%`.
func percent(_ x: Double) -> String {
    let v = (x * 10_000).rounded() / 100
    return "\(v)%"
}

/// A rate change in points, signed: `0.0417` → `+4.2`.
func points(_ x: Double, signed: Bool = true) -> String {
    let v = (x * 1_000).rounded() / 10
    return signed && v > 0 ? "+\(v)" : "\(v)"
}

/// p-values to three significant digits, tiny ones as `< 0.0001`.
/// `= 0.031` or `< 0.0001`: the relation comes with the number.
func formatP(_ p: Double) -> String {
    if p < 0.0001 { return "< 0.0001" }
    let digits = p < 0.001 ? 4 : 3
    let scale = pow10(digits)
    return "= \((p * scale).rounded() / scale)"
}

private func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { a, _ in a * 10 } }
