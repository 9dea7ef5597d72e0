import GestureTuneTestSupport
import Recognizers
import Testing
import TraceModel

/// Issue 18: the options behind the reading app's overlays and haptics —
/// a recognizer's layer (content, the note menu's backdrop, the selection's
/// pills), the note-menu actions and a recognizer's haptic — on bare arenas.
@Suite("Layers, menu actions and haptics")
struct OverlayOptionsTests {
    /// A long press that opens the note menu, a backdrop tap on the menu's
    /// layer, and a content tap: on a 390 × 844 screen.
    let recognizers = [
        Recognizer(kind: .longPress, options: RecognizerOptions(action: .openNoteMenu)),
        Recognizer(kind: .tap, options: RecognizerOptions(action: .dismissNoteMenu, layer: .noteMenu)),
        Recognizer(kind: .tap, options: RecognizerOptions(haptic: .medium))
    ]

    @Test func anOpenMenusBackdropIsTheOnlyLayerHit() throws {
        var trace = TraceBuilder(id: "layers")
        trace.tap(at: (200, 400)) // content: the content tap
        trace.wait(0.5)
        trace.press(at: (200, 400), duration: 0.7) // the long press opens the menu
        trace.wait(0.5)
        trace.tap(at: (200, 400)) // the backdrop only: dismisses it
        trace.wait(0.5)
        trace.tap(at: (200, 400)) // content again
        let arena = try replay(trace.session, recognizers)
        #expect(arena.recognitions.map(\.recognizer) == [2, 0, 1, 2])
        #expect(!arena.shared.noteMenuOpen)
        // The menu's edge travels 0.1 of half the screen, in and back out.
        #expect(isApproximatelyEqual(arena.recognitions[1].springDistance, 13, tolerance: 1e-9))
        #expect(isApproximatelyEqual(arena.recognitions[2].springDistance, -13, tolerance: 1e-9))
        // Nothing is on the menu's layer while it is closed.
        var closed = TraceBuilder(id: "layers")
        closed.tap(at: (200, 400))
        #expect(try replay(closed.session, [recognizers[1]]).recognitions.isEmpty)
    }

    @Test func aHapticIsTimedFromWhenItsRecognizerCouldFire() throws {
        // The medium tap's haptic plays on the lift (0 ms); a tap that waits
        // for a double tap plays it when the wait ends (500 ms); a
        // recognizer without a haptic plays none (-1).
        var trace = TraceBuilder(id: "haptic")
        trace.tap(at: (200, 400))
        let quick = try replay(trace.session, [Recognizer(kind: .tap, options: RecognizerOptions(haptic: .medium))])
        #expect(quick.recognitions.map(\.hapticLatency) == [0])
        let waiting = try replay(
            trace.session,
            [Recognizer(kind: .tap, options: RecognizerOptions(haptic: .medium)), Recognizer(kind: .doubleTap)],
            [.requireToFail(recognizer: 0, waitsFor: 1)])
        #expect(waiting.recognitions.map(\.hapticLatency) == [500_000])
        #expect(try replay(trace.session, [Recognizer(kind: .tap)]).recognitions.map(\.hapticLatency) == [-1])
        // A light haptic on a pressed state that shows 40 ms after touch-down.
        let press = try replay(
            trace.session, [Recognizer(kind: .pressFeedback, options: RecognizerOptions(haptic: .light))],
            parameters: try ParameterSet(["pressFeedback.minimumDuration": 0.04]))
        #expect(press.recognitions.map(\.hapticLatency) == [40_000])
    }
}
