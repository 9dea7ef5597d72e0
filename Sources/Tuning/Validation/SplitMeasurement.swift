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
package struct SplitMeasurement: Sendable, Codable {
    package var split: SplitSide
    package var sessions: Int
    package var labels: Int
    /// Exact: wrong + missed + dead zone + spurious.
    package var misfires: Int
    /// `misfires / labels` (the simulator's misfire rate).
    package var misfireRate: Double
    /// 95 % Clopper–Pearson interval of the misfire rate. When spurious
    /// recognitions outside labels push misfires above the label count, the
    /// interval is computed with misfires capped at the label count.
    package var misfireInterval: ProportionInterval?
    /// The objective's exact value: weighted misfire cost per label, or
    /// with ``TuningTarget/platform`` the platform disagreement rate.
    package var objective: Double
    /// Summed misfire cost (the numerator of ``objective``).
    package var weightedMisfires: Double
    /// Outcome counts over all labels.
    package var counts: OutcomeCounts
    /// Per label intent (`unlabelled` for spurious recognitions outside labels).
    package var perIntent: [String: OutcomeCounts]
    /// Intended × recognized (see `SimulationResult.confusion`).
    package var confusion: [String: [String: Int]]
    /// Recognition latency per gesture kind, ms.
    package var latency: [String: LatencySummary]
    /// Each budget at its nominal limit.
    package var budgets: [BudgetCheck]
    /// Budgets (nominal limits) missed.
    package var budgetViolations: Int
    /// Relative excess of each missed budget over its nominal limit.
    package var violations: [String: Double]
    /// Per budget (as ``budgets``), how it fares for people outside this
    /// split, from a bootstrap over this split's people (``PeopleBootstrap``):
    /// `nil` for a budget without observations, or in runs stored before
    /// it was measured.
    package var newPeople: [NewPeopleOutlook?]?
    /// Agreement with the platform's recognizers, when the split's sessions
    /// carry them.
    package var platformAgreement: PlatformAgreement?

    /// Per-label outcomes, for paired tests (not encoded: large).
    package var labelOutcomes: [LabelOutcome] = []

    private enum CodingKeys: String, CodingKey {
        case split, sessions, labels, misfires, misfireRate, misfireInterval, objective, weightedMisfires
        case counts, perIntent, confusion, latency, budgets, budgetViolations, violations, platformAgreement
        case newPeople
    }

    /// Replays `split` exactly (temperature 0) and measures.
    ///
    /// - Parameters:
    ///   - objective: The objective whose scene, weights and budgets judge the replay.
    ///   - values: The constants to replay with.
    ///   - split: The people to replay (training or held-out).
    ///   - seed: The bootstrap's seed (the same seed, the same intervals).
    ///   - bootstrapResamples: Resamples per latency interval (0: none).
    package init(
        objective: TuningObjective, values: SearchPoint, split: SplitSide, seed: UInt,
        bootstrapResamples: Int = 1_000
    ) throws {
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
        for i in objective.inapplicableBudgets where checks.indices.contains(i) { checks[i].applicable = false }
        budgets = checks
        budgetViolations = checks.filter(\.isMissed).count
        violations = TuningObjective.violations(checks, ignoring: Set(objective.fixedBudgets.keys))
        labelOutcomes = result.labelOutcomes
        // The training people as the search resampled them (its bounds, to
        // the bit); the held-out people with the run's seed.
        // (A side without people has no outlook.)
        let people =
            split == .train
            ? objective.trainingPeople ?? (try? PeopleBootstrap(people: objective.data.trainUsers, seed: seed))
            : try? PeopleBootstrap(
                people: objective.data.holdoutUsers,
                confidence: objective.budgetConfidence ?? TuningObjective.defaultBudgetConfidence, seed: seed)
        newPeople = people.map { people in
            result.budgets.map { check in
                check.byPerson.map { NewPeopleOutlook(check.budget, observed: $0, people: people) }
            }
        }

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

/// How one budget fares for people outside the split measured: a
/// bootstrap over the split's people (``PeopleBootstrap``), groups as large
/// as the split.
package struct NewPeopleOutlook: Sendable, Hashable, Codable {
    /// The budget's percentile a new group stays within with ``confidence``
    /// ("p95 ≤ 9.4 pt for new people, 95 % confidence"); `nil` for a
    /// standard, held at both ends (``holdProbability`` says it), or when
    /// most groups make no such gesture.
    package var bound: Double?
    package var confidence: Double
    /// The share of resampled groups that meet the budget.
    package var holdProbability: Double
    /// The people resampled, and how many each group draws.
    package var people: Int

    init(_ budget: LatencyBudget, observed: PersonObservations, people: PeopleBootstrap) {
        bound = budget.standard ? nil : people.upperBound(observed, percentile: budget.percentile)
        confidence = people.confidence
        holdProbability = people.holdProbability(observed, budget: budget)
        self.people = people.groupSize
    }
}

/// Percentiles of one gesture's recognition latency, with a percentile
/// bootstrap interval for the 95th.
package struct LatencySummary: Sendable, Hashable, Codable {
    package var count: Int
    package var p50: Double
    package var p95: Double
    package var max: Double
    /// 95 % percentile-bootstrap interval of p95 (nil without resamples).
    package var p95Interval: Bootstrap.Interval?

    init(_ values: [Double], resamples: Int, seed: UInt) {
        let sorted = Statistics.sorted(values)
        count = sorted.count
        p50 = Statistics.quantile(sorted: sorted, 0.5) ?? 0
        p95 = Statistics.quantile(sorted: sorted, 0.95) ?? 0
        max = sorted.last ?? 0
        p95Interval =
            resamples > 0 && sorted.count > 1
            ? try? Bootstrap.percentileInterval(of: sorted, resamples: resamples, seed: seed) { sample in
                Statistics.quantile(of: sample, 0.95)
            }
            : nil
    }
}
