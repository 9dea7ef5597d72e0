import Foundation
import GestureTuneTestSupport
import Recognizers
import Simulation
import Testing
import TraceImport
import TraceModel

/// The committed synthetic corpus (`datasets/epilogue/`) replayed through the
/// `epilogue` scene: what the default constants get wrong (the figures in
/// `datasets/README.md`), and that the new gestures' trade-offs respond to
/// their parameters.
@Suite(.serialized) struct CorpusReplayTests {
    static var directory: URL {
        TestPaths.inPackage("datasets/epilogue")
    }

    /// Parsed once for the suite.
    static let sessions: [Session] = {
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        return files.filter { $0.pathExtension == "jsonl" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
            .flatMap { (try? ImporterRegistry.readSessions(path: $0.path)) ?? [] }
    }()

    func run(_ overrides: [String: Double] = [:]) throws -> SimulationResult {
        try Simulator(parameters: try ParameterSet(overrides), options: SimulationOptions(threads: 2))
            .run(sessions: Self.sessions)
    }

    @Test func theDefaultsOnTheCommittedCorpus() throws {
        #expect(Self.sessions.count == 320)
        let result = try run()
        #expect(result.scenes == ["epilogue": 320])
        #expect(result.total.labels == 10_350)
        // datasets/README.md: 21.3 % at the catalogue defaults before issue
        // 14. The reference app's semantics moved it to 21.2 % (8 143 → 8 154
        // correct, 831 → 838 wrong, 983 → 963 missed, 303 → 305 spurious):
        // about half from the tab swipe's release triggers regardless of
        // direction and its bias over the whole translation (with the old
        // tab swipe alone: 8 148 correct), the rest mostly from the momentum
        // window that tab-bar taps now open. Issue 18: the shake debounce
        // that starts when the screen appears turned one early shake into
        // a dead zone (8 154 → 8 153 correct); note rows that stay open
        // take rightward drags that start on them (closing the row): tab
        // swipes taken by a row 73 → 86, dead zones 91 → 78, three more
        // resting thumbs spurious (8 150 correct, 854 wrong, 960 missed,
        // 308 spurious). Then the note rows' custom context menu: a press
        // held 0.5 s on a row (73 of them in a corpus made before the menu
        // existed: resting thumbs, long presses meant for the grid that
        // land on Notes) opens it, and its backdrop swallows whatever the
        // person does next — 27 more spurious resting thumbs, and tab
        // swipes, scrolls and taps lost to the backdrop — while the text
        // selection's pills, which stay after the lift, cover the image
        // and text above it: 21.3 → 23.5 % (7 918 correct, 937 wrong,
        // 1 081 missed, 79 dead zones, 335 spurious).
        #expect(result.total.correct == 7_918 && result.total.deadZone == 79 && result.total.wrong == 937)
        #expect(result.total.missed == 1_081 && result.total.spurious == 335)
        #expect(result.confusion["tab-swipe"]?["swipe-actions"] == 89)
        #expect(abs(result.misfireRate - 0.2350) < 0.0005, "misfire rate \(result.misfireRate)")
        // Every new intent is there and mostly recognized…
        for intent in ["drag", "text-select", "transform"] {
            let counts = try #require(result.perIntent[intent])
            #expect(counts.labels >= 100 && counts.correct > counts.labels / 3, "\(intent): \(counts)")
        }
        let twoFingerTaps = result.labelOutcomes.filter { $0.intent == .tap && $0.target?.hasSuffix("/text") == true }
        #expect(twoFingerTaps.count >= 100)
        // 220 of 342: the rest land on another tab than meant, are
        // staggered, or meet an open note menu's backdrop (missed).
        #expect(twoFingerTaps.filter { $0.outcome == .correct }.count == 220)
        #expect(twoFingerTaps.filter { $0.outcome == .missed }.count == 119)
        // …and the classic conflicts show up: drags opening the context
        // menu, hesitant scrolls lifting grid items.
        #expect((result.confusion["drag"]?["long-press"] ?? 0) > 50)
        #expect((result.confusion["scroll"]?["drag"] ?? 0) > 10)
        // Press feedback: shown at touch-down, ripple within a few points.
        let press = try #require(result.budgets.first { $0.budget.gesture == .pressFeedback })
        #expect(press.passed && press.count > 1_000)
        let ripple = try #require(result.rippleDistance)
        #expect(ripple.p50 < 3 && ripple.p95 < 10)
        #expect((result.dragAutoScroll?.max ?? 0) > 100)
        #expect(result.selectionMenuWait != nil)
    }

    @Test func theDragTradeOffRespondsToItsParameters() throws {
        let defaults = try run()
        // A later context menu leaves drags time to start moving: fewer
        // drags lost, a slower menu.
        let later = try run(["longPress.minimumDuration": 0.7])
        let lost = { (r: SimulationResult) in r.confusion["drag"]?["long-press"] ?? 0 }
        #expect(lost(later) < lost(defaults) / 2)
        #expect((later.latency["longPress"]?.p50 ?? 0) > (defaults.latency["longPress"]?.p50 ?? 0))
        // A longer drag hold leaves hesitant scrolls alone.
        let patient = try run(["drag.minimumDuration": 0.6])
        #expect((patient.confusion["scroll"]?["drag"] ?? 0) < (defaults.confusion["scroll"]?["drag"] ?? 0))
    }
}
