import Foundation
import GestureTuneTestSupport
import Recognizers
import Scenes
import Simulation
import Testing
import TraceModel

@testable import Tuning

// MARK: - The objective on a corpus with a known answer

@Suite("Tuning objective")
struct ObjectiveTests {
    @Test("exact counts: wrong below the tap wobble, missed at or above the pan length, zero in between")
    func exactCounts() throws {
        let corpus = try PanSlopCorpus()
        let objective = try corpus.objective()
        let labels = Double(objective.data.train.entries.reduce(0) { $0 + $1.labels.count })
        let trainUsers = Double(objective.data.trainUsers.count)
        let tapsPerUser = Double(PanSlopCorpus.jitters.count)

        // Inside the window: every label right.
        for slop in [8.0, 9, 10, 11.5] {
            let e = objective.evaluate(["pan.slop": slop])
            #expect(e.exact == 0, "slop \(slop)")
        }
        // The default (18): every pan of 12, 14, 16 pt is missed.
        let atDefault = try #require(objective.evaluateDetailed(objective.space.defaults))
        #expect(atDefault.counts.missed == Int(trainUsers) * 3)
        #expect(atDefault.counts.wrong == 0)
        #expect(atDefault.evaluation.exact == Double(atDefault.counts.misfires) / labels)
        // Slop 5: the 6, 7 and 8 pt wobbles start pans.
        let low = try #require(objective.evaluateDetailed(["pan.slop": 5]))
        #expect(low.counts.wrong == Int(trainUsers) * 3)
        #expect(low.counts.missed == 0)
        // Slop 50: every pan missed, every tap right.
        let high = try #require(objective.evaluateDetailed(["pan.slop": 50]))
        #expect(high.counts.missed == Int(trainUsers) * PanSlopCorpus.pans.count)
        #expect(high.counts.correct == Int(trainUsers * tapsPerUser))
    }

    @Test("the surrogate smooths a decision, rewards margins, and is exact at T = 0")
    func surrogate() throws {
        // A tap fails when its movement at the lift exceeds tap.movementSlop
        // (a key decision, smoothed); the wobbles go up to 8 pt.
        let corpus = try PanSlopCorpus()
        let objective = try TuningObjective(
            data: try corpus.data(), space: try TuningSpace.space(names: ["tap.movementSlop"]),
            weights: .uniform, budgets: [])
        let below = objective.evaluate(["tap.movementSlop": 7.9], temperature: 0.2)
        let above = objective.evaluate(["tap.movementSlop": 8.1], temperature: 0.2)
        let labels = Double(objective.data.train.entries.reduce(0) { $0 + $1.labels.count })
        // Exact: the 8 pt wobble of every training user flips from missed to right.
        #expect(abs((below.exact - above.exact) - Double(objective.data.trainUsers.count) / labels) < 1e-12)
        // The surrogate takes a smaller step (part of it is spread around the decision).
        #expect(abs(above.surrogate - below.surrogate) < 0.75 * (below.exact - above.exact))
        // On the plateau (every tap right from 8 pt up) the surrogate still
        // falls: wider margins around the decisions.
        let nine = objective.evaluate(["tap.movementSlop": 9], temperature: 0.2)
        let eleven = objective.evaluate(["tap.movementSlop": 11], temperature: 0.2)
        #expect(nine.exact == eleven.exact)
        #expect(eleven.surrogate < nine.surrogate)
        // At T = 0 the surrogate is the exact value; cold, it is close.
        let exact = objective.evaluate(["tap.movementSlop": 9], temperature: 0)
        #expect(exact.surrogate == exact.exact)
        let cold = objective.evaluate(["tap.movementSlop": 9], temperature: 0.001)
        #expect(abs(cold.surrogate - cold.exact) < 0.01)
        #expect(cold.exact == exact.exact)
    }

    @Test("budgets are constraints: a broken one shows as a violation with its relative excess")
    func budgetsAsConstraints() throws {
        let corpus = try PanSlopCorpus()
        let objective = try corpus.objective(budgets: [PanSlopCorpus.panBudget(ms: 60)], relax: false)
        #expect(objective.relaxedBudgets.isEmpty)
        #expect(objective.observedBudgets == [0])
        let slow = try #require(objective.evaluateDetailed(["pan.slop": 30]))
        let key = "pan.latency.p95"
        let excess = try #require(slow.evaluation.violations[key])
        let p95 = try #require(slow.budgets.first?.value)
        #expect(p95 > 60)
        #expect(abs(excess - (p95 - 60) / 60) < 1e-12)
        #expect(!slow.evaluation.isFeasible)
        // 150 pt/s at 120 Hz: a pan passes 8.5 pt on its 8th moved sample, 58 ms after the first.
        let fast = try #require(objective.evaluateDetailed(["pan.slop": 8.5]))
        #expect(fast.evaluation.isFeasible)
        #expect(try #require(fast.budgets.first?.value) <= 60)
        // Feasible beats infeasible whatever the misfires.
        #expect(fast.evaluation.isBetter(than: slow.evaluation))
        // Never recognizing a pan does not meet a pan budget.
        let never = objective.evaluate(["pan.slop": 60])
        #expect(never.violations[key] == 1)
    }

    @Test("the bound for new people: people who agree are held to their percentile, people who differ to their spread")
    func boundForNewPeople() throws {
        // Everyone pans alike: every group of people resampled sees the
        // training percentile, and the bound is no stricter than the limit.
        let alike = try PanSlopCorpus()
        let strict = try alike.objective(budgets: [PanSlopCorpus.panBudget(ms: 60)], confidence: 0.95)
        #expect(strict.effectiveBudgets[0].limit == 60 && strict.boundLimits == [60])
        #expect(strict.relaxedBudgets.isEmpty)
        // 150 pt/s at 120 Hz: 8.5 pt takes 58 ms, inside 60.
        #expect(strict.evaluate(["pan.slop": 8.5]).isFeasible)
        // Not relaxed by default: the baseline (18 pt) misses the budget.
        #expect(!strict.evaluate(strict.space.defaults).isFeasible)
        #expect(throws: ObjectiveError.self) { try alike.objective(confidence: 1) }
        #expect(throws: ObjectiveError.self) { try alike.objective(confidence: 0) }

        // Each person pans at a speed of their own, 160 down to 83 pt/s: a
        // group of new people may be the slowest ones.
        let mixed = try PanSlopCorpus(userCount: 12, holdoutCount: 2, panSpeeds: (0..<12).map { 160 - 7 * Double($0) })
        let nominal = try mixed.objective(budgets: [PanSlopCorpus.panBudget(ms: 10_000)])
        let slop: SearchPoint = ["pan.slop": 9]
        let check = try #require(nominal.evaluateDetailed(slop)?.budgets[0])
        let value = try #require(check.value)
        let observed = try #require(check.byPerson)
        // Groups as large as the held-out one (two people), as the objective draws them.
        let people = try PeopleBootstrap(people: mixed.data().trainUsers, groupSize: mixed.data().holdoutUsers.count)
        let bound = try #require(people.upperBound(observed, percentile: 95))
        #expect(bound > value)
        // A limit between the training p95 and the bound: met on the
        // training people, but not for new people with 95 % confidence.
        let limit = (value + bound) / 2
        let loose = try mixed.objective(budgets: [PanSlopCorpus.panBudget(ms: limit)])
        #expect(loose.evaluate(slop).isFeasible)
        let bounded = try mixed.objective(budgets: [PanSlopCorpus.panBudget(ms: limit)], confidence: 0.95)
        let evaluation = bounded.evaluate(slop)
        #expect(!evaluation.isFeasible)
        #expect(evaluation.violations["pan.latency.p95"] == (bound - limit) / limit)
        #expect(bounded.trainingPeople?.people == people.people && bounded.trainingPeople?.groupSize == 2)
    }

    @Test("no intent is sacrificed: a rate rising more than the margin above the reference's is a violation")
    func intentProtection() throws {
        let corpus = try PanSlopCorpus()
        let objective = try TuningObjective(
            data: try corpus.data(), space: try TuningSpace.space(names: ["pan.slop"]),
            weights: .uniform, budgets: [], intentMargin: 0.02)
        // The reference (18 pt) taps are all right, its short pans missed.
        #expect(objective.baselineIntentRates["tap"] == 0)
        #expect(objective.intentLimits["tap"] == 0.02)
        // A 5 pt slop fixes as many pans (12, 14, 16 pt) as it breaks taps
        // (wobbling 6, 7, 8 pt: they become pans) — the same average — but
        // half the training taps misfire, 48 points over the limit.
        let greedy = try #require(objective.evaluateDetailed(["pan.slop": 5]))
        let excess = try #require(greedy.evaluation.violations["intent.tap"])
        #expect(abs(excess - 0.48) < 1e-12)
        #expect(!greedy.evaluation.isFeasible)
        #expect(greedy.evaluation.exact == objective.evaluate(objective.space.defaults).exact)
        // 10 pt serves both: feasible, and the better of the two.
        let fair = objective.evaluate(["pan.slop": 10])
        #expect(fair.isFeasible && fair.isBetter(than: greedy.evaluation))
        // Unprotected, the greedy point is feasible.
        let unprotected = try TuningObjective(
            data: try corpus.data(), space: try TuningSpace.space(names: ["pan.slop"]),
            weights: .uniform, budgets: [], intentMargin: nil)
        #expect(unprotected.evaluate(["pan.slop": 5]).isFeasible && unprotected.intentLimits.isEmpty)
        #expect(throws: ObjectiveError.self) {
            try TuningObjective(data: try corpus.data(), space: try TuningSpace.space(names: ["pan.slop"]), intentMargin: -0.1)
        }
    }

    @Test("a budget no tuned constant can make fail is fixed by design and constrains nothing")
    func fixedBudgets() throws {
        let corpus = try PanSlopCorpus()
        // On the plain scene every tap waits for the double tap: its
        // response comes when the 0.5 s window closes, which pan.slop
        // cannot move.
        let budgets = [
            LatencyBudget(gesture: .tap, measure: .response, scope: .waited, limit: 300),
            PanSlopCorpus.panBudget(ms: 60)
        ]
        let objective = try TuningObjective(
            data: try corpus.data(), space: try TuningSpace.space(names: ["pan.slop"]),
            weights: .uniform, budgets: budgets, budgetConfidence: nil)
        // The window (0.5 s) misses 300 ms whatever the slop: a budget already
        // missed can fail, so it is counted (and makes every point infeasible)…
        #expect(objective.fixedBudgets[0] == nil)
        // …while pan latency, met at the reference, fails at a 60 pt slop.
        #expect(objective.fixedBudgets[1] == nil)
        let wide = try TuningObjective(
            data: try corpus.data(), space: try TuningSpace.space(names: ["pan.slop"]),
            weights: .uniform, budgets: [PanSlopCorpus.panBudget(ms: 10_000)], budgetConfidence: nil)
        // A 10 s pan budget no slop can break: fixed by design, no
        // constraint — not even the "a budgeted gesture that never fires
        // breaks it" rule, which a 60 pt slop (no pan at all) would trigger.
        #expect(wide.fixedBudgets[0]?.hasPrefix("no constant makes it fail") == true)
        #expect(wide.evaluate(["pan.slop": 60]).violations["pan.latency.p95"] == nil)
    }

    @Test("a budget the baseline already misses is relaxed to the baseline's value when asked")
    func relaxation() throws {
        let corpus = try PanSlopCorpus()
        let objective = try corpus.objective(budgets: [PanSlopCorpus.panBudget(ms: 20)], relax: true)
        #expect(objective.relaxedBudgets == [0])
        let baseline = try #require(objective.evaluateDetailed(objective.space.defaults))
        #expect(baseline.evaluation.isFeasible)
        let value = try #require(baseline.budgets[0].value)
        #expect(abs(objective.effectiveBudgets[0].limit - value * 1.02) < 1e-9)
        #expect(objective.budgets[0].limit == 20)
        // Slower than the baseline breaks the relaxed budget; faster meets it.
        #expect(!objective.evaluate(["pan.slop": 30]).isFeasible)
        #expect(objective.evaluate(["pan.slop": 10]).isFeasible)
    }

    @Test("a budget whose bound the reference does not keep is held at the reference's bound")
    func heldAtTheReference() throws {
        let corpus = try PanSlopCorpus(userCount: 12, holdoutCount: 2, panSpeeds: (0..<12).map { 160 - 7 * Double($0) })
        // The reference's own pan latency and its bound for new people.
        let open = try corpus.objective(budgets: [PanSlopCorpus.panBudget(ms: 10_000)])
        let check = try #require(open.evaluateDetailed(open.space.defaults)?.budgets[0])
        let value = try #require(check.value), observed = try #require(check.byPerson)
        let people = try PeopleBootstrap(people: corpus.data().trainUsers, groupSize: corpus.data().holdoutUsers.count)
        let bound = try #require(people.upperBound(observed, percentile: 95))
        #expect(bound > value)
        // A limit the reference meets, short of its bound.
        let limit = (value + bound) / 2
        let objective = try corpus.objective(budgets: [PanSlopCorpus.panBudget(ms: limit)], confidence: 0.95)
        #expect(objective.heldBudgets == [0])
        #expect(objective.relaxedBudgets.isEmpty)
        #expect(objective.effectiveBudgets[0].limit == limit)
        #expect(objective.boundLimits == [bound * (1 + TuningObjective.relaxationSlack)])
        // The reference stays feasible: feasible-first cannot prefer worse constants over it.
        #expect(objective.evaluate(objective.space.defaults).isFeasible)
        // Past the nominal limit still breaks it.
        #expect(!objective.evaluate(["pan.slop": 40]).isFeasible)
        // Its bound met with room to spare, the budget is bound by its limit as usual.
        let roomy = try corpus.objective(budgets: [PanSlopCorpus.panBudget(ms: bound * 1.25)], confidence: 0.95)
        #expect(roomy.heldBudgets.isEmpty)
        #expect(roomy.boundLimits == [bound * 1.25])
    }

    @Test("a sweep reads back what the search replayed: the same figures as a fresh exact replay")
    func trainingReplaysAreReadBack() throws {
        let corpus = try PanSlopCorpus()
        let objective = try corpus.objective(budgets: [PanSlopCorpus.panBudget(ms: 60)])
        let values: SearchPoint = ["pan.slop": 11]
        _ = objective.evaluate(values, temperature: 0.05)
        let kept = try #require(objective.trainingReplaysSoFar.first)
        let fresh = try #require(
            try corpus.objective(budgets: [PanSlopCorpus.panBudget(ms: 60)]).evaluateDetailed(values))
        #expect(kept.exact == fresh.evaluation.exact)
        #expect(kept.violations == fresh.evaluation.violations)
        // Every outcome count; the soft share is the temperature's own and not read back.
        var counts = kept.counts, freshCounts = fresh.counts
        counts.softMisfireSum = ExactSum()
        freshCounts.softMisfireSum = ExactSum()
        #expect(counts == freshCounts)
        #expect(kept.budgets == fresh.budgets)
        #expect(objective.trainingReplay(values)?.exact == fresh.evaluation.exact)
        #expect(objective.trainingReplaysSoFar.count == 1)
    }

    @Test("a destructive misfire costs more: a card deleted during a tab swipe")
    func destructiveWeights() throws {
        // The cards tab (1) of the reference app: a rightward drag over the
        // card stack meant as a tab swipe is taken by the card (which has
        // priority) and, past its delete threshold, deletes the card.
        var scene = Scene.epilogue
        scene.initialTab = 1
        var sessions: [Session] = []
        for (u, user) in try usersOnBothSides(8).enumerated() {
            var trace = TraceBuilder(id: "card-\(u)", user: user, scene: "epilogue")
            trace.wait(0.5)
            trace.drag(
                from: (120, 300), by: (160, 0), speed: 500, label: .tabSwipe, direction: .right,
                target: "tab1/tab-content")
            sessions.append(trace.session)
        }
        let data = try TuningData(sessions: sessions)
        let space = try TuningSpace.space(names: ["cardSwipe.deleteThreshold"], scene: scene)
        let weighted = try TuningObjective(data: data, space: space, scene: scene, weights: .default, budgets: [])
        let uniform = try TuningObjective(data: data, space: space, scene: scene, weights: .uniform, budgets: [])
        let result = try weighted.simulate(space.defaults, on: .train)
        let outcome = try #require(result.labelOutcomes.first)
        #expect(outcome.outcome == .wrong)
        #expect(outcome.recognized == .cardSwipe)
        #expect(weighted.evaluate(space.defaults).exact == 3 * uniform.evaluate(space.defaults).exact)
        #expect(uniform.evaluate(space.defaults).exact == 1)
        #expect(MisfireWeights.default.weight(fired: .cardSwipe) == 3)
    }

    @Test("the objective answers the same from two threads at once")
    func threadSafety() throws {
        let objective = try PanSlopCorpus().objective()
        let slops = (0..<16).map { 4 + Double($0) * 2 }
        let serial = slops.map { objective.evaluate(["pan.slop": $0], temperature: 0.05) }
        let parallel = ParallelMap.map(slops.count, width: 2) { i in
            objective.evaluate(["pan.slop": slops[i]], temperature: 0.05)
        }
        #expect(serial == parallel)
    }

    @Test("the tuning space comes from the catalogue; unknown names and bad bounds are errors")
    func space() throws {
        let names = TuningSpace.defaultNames(for: [.epilogue])
        #expect(names.count >= 19 && names.allSatisfy { Recognizers.Parameter(name: $0) != nil })
        #expect(names.contains("swipeActions.threshold") && names.contains("tabSwipe.springDamping"))
        let space = try TuningSpace.space(names: names, scene: .epilogue)
        #expect(space.dimension == names.count)
        let bias = try #require(space.parameter(named: "tabSwipe.directionalBias"))
        #expect(bias.scale == .log && bias.defaultValue == 3.5 && bias.lowerBound == 1 && bias.upperBound == 10)
        let narrowed = try TuningSpace.space(
            names: ["swipeActions.threshold"],
            bounds: ["swipeActions.threshold": 60...120])
        #expect(narrowed.parameters[0].lowerBound == 60)
        #expect(throws: TuningInputError.self) { try TuningSpace.space(names: ["swipeActions.nonsense"]) }
        #expect(throws: TuningInputError.self) {
            try TuningSpace.space(names: ["swipeActions.threshold"], bounds: ["swipeActions.threshold": 10...120])
        }
        #expect(throws: TuningInputError.self) { // excludes the baseline, 80
            try TuningSpace.space(names: ["swipeActions.threshold"], bounds: ["swipeActions.threshold": 90...120])
        }
        #expect(TuningSpace.defaultNames(for: [.plain]) == TuningSpace.plainDefaults)
    }

    @Test("the playground tunes what decides its recognizers, in any configuration")
    func playgroundSpace() throws {
        // The reference configuration uses every name of the list…
        #expect(TuningSpace.defaultNames(for: [.playground(.reference)]) == DefaultTuning.playground.parameters.map(\.name))
        // …a file's configuration by its own name too, without what it cannot use:
        // a one-tap tap and a plain long press time no second tap (a swipe
        // right turns the back gesture off on the swipe screen alone).
        let plain = Scene.playground(PlaygroundConfiguration(), name: "mine")
        let names = TuningSpace.defaultNames(for: [plain])
        #expect(names == DefaultTuning.playground.parameters.map(\.name).filter { !$0.hasPrefix("doubleTap.") })
        // One screen tunes what that screen can use.
        #expect(
            try TuningSpace.defaultNames(for: [plain.showing(screen: "swipe")]) == [
                "swipe.minimumDistance", "swipe.maximumDuration", "swipe.directionCone"
            ])
        // The return to identity's duration is not searched by default (no
        // budget judges it).
        #expect(!names.contains("returnToIdentity.duration"))
    }

    @Test("a tuning file lists names and optional bounds")
    func tuningFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tune-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(#"{"parameters": ["pan.slop", "tap.movementSlop"], "bounds": {"pan.slop": {"lower": 4, "upper": 30}}}"#.utf8)
            .write(to: url)
        let file = try TuningFile.load(path: url.path)
        #expect(file.parameters == ["pan.slop", "tap.movementSlop"])
        #expect(file.ranges["pan.slop"] == 4...30)
        try Data(#"{"parameters": []}"#.utf8).write(to: url)
        #expect(throws: TuningInputError.self) { try TuningFile.load(path: url.path) }
    }
}
