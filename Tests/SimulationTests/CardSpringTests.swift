import GesturePhysics
import GestureTuneTestSupport
import Recognizers
import Scenes
import Simulation
import Testing
import TraceModel

// MARK: - The card spring in the epilogue scene

/// The reference app's card spring, replayed through the whole scene (moved
/// from RecognizersTests, which replays recognizers without scenes).
@Suite("The card spring in the epilogue scene")
struct CardSpringTests {
    @Test func theCardSpringStartsFromRest() throws {
        // On the Cards tab: one card thrown off (130 pt at 600 pt/s) and one
        // let go 60 pt out, slowly, so that it springs back.
        var scene = Scene.epilogue
        scene.initialTab = 1
        var trace = TraceBuilder(id: "c")
        trace.drag(from: (100, 300), by: (130, 0), speed: 600, label: .cardSwipe, direction: .right, target: "card-stack")
        trace.wait(1)
        trace.drag(from: (250, 300), by: (-60, 0), speed: 60)
        let result = try Simulator(scene: scene, options: SimulationOptions(keepRecognitions: true))
            .run(sessions: [trace.session])
        let cards = result.recognitionLog.map(\.recognition).filter { $0.kind == .cardSwipe }
        #expect(cards.map(\.committed) == [true, false])
        // The finger's release velocity is still recorded…
        #expect(isApproximatelyEqual(cards[0].releaseVelocity, 600, tolerance: 1))
        // …but the spring is measured from rest.
        let spring = Spring(response: 0.4, dampingFraction: 0.7)
        let report = try #require(result.springs.first { $0.gesture == .cardSwipe })
        let settle = cards.map { spring.settleTime(distance: $0.springDistance, initialVelocity: 0) * 1000 }
        #expect(isApproximatelyEqual((report.settleTime?.max ?? 0), settle.max()!, tolerance: 1e-9))
        #expect(report.settleTime?.count == 2)
        // Overshoot only for the card that stays on screen (the sprung-back one).
        let overshoot = spring.overshoot(distance: cards[1].springDistance, initialVelocity: 0)
        #expect(report.overshoot?.count == 1)
        #expect(isApproximatelyEqual((report.overshoot?.max ?? -1), overshoot, tolerance: 1e-9))
        // With the finger's velocity the figures would differ.
        let moving = spring.settleTime(distance: cards[0].springDistance, initialVelocity: cards[0].releaseVelocity) * 1000
        #expect(abs(moving - spring.settleTime(distance: cards[0].springDistance, initialVelocity: 0) * 1000) > 1)
    }
}
