import Foundation
import GestureTuneTestSupport
import Recognizers
import Scenes
import Simulation
import Testing

/// Issue 24: the elements no source has live in an example scene file,
/// named as ours, beside the reading-app scene they extend.
@Suite("Example scenes")
struct ExampleSceneTests {
    static let path = "examples/scenes/ours-epilogue-additions.yaml"

    /// The epilogue with the three elements of ours it used to carry: the
    /// image's single tap (waiting for the double tap), an edge-swipe back
    /// with priority in its strip, and the tab bar's pressed scale.
    static var expected: Scene {
        var scene = Scene.epilogue
        scene.name = "ours-epilogue-additions"
        let image = Region(x: 0.05, y: 0.12, width: 0.9, height: 0.2)
        let tabBar = Region(x: 0, y: 0.9, width: 1, height: 0.1)
        let back = Scene.Member(
            "edgeBack", .edgeSwipe, region: .edge(.left, y: 0.1, height: 0.8), target: "left-edge",
            .init(maxTouches: 1),
            from: .ours(
                "the reading app has no edge-swipe back of its own; UIKit's interactive pop gesture, as a navigation stack would add it"
            ))
        let imageTap = Scene.Member(
            "imageTap", .tap, region: image, tab: 2, target: "image",
            from: .ours(
                "the reading app's image answers only .onTapGesture(count: 2); a single tap that shows the controls, waiting for the double tap"
            ))
        let tabBarPress = Scene.Member(
            "tabBarPress", .pressFeedback, region: tabBar, target: "tab-bar", .init(columns: 3, pressStyle: .button),
            from: .ours(
                "the tab session's tab bar has no pressed scale; press feedback as the grid's, at pressFeedback.buttonScale"))
        scene.recognizers.insert(back, at: 0)
        let doubleTap = scene.recognizers.firstIndex { $0.id == "imageDoubleTap" }!
        scene.recognizers.insert(imageTap, at: doubleTap + 1)
        let bar = scene.recognizers.firstIndex { $0.id == "tabBar" }!
        scene.recognizers.insert(tabBarPress, at: bar + 1)
        scene.relations =
            ["tabSwipe", "noteRowSwipe", "cardSwipe", "notesScroll", "libraryScroll"].map { .highPriority("edgeBack", over: $0) }
            + scene.relations + [.requireToFail("imageTap", waitsFor: "imageDoubleTap")]
        return scene
    }

    @Test func theFileIsTheEpiloguePlusOurAdditions() throws {
        let file = TestPaths.inPackage(Self.path).path
        let loaded = try Scene.load(path: file)
        if loaded != Self.expected {
            let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("ours-epilogue-additions.yaml")
            try Self.expected.yaml().write(to: fresh, atomically: true, encoding: .utf8)
            Issue.record("\(Self.path) differs from the epilogue plus our additions; the expected file is at \(fresh.path)")
        }
        let ours = loaded.recognizers.filter { $0.provenance?.isSource != true }.map(\.id)
        #expect(ours == ["edgeBack", "imageTap", "tabBarPress"])
    }

    @Test func itReplaysTheElementsTheReferenceSceneLacks() throws {
        var scene = try Scene.load(path: TestPaths.inPackage(Self.path).path)
        scene.initialTab = 2
        var trace = TraceBuilder(id: "ours")
        trace.tap(at: (195, 185), label: .tap, target: "image")
        trace.wait(1)
        trace.drag(from: (5, 400), by: (120, 0), speed: 600, label: .edgeSwipe, direction: .right, target: "left-edge")
        let result = try Simulator(scene: scene, options: SimulationOptions(keepRecognitions: true)).run(sessions: [trace.session]
        )
        #expect(result.labelOutcomes.map(\.outcome) == [.correct, .correct])
        // The image tap waited for the double tap: 0.5 s after its lift.
        let tap = try #require(result.recognitionLog.first { $0.recognizerID == "imageTap" }?.recognition)
        #expect(tap.waited > 0)
    }
}
