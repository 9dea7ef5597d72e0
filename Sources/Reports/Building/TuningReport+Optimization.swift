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
        let sides = splitByUser(sessions, holdoutFraction: result.corpus.holdoutFraction)
        let holdout = sides.holdout
        let (trainPeople, trainUnlabelled) = Self.people(sides.train)
        let (holdoutPeople, holdoutUnlabelled) = Self.people(sides.holdout)
        let replay = try HoldoutReplay(result: result, sessions: holdout, scene: scene)
        let base = result.baseline.holdout, tuned = result.tuned.holdout

        let verdict = Verdict(
            population: "\(holdoutPeople.count) held-out people, \(base.labels) gestures",
            before: Self.rate(base.misfires, of: base.labels), after: Self.rate(tuned.misfires, of: tuned.labels),
            fixedCount: result.comparison.holdoutTest.improved, brokenCount: result.comparison.holdoutTest.worsened,
            mcnemarPValue: result.comparison.holdoutTest.pValue,
            budgets: zip(base.budgets, tuned.budgets).map { before, after in
                Budget(gesture: before.budget.title, definition: before.budget.definition,
                       percentile: before.budget.percentile, unit: before.budget.measure.unit, limit: before.budget.limit,
                       before: before.value ?? .nan, after: after.value ?? .nan, fixedByDesign: before.fixedByDesign,
                       spring: [.settleTime, .overshoot].contains(before.budget.measure) ? before.budget.gesture.rawValue : nil)
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
                           points: curve.points.map {
                               SweepPoint(value: $0.value, objective: $0.objective, feasible: $0.violation == 0)
                           },
                           chosen: curve.tuned)
        }
        let (pareto, paretoBudget) = Self.pareto(result)

        // History points count from 1 already (`HistoryPoint.index`). The
        // best so far is the search's own: feasible evaluations only, so it
        // never rises, and it ends at the tuned constants' training
        // objective, the value the sensitivity sweeps show at the chosen
        // point (the same exact evaluation).
        let search = result.history.map {
            SearchStep(evaluation: $0.index, objective: $0.exact, bestSoFar: $0.bestSoFar, feasible: $0.violation == 0)
        }

        self.init(
            // The scene(s) tuned, by name: a designer knows "epilogue", not
            // how sessions pick their scene.
            title: "Gesture tuning: " + (result.scene ?? Set(sessions.map { $0.header.scene ?? Scene.plain.name })
                .sorted().joined(separator: ", ")),
            verdict: verdict, constants: constants, misfires: misfires, latency: latency,
            springs: replay.springs(result: result),
            sensitivity: Sensitivity(
                sweeps: sweeps, pareto: pareto, paretoBudget: paretoBudget,
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
                    trainUsers: trainPeople, holdoutUsers: holdoutPeople,
                    trainGestures: result.corpus.trainLabels, holdoutGestures: result.corpus.holdoutLabels,
                    trainUnlabelled: trainUnlabelled, holdoutUnlabelled: holdoutUnlabelled),
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

    /// The Pareto sweep's feasible settings on the training people — the
    /// data the search ranks by and the front's dominance is judged on —
    /// with each one's held-out rate beside it; the first is the tuned
    /// optimum itself (at the nominal limit), the chosen point. The front
    /// is marked again among these: a setting that misses a limit is no
    /// alternative, so it cannot push a feasible one off the front.
    static func pareto(_ result: OptimizationResult) -> ([ParetoPoint], ParetoBudget?) {
        guard let front = result.pareto else { return ([], nil) }
        let points = front.points.enumerated().compactMap { index, point -> ParetoPoint? in
            guard point.feasible, let achieved = point.achieved else { return nil }
            return ParetoPoint(misfireRate: point.trainMisfireRate, latencyMs: achieved, onFront: false,
                               chosen: index == 0, holdoutMisfireRate: point.holdoutMisfireRate,
                               trainObjective: point.trainObjective, limitMs: point.limit)
        }
        let budget = result.budgets.first { $0.key == front.budget }.map {
            ParetoBudget(gesture: $0.budget.title, percentile: $0.budget.percentile, limitMs: front.nominalLimit,
                         population: "training people")
        }
        return (markingFront(points), budget)
    }

    /// The people of one side — users with at least one labelled gesture
    /// — and, apart, the recordings nothing labels (a user id, or the
    /// session id when a recording names no user), both sorted.
    static func people(_ sessions: [Session]) -> (labelled: [String], unlabelled: [String]) {
        var labelled = Set<String>(), seen = Set<String>()
        for session in sessions {
            let key = session.header.user ?? session.id
            seen.insert(key)
            if !session.labels.isEmpty { labelled.insert(key) }
        }
        return (labelled.sorted(), seen.subtracting(labelled).sorted())
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

    /// The misfires left after tuning and the ones it fixed: one example
    /// per pattern (intent, kind of misfire, what fired), the pattern most
    /// people share first, each from a person not shown yet where the
    /// pattern allows, so the examples spread over people instead of
    /// following the first session's order.
    func examples(limit: Int) -> TuningReport.Examples {
        func key(_ o: LabelOutcome) -> String { "\(o.session)#\(o.label)" }
        let before = Dictionary(baseline.labelOutcomes.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
        let remaining = tuned.labelOutcomes.filter { $0.outcome != .correct }
        let fixed = tuned.labelOutcomes.filter { $0.outcome == .correct }.compactMap { before[key($0)] }
            .filter { $0.outcome != .correct }
        return TuningReport.Examples(remaining: spread(remaining, log: tuned, limit: limit),
                                     fixed: spread(fixed, log: baseline, limit: limit))
    }

    /// Up to `limit` examples of `outcomes`: first one per pattern (most
    /// people, then most gestures, first), then further ones of the same
    /// patterns from people not shown yet.
    private func spread(_ outcomes: [LabelOutcome], log: SimulationResult, limit: Int) -> [TuningReport.Example] {
        struct Pattern: Hashable {
            var intent: Intent
            var outcome: Outcome
            var recognized: GestureKind?
            var detail: String?
        }
        func person(_ o: LabelOutcome) -> String { o.user ?? "session:" + o.session }
        var order: [Pattern] = []
        var members: [Pattern: [LabelOutcome]] = [:]
        for o in outcomes {
            let pattern = Pattern(intent: o.intent, outcome: o.outcome, recognized: o.recognized, detail: o.detail)
            if members[pattern] == nil { order.append(pattern) }
            members[pattern, default: []].append(o)
        }
        let people = members.mapValues { Set($0.map(person)).count }
        let ranked = order.enumerated().sorted { a, b in
            let (pa, pb) = (people[a.element] ?? 0, people[b.element] ?? 0)
            let (na, nb) = (members[a.element]?.count ?? 0, members[b.element]?.count ?? 0)
            return (pa, na, -a.offset) > (pb, nb, -b.offset)
        }.map(\.element)
        var result: [TuningReport.Example] = []
        var shown = Set<String>(), used = Set<String>()
        // Pass 1: a new person for each pattern where it has one; pass 2:
        // more of the common patterns, still from people not shown.
        for pass in 0 ..< 2 {
            for pattern in ranked where result.count < limit {
                let group = members[pattern] ?? []
                let fresh = group.first { !shown.contains(person($0)) && !used.contains("\($0.session)#\($0.label)") }
                guard let pick = fresh ?? (pass == 0 ? group.first : nil),
                      var example = example(pick, log: log) else { continue }
                example.sharedBy = TuningReport.PatternShare(gestures: group.count, people: people[pattern] ?? 1)
                result.append(example)
                shown.insert(person(pick))
                used.insert("\(pick.session)#\(pick.label)")
            }
        }
        return result
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
            recognized: outcome.recognized?.rawValue, recognizedAt: recognizedAt, path: path, detail: outcome.detail)
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
