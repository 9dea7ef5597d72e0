import Foundation
import GesturePhysics
import Recognizers
import Simulation
import TraceModel
import Tuning

// MARK: - From an optimization run to the report

extension TuningReport {
    /// Builds the report of an optimization run.
    ///
    /// Most figures come straight from the run (`OptimizationResult`): the
    /// verdict's rates, intervals and McNemar test, the constants, the
    /// misfire counts, the search history, the sweeps and the Pareto front.
    /// What the run does not keep — every latency observation, per-user and
    /// per-device rates, the labels behind the misfires and their touch
    /// paths — comes from one more replay of the held-out users with the
    /// baseline and with the tuned constants (loading happened already; two
    /// replays cost milliseconds).
    ///
    /// ```swift
    /// let result = try Optimizer(settings: settings).run(sessions: sessions, scene: scene)
    /// let report = try TuningReport(optimization: result, sessions: sessions, scene: scene, corpus: "datasets/epilogue")
    /// try ReportWriter.write(report, to: "reports")
    /// ```
    ///
    /// - Parameters:
    ///   - sessions: The sessions the run was given (the same split is made again).
    ///   - scene: The scene override the run used (`nil`: each session's own).
    ///   - corpus: How to name the data in the report (a path or a description).
    ///   - examplesPerGroup: How many remaining and fixed misfires to draw.
    public init(
        optimization result: OptimizationResult, sessions: [Session], scene: Scene?, corpus: String,
        versions: [String: String] = [:], examplesPerGroup: Int = 6
    ) throws {
        let holdout = splitByUser(sessions, holdoutFraction: result.corpus.holdoutFraction).holdout
        let replay = try HoldoutReplay(result: result, sessions: holdout, scene: scene)
        let base = result.baseline.holdout, tuned = result.tuned.holdout

        let verdict = Verdict(
            population: "\(result.corpus.holdoutUsers.count) held-out people, \(base.labels) gestures",
            before: Self.rate(base.misfires, of: base.labels), after: Self.rate(tuned.misfires, of: tuned.labels),
            fixedCount: result.comparison.holdoutTest.improved, brokenCount: result.comparison.holdoutTest.worsened,
            mcnemarPValue: result.comparison.holdoutTest.pValue,
            budgets: zip(base.budgets, tuned.budgets).map { before, after in
                Budget(gesture: before.budget.title, definition: before.budget.definition,
                       percentile: before.budget.percentile, unit: before.budget.measure.unit, limit: before.budget.limit,
                       before: before.value ?? .nan, after: after.value ?? .nan, fixedByDesign: before.fixedByDesign)
            },
            intervalMethod: "Clopper–Pearson",
            intents: (result.comparison.perIntent ?? []).map { c in
                IntentChange(intent: c.intent, before: Self.rate(c.baselineMisfires, of: c.labels),
                             after: Self.rate(c.tunedMisfires, of: c.labels), fixedCount: c.test.improved,
                             brokenCount: c.test.worsened, pValue: c.test.pValue,
                             changeInterval: c.changeInterval, margin: c.margin)
            })

        let constants = result.parameters.map {
            Constant(name: $0.name, unit: $0.unit, old: $0.baseline, new: $0.tuned, lower: $0.lower, upper: $0.upper)
        }

        let intents = Set(base.perIntent.keys).union(tuned.perIntent.keys).sorted()
        let misfires = Misfires(
            byIntent: intents.map { intent in
                let b = base.perIntent[intent] ?? OutcomeCounts(), a = tuned.perIntent[intent] ?? OutcomeCounts()
                return IntentMisfires(intent: intent, gestures: max(b.labels, a.labels),
                                      before: Self.counts(b), after: Self.counts(a))
            },
            confusionBefore: Self.matrix(base.confusion), confusionAfter: Self.matrix(tuned.confusion))

        let latency = result.budgets.map(\.budget)
            .filter { [.latency, .recognition, .response].contains($0.measure) }.map { budget in
                LatencyDistribution(
                    gesture: budget.title, definition: budget.definition, budgetPercentile: budget.percentile,
                    budgetMs: budget.limit,
                    beforeMs: replay.times(for: budget, baseline: true), afterMs: replay.times(for: budget, baseline: false))
            }

        let sweeps = result.sensitivity.map { curve in
            ParameterSweep(parameter: curve.parameter, unit: curve.unit,
                           points: curve.points.map { SweepPoint(value: $0.value, objective: $0.objective) },
                           chosen: curve.tuned)
        }
        var pareto = (result.pareto?.points ?? []).compactMap { point -> ParetoPoint? in
            guard point.feasible, let achieved = point.achieved else { return nil }
            return ParetoPoint(misfireRate: point.holdoutMisfireRate, latencyMs: achieved, onFront: false)
        }
        if let front = result.pareto,
            let chosen = tuned.budgets.first(where: { $0.budget.key == front.budget })?.value
        {
            pareto.append(ParetoPoint(misfireRate: tuned.misfireRate, latencyMs: chosen, onFront: false, chosen: true))
        }

        let search = result.history.map {
            SearchStep(evaluation: $0.index + 1, objective: $0.exact, bestSoFar: $0.bestSoFar ?? $0.exact)
        }

        self.init(
            // The scene(s) tuned, by name: a designer knows "epilogue", not
            // how sessions pick their scene.
            title: "Gesture tuning: " + (result.scene ?? Set(sessions.map { $0.header.scene ?? Scene.plain.name })
                .sorted().joined(separator: ", ")),
            verdict: verdict, constants: constants, misfires: misfires, latency: latency,
            springs: replay.springs(result: result),
            sensitivity: Sensitivity(
                sweeps: sweeps, pareto: TuningReport.markingFront(pareto),
                protection: result.intentRelaxation.map { r in
                    ProtectionTradeoff(
                        margin: r.margin, evaluations: r.evaluations, protectedRate: r.protectedTrainMisfireRate,
                        unprotectedRate: r.unprotectedTrainMisfireRate,
                        sacrificed: r.sacrificed.map { SacrificedIntent(intent: $0.intent, before: $0.baselineRate,
                                                                        after: $0.unprotectedRate) })
                }),
            search: search, examples: replay.examples(limit: examplesPerGroup),
            breakdown: replay.breakdown(),
            run: RunInfo(
                corpus: corpus, sessions: result.corpus.sessions, gestures: result.corpus.labels,
                split: Split(
                    rule: "by person: a hash of the user id puts \(Int((result.corpus.holdoutFraction * 100).rounded())) % "
                        + "of people in the holdout, the same every run",
                    trainUsers: result.corpus.trainUsers, holdoutUsers: result.corpus.holdoutUsers,
                    trainGestures: result.corpus.trainLabels, holdoutGestures: result.corpus.holdoutLabels),
                seed: UInt64(result.seed), evaluations: result.evaluations, seconds: result.seconds,
                objective: result.target == .platform
                    ? "disagreement with the platform's own recognizers per gesture decision (windows × gestures); no budgets"
                    : "weighted misfires per label (wrong, missed, dead zone, spurious; per-intent weights), "
                        + "latency and animation budgets as constraints",
                method: "\((result.global ?? .lines).methodDescription), then GSL nmsimplex2 refinement with restarts, "
                    + "guided by a soft-margin surrogate whose temperature falls; points ranked by the exact count",
                versions: versions, commandLine: result.run.commandLine,
                generatedAt: result.run.createdAt.isEmpty ? nil : result.run.createdAt),
            platform: Self.platformComparison(result))
    }

    /// Agreement with the platform on the held-out people, when their
    /// recordings carry the platform's recognitions.
    static func platformComparison(_ result: OptimizationResult) -> PlatformComparison? {
        guard let before = result.baseline.holdout.platformAgreement,
              let after = result.tuned.holdout.platformAgreement else { return nil }
        func cells(_ g: PlatformAgreement.GestureAgreement?) -> PlatformComparison.Cells {
            PlatformComparison.Cells(both: g?.both ?? 0, platformOnly: g?.platformOnly ?? 0,
                                     gesturetuneOnly: g?.gesturetuneOnly ?? 0,
                                     neither: g?.neither ?? (g == nil ? after.windows : 0))
        }
        let names = Set(before.gestures.keys).union(after.gestures.keys).sorted()
        return PlatformComparison(
            target: (result.target ?? .intent).rawValue, decisions: after.decisions,
            before: before.agreementRate, after: after.agreementRate,
            gestures: names.map { name in
                let onset = after.gestures[name]?.onsetDifference
                return .init(name: name, before: cells(before.gestures[name]), after: cells(after.gestures[name]),
                             onsetP50Ms: onset?.p50, onsetP95Ms: onset?.p95)
            },
            documented: UIKitDocumentedValues.values.mapValues { .init(value: $0.value, source: $0.source) })
    }

    // MARK: - Small conversions

    /// A rate with its 95 % Clopper–Pearson interval (misfires capped at the
    /// label count: spurious recognitions can outnumber labels).
    static func rate(_ count: Int, of total: Int) -> Rate {
        let capped = min(max(count, 0), total)
        guard let interval = ClopperPearson.interval(successes: capped, trials: total) else {
            return Rate(count: capped, total: total, lower: 0, upper: 1)
        }
        return Rate(count: capped, total: total, lower: interval.lower, upper: interval.upper)
    }

    static func counts(_ c: OutcomeCounts) -> MisfireCounts {
        MisfireCounts(wrong: c.wrong, missed: c.missed, deadZone: c.deadZone, spurious: c.spurious)
    }

    /// A dictionary matrix as rows and columns in a fixed order: intents by
    /// name, the outcome columns (`nothing`, `dead-zone`) and `unlabelled` last.
    static func matrix(_ confusion: [String: [String: Int]]) -> ConfusionMatrix {
        let trailing = ["nothing", "dead-zone", "unlabelled"]
        func ordered(_ names: Set<String>) -> [String] {
            names.filter { !trailing.contains($0) }.sorted() + trailing.filter(names.contains)
        }
        let rows = ordered(Set(confusion.keys))
        let columns = ordered(Set(confusion.values.flatMap(\.keys)))
        return ConfusionMatrix(intended: rows, recognized: columns,
                               counts: rows.map { row in columns.map { confusion[row]?[$0] ?? 0 } })
    }

}

// MARK: - The held-out users, replayed once more

/// The held-out sessions replayed with the baseline and the tuned constants,
/// keeping every recognition and every label's outcome.
struct HoldoutReplay {
    let sessions: [String: Session]
    let baseline: SimulationResult
    let tuned: SimulationResult

    init(result: OptimizationResult, sessions holdout: [Session], scene: Scene?) throws {
        var options = SimulationOptions(keepLabelOutcomes: true, keepRecognitions: true, threads: 2)
        options.budgets = result.budgets.map(\.budget)
        let baselineValues = Dictionary(uniqueKeysWithValues: result.parameters.map { ($0.name, $0.baseline) })
        let tunedValues = Dictionary(uniqueKeysWithValues: result.parameters.map { ($0.name, $0.tuned) })
        baseline = try Simulator(scene: scene, parameters: try ParameterSet(baselineValues), options: options)
            .run(sessions: holdout)
        tuned = try Simulator(scene: scene, parameters: try ParameterSet(tunedValues), options: options)
            .run(sessions: holdout)
        sessions = Dictionary(holdout.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every observation a latency or recognition budget covers, ms.
    func times(for budget: LatencyBudget, baseline useBaseline: Bool) -> [Double] {
        (useBaseline ? baseline : tuned).recognitionLog.compactMap { budget.observation(of: $0.recognition) }
    }

    // MARK: Springs

    /// Each tuned spring released at a typical (median) and a fast (95th
    /// percentile) speed seen in the data, over the median travel, before and
    /// after.
    func springs(result: OptimizationResult) -> [TuningReport.SpringComparison] {
        let springs: [(kind: GestureKind, name: String)] = [(.tabSwipe, "tabSwipe"), (.cardSwipe, "cardSwipe")]
        var comparisons: [TuningReport.SpringComparison] = []
        for (kind, name) in springs {
            let released = baseline.recognitionLog.map(\.recognition).filter { $0.kind == kind && abs($0.springDistance) > 1 }
            guard !released.isEmpty else { continue }
            // Speed towards the target: positive moves the view home.
            let speeds = released.map { $0.releaseVelocity * ($0.springDistance < 0 ? -1 : 1) }.sorted()
            let distance = Distribution.percentile(released.map { abs($0.springDistance) }.sorted(), 50)
            /// Baseline and tuned value; the catalogue default twice when the run did not tune it.
            func parameter(_ suffix: String) -> (Double, Double)? {
                let full = "\(name).\(suffix)"
                if let change = result.parameters.first(where: { $0.name == full }) { return (change.baseline, change.tuned) }
                return Parameter(name: full).map { ($0.spec.defaultValue, $0.spec.defaultValue) }
            }
            guard let response = parameter("springResponse"), let damping = parameter("springDamping") else { continue }
            for (label, speed) in [("typical", Distribution.percentile(speeds, 50)), ("fast", Distribution.percentile(speeds, 95))] {
                func motion(_ r: Double, _ z: Double) -> TuningReport.SpringResponse {
                    Self.curve(Spring(response: r, dampingFraction: z), distance: distance, velocity: speed)
                }
                comparisons.append(TuningReport.SpringComparison(
                    spring: name, velocityName: label, releaseVelocity: speed,
                    before: motion(response.0, damping.0), after: motion(response.1, damping.1)))
            }
        }
        return comparisons
    }

    /// Position over 1.2 s as a fraction of the distance to the target (0
    /// at release, 1 at rest), with the settle time (s) and the overshoot
    /// as a fraction of the distance: what ``TuningReport/SpringResponse``
    /// holds and the charts draw against a "rest" line at 1.
    static func curve(_ spring: Spring, distance: Double, velocity: Double) -> TuningReport.SpringResponse {
        let scale = distance != 0 ? 1 / distance : 1
        let points = stride(from: 0.0, through: 1.2, by: 0.01).map { t in
            TuningReport.CurvePoint(
                t: t, value: (distance + spring.state(after: t, displacement: -distance, velocity: velocity).displacement) * scale)
        }
        return TuningReport.SpringResponse(
            points: points, settleTime: spring.settleTime(distance: distance, initialVelocity: velocity),
            overshoot: spring.overshootFraction(distance: distance, initialVelocity: velocity))
    }

    // MARK: Examples

    /// The misfires left after tuning and the ones it fixed, most common
    /// intents first, at most one per session so the examples differ.
    func examples(limit: Int) -> TuningReport.Examples {
        let before = Dictionary(baseline.labelOutcomes.map { ("\($0.session)#\($0.label)", $0) }, uniquingKeysWith: { a, _ in a })
        var remaining: [TuningReport.Example] = [], fixed: [TuningReport.Example] = []
        var seenRemaining = Set<String>(), seenFixed = Set<String>()
        for after in tuned.labelOutcomes {
            let key = "\(after.session)#\(after.label)"
            if after.outcome != .correct, remaining.count < limit, !seenRemaining.contains(after.session),
                let example = example(after, log: tuned)
            {
                remaining.append(example)
                seenRemaining.insert(after.session)
            } else if after.outcome == .correct, let b = before[key], b.outcome != .correct, fixed.count < limit,
                !seenFixed.contains(b.session), let example = example(b, log: baseline)
            {
                fixed.append(example)
                seenFixed.insert(b.session)
            }
            if remaining.count >= limit && fixed.count >= limit { break }
        }
        return TuningReport.Examples(remaining: remaining, fixed: fixed)
    }

    private func example(_ outcome: LabelOutcome, log: SimulationResult) -> TuningReport.Example? {
        guard let session = sessions[outcome.session], session.labels.indices.contains(outcome.label),
            let kind = TuningReport.MisfireKind(outcome.outcome)
        else { return nil }
        let label = session.labels[outcome.label]
        let margin = 150 * Micros.millisecond
        let path = session.touches.filter { $0.t >= label.start - margin && $0.t <= label.end + margin }
        let recognizedAt = outcome.recognized.flatMap { kind in
            log.recognitionLog.first {
                $0.session == outcome.session && $0.recognition.kind == kind
                    && $0.recognition.recognized >= label.start - margin && $0.recognition.recognized <= label.end + margin
            }?.recognition.recognized
        }
        return TuningReport.Example(
            sessionID: session.id, user: session.header.user, device: session.header.device, label: label, kind: kind,
            recognized: outcome.recognized?.rawValue, recognizedAt: recognizedAt, path: path)
    }

    // MARK: Breakdown

    /// Misfire rates by person and by device, before and after, the least
    /// served (highest rate after tuning) first.
    func breakdown() -> TuningReport.Breakdown {
        func rows(_ before: [String: OutcomeCounts], _ after: [String: OutcomeCounts]) -> [TuningReport.BreakdownRow] {
            Set(before.keys).union(after.keys).sorted().map { group in
                let b = before[group] ?? OutcomeCounts(), a = after[group] ?? OutcomeCounts()
                return TuningReport.BreakdownRow(
                    group: group, before: TuningReport.rate(b.misfires, of: b.labels),
                    after: TuningReport.rate(a.misfires, of: a.labels))
            }
            .sorted { ($0.after.rate, $0.group) > ($1.after.rate, $1.group) }
        }
        return TuningReport.Breakdown(byUser: rows(baseline.perUser, tuned.perUser),
                                      byDevice: rows(baseline.perDevice, tuned.perDevice))
    }
}

extension TuningReport.MisfireKind {
    /// The report's kind of a simulator outcome (`nil` for correct).
    init?(_ outcome: Outcome) {
        switch outcome {
        case .wrong: self = .wrong
        case .missed: self = .missed
        case .deadZone: self = .deadZone
        case .spurious: self = .spurious
        default: return nil
        }
    }
}
