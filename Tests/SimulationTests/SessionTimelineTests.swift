import GestureTuneTestSupport
import Recognizers
import Scenes
import Simulation
import Testing
import TraceModel

// MARK: - Every recognizer's state over one session, with the arena's reasons

@Suite("session timeline: states and who won the arena, and why")
struct SessionTimelineTests {
    /// A tap that waits for a double tap, and a scroll, on one screen.
    static let scene = Scene(
        name: "timeline-test",
        recognizers: [.init("tap", .tap), .init("doubleTap", .doubleTap), .init("scroll", .scroll)],
        relations: [.requireToFail("tap", waitsFor: "doubleTap")])

    static func changes(_ timeline: SessionTimeline, of id: String) -> [SessionTimeline.Change] {
        let index = timeline.members.firstIndex { $0.id == id } ?? -1
        return timeline.changes.filter { $0.member == index }
    }

    @Test func aSingleTapWaitsForTheDoubleTapToFailThenWins() throws {
        var trace = TraceBuilder(id: "single")
        trace.tap(at: (100, 200), label: .tap)
        trace.wait(1)
        trace.tap(at: (300, 600))
        let timeline = try SessionTimeline(session: trace.session, scene: Self.scene, parameters: ParameterSet())
        let tap = Self.changes(timeline, of: "tap"), double = Self.changes(timeline, of: "doubleTap")
        // The tap: possible, waiting for the double tap, then recognized when
        // the double tap's window closed.
        #expect(tap.prefix(3).map(\.to) == [.possible, .waiting, .recognized])
        #expect(tap[1].reason.contains("waits for doubleTap") && tap[1].reason.contains("require-to-fail"))
        #expect(tap[2].reason.contains("doubleTap failed, so it won"))
        #expect(double.prefix(2).map(\.to) == [.possible, .failed])
        // The double tap fails on its timer; the tap wins at that moment, as
        // the simulator records it (the recognition's own time, not the next input's).
        let recognized = try #require(timeline.recognitions.first { $0.kind == .tap })
        #expect(tap[2].t == recognized.recognized)
        #expect(double[1].t == recognized.recognized)
        #expect(recognized.waited > 0)
        // The scroll joined and lost to nothing but its own test (a tap does not move).
        let scroll = Self.changes(timeline, of: "scroll")
        #expect(scroll.first?.to == .possible)
        #expect(scroll.dropFirst().first?.reason.contains("its own test") == true)
        // In time order.
        #expect(timeline.changes.map(\.t) == timeline.changes.map(\.t).sorted())
    }

    @Test func aScrollWinsAndTheOthersLoseToItExclusively() throws {
        var trace = TraceBuilder(id: "scroll")
        trace.drag(from: (200, 600), by: (0, -300), speed: 800)
        let timeline = try SessionTimeline(session: trace.session, scene: Self.scene, parameters: ParameterSet())
        let scroll = Self.changes(timeline, of: "scroll")
        #expect(scroll.map(\.to).prefix(3) == [.possible, .began, .ended])
        #expect(scroll[1].reason.contains("began first: it won the arena"))
        for loser in ["tap", "doubleTap"] {
            let failed = try #require(Self.changes(timeline, of: loser).first { $0.to == .failed }, "\(loser)")
            #expect(failed.t == scroll[1].t, "\(loser) fails as the scroll begins")
            // The tap fails by its own slop or loses to the scroll in the same input:
            // either way the reason names what happened, and a winner is named only when one won.
            if failed.winner != nil {
                #expect(failed.reason.contains("scroll"), "\(loser): \(failed.reason)")
            }
        }
        #expect(timeline.recognitions.map(\.kind) == [.scroll])
    }

    @Test func theTimelineFiresWhatTheSimulatorFires() throws {
        var trace = TraceBuilder(id: "same", scene: "epilogue")
        trace.tap(at: (120, 170), label: .tap)
        trace.wait(0.6)
        trace.drag(from: (200, 600), by: (0, -250), speed: 900, label: .scroll)
        trace.wait(0.6)
        trace.drag(from: (40, 400), by: (260, 0), speed: 1200)
        let timeline = try SessionTimeline(session: trace.session, scene: nil, parameters: ParameterSet())
        var options = SimulationOptions()
        options.keepRecognitions = true
        let simulated = try Simulator(options: options).run(sessions: [trace.session])
        #expect(timeline.scene == "epilogue")
        #expect(timeline.recognitions == simulated.recognitionLog.map(\.recognition))
    }
}
