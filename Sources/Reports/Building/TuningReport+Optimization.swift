import Foundation
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
    /// paths, the springs at the speeds seen — comes from Tuning's
    /// `HoldoutReplay` of the held-out people. Reports only renders: it
    /// never runs the simulator (and depends on neither Simulation nor
    /// GesturePhysics).
    ///
    /// ```swift
    /// let result = try Optimizer(settings: settings).run(sessions: sessions, scene: scene)
    /// let replay = try HoldoutReplay(result: result, sessions: sessions, scene: scene, threads: 2)
    /// let report = TuningReport(optimization: result, replay: replay, corpus: "datasets/epilogue")
    /// try ReportWriter.write(report, to: "reports")
    /// ```
    ///
    /// - Parameters:
    ///   - result: The optimization run.
    ///   - replay: The run's held-out people replayed (examples already limited).
    ///   - corpus: How to name the data in the report (a path or a description).
    ///   - versions: The versions of what made it (gesturetune, GSL, SQLite), by name.
    package init(
        optimization result: OptimizationResult, replay: HoldoutReplay, corpus: String,
        versions: [String: String] = [:]
    ) {
        self.init(
            // The scene(s) tuned, by name: a designer knows "epilogue", not
            // how sessions pick their scene.
            title: "Gesture tuning: " + replay.scenes.joined(separator: ", "),
            verdict: Self.verdict(result, replay), constants: Self.constants(result),
            misfires: Self.misfires(result), latency: Self.latency(result, replay),
            springs: replay.springs.map(Self.spring), sensitivity: Self.sensitivity(result), search: Self.search(result),
            examples: Examples(
                remaining: replay.remaining.compactMap(Self.example), fixed: replay.fixed.compactMap(Self.example)),
            breakdown: Breakdown(byUser: Self.rows(replay.byUser), byDevice: Self.rows(replay.byDevice)),
            run: Self.runInfo(result, replay, corpus: corpus, versions: versions),
            platform: Self.platformComparison(result))
    }

    // MARK: - Section by section

    /// The verdict on the held-out people: rates, McNemar, each budget with
    /// its bound for new people, each intent's change.
    static func verdict(_ result: OptimizationResult, _ replay: HoldoutReplay) -> Verdict {
        let base = result.baseline.holdout, tuned = result.tuned.holdout
        return Verdict(
            population: "\(replay.holdoutPeople.count) held-out people, \(base.labels) gestures",
            before: Self.rate(base.misfires, of: base.labels), after: Self.rate(tuned.misfires, of: tuned.labels),
            fixedCount: result.comparison.holdoutTest.improved, brokenCount: result.comparison.holdoutTest.worsened,
            mcnemarPValue: result.comparison.holdoutTest.pValue,
            budgets: zip(base.budgets, tuned.budgets).enumerated().map { i, pair in
                let (before, after) = pair
                let summary = result.budgets.first { $0.key == before.budget.key }
                // What the search promised (the tuned constants' bound on the
                // training people) and how the held-out people bear it out.
                func outlook(_ list: [NewPeopleOutlook?]?) -> NewPeopleOutlook? {
                    list.flatMap { $0.indices.contains(i) ? $0[i] : nil }
                }
                let promised = outlook(result.tuned.train.newPeople), heldOut = outlook(tuned.newPeople)
                var budget = Budget(
                    gesture: before.budget.title, definition: before.budget.definition,
                    percentile: before.budget.percentile, unit: before.budget.measure.unit, limit: before.budget.limit,
                    before: before.value ?? .nan, after: after.value ?? .nan, fixedByDesign: before.fixedByDesign,
                    spring: [.settleTime, .overshoot].contains(before.budget.measure) ? before.budget.gesture.rawValue : nil,
                    standard: before.budget.standard, applicable: before.applicable,
                    heldAtReference: summary?.heldAtReference ?? false)
                if summary?.boundLimit != nil, let promised {
                    budget.newPeopleBound = promised.bound
                    budget.confidence = promised.confidence
                }
                budget.holdProbability = heldOut?.holdProbability
                budget.resampledPeople = heldOut?.people
                return budget
            },
            intervalMethod: "Clopper–Pearson",
            intents: (result.comparison.perIntent ?? []).map { c in
                IntentChange(
                    intent: c.intent, before: Self.rate(c.baselineMisfires, of: c.labels),
                    after: Self.rate(c.tunedMisfires, of: c.labels), fixedCount: c.test.improved,
                    brokenCount: c.test.worsened, pValue: c.test.pValue,
                    changeInterval: c.changeInterval, margin: c.margin)
            })
    }

    /// Each tuned constant, reference → tuned, with where the reference value comes from.
    static func constants(_ result: OptimizationResult) -> [Constant] {
        result.parameters.map { p in
            // The catalogue says where its default comes from; a value the
            // scene or the run set is theirs to name (ReportOutput, for a preset).
            let spec = Recognizers.Parameter(name: p.name)?.spec
            return Constant(
                name: p.name, unit: p.unit, old: p.baseline, new: p.tuned, lower: p.lower, upper: p.upper,
                provenance: spec.flatMap { $0.defaultValue == p.baseline ? $0.provenance : nil })
        }
    }

    /// Misfires by kind and intent on the held-out people, and the confusion matrices.
    static func misfires(_ result: OptimizationResult) -> Misfires {
        let base = result.baseline.holdout, tuned = result.tuned.holdout
        let intents = Set(base.perIntent.keys).union(tuned.perIntent.keys).sorted()
        return Misfires(
            byIntent: intents.map { intent in
                // Read member by member: the counts are the simulator's, reached
                // through Tuning's measurement, never named here.
                let sides = [base.perIntent[intent], tuned.perIntent[intent]].map { c in
                    (
                        labels: c?.labels ?? 0,
                        counts: c.map {
                            MisfireCounts(
                                wrong: $0.wrong, missed: $0.missed, deadZone: $0.deadZone,
                                spurious: $0.spurious)
                        } ?? MisfireCounts()
                    )
                }
                return IntentMisfires(
                    intent: intent, gestures: max(sides[0].labels, sides[1].labels),
                    before: sides[0].counts, after: sides[1].counts)
            },
            confusionBefore: Self.matrix(base.confusion), confusionAfter: Self.matrix(tuned.confusion))
    }

    /// Every latency observation of the held-out replay, per applicable budget.
    static func latency(_ result: OptimizationResult, _ replay: HoldoutReplay) -> [LatencyDistribution] {
        // A budget no gesture of the scene produces has no distribution to show.
        return result.budgets.filter(\.applicable).map(\.budget)
            .filter { [.latency, .recognition, .response].contains($0.measure) }.map { budget in
                LatencyDistribution(
                    gesture: budget.title, definition: budget.definition, budgetPercentile: budget.percentile,
                    budgetMs: budget.limit,
                    beforeMs: replay.times(for: budget, baseline: true), afterMs: replay.times(for: budget, baseline: false))
            }
    }

    /// The one-constant sweeps, the misfire/latency front and what the per-intent protection cost.
    static func sensitivity(_ result: OptimizationResult) -> Sensitivity {
        let sweeps = result.sensitivity.map { curve in
            ParameterSweep(
                parameter: curve.parameter, unit: curve.unit,
                points: curve.points.map {
                    SweepPoint(value: $0.value, objective: $0.objective, feasible: $0.violation == 0)
                },
                chosen: curve.tuned)
        }
        let (pareto, paretoBudget) = Self.pareto(result)
        return Sensitivity(
            sweeps: sweeps, pareto: pareto, paretoBudget: paretoBudget,
            protection: result.intentRelaxation.map { r in
                ProtectionTradeoff(
                    margin: r.margin, evaluations: r.evaluations, protectedRate: r.protectedTrainMisfireRate,
                    unprotectedRate: r.unprotectedTrainMisfireRate,
                    sacrificed: r.sacrificed.map {
                        SacrificedIntent(
                            intent: $0.intent, before: $0.baselineRate,
                            after: $0.unprotectedRate)
                    })
            })
    }

    /// The search's history.
    static func search(_ result: OptimizationResult) -> [SearchStep] {
        // History points count from 1 already (`HistoryPoint.index`). The
        // best so far is the search's own: feasible evaluations only, so it
        // never rises, and it ends at the tuned constants' training
        // objective, the value the sensitivity sweeps show at the chosen
        // point (the same exact evaluation).
        return result.history.map {
            SearchStep(evaluation: $0.index, objective: $0.exact, bestSoFar: $0.bestSoFar, feasible: $0.violation == 0)
        }
    }

    /// What the run read, how it split the people and how to run it again.
    static func runInfo(_ result: OptimizationResult, _ replay: HoldoutReplay, corpus: String, versions: [String: String])
        -> RunInfo
    {
        return RunInfo(
            corpus: corpus, sessions: result.corpus.sessions, gestures: result.corpus.labels,
            split: Split(
                rule: "by person: a hash of the user id puts \(Int((result.corpus.holdoutFraction * 100).rounded())) % "
                    + "of people in the holdout, the same every run",
                trainUsers: replay.trainPeople, holdoutUsers: replay.holdoutPeople,
                trainGestures: result.corpus.trainLabels, holdoutGestures: result.corpus.holdoutLabels,
                trainUnlabelled: replay.trainUnlabelled, holdoutUnlabelled: replay.holdoutUnlabelled),
            seed: UInt64(result.seed), evaluations: result.evaluations, seconds: result.seconds,
            objective: result.target == .platform
                ? "disagreement with the platform's own recognizers per gesture decision (windows × gestures); no budgets"
                : "weighted misfires per label (wrong, missed, dead zone, spurious; per-intent weights), "
                    + "latency and animation budgets as constraints",
            method: (result.global ?? .lines).methodDescription
                + ((result.global ?? .lines) == .lines ? "" : ", then GSL nmsimplex2 refinement with restarts")
                + ", guided by a soft-margin surrogate whose temperature falls; points ranked by the exact count",
            versions: versions, commandLine: result.run.commandLine,
            generatedAt: result.run.createdAt.isEmpty ? nil : result.run.createdAt)
    }

    /// Agreement with the platform on the held-out people, when their
    /// recordings carry the platform's recognitions.
    static func platformComparison(_ result: OptimizationResult) -> PlatformComparison? {
        guard let before = result.baseline.holdout.platformAgreement,
            let after = result.tuned.holdout.platformAgreement
        else { return nil }
        let names = Set(before.gestures.keys).union(after.gestures.keys).sorted()
        return PlatformComparison(
            target: (result.target ?? .intent).rawValue, decisions: after.decisions,
            before: before.agreementRate, after: after.agreementRate,
            gestures: names.map { name in
                let onset = after.gestures[name]?.onsetDifference
                // A gesture missing on one side never fired there: every window is "neither".
                let cells = [before.gestures[name], after.gestures[name]].map { g in
                    PlatformComparison.Cells(
                        both: g?.both ?? 0, platformOnly: g?.platformOnly ?? 0,
                        gesturetuneOnly: g?.gesturetuneOnly ?? 0,
                        neither: g?.neither ?? (g == nil ? after.windows : 0))
                }
                return .init(
                    name: name, before: cells[0], after: cells[1],
                    onsetP50Ms: onset?.p50, onsetP95Ms: onset?.p95)
            },
            documented: TuningTarget.documentedPlatformValues.mapValues { .init(value: $0.value, source: $0.source) })
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
            return ParetoPoint(
                misfireRate: point.trainMisfireRate, latencyMs: achieved, onFront: false,
                chosen: index == 0, holdoutMisfireRate: point.holdoutMisfireRate,
                trainObjective: point.trainObjective, limitMs: point.limit)
        }
        let budget = result.budgets.first { $0.key == front.budget }.map {
            ParetoBudget(
                gesture: $0.budget.title, percentile: $0.budget.percentile, limitMs: front.nominalLimit,
                population: "training people")
        }
        return (markingFront(points), budget)
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

    /// A dictionary matrix as rows and columns in a fixed order: intents by
    /// name, the outcome columns (`nothing`, `dead-zone`) and `unlabelled` last.
    static func matrix(_ confusion: [String: [String: Int]]) -> ConfusionMatrix {
        let trailing = ["nothing", "dead-zone", "unlabelled"]
        func ordered(_ names: Set<String>) -> [String] {
            names.filter { !trailing.contains($0) }.sorted() + trailing.filter(names.contains)
        }
        let rows = ordered(Set(confusion.keys))
        let columns = ordered(Set(confusion.values.flatMap(\.keys)))
        return ConfusionMatrix(
            intended: rows, recognized: columns,
            counts: rows.map { row in columns.map { confusion[row]?[$0] ?? 0 } })
    }

}

// MARK: - The replay's plain values as the report's model

extension TuningReport {
    static func spring(_ r: HoldoutReplay.SpringRelease) -> SpringComparison {
        func response(_ c: HoldoutReplay.SpringCurve) -> SpringResponse {
            SpringResponse(
                points: c.points.map { CurvePoint(t: $0.t, value: $0.value) }, settleTime: c.settleTime,
                overshoot: c.overshoot)
        }
        return SpringComparison(
            spring: r.spring, velocityName: r.velocityName, releaseVelocity: r.releaseVelocity,
            before: response(r.baseline), after: response(r.tuned))
    }

    /// `nil` for an outcome the report has no kind for (none: the replay
    /// keeps misfires only).
    package static func example(_ m: HoldoutReplay.Misfire) -> Example? {
        guard let kind = MisfireKind(rawValue: m.outcome) else { return nil }
        var example = Example(
            sessionID: m.sessionID, user: m.user, device: m.device, label: m.label, kind: kind,
            recognized: m.recognized, recognizedAt: m.recognizedAt, path: m.path, detail: m.detail)
        example.sharedBy = PatternShare(gestures: m.sharedBy.gestures, people: m.sharedBy.people)
        return example
    }

    /// Misfire rates by person or device, before and after, the least
    /// served (highest rate after tuning) first.
    static func rows(_ groups: [HoldoutReplay.GroupCounts]) -> [BreakdownRow] {
        groups.map {
            BreakdownRow(
                group: $0.group, before: rate($0.baselineMisfires, of: $0.baselineLabels),
                after: rate($0.tunedMisfires, of: $0.tunedLabels))
        }
        .sorted { ($0.after.rate, $0.group) > ($1.after.rate, $1.group) }
    }
}
