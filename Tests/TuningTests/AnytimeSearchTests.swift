import Foundation
import Testing

@testable import Tuning

// MARK: - A budget only stops the search; joint moves learn coupled constants

@Suite struct AnytimeSearchTests {
    /// Two constants that only work together: the misfires are low along the
    /// diagonal `a ≈ b` (a bias and a distance that must move as one), a
    /// staircase in each, as misfire counts are. No single-axis move from
    /// the start improves by much; a diagonal move does.
    static func coupledSpace() throws -> SearchSpace {
        try SearchSpace([
            SearchDimension("pair.a", unit: "pt", default: 20, range: 0...100),
            SearchDimension("pair.b", unit: "pt", default: 80, range: 0...100),
            SearchDimension("pair.c", unit: "pt", default: 50, range: 0...100)
        ])
    }

    static let coupled: SearchObjective = { values, temperature in
        let a = values["pair.a"] ?? 0, b = values["pair.b"] ?? 0, c = values["pair.c"] ?? 0
        // Misfires: how far off the ridge a = b, and how far (a + b) / 2 is
        // from 70, counted in whole steps of 2 pt; c matters a little.
        let off = abs(a - b), centre = abs((a + b) / 2 - 70), third = abs(c - 30)
        let exact = (off / 2).rounded(.down) + (centre / 2).rounded(.down) + (third / 10).rounded(.down)
        let surrogate = off / 2 + centre / 2 + third / 10 + temperature
        return Evaluation(exact: exact, surrogate: surrogate)
    }

    @Test func aLongerRunEvaluatesEveryPointOfAShorterOneFirstAndIsNeverWorse() throws {
        let space = try Self.coupledSpace()
        var outcomes: [TuningSearch.Outcome] = []
        for budget in [15, 40, 120, 300] {
            var search = TuningSearch(space: space, budget: budget, seed: 3)
            search.parallelism = 2
            outcomes.append(try search.run(objective: Self.coupled))
        }
        for (short, long) in zip(outcomes, outcomes.dropFirst()) {
            // The same points in the same order (the history's index and
            // best-so-far included), then more.
            let prefix = [HistoryPoint](long.history.prefix(short.history.count))
            #expect(prefix == short.history)
            #expect(!short.bestEvaluation.isBetter(than: long.bestEvaluation))
        }
        #expect(outcomes.last!.history.contains { $0.phase == "covariance" })
    }

    @Test func theJointMovesFindTheDiagonalTheLinesCannot() throws {
        let space = try Self.coupledSpace()
        var lines = TuningSearch(space: space, budget: 300, seed: 1)
        lines.jointMoves = false
        let alone = try lines.run(objective: Self.coupled)
        let joint = try TuningSearch(space: space, budget: 300, seed: 1).run(objective: Self.coupled)
        #expect(joint.bestEvaluation.exact < alone.bestEvaluation.exact)
        #expect(joint.bestEvaluation.exact <= 2, "best \(joint.best)")
    }

    @Test func oneAndTwoThreadsGiveTheSameRun() throws {
        let space = try Self.coupledSpace()
        var one = TuningSearch(space: space, budget: 200, seed: 9)
        one.parallelism = 1
        var two = one
        two.parallelism = 2
        let a = try one.run(objective: Self.coupled), b = try two.run(objective: Self.coupled)
        #expect(a.history == b.history)
        #expect(a.best == b.best)
    }

    @Test func theScreenTakesTheConstantThatMattersFirst() throws {
        // Only pair.c matters here; its line is searched right after the screen.
        let space = try Self.coupledSpace()
        let objective: SearchObjective = { values, _ in
            let c = values["pair.c"] ?? 0
            return Evaluation(exact: (abs(c - 90) / 5).rounded(.down))
        }
        var search = TuningSearch(space: space, budget: 14, seed: 1)
        search.parallelism = 1
        let outcome = try search.run(objective: objective)
        // 1 start + 6 ends + the first line: pair.c reaches 90 ± 5 within 14 evaluations.
        #expect(outcome.bestEvaluation.exact <= 1, "best \(outcome.best)")
    }
}
