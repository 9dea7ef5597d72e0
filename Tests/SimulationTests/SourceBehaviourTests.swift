import Foundation
import GesturePhysics
import GestureTuneTestSupport
import Recognizers
import Scenes
import Simulation
import Testing
import TraceModel

/// Issue 34, item 3: behaviour where main differed from the source
/// documents' lines (`../shared/seeds`), each on a hand-built trace through
/// a whole built-in scene (390 × 844 pt). Each test failed on main.
@Suite("Behaviour as the sources write it")
struct SourceBehaviourTests {
    func scene(tab: Int) -> Scene {
        var scene = Scene.epilogue
        scene.initialTab = tab
        return scene
    }

    func simulate(
        _ trace: TraceBuilder, scene: Scene = .epilogue, _ overrides: [String: Double] = [:]
    ) throws -> SimulationResult {
        try Simulator(
            scene: scene, parameters: try ParameterSet(overrides), options: SimulationOptions(keepRecognitions: true)
        ).run(sessions: [trace.session])
    }

    // MARK: 1. The tab page and the note row spring alike, from rest

    @Test func theTabPageSpringsFromRestAsTheRowDoes() throws {
        // On the Notes tab below the rows (y 700): a 300 pt flick left at
        // 1500 pt/s pages (90 pt left for the spring), and a row swiped
        // 100 pt left at 1000 pt/s opens its actions. Both offsets are
        // animated by an implicit `.interactiveSpring` (001:230, 000:139),
        // handed no release velocity.
        var trace = TraceBuilder(id: "springs")
        trace.drag(from: (350, 700), by: (-300, 0), speed: 1500, label: .tabSwipe, direction: .left, target: "tab-content")
        var rows = TraceBuilder(id: "rows")
        rows.drag(from: (300, 130), by: (-100, 0), speed: 1000, label: .swipeActions, direction: .left, target: "note-row")
        for (session, kind, spring, speed) in [
            (trace, GestureKind.tabSwipe, Spring(response: 0.35, dampingFraction: 0.85), 1500.0),
            (rows, .swipeActions, Spring(response: 0.3, dampingFraction: 0.8), 1000)
        ] {
            let result = try simulate(session)
            let released = result.recognitionLog.map(\.recognition).filter { $0.kind == kind }
            #expect(released.count == 1 && released[0].committed)
            let r = try #require(released.first)
            // The finger's velocity is still recorded…
            #expect(isApproximatelyEqual(abs(r.releaseVelocity), speed, tolerance: speed * 0.02), "\(kind)")
            // …but the spring's figures are from rest.
            let report = try #require(result.springs.first { $0.gesture == kind })
            #expect(
                isApproximatelyEqual(
                    try #require(report.overshoot?.max), spring.overshoot(distance: r.springDistance, initialVelocity: 0),
                    tolerance: 1e-9), "\(kind)")
            #expect(
                isApproximatelyEqual(
                    try #require(report.settleTime?.max),
                    spring.settleTime(distance: r.springDistance, initialVelocity: 0) * 1000, tolerance: 1e-9), "\(kind)")
            // With the finger's velocity the overshoot would differ.
            #expect(
                abs(
                    spring.overshoot(distance: r.springDistance, initialVelocity: r.releaseVelocity)
                        - spring.overshoot(distance: r.springDistance, initialVelocity: 0)) > 0.5, "\(kind)")
        }
    }
}
