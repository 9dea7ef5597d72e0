import Foundation
import GesturePhysics
import GestureTuneTestSupport
import Recognizers
import Scenes
import Simulation
import Testing
import TraceModel

// MARK: - The reading app's remaining interactions, in the epilogue scene

/// Issue 18: the note rows' custom context menu and its backdrop, the text
/// selection's action pills, the grid's haptics and ripple, and the image's
/// zoom springs, replayed through the whole scene (390 × 844 pt).
@Suite("The reading app's menus, pills, haptics and zoom springs")
struct ReadingAppOverlayTests {
    /// The scene showing the Library tab (image, text, grid) first.
    var library: Scene {
        var scene = Scene.epilogue
        scene.initialTab = 2
        return scene
    }

    func run(
        _ trace: TraceBuilder, scene: Scene = .epilogue, parameters: [String: Double] = [:],
        budgets: [LatencyBudget] = LatencyBudget.defaults
    ) throws -> SimulationResult {
        try Simulator(
            scene: scene, parameters: try ParameterSet(parameters),
            options: SimulationOptions(budgets: budgets, keepRecognitions: true)
        )
        .run(sessions: [trace.session])
    }

    func ids(_ result: SimulationResult) -> [String] {
        result.recognitionLog.filter { !$0.recognition.kind.isFeedback }.map(\.recognizerID)
    }

    // MARK: The note menu

    @Test func aLongPressOnANoteRowOpensTheMenuAndABackdropTapDismissesIt() throws {
        var trace = TraceBuilder(id: "menu", scene: "epilogue")
        trace.press(at: (200, 130), duration: 0.7, label: .longPress, target: "note-row") // opens the menu
        trace.wait(0.5)
        trace.tap(at: (200, 500), label: .tap, target: "note-menu") // dismisses it
        trace.wait(0.5)
        trace.tap(at: (200, 300), label: .tap, target: "note-row") // the row again
        // The row's own tap (opening the note) is ours since issue 34.
        let result = try run(trace, scene: try .epilogueWithOurs())
        #expect(ids(result) == ["noteRowLongPress", "noteMenuBackdrop", "noteRowTap"])
        #expect(result.labelOutcomes.map(\.outcome) == [.correct, .correct, .correct])
        // The shared state: open after the long press, closed after the backdrop tap.
        var opened = TraceBuilder(id: "menu")
        opened.press(at: (200, 130), duration: 0.7)
        #expect(replay(opened.session, try Scene.epilogue.arena()).shared.noteMenuOpen)
        #expect(!replay(trace.session, try Scene.epilogue.arena()).shared.noteMenuOpen)
        // A press too short for the long press (0.4 s < 0.5 s) opens nothing.
        var short = TraceBuilder(id: "menu")
        short.press(at: (200, 130), duration: 0.4)
        #expect(!replay(short.session, try Scene.epilogue.arena()).shared.noteMenuOpen)
    }

    @Test func theBackdropLingersAFifthOfASecondAfterTheDismissal() throws {
        // Issue 24: the reading app's backdrop stays 0.2 s after a dismissal
        // (noteMenu.backdropLinger), so a quick tap meant for a row in that
        // time still lands on it; after it the row hears its tap.
        var trace = TraceBuilder(id: "linger", scene: "epilogue")
        trace.press(at: (200, 130), duration: 0.7, label: .longPress, target: "note-row")
        trace.wait(0.5)
        trace.tap(at: (200, 500), label: .tap, target: "note-menu") // dismisses it
        trace.wait(0.1)
        trace.tap(at: (200, 300), label: .tap, target: "note-row") // within 0.2 s: the backdrop's, wrong
        trace.wait(0.3)
        trace.tap(at: (200, 300), label: .tap, target: "note-row") // the backdrop is gone: the row's
        // The row's own tap is ours since issue 34.
        let ours = try Scene.epilogueWithOurs()
        let result = try run(trace, scene: ours)
        #expect(ids(result) == ["noteRowLongPress", "noteMenuBackdrop", "noteMenuBackdrop", "noteRowTap"])
        #expect(result.labelOutcomes.map(\.outcome) == [.correct, .correct, .wrong, .correct])
        // One dismissal, one dismiss spring: the lingering backdrop's tap dismisses nothing more.
        #expect(result.springs.first { $0.spring == AnimatedSpring.noteMenuDismiss.name }?.settleTime?.count == 1)
        // With no linger the quick tap is the row's.
        let none = try Simulator(scene: ours, parameters: try ParameterSet(["noteMenu.backdropLinger": 0]))
            .run(sessions: [trace.session])
        #expect(none.labelOutcomes.map(\.outcome) == [.correct, .correct, .correct, .correct])
        #expect(Parameter.noteMenuBackdropLinger.spec.provenance.document == .readingApp)
    }

    @Test func aBackdropTapSwallowsTheContentsOwnTap() throws {
        // The conflict: with the menu open, a tap meant for a note row lands
        // on the backdrop, which dismisses the menu — the row never sees it.
        // Both are taps; the backdrop claims its target, so the label aimed
        // at the row is wrong, and the next tap reaches the row.
        var trace = TraceBuilder(id: "menu", scene: "epilogue")
        trace.press(at: (200, 130), duration: 0.7, label: .longPress, target: "note-row")
        trace.wait(0.5)
        trace.tap(at: (40, 300), label: .tap, target: "note-row") // beside the menu, swallowed: wrong
        trace.wait(0.5)
        trace.tap(at: (40, 300), label: .tap, target: "note-row") // the menu is gone: correct
        trace.wait(0.5)
        trace.tap(at: (200, 500), label: .tap, target: "tab0/note-menu") // no menu to dismiss: the row takes it, wrong
        let result = try run(trace, scene: try .epilogueWithOurs())
        #expect(ids(result) == ["noteRowLongPress", "noteMenuBackdrop", "noteRowTap", "noteRowTap"])
        #expect(result.labelOutcomes.map(\.outcome) == [.correct, .wrong, .correct, .wrong])
        #expect(result.labelOutcomes[1].recognized == .tap && result.labelOutcomes[3].recognized == .tap)
        // Without the claim the swallowed tap would pass for the row's.
        var unchecked = try Scene.epilogueWithOurs()
        for i in unchecked.recognizers.indices { unchecked.recognizers[i].exclusiveTarget = false }
        #expect(try run(trace, scene: unchecked).labelOutcomes.map(\.outcome) == [.correct, .correct, .correct, .correct])
    }

    @Test func theBackdropCoversTheWholeScreenWhileTheMenuIsOpen() throws {
        var trace = TraceBuilder(id: "menu", scene: "epilogue")
        trace.press(at: (200, 130), duration: 0.7, label: .longPress, target: "note-row")
        trace.wait(0.5)
        // A scroll on the list does nothing (the backdrop's tap fails on
        // the movement): missed, and the menu stays open.
        trace.drag(from: (200, 500), by: (0, -200), speed: 600, label: .scroll, direction: .up, target: "tab-content")
        let scrolled = trace.session
        trace.wait(0.5)
        // A tap on the Library button only dismisses the menu: no tab change.
        trace.tap(at: (330, 800), label: .tap, target: "tab-bar")
        let result = try run(trace)
        #expect(result.labelOutcomes.map(\.outcome) == [.correct, .missed, .wrong])
        #expect(ids(result) == ["noteRowLongPress", "noteMenuBackdrop"])
        // No pressed tab-bar button either: only the backdrop was hit.
        #expect(!result.recognitionLog.contains { $0.recognizerID == "tabBarPress" })
        #expect(replay(scrolled, try Scene.epilogue.arena()).shared.noteMenuOpen)
        let after = replay(trace.session, try Scene.epilogue.arena()).shared
        #expect(!after.noteMenuOpen && after.currentTab == 0)
    }

    @Test func theMenuGrowsInAndShrinksOutOnItsSprings() throws {
        var trace = TraceBuilder(id: "menu", scene: "epilogue")
        for _ in 0..<2 {
            trace.press(at: (200, 130), duration: 0.7)
            trace.wait(0.5)
            trace.tap(at: (200, 500))
            trace.wait(0.5)
        }
        let result = try run(trace)
        // The 260 pt menu grows from 0.9: its edge travels 0.1 × 130 pt.
        let menus = result.recognitionLog.map(\.recognition).filter { $0.kind == .longPress }
        #expect(menus.count == 2 && menus.allSatisfy { isApproximatelyEqual($0.springDistance, 13, tolerance: 1e-9) })
        let entrance = try #require(result.springs.first { $0.spring == AnimatedSpring.noteMenu.name })
        #expect(entrance.gesture == .longPress && entrance.response == 0.35 && entrance.dampingFraction == 0.75)
        let growing = Spring(response: 0.35, dampingFraction: 0.75)
        #expect(entrance.settleTime?.count == 2)
        #expect(
            isApproximatelyEqual(
                try #require(entrance.settleTime?.max),
                growing.settleTime(distance: 13) * 1000, tolerance: 1e-9))
        #expect(
            isApproximatelyEqual(
                try #require(entrance.overshoot?.max), growing.overshoot(distance: 13),
                tolerance: 1e-9))
        // The dismissal shrinks it back as it fades: settle measured, no overshoot.
        let dismiss = try #require(result.springs.first { $0.spring == AnimatedSpring.noteMenuDismiss.name })
        #expect(dismiss.gesture == .tap && dismiss.response == 0.25 && dismiss.dampingFraction == 0.8)
        #expect(dismiss.overshoot == nil && dismiss.settleTime?.count == 2)
        #expect(
            isApproximatelyEqual(
                try #require(dismiss.settleTime?.max),
                Spring(response: 0.25, dampingFraction: 0.8).settleTime(distance: -13) * 1000, tolerance: 1e-9))
        // The catalogue's scale drives the travel.
        let deeper = try run(trace, parameters: ["noteMenu.entranceScale": 0.8])
        #expect(
            deeper.recognitionLog.map(\.recognition).filter { $0.kind == .longPress }
                .allSatisfy { isApproximatelyEqual($0.springDistance, 26, tolerance: 1e-9) })
    }

    // Where the menu stands and what a tap on it does: SourceBehaviourTests
    // (issue 34, the reading app's placement and items).

    // MARK: The action pills

    @Test func aTapOnAPillKeepsTheSelection() throws {
        // Select a word at (200, 320): the press selects at 0.5 s, lifts at
        // 0.6 s, and the menu shows at 0.75 s (0.25 s after the selection
        // last changed). Its three 72 pt pills, 16 pt apart, sit centred on
        // x 200, their bottom 20 pt above the selection's end: x 76…148,
        // 164…236 and 252…324, y 228…300 — over the image's bottom and the
        // text's top.
        var trace = TraceBuilder(id: "pills")
        trace.press(at: (200, 320), duration: 0.6, label: .textSelect, target: "text")
        trace.wait(0.3)
        trace.tap(at: (128, 264), label: .tap, target: "action-pill") // "note", over the image
        trace.wait(0.3)
        trace.tap(at: (272, 290), label: .tap, target: "action-pill") // "question", over the text
        let onPills = trace.session
        trace.wait(0.6)
        trace.tap(at: (300, 150)) // elsewhere (the image): collapses it
        trace.wait(0.8)
        // The pill is gone: the tap lands on the image, which answers only a
        // double tap (issue 24), so nothing fires.
        trace.tap(at: (128, 264), label: .tap, target: "action-pill")
        let result = try run(trace, scene: library)
        #expect(ids(result) == ["textSelect", "actionPillTap", "actionPillTap"])
        #expect(result.labelOutcomes.map(\.outcome) == [.correct, .correct, .correct, .missed])
        // The pills covered the image and the text: no image or text
        // recognizer saw those taps, and the selection is still there.
        let kept = replay(onPills, try library.arena()).shared
        #expect(kept.selectionMenuAt == 750_000 && kept.selectionX == 200 && kept.selectionY == 320)
        #expect(replay(trace.session, try library.arena()).shared.selectionMenuAt == .max)
        // The pill's press: shrinks to 0.92 on a 0.2 s spring, no ripple.
        #expect(result.recognitionLog.filter { $0.recognizerID == "actionPillPress" }.count == 2)
        let pill = try #require(result.springs.first { $0.spring == AnimatedSpring.actionPill.name })
        #expect(pill.response == 0.2 && pill.dampingFraction == 0.825 && pill.settleTime?.count == 2)
        let travel = 0.08 * 36.0
        #expect(
            isApproximatelyEqual(
                try #require(pill.settleTime?.max),
                Spring(response: 0.2, dampingFraction: 0.825).settleTime(distance: travel) * 1000, tolerance: 1e-6))
    }

    @Test func aTapWhereThePillsWillBeBeforeTheMenuShowsCollapsesTheSelection() throws {
        var trace = TraceBuilder(id: "pills")
        trace.press(at: (200, 320), duration: 0.6)
        trace.wait(0.05) // 0.65 s: the menu comes at 0.75 s
        trace.tap(at: (128, 264))
        let arena = replay(trace.session, try library.arena())
        #expect(arena.shared.selectionMenuAt == .max)
        // The tap went to the image under where the pills will be, which has
        // no single tap: only the selection ever fired.
        #expect(arena.recognitions.map(\.kind) == [.textSelect])
        #expect(!arena.recognitions.contains { arena.recognizers[$0.recognizer].options.layer == .selectionMenu })
        // Bigger pills reach farther: 100 pt pills span x 34…366, y 200…300.
        var wide = TraceBuilder(id: "pills")
        wide.press(at: (200, 320), duration: 0.6)
        wide.wait(0.3)
        wide.tap(at: (60, 210), label: .tap, target: "action-pill")
        #expect(try run(wide, scene: library).labelOutcomes.map(\.outcome) == [.missed])
        #expect(
            try run(wide, scene: library, parameters: ["actionPill.size": 100]).labelOutcomes.map(\.outcome)
                == [.correct])
    }

    @Test func thePillsStandSixteenPointsApartAndTheGapIsNotAPill() throws {
        // Issue 24: the pills sit 16 pt apart. With the selection ending at
        // (200, 320) the pills are x 76…148, 164…236, 252…324: a tap at
        // x 156 is in the first gap — on the menu's panel, not a pill
        // (issue 34: the panel keeps the selection; SourceBehaviourTests).
        var trace = TraceBuilder(id: "pills")
        trace.press(at: (200, 320), duration: 0.6, label: .textSelect, target: "text")
        trace.wait(0.3)
        trace.tap(at: (156, 264), label: .tap, target: "action-pill")
        let result = try run(trace, scene: library)
        #expect(ids(result) == ["textSelect"])
        #expect(result.labelOutcomes.map(\.outcome) == [.correct, .missed])
        // Pills with no gap (the row 216 pt wide, x 92…308) take that tap.
        let touching = try run(trace, scene: library, parameters: ["actionPill.spacing": 0])
        #expect(ids(touching) == ["textSelect", "actionPillTap"])
        #expect(Parameter.actionPillSpacing.spec.provenance.document == .readingApp)
    }

    // MARK: The grid's haptics

    @Test func theGridPlaysALightHapticOnPressAndAMediumOneOnTheTap() throws {
        var trace = TraceBuilder(id: "grid")
        trace.tap(at: (195, 443), label: .tap, target: "grid-item")
        trace.wait(0.5)
        trace.tap(at: (330, 800), label: .tap, target: "tab-bar") // no haptic on the tab bar
        trace.wait(0.5)
        trace.drag(from: (250, 500), by: (-30, 0), speed: 100) // a press that moves: no tap
        let budgets = [
            LatencyBudget(gesture: .pressFeedback, measure: .haptic, limit: 20),
            LatencyBudget(gesture: .tap, measure: .haptic, limit: 20)
        ]
        let result = try run(trace, scene: library, budgets: budgets)
        // Pressed at touch-down, tapped on the lift: both at once.
        #expect(result.haptics["pressFeedback"]?.count == 2 && result.haptics["pressFeedback"]?.max == 0)
        #expect(result.haptics["tap"]?.count == 1 && result.haptics["tap"]?.max == 0)
        #expect(result.budgets.map(\.passed) == [true, true] && result.budgets.map(\.count) == [2, 1])
        #expect(result.budgets[0].budget.definition == "from touch-down to the haptic")
        #expect(result.budgets[1].budget.definition == "from the last lift to the haptic")
        // A delayed pressed state delays its haptic: 50 ms, over the budget.
        let late = try run(trace, scene: library, parameters: ["pressFeedback.minimumDuration": 0.05], budgets: budgets)
        #expect(late.haptics["pressFeedback"]?.count == 2 && late.haptics["pressFeedback"]?.max == 50)
        #expect(late.budgets.map(\.passed) == [false, true] && late.budgets[0].value == 50)
    }

    @Test func theRippleIsTheTapsAndNothingOfItIsMeasuredApart() throws {
        // Issue 24: the reading app draws its ripple only on a tap, at the
        // tap's location (`rippleTapEffect`) — under the finger, as late as
        // the tap. A press that slides and lifts completes its pressed state
        // (nothing else wins on the Library tab's leftward drag) but no tap
        // fires, so no ripple; a tap's ripple is the tap's recognition.
        var trace = TraceBuilder(id: "press")
        trace.drag(from: (250, 500), by: (-30, 0), speed: 100)
        trace.wait(0.5)
        trace.tap(at: (215, 470), label: .tap, target: "grid-item")
        let result = try run(trace, scene: library)
        let presses = result.recognitionLog.map(\.recognition).filter { $0.kind == .pressFeedback }
        #expect(presses.count == 2 && presses.allSatisfy(\.committed))
        #expect(ids(result) == ["gridTap"])
        #expect(result.labelOutcomes.map(\.outcome) == [.correct])
        // No ripple geometry of the press's own: no ripple constants in the
        // catalogue (they would tune nothing) and no ripple measures.
        #expect(!Parameter.allCases.contains { $0.spec.name.contains("ripple") })
        let json = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
        #expect(!json.contains("ripple"))
    }

    // MARK: The image's zoom springs

    @Test func thePinchAndTheDoubleTapZoomOnTheirSprings() throws {
        // The image is 351 pt wide (x 19.5…370.5): a scale change moves its
        // edge by the change × 175.5 pt.
        var trace = TraceBuilder(id: "zoom")
        trace.twoFinger(center: (195, 185), span: 100, scale: 0.6, degrees: 0, duration: 0.3) // held at 1× while pinching
        trace.wait(1)
        trace.twoFinger(center: (195, 185), span: 100, scale: 1.5, degrees: 0, duration: 0.3) // 1.5×: stays
        trace.wait(1)
        trace.tap(at: (195, 185))
        trace.wait(0.15)
        trace.tap(at: (197, 186)) // double tap: 1.5× → 1×
        trace.wait(1)
        trace.tap(at: (195, 185))
        trace.wait(0.15)
        trace.tap(at: (197, 186)) // double tap: 1× → 2×
        let result = try run(trace, scene: library)
        let log = result.recognitionLog.map(\.recognition)
        let pinches = log.filter { $0.kind == .pinch }, zooms = log.filter { $0.kind == .doubleTap }
        #expect(pinches.count == 2 && zooms.count == 2)
        // The reading app clamps the live scale to 1…5 while pinching
        // (`effectiveScale`): the image never left 1×, so the release spring
        // travels nothing. (Before issue 24 it followed the fingers to 0.6×
        // and sprang back 0.4 × 175.5 pt.)
        #expect(pinches[0].value == 1)
        #expect(pinches.allSatisfy { $0.springDistance == 0 })
        #expect(isApproximatelyEqual(zooms[0].springDistance, -0.5 * 175.5, tolerance: 1e-9))
        #expect(isApproximatelyEqual(zooms[1].springDistance, 175.5, tolerance: 1e-9))
        // .spring(duration: 0.3, bounce: 0.1) and (0.35, 0.15), from rest.
        let pinch = try #require(result.springs.first { $0.spring == AnimatedSpring.pinch.name })
        let zoom = try #require(result.springs.first { $0.spring == AnimatedSpring.doubleTapZoom.name })
        #expect(pinch.gesture == .pinch && pinch.response == 0.3 && pinch.dampingFraction == 0.9)
        #expect(zoom.gesture == .doubleTap && zoom.response == 0.35 && zoom.dampingFraction == 0.85)
        let zoomSpring = Spring(duration: 0.35, bounce: 0.15)
        #expect(pinch.settleTime?.count == 2 && pinch.settleTime?.max == 0 && pinch.overshoot?.max == 0)
        #expect(
            isApproximatelyEqual(
                try #require(zoom.settleTime?.max),
                zoomSpring.settleTime(distance: 175.5) * 1000, tolerance: 1e-6))
        #expect(
            isApproximatelyEqual(
                try #require(zoom.overshoot?.max), zoomSpring.overshoot(distance: 175.5),
                tolerance: 1e-6))
        // The catalogue's damping drives them: critically damped, no overshoot.
        let critical = try run(
            trace, scene: library,
            parameters: ["pinch.springDamping": 1, "pinch.doubleTapSpringDamping": 1])
        #expect(
            critical.springs.filter { $0.gesture == .pinch || $0.gesture == .doubleTap }
                .allSatisfy { $0.overshoot?.max == 0 })
        // A double tap on a scene without zoom animates nothing.
        var plain = TraceBuilder(id: "zoom")
        plain.tap(at: (195, 185))
        plain.wait(0.15)
        plain.tap(at: (197, 186))
        #expect(try run(plain, scene: .plain).springs.isEmpty)
    }
}
