import FoundationEssentials
import GestureTuneTestSupport
import Recognizers
import Scenes
import Simulation
import Testing
import TraceModel

/// The epilogue scene on its Library tab (390 × 844 pt): image y 101–270,
/// text y 278–371, grid y 380–760 (3 × 3 items of 130 × 126.6 pt), content
/// (the drag's auto-scroll area) y 84.4–759.6.
private func library() -> Scene {
    var scene = Scene.epilogue
    scene.initialTab = 2
    return scene
}

/// Replays one labelled session on the Library tab and returns the outcomes.
private func simulate(_ trace: TraceBuilder, _ overrides: [String: Double] = [:]) throws -> SimulationResult {
    try Simulator(
        scene: library(), parameters: try ParameterSet(overrides),
        options: SimulationOptions(keepRecognitions: true)
    ).run(sessions: [trace.session])
}

private func fired(_ result: SimulationResult) -> [String] {
    result.recognitionLog.filter { !$0.recognition.kind.isFeedback }.map(\.recognizerID)
}

@Suite("Drag and drop")
struct DragAndDropTests {
    @Test func aPressThatHoldsThenMovesDragsTheItem() throws {
        let drag = Recognizer(kind: .drag)
        var trace = TraceBuilder(id: "t")
        trace.drag(from: (195, 570), by: (0, -100), speed: 300, hold: 0.3)
        let arena = try replay(trace.session, [drag])
        let r = try #require(arena.recognitions.first)
        #expect(r.kind == .drag && r.committed)
        // Armed at 0.25 s; dragged on the first sample past 10 pt, 1/30 s into the move.
        #expect(r.onset == r.touchDown)
        #expect(ms(r.latency) > 300 + 33 - 0.1 && ms(r.latency) < 300 + 33 + 8.4)
        #expect(r.value == 0 && r.direction == nil) // far from the edges: no auto-scroll
        // Moving before the hold completes cancels the press.
        var early = TraceBuilder(id: "t")
        early.drag(from: (195, 570), by: (0, -100), speed: 300, hold: 0.1)
        #expect(try replay(early.session, [drag]).recognitions.isEmpty)
        // Held still and lifted: the item lifted but never moved, no drag.
        var still = TraceBuilder(id: "t")
        still.press(at: (195, 570), duration: 0.6)
        #expect(try replay(still.session, [drag]).recognitions.isEmpty)
    }

    @Test func theItemAutoScrollsInTheEdgeBand() throws {
        // The auto-scroll area is the content (y 84.4…759.6); band 60 pt: top band ends at 144.4.
        let drag = Recognizer(kind: .drag, options: RecognizerOptions(scrollArea: Region(x: 0, y: 0.1, width: 1, height: 0.8)))
        var trace = TraceBuilder(id: "t")
        // To y 114.4, 30 pt into the band (half speed, 400 pt/s), held there 0.5 s.
        trace.path(from: (195, 444.4), hold: 0.3, legs: [(by: (0, -330), speed: 600, pause: 0.5)])
        let arena = try replay(trace.session, [drag])
        let r = try #require(arena.recognitions.first)
        #expect(r.kind == .drag && r.direction == .up)
        // 0.5 s at 400 pt/s, plus the last 30 pt of the approach (≈ 0.05 s at 0…400 pt/s).
        #expect(r.value < -200 && r.value > -215, "\(r.value)")
        // A faster scroll speed scrolls proportionally farther.
        let fast = try replay(trace.session, [drag], parameters: try ParameterSet(["drag.autoScrollSpeed": 1600]))
        #expect(abs(fast.recognitions[0].value - 2 * r.value) < 1e-6)
    }

    @Test func aSlowScrollThatHoldsStillLongEnoughStartsADrag() throws {
        // Scene relations: gridDrag, gridLongPress and libraryScroll are
        // exclusive; the drag is declared first and arms at 0.25 s.
        var trace = TraceBuilder(id: "s")
        trace.drag(from: (195, 690), by: (0, -200), speed: 250, hold: 0.3, label: .scroll, direction: .up)
        let misfire = try simulate(trace)
        #expect(fired(misfire) == ["gridDrag"])
        #expect(misfire.labelOutcomes.map(\.outcome) == [.wrong])
        #expect(misfire.labelOutcomes[0].recognized == .drag)
        // A longer press duration leaves the pause to the scroll.
        let tuned = try simulate(trace, ["drag.minimumDuration": 0.4])
        #expect(fired(tuned) == ["libraryScroll"])
        #expect(tuned.labelOutcomes.map(\.outcome) == [.correct])
        // A scroll that does not pause is a scroll whatever the press duration.
        var brisk = TraceBuilder(id: "s")
        brisk.drag(from: (195, 690), by: (0, -200), speed: 600, hold: 0.05, label: .scroll, direction: .up)
        #expect(fired(try simulate(brisk)) == ["libraryScroll"])
    }

    @Test func aContextMenuPressThatDriftsBecomesADrag() throws {
        // Held still: the context menu opens at 0.5 s and the armed drag loses.
        var still = TraceBuilder(id: "m")
        still.press(at: (195, 570), duration: 0.8, label: .longPress, target: "grid-item")
        let menu = try simulate(still)
        #expect(fired(menu) == ["gridLongPress"])
        #expect(menu.labelOutcomes.map(\.outcome) == [.correct])
        // Drifting 12 pt after the item lifted (0.3 s) drags it: the menu never opens.
        var drift = TraceBuilder(id: "m")
        drift.path(
            from: (195, 570), hold: 0.3, legs: [(by: (12, 0), speed: 80, pause: 0.4)],
            label: .longPress, target: "grid-item")
        let misfire = try simulate(drift)
        #expect(fired(misfire) == ["gridDrag"])
        #expect(misfire.labelOutcomes.map(\.outcome) == [.wrong])
        // An 8 pt drift stays within "cancel the press on movement" (10 pt):
        // the menu opens; at 6 pt the same drift drags the item.
        var small = TraceBuilder(id: "m")
        small.path(
            from: (195, 570), hold: 0.3, legs: [(by: (8, 0), speed: 80, pause: 0.4)],
            label: .longPress, target: "grid-item")
        #expect(fired(try simulate(small)) == ["gridLongPress"])
        #expect(fired(try simulate(small, ["drag.allowableMovement": 6])) == ["gridDrag"])
        // A drag held past the menu's hold opens the menu instead (the other misfire).
        var late = TraceBuilder(id: "m")
        late.drag(from: (195, 570), by: (0, 120), speed: 300, hold: 0.6, label: .drag, target: "grid-item")
        let opened = try simulate(late)
        #expect(fired(opened) == ["gridLongPress"])
        #expect(opened.labelOutcomes.map(\.outcome) == [.wrong])
        var onTime = TraceBuilder(id: "m")
        onTime.drag(from: (195, 570), by: (0, 120), speed: 300, hold: 0.35, label: .drag, target: "grid-item")
        let dragged = try simulate(onTime)
        #expect(fired(dragged) == ["gridDrag"])
        #expect(dragged.labelOutcomes.map(\.outcome) == [.correct])
        #expect(dragged.dragAutoScroll?.max == 0)
    }
}

@Suite("Text selection")
struct TextSelectionTests {
    @Test func aPressSelectsAWordAndDraggingExtendsIt() throws {
        let select = Recognizer(kind: .textSelect)
        var trace = TraceBuilder(id: "t")
        // Hold 0.6 s, extend 80 pt right (2.5 pt a sample), rest 0.1 s, lift.
        trace.path(from: (100, 320), hold: 0.6, legs: [(by: (80, 0), speed: 300, pause: 0.1)])
        let arena = try replay(trace.session, [select])
        let r = try #require(arena.recognitions.first)
        #expect(r.kind == .textSelect && r.committed)
        #expect(r.latency == 500_000) // the press duration, from touch-down
        #expect(abs(r.value - 80) < 1e-9)
        // The selection last changed at the end of the move; the menu comes
        // 0.25 s later: 0.1 s rest + one interval before the lift, so the wait
        // after the lift is 0.25 − 0.1 − 1/120 s.
        #expect(abs(ms(r.hapticLatency) - (250 - 100 - 8.333)) < 0.01, "\(r.hapticLatency)")
        // Resting longer than the settle delay: the menu was up before the lift.
        var settled = TraceBuilder(id: "t")
        settled.path(from: (100, 320), hold: 0.6, legs: [(by: (80, 0), speed: 300, pause: 0.4)])
        #expect(try replay(settled.session, [select]).recognitions[0].hapticLatency == 0)
        // Moving before the press duration: no selection.
        var early = TraceBuilder(id: "t")
        early.path(from: (100, 320), hold: 0.3, legs: [(by: (80, 0), speed: 200, pause: 0.1)])
        #expect(try replay(early.session, [select]).recognitions.isEmpty)
    }

    @Test func selectionAndScrollSplitByThePressDuration() throws {
        // A scroll starting on the text scrolls (the tab swipe skips the
        // steep drag and libraryScroll takes it; the selection has failed
        // on movement).
        var scroll = TraceBuilder(id: "x")
        scroll.drag(from: (195, 330), by: (0, -150), speed: 600, label: .scroll, direction: .up)
        let scrolled = try simulate(scroll)
        #expect(fired(scrolled) == ["libraryScroll"])
        #expect(scrolled.labelOutcomes.map(\.outcome) == [.correct])
        // A selection: the press wins the contact; extending it downwards does not scroll.
        var select = TraceBuilder(id: "x")
        select.path(
            from: (60, 300), hold: 0.6, legs: [(by: (120, 40), speed: 200, pause: 0.3)],
            label: .textSelect, target: "text")
        let selected = try simulate(select)
        #expect(fired(selected) == ["textSelect"])
        #expect(selected.labelOutcomes.map(\.outcome) == [.correct])
        #expect(selected.selectionMenuWait?.max == 0)
        // A hesitant scroll that rests 0.55 s on the text selects instead (misfire)…
        var hesitant = TraceBuilder(id: "x")
        hesitant.drag(from: (195, 330), by: (0, -150), speed: 400, hold: 0.55, label: .scroll, direction: .up)
        let misfire = try simulate(hesitant)
        #expect(fired(misfire) == ["textSelect"])
        #expect(misfire.labelOutcomes.map(\.outcome) == [.wrong])
        // …unless the press duration is longer than the rest.
        #expect(fired(try simulate(hesitant, ["textSelect.pressDuration": 0.7])) == ["libraryScroll"])
    }
}

@Suite("Transform, multi-finger touch counts")
struct TransformAndTouchCountTests {
    let pinch = Recognizer(kind: .pinch), rotation = Recognizer(kind: .rotation), transform = Recognizer(kind: .transform)
    var relations: [Relation] { [.simultaneous(0, 1), .simultaneous(2, 0), .simultaneous(2, 1)] }

    @Test func transformFollowsTranslationScaleAndRotationInOneStateMachine() throws {
        // Two fingers moving together 60 pt: no pinch, no rotation; the
        // transform begins once the centroid passes 36 pt.
        var pan = TraceBuilder(id: "t")
        pan.multiDrag(center: (195, 185), offsets: [(-40, 0), (40, 0)], by: (60, 0), speed: 300, stagger: 0)
        let panned = try replay(pan.session, [pinch, rotation, transform], relations)
        #expect(panned.kinds == [.transform])
        #expect(abs(panned.recognitions[0].value - 1) < 1e-9)
        #expect(panned.recognitions[0].pointers == 2)
        // Spread to 1.5×: pinch (12 pt) begins before the transform (18 pt);
        // both are recognized (simultaneous) and the transform's scale is 1.5.
        var zoom = TraceBuilder(id: "t")
        zoom.twoFinger(center: (195, 185), span: 100, scale: 1.5, degrees: 0, duration: 0.3)
        let zoomed = try replay(zoom.session, [pinch, rotation, transform], relations)
        #expect(zoomed.kinds == [.pinch, .transform])
        #expect(abs(zoomed.recognitions[1].value - 1.5) < 1e-9)
        #expect(zoomed.recognitions[1].latency > zoomed.recognitions[0].latency)
        // A 20° turn with a 30° rotation slop: only the transform's own slop
        // (8°) starts anything.
        var turn = TraceBuilder(id: "t")
        turn.twoFinger(center: (195, 185), span: 100, scale: 1, degrees: 20, duration: 0.3)
        let turned = try replay(
            turn.session, [pinch, rotation, transform], relations,
            parameters: try ParameterSet(["rotation.slop": 30]))
        #expect(turned.kinds == [.transform])
        // One finger never transforms.
        var one = TraceBuilder(id: "t")
        one.drag(from: (195, 185), by: (80, 0), speed: 300)
        #expect(try replay(one.session, [transform]).recognitions.isEmpty)
    }

    @Test func multiFingerTapLongPressAndPanNeedTheirTouchCounts() throws {
        let twoTap = Recognizer(kind: .tap, options: RecognizerOptions(fingers: 2))
        let oneTap = Recognizer(kind: .tap)
        var taps = TraceBuilder(id: "t")
        taps.multiTap(center: (195, 320), offsets: [(-20, 0), (20, 0)], stagger: 0.02)
        taps.wait(1)
        taps.tap(at: (195, 320))
        let tapped = try replay(taps.session, [twoTap, oneTap])
        #expect(tapped.kinds == [.tap, .tap])
        #expect(tapped.recognitions.map(\.recognizer) == [0, 1])
        #expect(tapped.recognitions.map(\.pointers) == [2, 1])
        // Fingers that never overlap are two one-finger taps.
        var apart = TraceBuilder(id: "t")
        apart.tap(at: (175, 320), duration: 0.05)
        apart.wait(0.02)
        apart.tap(at: (215, 320), duration: 0.05)
        #expect(try replay(apart.session, [twoTap, oneTap]).recognitions.map(\.recognizer) == [1, 1])

        let threePress = Recognizer(kind: .longPress, options: RecognizerOptions(fingers: 3))
        var press = TraceBuilder(id: "t")
        press.multiTap(center: (195, 500), offsets: [(-30, 0), (0, 0), (30, 0)], duration: 0.6, stagger: 0.02)
        press.wait(1)
        press.multiTap(center: (195, 500), offsets: [(-30, 0), (30, 0)], duration: 0.6, stagger: 0.02)
        let pressed = try replay(press.session, [threePress])
        #expect(pressed.kinds == [.longPress])
        #expect(pressed.recognitions[0].pointers == 3)

        // A pan of 2…3 fingers (UIKit's minimum/maximumNumberOfTouches).
        let pan = Recognizer(kind: .pan, options: RecognizerOptions(minTouches: 2, maxTouches: 3))
        var drags = TraceBuilder(id: "t")
        drags.drag(from: (195, 500), by: (0, -100), speed: 300)
        drags.wait(1)
        drags.multiDrag(center: (195, 500), offsets: [(-30, 0), (30, 0)], by: (0, -100), speed: 300)
        drags.wait(1)
        drags.multiDrag(center: (195, 500), offsets: [(-40, 0), (0, 0), (40, 0), (80, 0)], by: (0, -100), speed: 300)
        let panned = try replay(drags.session, [pan])
        #expect(panned.kinds == [.pan])
        #expect(panned.recognitions[0].pointers == 2 && panned.recognitions[0].direction == .up)
    }

    @Test func aTwoFingerTapLabelNeedsTwoFingers() throws {
        var trace = TraceBuilder(id: "f")
        trace.multiTap(center: (195, 320), offsets: [(-20, 0), (20, 0)], label: .tap, target: "text")
        trace.wait(1)
        // Meant with two fingers, but they never overlapped: nothing two-fingered fired.
        let start = trace.now
        trace.tap(at: (175, 320), duration: 0.05)
        trace.wait(0.02)
        trace.tap(at: (215, 320), duration: 0.05)
        trace.label(.tap, from: start, to: trace.now, fingers: 2, target: "text")
        trace.wait(1)
        // On the grid with two fingers: the one-finger grid tap fails, nothing fires.
        trace.multiTap(center: (195, 570), offsets: [(-20, 0), (20, 0)], label: .tap, target: "grid-item")
        // The two-finger tap on the text is ours since issue 34.
        var scene = try Scene.epilogueWithOurs()
        scene.initialTab = 2
        let result = try Simulator(scene: scene, options: SimulationOptions(keepRecognitions: true)).run(sessions: [trace.session]
        )
        #expect(result.labelOutcomes.map(\.outcome) == [.correct, .missed, .missed])
        #expect(fired(result) == ["textTwoFingerTap"])
    }
}

@Suite("Press feedback")
struct PressFeedbackTests {
    @Test func thePressedStateShowsAtTouchDownOnTheGridOnly() throws {
        var trace = TraceBuilder(id: "p")
        // Grid item (1, 1): centre (195, 569.7). Down at (215, 600): offset (20, 30.3).
        trace.tap(at: (215, 600), label: .tap, target: "grid-item")
        trace.wait(1)
        // Tab bar button 2 (x 260…390): centre (325, 801.8), down at (300, 780).
        trace.tap(at: (300, 780), label: .tap, target: "tab-bar")
        let result = try simulate(trace)
        #expect(result.labelOutcomes.map(\.outcome) == [.correct, .correct]) // feedback is not matched
        // The tab bar has no pressed scale (issue 24: the tab session's has
        // none); only the grid item shows a pressed state.
        let presses = result.recognitionLog.filter { $0.recognition.kind == .pressFeedback }
        #expect(presses.map(\.recognizerID) == ["gridPress"])
        #expect(presses.allSatisfy { $0.recognition.latency == 0 && $0.recognition.committed })
        #expect(result.latency["pressFeedback"]?.max == 0)
        let budget = try #require(result.budgets.first { $0.budget.gesture == .pressFeedback })
        #expect(budget.passed && budget.count == 1 && budget.value == 0)
        // Our example scene keeps a pressed tab bar (button scale 0.92).
        var ours = try Scene.load(path: TestPaths.inPackage("examples/scenes/ours-epilogue-additions.yaml").path)
        ours.initialTab = 2
        let withBar = try Simulator(scene: ours, options: SimulationOptions(keepRecognitions: true))
            .run(sessions: [trace.session])
        let bars = withBar.recognitionLog.filter { $0.recognizerID == "tabBarPress" }
        #expect(bars.count == 1 && bars.allSatisfy { $0.recognition.latency == 0 && $0.recognition.committed })
    }

    @Test func aScrollCancelsThePressAndADelayHidesItButMissesTheBudget() throws {
        var trace = TraceBuilder(id: "p")
        trace.tap(at: (195, 570), duration: 0.1)
        trace.wait(1)
        trace.tap(at: (195, 570), duration: 0.03)
        trace.wait(1)
        trace.drag(from: (195, 690), by: (0, -200), speed: 600) // a scroll starting on an item
        // The reference app's zero-duration press: every press shows at
        // touch-down; the scroll's flashes and is cancelled.
        let instant = try simulate(trace)
        let shown = instant.recognitionLog.filter { $0.recognition.kind == .pressFeedback }.map(\.recognition)
        #expect(shown.map(\.latency) == [0, 0, 0])
        #expect(shown.map(\.committed) == [true, true, false])
        #expect(fired(instant).last == "libraryScroll")
        // A 50 ms delay (UIScrollView's delaysContentTouches, shorter): the
        // scroll wins first and its press never shows; the quick tap's press
        // shows at its lift (30 ms); both taps miss the 16 ms budget.
        let delayed = try simulate(trace, ["pressFeedback.minimumDuration": 0.05])
        let presses = delayed.recognitionLog.filter { $0.recognition.kind == .pressFeedback }.map(\.recognition)
        #expect(presses.map { ms($0.latency) } == [50, 30])
        #expect(presses.map(\.committed) == [true, true])
        let budget = try #require(delayed.budgets.first { $0.budget.gesture == .pressFeedback })
        #expect(!budget.passed && budget.overLimit == 2)
        #expect(fired(delayed).last == "libraryScroll")
    }
}

@Suite("Scene options for the new recognizers")
struct NewMemberOptionTests {
    @Test func touchCountsAreCheckedAndTheOptionsRoundTrip() throws {
        func scene(_ member: Scene.Member) -> Scene { Scene(name: "s", recognizers: [member]) }
        #expect(throws: SceneError.self) { try scene(Scene.Member("t", .tap, .init(fingers: 6))).validate() }
        #expect(throws: SceneError.self) { try scene(Scene.Member("p", .pan, .init(minTouches: 3, maxTouches: 2))).validate() }
        #expect(throws: SceneError.self) { try scene(Scene.Member("f", .pressFeedback, .init(columns: 0))).validate() }
        try scene(Scene.Member("p", .pan, .init(minTouches: 2, maxTouches: 5))).validate()
        // Defaults: one finger, a 1 × 1 item, item scale, no separate scroll area.
        let member = Scene.Member("f", .pressFeedback)
        #expect(member.minTouches == 1 && member.columns == 1 && member.rows == 1 && member.pressStyle == .item)
        #expect(member.scrollArea == nil)
        // The catalogue lists the new parameters with their bounds.
        for name in [
            "drag.minimumDuration", "drag.allowableMovement", "drag.edgeBand", "drag.autoScrollSpeed",
            "textSelect.pressDuration", "textSelect.allowableMovement", "textSelect.menuDelay",
            "transform.panSlop", "transform.spanSlop", "transform.rotationSlop",
            "pressFeedback.minimumDuration", "pressFeedback.itemScale", "pressFeedback.buttonScale"
        ] {
            let spec = try #require(Parameter(name: name)?.spec, "\(name)")
            #expect(spec.accepts(spec.defaultValue) && spec.lower < spec.upper && !spec.description.isEmpty)
            #expect(listParameters().contains { $0.name == name })
        }
        #expect(Parameter(name: "pressFeedback.itemScale")?.spec.defaultValue == 0.97)
        #expect(Parameter(name: "pressFeedback.buttonScale")?.spec.defaultValue == 0.92)
        #expect(Parameter(name: "pressFeedback.minimumDuration")?.spec.defaultValue == 0)
    }
}
