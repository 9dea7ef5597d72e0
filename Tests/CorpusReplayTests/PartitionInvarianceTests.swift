import Foundation
import GestureTuneTestSupport
import Recognizers
import Scenes
import Simulation
import Testing
import TraceModel
import Tuning

// MARK: - The same answer however the sessions are split

/// A run split across threads, shards or machines must give the objective
/// the search compares bit for bit, whatever the partition and the order
/// the parts are merged in: the property distributed evaluation rests on.
/// Checked on the committed corpus at a temperature above zero (soft
/// misfires are not dyadic) with weights that are not either.
@Suite struct PartitionInvarianceTests {
    static let sessions = Array(committedSessions(in: "datasets/epilogue").prefix(120))

    static let simulator = Simulator(
        parameters: try! ParameterSet(["tabSwipe.directionalBias": 2.7, "doubleTap.window": 0.31]),
        options: SimulationOptions(temperature: 0.3))

    /// Weights of a team that hates deleted cards more than anything: none of them a power of two.
    static func objective() throws -> TuningObjective {
        var weights = MisfireWeights.default
        weights.fired[GestureKind.cardSwipe.rawValue] = 4.7
        weights.fired[GestureKind.tabSwipe.rawValue] = 1.3
        weights.outcome[Outcome.spurious.rawValue] = 0.9
        return try TuningObjective(
            data: try TuningData(sessions: sessions), space: try TuningSpace.space(names: ["tabSwipe.directionalBias"]),
            weights: weights)
    }

    /// The result with its per-label lists in a canonical order (they
    /// follow the merge; everything else must not).
    static func canonicalJSON(_ result: SimulationResult) throws -> Data {
        var result = result
        result.labelOutcomes.sort { ($0.session, $0.label) < ($1.session, $1.label) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(result)
    }

    @Test func anyPartitionMergedInAnyOrderGivesTheSameEvaluation() throws {
        #expect(Self.sessions.count == 120)
        let simulator = Self.simulator
        let objective = try Self.objective()
        let whole = try simulator.run(sessions: Self.sessions)
        #expect(whole.total.softMisfires != whole.total.softMisfires.rounded(), "a temperature that smooths")
        let reference = objective.evaluation(of: whole)
        let referenceJSON = try Self.canonicalJSON(whole)
        var random = SeededRandom(seed: 23)
        for round in 0..<6 {
            // 2…6 parts, every session dealt to a random one.
            let parts = 2 + round % 5
            var shards = [[Session]](repeating: [], count: parts)
            for session in Self.sessions { shards[Int.random(in: 0..<parts, using: &random)].append(session) }
            // Each tally through JSON, as a shard of a cluster sends it.
            let tallies = try shards.filter { !$0.isEmpty }.map { shard in
                let tally = try simulator.tally(corpus: Corpus(sessions: shard))
                return try Tally.wireDecoder().decode(Tally.self, from: Tally.wireEncoder().encode(tally))
            }
            let merged = simulator.result(of: simulator.merged(tallies.shuffled(using: &random)))
            let evaluation = objective.evaluation(of: merged)
            #expect(evaluation.exact.bitPattern == reference.exact.bitPattern, "round \(round)")
            #expect(evaluation.surrogate.bitPattern == reference.surrogate.bitPattern, "round \(round)")
            #expect(evaluation.violations == reference.violations, "round \(round)")
            #expect(try Self.canonicalJSON(merged) == referenceJSON, "round \(round): the whole result")
            #expect(merged.labelCells == whole.labelCells, "round \(round): the label cells the cost is read from")
        }
    }

    @Test func oneThreadAndTwoAgreeBitForBit() throws {
        var two = Self.simulator
        two.options.threads = 2
        let one = try Self.simulator.run(sessions: Self.sessions)
        let both = try two.run(sessions: Self.sessions)
        #expect(try Self.canonicalJSON(one) == Self.canonicalJSON(both))
        #expect(one.labelOutcomes == both.labelOutcomes, "contiguous chunks keep the sessions' order")
    }

    @Test("a shard's counts and label cells travel packed, exact to the unit, and a reply that disagrees with itself is refused")
    func packedCountsAreExactAndChecked() throws {
        let tally = try Self.simulator.tally(corpus: Corpus(sessions: Self.sessions))
        let wire = try Tally.wireEncoder().encode(tally)
        let back = try Tally.wireDecoder().decode(Tally.self, from: wire)
        let result = Self.simulator.result(of: back), whole = Self.simulator.result(of: tally)
        #expect(result.perUser == whole.perUser && result.perDevice == whole.perDevice)
        #expect(result.total == whole.total && result.labelCells == whole.labelCells)
        #expect(whole.total.softMisfires != whole.total.softMisfires.rounded(), "sums that are not whole numbers")
        // No JSON object per user, per device or per cell.
        let object = try #require(try JSONSerialization.jsonObject(with: wire) as? [String: Any])
        for key in ["perUser", "perDevice", "labelCells", "total", "perIntent"] {
            #expect(object[key] is String, "\(key) packed (base64)")
        }
        #expect(!String(decoding: wire, as: UTF8.self).contains("\\/"), "base64 without escaped slashes")
        // A name dropped from the users' names, or a cell of no known intent: refused, not misread.
        var users = object
        users["perUserNames"] = (object["perUserNames"] as? [String])?.dropLast().map { $0 }
        #expect(throws: DecodingError.self) {
            try Tally.wireDecoder().decode(Tally.self, from: JSONSerialization.data(withJSONObject: users))
        }
        var cells = object
        let cellText = try #require(object["labelCells"] as? String)
        var cellInts = try PackedNumbers.ints(#require(Data(base64Encoded: cellText)))
        try #require(!cellInts.isEmpty)
        cellInts[0] = 10_000
        cells["labelCells"] = PackedNumbers.data(cellInts).base64EncodedString()
        #expect(throws: DecodingError.self) {
            try Tally.wireDecoder().decode(Tally.self, from: JSONSerialization.data(withJSONObject: cells))
        }
    }

    @Test func thePlaygroundsTimingCurvesTravelAndMergeAsTheSpringsDo() throws {
        // The playground's returns to identity are measured as timing
        // curves on the shard that replayed them: through JSON and merged
        // in any order, the same curves, people and all, as one run.
        let sessions = Array(committedSessions(in: "datasets/playground").prefix(40))
        let simulator = Simulator(scene: .playground(.reference))
        let whole = try simulator.run(sessions: sessions)
        #expect(Set(whole.curves.map(\.curve)) == ["pinch", "rotation", "transform"])
        var random = SeededRandom(seed: 5)
        var shards = [[Session]](repeating: [], count: 3)
        for session in sessions { shards[Int.random(in: 0..<3, using: &random)].append(session) }
        let tallies = try shards.filter { !$0.isEmpty }.map { shard in
            let tally = try simulator.tally(corpus: Corpus(sessions: shard))
            return try Tally.wireDecoder().decode(Tally.self, from: Tally.wireEncoder().encode(tally))
        }
        let merged = simulator.result(of: simulator.merged(tallies.shuffled(using: &random)))
        #expect(merged.curves == whole.curves)
        #expect(try Self.canonicalJSON(merged) == Self.canonicalJSON(whole))
    }

    @Test func exactSumsIgnoreOrderWhereDoublesDoNot() throws {
        let terms = [0.1, 0.2, 0.3]
        var forward = ExactSum(), backward = ExactSum()
        for x in terms { forward.add(x) }
        for x in terms.reversed() { backward.add(x) }
        #expect(forward == backward)
        #expect(terms.reduce(0, +) != terms.reversed().reduce(0, +), "the Doubles this replaces")
        #expect(abs(forward.value - 0.6) < 1e-12)
        // Exact across processes: a partial tally's sum survives JSON.
        let data = try JSONEncoder().encode(forward)
        #expect(try JSONDecoder().decode(ExactSum.self, from: data) == forward)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ExactSum.self, from: Data(#""1.5""#.utf8)) }
    }
}
