import Foundation
import GestureTuneTestSupport
import Recognizers
import Simulation
import Testing
import TraceImport
import TraceModel

/// The committed playground corpus (`datasets/playground/`) replayed
/// through the built-in `playground` scene (issue 18): the rate at the
/// catalogue defaults (the figures in `datasets/README.md`) and that its
/// near-misses respond to the constants that decide them.
@Suite(.serialized) struct PlaygroundCorpusReplayTests {
    static let sessions = committedSessions(in: "datasets/playground")

    func run(_ overrides: [String: Double] = [:]) throws -> SimulationResult { try replay(Self.sessions, overrides) }

    @Test func theDefaultsOnTheCommittedCorpus() throws {
        #expect(Self.sessions.count == 48)
        let result = try run()
        // The sessions name their scene: replayed on the built-in playground.
        #expect(result.scenes == ["playground": 48])
        #expect(result.total.labels == 960)
        // datasets/README.md: 10.5 % at the defaults.
        #expect(result.total.correct == 859 && result.total.wrong == 26 && result.total.missed == 75)
        #expect(result.total.deadZone == 0 && result.total.spurious == 0)
        #expect(abs(result.misfireRate - 0.1052) < 0.0005, "misfire rate \(result.misfireRate)")
        // Every intent of the playground is there.
        let perIntent = result.perIntent.mapValues(\.labels)
        #expect(
            perIntent == [
                "tap": 155, "long-press": 154, "multi-swipe": 168, "pan": 152, "pinch": 80,
                "rotate": 90, "edge-swipe": 79, "none": 82
            ])
        // The near-misses: swipes too slow for the swipe are pans; two-finger
        // double taps and tap-then-holds lost to a slow or lingering tap.
        #expect(result.confusion["multi-swipe"]?["pan"] == 21)
        #expect(result.confusion["tap"]?["nothing"] == 41)
        #expect(result.confusion["long-press"]?["nothing"] == 27)
        // Pinches and rotations all recognized, and each springs back to
        // identity from rest (critically damped: no overshoot).
        #expect(result.perIntent["pinch"]?.correct == 80 && result.perIntent["rotate"]?.correct == 90)
        for spring in ["pinch", "rotation"] {
            let report = try #require(result.springs.first { $0.spring == spring })
            #expect(report.response == 0.5 && report.dampingFraction == 1)
            #expect(report.overshoot?.max == 0)
            #expect((report.settleTime?.p50 ?? 0) > 500 && (report.settleTime?.max ?? .infinity) < 1_000)
        }
    }

    @Test func itsNearMissesRespondToTheirConstants() throws {
        let defaults = try run()
        // More time for a swipe takes the slow ones back from the pan.
        let patient = try run(["swipe.maximumDuration": 1.5])
        let slow = { (r: SimulationResult) in r.confusion["multi-swipe"]?["pan"] ?? 0 }
        #expect(slow(patient) < slow(defaults))
        // A longer tap lets a lingering tap count: fewer double taps and
        // tap-then-holds lost.
        let lingering = try run(["tap.maxDuration": 0.5])
        let lost = { (r: SimulationResult) in (r.confusion["tap"]?["nothing"] ?? 0) + (r.confusion["long-press"]?["nothing"] ?? 0)
        }
        #expect(lost(lingering) < lost(defaults))
        // A bouncier spring back overshoots identity.
        let bouncy = try run(["springBack.damping": 0.5])
        #expect((bouncy.springs.first { $0.spring == "pinch" }?.overshoot?.p50 ?? 0) > 1)
    }
}
