import Foundation
import GesturePhysics
import GestureTuneTestSupport
import Recognizers
import Scenes
import Simulation
import Testing
import TraceModel

/// Issue 34, item 4: the animation patterns' draggable card and its
/// velocity-preserving completion (002_fade1e29999cfedf.txt), in the
/// built-in `animation-patterns` scene, on hand-built traces (390 × 844 pt:
/// `card` on the top half, `velocityCard` on the bottom).
@Suite("The animation patterns' scene")
struct AnimationPatternsSceneTests {
    func simulate(_ trace: TraceBuilder) throws -> SimulationResult {
        try Simulator(scene: .animationPatterns, options: SimulationOptions(keepRecognitions: true))
            .run(sessions: [trace.session])
    }

    /// 002:22-30: past 150 pt, or a predicted end past 500 pt, the card flies
    /// 500 pt to the predicted end's side; else it snaps back.
    @Test(arguments: [
        // (distance pt, speed pt/s, flies off)
        (160.0, 100.0, true), // past 150 pt
        (140.0, 100.0, false), // short and slow: predicted 140 + 50 pt
        (100.0, 1000.0, true), // predicted 100 + 499 pt > 500
        (100.0, 600.0, false) // predicted 100 + 299 pt
    ])
    func theCardFliesOffPastItsThresholdOrItsPredictedEnd(distance: Double, speed: Double, flies: Bool) throws {
        var trace = TraceBuilder(id: "card")
        trace.drag(from: (100, 200), by: (distance, 0), speed: speed)
        let arena = replay(trace.session, try Scene.animationPatterns.arena())
        let r = try #require(arena.recognitions.first)
        #expect(arena.kinds == [.cardSwipe] && r.committed == flies && r.direction == .right)
        #expect(isApproximatelyEqual(r.springDistance, (flies ? 500 : 0) - distance, tolerance: 1e-6))
        // Another card right after: nothing is removed, nothing waits.
        trace.wait(0.05)
        trace.drag(from: (300, 200), by: (-160, 0), speed: 100)
        #expect(replay(trace.session, try Scene.animationPatterns.arena()).kinds == [.cardSwipe, .cardSwipe])
    }

    /// The velocity-preserving card's release carries the finger's speed
    /// into its spring, towards the target (002:76-86); the card of the
    /// core pattern, thrown the same way, springs from rest (28, 36); and
    /// the tab page and the note row still spring from rest.
    @Test func theVelocityCardsReleaseCarriesTheFingersVelocityIntoTheSpring() throws {
        // 100 pt right at 600 pt/s: a snap back, 100 pt to go leftward while
        // the finger still moves right — the document's square root hands
        // the spring 600 pt/s towards the target all the same.
        var trace = TraceBuilder(id: "velocity")
        trace.drag(from: (100, 600), by: (100, 0), speed: 600, label: .cardSwipe, direction: .right, target: "velocity-card")
        let result = try simulate(trace)
        let r = try #require(result.recognitionLog.map(\.recognition).first)
        #expect(r.kind == .cardSwipe && !r.committed)
        #expect(isApproximatelyEqual(r.releaseVelocity, 600, tolerance: 12))
        let report = try #require(result.springs.first { $0.spring == "draggableCard.velocity" })
        let spring = Spring(stiffness: 200, damping: 25)
        #expect(isApproximatelyEqual(report.response, 2 * .pi / 200.squareRoot(), tolerance: 1e-12))
        #expect(isApproximatelyEqual(report.dampingFraction, 25 / (2 * 200.squareRoot()), tolerance: 1e-12))
        let towards = -abs(r.releaseVelocity)
        #expect(
            isApproximatelyEqual(
                try #require(report.overshoot?.max), spring.overshoot(distance: r.springDistance, initialVelocity: towards),
                tolerance: 1e-9))
        #expect(
            isApproximatelyEqual(
                try #require(report.settleTime?.max),
                spring.settleTime(distance: r.springDistance, initialVelocity: towards) * 1000, tolerance: 1e-9))
        // From rest it would settle 40 ms later (0.366 s, not 0.324 s).
        #expect(
            spring.settleTime(distance: r.springDistance, initialVelocity: 0)
                - spring.settleTime(distance: r.springDistance, initialVelocity: towards) > 0.03)

        // The core pattern's card, the same throw: its snap-back spring, from rest.
        var card = TraceBuilder(id: "card")
        card.drag(from: (100, 200), by: (100, 0), speed: 600, label: .cardSwipe, direction: .right, target: "card")
        let still = try simulate(card)
        let snap = try #require(still.springs.first { $0.spring == "draggableCard.snapBack" })
        let snapSpring = Spring(response: 0.5, dampingFraction: 0.8)
        #expect(
            isApproximatelyEqual(
                try #require(snap.overshoot?.max), snapSpring.overshoot(distance: -100, initialVelocity: 0),
                tolerance: 1e-6))
        #expect(!still.springs.contains { $0.spring == "draggableCard.velocity" })

        // Only the velocity-preserving spring keeps the finger's velocity.
        #expect(AnimatedSpring.velocityPreservingCard.keepsVelocity)
        for spring in [AnimatedSpring.tabSwipe, .swipeActions, .cardSwipe, .draggableCardFlyOff, .draggableCardSnapBack] {
            #expect(!spring.keepsVelocity && spring.initialVelocity(releaseVelocity: 1500, distance: 90) == 0, "\(spring.name)")
        }
        #expect(AnimatedSpring.velocityPreservingCard.initialVelocity(releaseVelocity: 600, distance: -100) == -600)
        #expect(AnimatedSpring.velocityPreservingCard.initialVelocity(releaseVelocity: -600, distance: -100) == -600)
        #expect(AnimatedSpring.velocityPreservingCard.initialVelocity(releaseVelocity: 600, distance: 0.5) == 0)
    }

    /// What the scene's optimizer searches: the card's own constants and
    /// the card swipe's slop, not the reading app's card stack.
    @Test func theSceneTunesTheCardsConstantsNotTheReadingApps() {
        let names = Set(Scene.animationPatterns.tunableParameters.map(\.name))
        #expect(names.contains("draggableCard.threshold") && names.contains("draggableCard.velocityStiffness"))
        #expect(names.contains("cardSwipe.slop") && !names.contains("cardSwipe.deleteThreshold"))
        #expect(!names.contains("draggableCard.flightOffset"))
    }
}
