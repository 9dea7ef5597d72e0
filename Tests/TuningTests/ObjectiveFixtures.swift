import Foundation
import GestureTuneTestSupport
import Recognizers
import Simulation
import Testing
import TraceModel

@testable import Tuning

// MARK: - A hand-built corpus with a known best pan slop

/// Sessions on the `plain` scene (tap, double tap, long press, free pan) where
/// every person makes taps that wobble by at most `maxJitter` points and
/// deliberate pans of at least `minPan` points, all labelled.
///
/// A pan begins once its translation EXCEEDS `pan.slop`, so:
/// - a slop below a tap's wobble starts a pan during that tap (`wrong`);
/// - a slop at or above a pan's length never starts it (`missed`: the tap
///   fails too, having moved beyond `tap.movementSlop`).
///
/// Every label is right exactly when `maxJitter ≤ slop < minPan` (8 ≤ slop <
/// 12 by default), while the catalogue default, 18 pt, misses every pan
/// shorter than 18 pt. Pans move at `panSpeed` pt/s, so the pan's latency
/// (first movement → recognition) grows with the slop: ≈ slop / speed.
struct PanSlopCorpus {
    static let jitters: [Double] = [2, 4, 5, 6, 7, 8]
    static let pans: [Double] = [12, 14, 16, 20, 25, 30, 40]
    static let panSpeed = 150.0

    let sessions: [Session]
    let taps: Int
    let panCount: Int
    /// Pans shorter than or as long as the default slop (18): missed at baseline.
    var missedAtDefault: Int { users.count * Self.pans.filter { $0 <= 18 }.count }
    let users: [String]

    /// `userCount` people, `holdoutCount` of them held out; each makes
    /// every wobble tap and every pan once, person `u` at
    /// `panSpeeds[u % panSpeeds.count]` pt/s (by default all alike).
    init(userCount: Int = 8, holdoutCount: Int = 1, panSpeeds: [Double] = [PanSlopCorpus.panSpeed]) throws {
        let chosen = try usersOnBothSides(userCount, holdout: holdoutCount)
        users = chosen
        var sessions: [Session] = []
        for (u, user) in chosen.enumerated() {
            var trace = TraceBuilder(id: "pan-\(u)", user: user, scene: "plain")
            for (i, jitter) in Self.jitters.enumerated() {
                trace.wait(1.0)
                // A tap that wobbles sideways, slowly enough to stay a tap (< 0.35 s).
                trace.drag(from: (100 + Double(i) * 10, 300), by: (jitter, 0), speed: 40, label: .tap, target: "screen")
            }
            for (i, length) in Self.pans.enumerated() {
                trace.wait(1.0)
                trace.drag(
                    from: (80, 200 + Double(i) * 40), by: (length, 0), speed: panSpeeds[u % panSpeeds.count], label: .pan,
                    direction: .right, target: "screen")
            }
            sessions.append(trace.session)
        }
        self.sessions = sessions
        taps = chosen.count * Self.jitters.count
        panCount = chosen.count * Self.pans.count
    }

    /// A budget on pan latency (p95).
    static func panBudget(ms: Double) -> LatencyBudget {
        LatencyBudget(gesture: .pan, measure: .latency, percentile: 95, limit: ms)
    }

    func data() throws -> TuningData { try TuningData(sessions: sessions) }

    /// An objective over `pan.slop` only; budgets checked at their limits
    /// on the training people, and with a bound for new people when a
    /// confidence is given.
    func objective(
        budgets: [LatencyBudget] = [], weights: MisfireWeights = .uniform, relax: Bool = false,
        confidence: Double? = nil
    ) throws -> TuningObjective {
        try TuningObjective(
            data: try data(), space: try TuningSpace.space(names: ["pan.slop"]), scene: nil,
            weights: weights, budgets: budgets, relaxBrokenBudgets: relax, budgetConfidence: confidence)
    }
}

/// `count` user names, `holdout` (at least one) on the held-out side of the
/// simulator's 25 % train/holdout split and the rest (at least one) on the
/// training side.
func usersOnBothSides(_ count: Int, holdout: Int = 1) throws -> [String] {
    let names = (0..<1_000).map { "person-\($0)" }
    let heldOut = names.filter { holdoutSide(user: $0, session: "") == .holdout }.prefix(max(holdout, 1))
    try #require(heldOut.count == max(holdout, 1))
    let train = names.filter { holdoutSide(user: $0, session: "") == .train }.prefix(max(count - heldOut.count, 1))
    return Array(heldOut) + train
}

/// Settings small enough for unit tests.
func quickSettings(seed: UInt = 1, maxEvaluations: Int = 40, budgets: [LatencyBudget] = []) -> OptimizerSettings {
    OptimizerSettings(
        tune: ["pan.slop"], budgets: budgets, weights: .uniform, seed: seed, maxEvaluations: maxEvaluations,
        sensitivityPoints: 5, paretoFractions: [], bootstrapResamples: 100)
}
