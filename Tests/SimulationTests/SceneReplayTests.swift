import GestureTuneTestSupport
import Recognizers
import Scenes
import Simulation
import Testing
import TraceModel

/// How the simulator picks a session's scene and the values it replays it
/// with (the scenes' description itself is ScenesTests').
@Suite("Scenes in replay")
struct SceneReplayTests {
    @Test func aScenesOwnParameterAppliesUnlessTheCallerOverridesIt() throws {
        // The photo scene of ScenesTests' hand-written YAML, built in code.
        let image = Region(x: 0, y: 0.2, width: 1, height: 0.5)
        let scene = Scene(
            name: "photo",
            recognizers: [
                Scene.Member("tap", .tap, region: image, target: "image"),
                Scene.Member("doubleTap", .doubleTap, region: image, .init(action: .toggleZoom)),
                Scene.Member("back", .edgeSwipe, region: Region(x: 0, y: 0, width: 1, height: 1, edge: .left)),
                Scene.Member("list", .scroll, .init(axis: .vertical))
            ],
            relations: [.requireToFail("tap", waitsFor: "doubleTap"), .highPriority("back", over: "list")],
            parameters: ["doubleTap.window": 0.3])
        // The scene's own parameter applies: a single tap waits 0.3 s.
        var trace = TraceBuilder(id: "s")
        trace.tap(at: (100, 400), label: .tap)
        let result = try Simulator(scene: scene).run(sessions: [trace.session])
        #expect(result.latency["tap"]?.p50 == 300)
        // …unless the caller overrides it.
        let tuned = try Simulator(scene: scene, parameters: try ParameterSet(["doubleTap.window": 0.2]))
            .run(sessions: [trace.session])
        #expect(tuned.latency["tap"]?.p50 == 200)
        // An assigned value wins even when it is the catalogue default.
        var back = ParameterSet()
        back[.doubleTapWindow] = Parameter.doubleTapWindow.spec.defaultValue
        #expect(try Simulator(scene: scene, parameters: back).run(sessions: [trace.session]).latency["tap"]?.p50 == 500)
    }

    @Test func unknownSessionScenesAreAnError() throws {
        var trace = TraceBuilder(id: "s", scene: "nosuchscene")
        trace.tap(at: (10, 10))
        #expect(throws: SceneError.unknown("nosuchscene")) { try Simulator().run(sessions: [trace.session]) }
        // A caller-supplied scene overrides the session's.
        #expect(try Simulator(scene: .plain).run(sessions: [trace.session]).scenes == ["plain": 1])
        // A library of named scenes supplies the ones sessions name.
        var own = Scene.plain
        own.name = "nosuchscene"
        #expect(try Simulator(library: [own]).run(sessions: [trace.session]).scenes == ["nosuchscene": 1])
    }
}
