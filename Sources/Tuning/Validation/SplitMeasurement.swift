import GSL
import Recognizers
import Simulation
import TraceModel

// MARK: - Exact measurements of one parameter set on one split

/// Everything reports say about one parameter set on one split: exact
/// misfire counts with a 95 % Clopper–Pearson interval, the weighted
/// objective, counts per outcome and per intent, latency percentiles with
/// bootstrap intervals, and every budget checked against its NOMINAL limit.
///
/// ```swift
/// let m = try SplitMeasurement(objective: objective, values: tuned, split: .holdout, seed: 1)
/// print(m.misfireRate, m.misfireInterval?.lower ?? 0, m.misfireInterval?.upper ?? 1)
/// ```
public struct SplitMeasurement: Sendable, Codable {
    public var split: SplitSide
    public var sessions: Int
    public var labels: Int
    /// Exact: wrong + missed + dead zone + spurious.
    public var misfires: Int
    /// `misfires / labels` (the simulator's misfire rate).
    public var misfireRate: Double
    /// 95 % Clopper–Pearson interval of the misfire rate. When spurious
    /// recognitions outside labels push misfires above the label count, the
    /// interval is computed with misfires capped at the label count.
    public var misfireInterval: ProportionInterval?
    /// The objective's exact value: weighted misfire cost per label, or
    /// with ``TuningTarget/platform`` the platform disagreement rate.
    public var objective: Double
    /// Summed misfire cost (the numerator of ``objective``).
    public var weightedMisfires: Double
    /// Outcome counts over all labels.
    public var counts: OutcomeCounts
    /// Per label intent (`unlabelled` for spurious recognitions outside labels).
    public var perIntent: [String: OutcomeCounts]
    /// Intended × recognized (see ``SimulationResult/confusion``).
    public var confusion: [String: [String: Int]]
    /// Recognition latency per gesture kind, ms.
    public var latency: [String: LatencySummary]
    /// Each budget at its nominal limit.
    public var budgets: [BudgetCheck]
    /// Budgets (nominal limits) missed.
    public var budgetViolations: Int
    /// Relative excess of each missed budget over its nominal limit.
    public var violations: [String: Double]
    /// Agreement with the platform's recognizers, when the split's sessions
    /// carry them.
    public var platformAgreement: PlatformAgreement?

    /// Per-label outcomes, for paired tests (not encoded: large).
    public var labelOutcomes: [LabelOutcome] = []

    private enum CodingKeys: String, CodingKey {
        case split, sessions, labels, misfires, misfireRate, misfireInterval, objective, weightedMisfires
        case counts, perIntent, confusion, latency, budgets, budgetViolations, violations, platformAgreement
    }

    /// Replays `split` exactly (temperature 0) and measures.
    ///
    /// - Parameter bootstrapResamples: Resamples per latency interval (0: none).
    public init(objective: TuningObjective, values: ParameterValues, split: SplitSide, seed: UInt,
                bootstrapResamples: Int = 1_000) throws {
        let result = try objective.simulate(values, on: split, budgets: objective.budgets)
        let cost = objective.weightedCost(of: result)
        self.split = split
        sessions = result.sessions
        labels = result.total.labels
        misfires = result.total.misfires
        misfireRate = result.total.misfireRate
        misfireInterval = ClopperPearson.interval(successes: min(misfires, labels), trials: labels)
        weightedMisfires = cost.exact
        self.objective = labels > 0 || objective.target != .intent ? objective.evaluation(of: result).exact : 0
        platformAgreement = result.platformAgreement
        counts = result.total
        perIntent = result.perIntent
        confusion = result.confusion
        var checks = result.budgets
        for (i, reason) in objective.fixedBudgets where checks.indices.contains(i) { checks[i].fixedByDesign = reason }
        budgets = checks
        budgetViolations = checks.filter(\.isMissed).count
        violations = TuningObjective.violations(checks, ignoring: Set(objective.fixedBudgets.keys))
        labelOutcomes = result.labelOutcomes

        var byKind: [String: [Double]] = [:]
        for r in result.recognitionLog {
            byKind[r.recognition.kind.rawValue, default: []].append(Double(r.recognition.latency) / 1000)
        }
        var latency: [String: LatencySummary] = [:]
        for (kind, values) in byKind.sorted(by: { $0.key < $1.key }) {
            latency[kind] = LatencySummary(values, resamples: bootstrapResamples, seed: seed)
        }
        self.latency = latency
    }
}

/// Percentiles of one gesture's recognition latency, with a percentile
/// bootstrap interval for the 95th.
public struct LatencySummary: Sendable, Hashable, Codable {
    public var count: Int
    public var p50: Double
    public var p95: Double
    public var max: Double
    /// 95 % percentile-bootstrap interval of p95 (nil without resamples).
    public var p95Interval: Bootstrap.Interval?

    init(_ values: [Double], resamples: Int, seed: UInt) {
        let sorted = Statistics.sorted(values)
        count = sorted.count
        p50 = Statistics.quantile(sorted: sorted, 0.5) ?? 0
        p95 = Statistics.quantile(sorted: sorted, 0.95) ?? 0
        max = sorted.last ?? 0
        p95Interval = resamples > 0 && sorted.count > 1
            ? try? Bootstrap.percentileInterval(of: sorted, resamples: resamples, seed: seed) { sample in
                Statistics.quantile(of: sample, 0.95)
            }
            : nil
    }
}
