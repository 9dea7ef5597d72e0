import Foundation
import Recognizers
import Simulation
import Testing
import TraceModel

@testable import Tuning

// MARK: - Whole optimization runs

@Suite("Optimizer runs")
struct RunTests {
    @Test("finds the slop window where every label is right, and reports exact counts")
    func findsTheKnownOptimum() throws {
        let corpus = try PanSlopCorpus()
        let result = try Optimizer(settings: quickSettings()).run(sessions: corpus.sessions, scene: nil)
        let slop = try #require(result.params["pan.slop"])
        #expect(slop >= 8 && slop < 12, "tuned pan.slop \(slop)")
        #expect(result.tuned.train.misfires == 0)
        #expect(result.tuned.holdout.misfires == 0)
        // The baseline's exact counts: every pan ≤ 18 pt missed, nothing else.
        let trainUsers = result.corpus.trainUsers.count, holdoutUsers = result.corpus.holdoutUsers.count
        #expect(result.baseline.train.counts.missed == trainUsers * 3)
        #expect(result.baseline.holdout.counts.missed == holdoutUsers * 3)
        #expect(result.baseline.train.misfires + result.baseline.holdout.misfires == corpus.missedAtDefault)
        #expect(result.baseline.holdout.labels == holdoutUsers * (PanSlopCorpus.jitters.count + PanSlopCorpus.pans.count))
        #expect(result.baseline.holdoutMisfireRate == Double(holdoutUsers * 3) / Double(result.baseline.holdout.labels))
        // Intervals and the paired test.
        let interval = try #require(result.baseline.holdout.misfireInterval)
        #expect(interval.lower < result.baseline.holdoutMisfireRate && result.baseline.holdoutMisfireRate < interval.upper)
        #expect(result.comparison.holdoutTest.improved == holdoutUsers * 3)
        #expect(result.comparison.holdoutTest.worsened == 0)
        #expect(result.evaluations <= 40)
        #expect(result.parameters.first?.changed == true)
        #expect(result.parameters.first?.baseline == 18)
        // The sensitivity sweep covers the range and sees the window.
        let curve = try #require(result.sensitivity.first)
        #expect(curve.points.count >= 5)
        #expect(curve.points.contains { $0.value == slop && $0.misfires == 0 })
        #expect(curve.points.first?.value == 2 && curve.points.last?.value == 60)
    }

    @Test("a latency budget constrains the optimum: feasible, inside the faster part of the window")
    func budgetConstrains() throws {
        let corpus = try PanSlopCorpus()
        var settings = quickSettings(budgets: [PanSlopCorpus.panBudget(ms: 60)])
        // The feasible, misfire-free window is 1.4 pt wide: search 4…20 pt.
        settings.bounds = ["pan.slop": 4...20]
        let result = try Optimizer(settings: settings).run(sessions: corpus.sessions, scene: nil)
        let slop = try #require(result.params["pan.slop"])
        // At 150 pt/s and 120 Hz a slop of 9.6 pt or more takes 67 ms to pass.
        #expect(slop >= 8 && slop < 9.6, "tuned pan.slop \(slop)")
        let check = try #require(result.tuned.train.budgets.first)
        #expect(check.passed)
        #expect(try #require(check.value) <= 60)
        #expect(result.tuned.train.misfires == 0)
        #expect(result.budgets.first?.relaxed == false)
        // The baseline (18 pt) misses the budget; the tuned constants meet it.
        #expect(result.baseline.train.budgetViolations == 1)
        #expect(result.tuned.train.budgetViolations == 0)
        // The budget cuts the misfire-free window [8, 12) to its faster part.
        let objective = try corpus.objective(budgets: [PanSlopCorpus.panBudget(ms: 60)], relax: false)
        #expect(objective.evaluate(["pan.slop": 11]).exact == 0)
        #expect(!objective.evaluate(["pan.slop": 11]).isFeasible)
    }

    @Test(
        "every global phase (lines, lhs, siman) finds the slop window within the budget, deterministically",
        arguments: TuningSearch.GlobalPhase.allCases)
    func globalPhases(_ global: TuningSearch.GlobalPhase) throws {
        let corpus = try PanSlopCorpus()
        var settings = quickSettings(seed: 5, maxEvaluations: 40)
        settings.global = global
        settings.sensitivityPoints = 0
        let a = try Optimizer(settings: settings).run(sessions: corpus.sessions, scene: nil)
        let slop = try #require(a.params["pan.slop"])
        #expect(slop >= 8 && slop < 12, "\(global): tuned pan.slop \(slop)")
        #expect(a.tuned.train.misfires == 0)
        #expect(a.evaluations <= 40)
        #expect(a.global == global)
        // The history says which phase made each evaluation.
        let phases = Set(a.history.map(\.phase))
        #expect(phases.contains("defaults"))
        #expect(phases.contains(global == .lines ? "coordinate" : "global"))
        let b = try Optimizer(settings: settings).run(sessions: corpus.sessions, scene: nil)
        #expect(a.history == b.history)
    }

    @Test("same seed, same run; another seed may search elsewhere but stays deterministic")
    func determinism() throws {
        let corpus = try PanSlopCorpus()
        var settings = quickSettings(seed: 7, maxEvaluations: 30)
        settings.tune = ["pan.slop", "tap.movementSlop"]
        let a = try Optimizer(settings: settings).run(sessions: corpus.sessions, scene: nil)
        let b = try Optimizer(settings: settings).run(sessions: corpus.sessions, scene: nil)
        #expect(a.params == b.params)
        #expect(a.history == b.history)
        #expect(a.tuned.holdoutMisfireRate == b.tuned.holdoutMisfireRate)
        #expect(a.tuned.holdout.latency == b.tuned.holdout.latency)
        settings.parallelism = 1
        let serial = try Optimizer(settings: settings).run(sessions: corpus.sessions, scene: nil)
        #expect(serial.history == a.history, "the thread count must not change the search")
    }

    @Test("k-fold cross-validation judges every user out of fold")
    func crossValidation() throws {
        let corpus = try PanSlopCorpus(userCount: 9)
        var settings = quickSettings(maxEvaluations: 25, budgets: [PanSlopCorpus.panBudget(ms: 60)])
        // As in budgetConstrains: the feasible, misfire-free window is 8…9.6 pt
        // (everyone pans alike: the bound for new people is the percentile).
        settings.bounds = ["pan.slop": 4...20]
        settings.folds = 3
        let result = try Optimizer(settings: settings).run(sessions: corpus.sessions, scene: nil)
        let cv = try #require(result.crossValidation)
        // The pan budget, missed by the reference slop (18 pt), holds out of fold.
        #expect(cv.folds.allSatisfy { $0.baselineBudgetViolations == 1 && $0.tunedBudgetViolations == 0 })
        let users = Set(cv.folds.flatMap(\.users))
        #expect(users == Set(corpus.users))
        #expect(cv.labels == corpus.taps + corpus.panCount)
        #expect(cv.baselineMisfires == corpus.missedAtDefault)
        #expect(cv.tunedMisfires < cv.baselineMisfires)
        #expect(cv.test.improved + cv.test.worsened + cv.test.unchanged == cv.labels)
    }
}
