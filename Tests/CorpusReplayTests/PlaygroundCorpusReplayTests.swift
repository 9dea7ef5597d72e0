import Foundation
import GestureTuneTestSupport
import Recognizers
import Scenes
import Simulation
import Testing
import TraceImport
import TraceModel

/// The committed playground corpus (`datasets/playground/`) replayed
/// through the built-in `playground` scene, each session on the screen it
/// names (issue 24: seven screens, one gesture each): the rate at the
/// catalogue defaults (the figures in `datasets/README.md`) and that its
/// near-misses respond to the constants that decide them.
@Suite(.serialized) struct PlaygroundCorpusReplayTests {
    static let sessions = committedSessions(in: "datasets/playground")

    func run(_ overrides: [String: Double] = [:]) throws -> SimulationResult { try replay(Self.sessions, overrides) }

    @Test func theSevenScreensReplayTheCommittedCorpus() throws {
        #expect(Self.sessions.count == 84)
        // Each person visits every screen once; each session names its screen.
        let screens = ["tap", "long-press", "swipe", "pan", "pinch", "rotation", "transform"]
        let result = try run()
        #expect(result.scenes == Dictionary(uniqueKeysWithValues: screens.map { ("playground/\($0)", 12) }))
        // The same on `--scene playground`: the scene picks each session's screen.
        let forced = try Simulator(scene: .playground()).run(sessions: Self.sessions)
        #expect(forced.scenes == result.scenes && forced.total == result.total)
        #expect(result.total.labels == 1052)
        // datasets/README.md: 8.0 % at the defaults.
        #expect(result.total.correct == 968 && result.total.wrong == 0 && result.total.missed == 81)
        #expect(result.total.deadZone == 0 && result.total.spurious == 3)
        #expect(abs(result.misfireRate - 0.0799) < 0.0005, "misfire rate \(result.misfireRate)")
        // Every intent of the playground is there.
        let perIntent = result.perIntent.mapValues(\.labels)
        #expect(
            perIntent == [
                "tap": 133, "long-press": 132, "multi-swipe": 128, "pan": 129, "pinch": 130,
                "rotate": 128, "transform": 129, "edge-swipe": 44, "none": 99
            ])
        // No gesture is taken by another screen's: one gesture per screen.
        // The near-misses are lost, not mistaken: swipes too slow for the
        // swipe, double taps and tap-then-holds with a slow or lingering
        // tap, back swipes from just outside the strip.
        #expect(result.confusion["multi-swipe"] == ["multi-swipe": 112, "nothing": 16])
        #expect(result.confusion["tap"] == ["tap": 106, "nothing": 27])
        #expect(result.confusion["long-press"] == ["long-press": 103, "nothing": 29])
        #expect(result.confusion["edge-swipe"] == ["edge-swipe": 36, "nothing": 8])
        // Pinches, rotations and transforms all recognized, each returning
        // to identity along `.easeOut` in 0.35 s: no overshoot, and within
        // 0.5 pt a little before the curve ends (its last stretch is slow).
        #expect(result.perIntent["pinch"]?.correct == 130 && result.perIntent["rotate"]?.correct == 128)
        #expect(result.springs.isEmpty)
        for curve in ["pinch", "rotation", "transform"] {
            let report = try #require(result.curves.first { $0.curve == curve })
            #expect(report.timing == "easeOut" && report.duration == 0.35)
            #expect(report.overshoot?.max == 0)
            #expect((report.settleTime?.p50 ?? 0) > 250 && (report.settleTime?.max ?? .infinity) < 350)
        }
    }

    @Test func itsNearMissesRespondToTheirConstants() throws {
        let defaults = try run()
        // More time for a swipe takes the slow ones back.
        let patient = try run(["swipe.maximumDuration": 1.5])
        let slow = { (r: SimulationResult) in r.confusion["multi-swipe"]?["nothing"] ?? 0 }
        #expect(slow(patient) < slow(defaults))
        // A longer tap lets a lingering tap count: fewer double taps and
        // tap-then-holds lost.
        let lingering = try run(["tap.maxDuration": 0.5])
        let lost = { (r: SimulationResult) in (r.confusion["tap"]?["nothing"] ?? 0) + (r.confusion["long-press"]?["nothing"] ?? 0)
        }
        #expect(lost(lingering) < lost(defaults))
        // A wider edge strip takes the back swipes from just outside it.
        let wide = try run(["edgeSwipe.edgeWidth": 40])
        #expect((wide.confusion["edge-swipe"]?["nothing"] ?? 0) < (defaults.confusion["edge-swipe"]?["nothing"] ?? 0))
        // The return to identity runs along `.easeOut`: no spring, no
        // overshoot, and a longer one settles later.
        let pinch = { (r: SimulationResult) in r.curves.first { $0.curve == "pinch" } }
        #expect(!defaults.springs.contains { $0.spring == "pinch" })
        #expect(pinch(defaults)?.timing == "easeOut" && pinch(defaults)?.overshoot?.max == 0)
        #expect((pinch(defaults)?.settleTime?.max ?? .infinity) < 350)
        let slower = try run(["returnToIdentity.duration": 0.7])
        #expect((pinch(slower)?.settleTime?.p50 ?? 0) > (pinch(defaults)?.settleTime?.p50 ?? .infinity))
    }
}
