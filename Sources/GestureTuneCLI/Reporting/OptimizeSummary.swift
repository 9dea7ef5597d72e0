import Foundation
import Recognizers
import Scenes
import Simulation
import Tuning

// MARK: - What --json prints

/// The summary `optimize --json` prints: the headline numbers; the full
/// result is in result.json.
struct OptimizeSummary: Encodable {
    struct Side: Encodable {
        var trainMisfireRate: Double
        var holdoutMisfireRate: Double
        var holdoutMisfireInterval: ProportionInterval?
        var trainObjective: Double
        var holdoutObjective: Double
        var trainMisfires: Int
        var holdoutMisfires: Int
        var budgetViolations: Int

        init(_ side: Validation.Side) {
            trainMisfireRate = side.trainMisfireRate
            holdoutMisfireRate = side.holdoutMisfireRate
            holdoutMisfireInterval = side.holdout.misfireInterval
            trainObjective = side.trainObjective
            holdoutObjective = side.holdoutObjective
            trainMisfires = side.train.misfires
            holdoutMisfires = side.holdout.misfires
            budgetViolations = side.budgetViolations
        }
    }

    var run: Int64?
    var baseline: Side
    var tuned: Side
    var params: SearchPoint
    var evaluations: Int
    var seconds: Double
    var seed: UInt
    var verdict: String
    var holdoutMcNemarP: Double
    var trainLabels: Int
    var holdoutLabels: Int
    var corpusFingerprint: String
    var out: String
    var target: TuningTarget
    /// `--target platform`: agreement rates and the fitted constants beside UIKit's documented values.
    var calibration: Calibration?

    struct Calibration: Encodable {
        struct Agreement: Encodable {
            var train: Double?
            var holdout: Double?
        }
        struct Constant: Encodable {
            var name: String
            var unit: String
            var uikitDocuments: DocumentedValue?
            var reference: Double
            var fitted: Double
        }
        var baseline: Agreement
        var tuned: Agreement
        var holdoutDecisions: Int
        var constants: [Constant]
    }

    init(_ result: OptimizationResult, out: String) {
        run = result.run.id
        baseline = Side(result.baseline)
        tuned = Side(result.tuned)
        params = result.params
        evaluations = result.evaluations
        seconds = result.seconds
        seed = result.seed
        verdict = result.comparison.verdict.rawValue
        holdoutMcNemarP = result.comparison.holdoutTest.pValue
        trainLabels = result.corpus.trainLabels
        holdoutLabels = result.corpus.holdoutLabels
        corpusFingerprint = result.run.corpusFingerprint
        self.out = out
        target = result.target ?? .intent
        if target == .platform {
            func agreement(_ side: Validation.Side) -> Calibration.Agreement {
                .init(train: side.train.platformAgreement?.agreementRate, holdout: side.holdout.platformAgreement?.agreementRate)
            }
            calibration = Calibration(
                baseline: agreement(result.baseline), tuned: agreement(result.tuned),
                holdoutDecisions: result.tuned.holdout.platformAgreement?.decisions ?? 0,
                constants: result.parameters.map {
                    .init(
                        name: $0.name, unit: $0.unit, uikitDocuments: Parameter.documentedByUIKit[$0.name],
                        reference: $0.baseline, fitted: $0.tuned)
                })
        }
    }
}
