import Recognizers
import Simulation
import Testing
import TraceModel

/// Issue 18: the multi-finger playground's configuration — UIKit's
/// `numberOfTapsRequired` on taps (1–5) and long presses (taps before the
/// hold, 0–5), with `numberOfTouchesRequired` (`fingers`).
@Suite("Taps required: multiple taps and tap-then-hold")
struct PlaygroundOptionsTests {
    let twoFingers: [(Double, Double)] = [(-20, 0), (20, 0)]

    @Test func aTapRecognizesOnlyItsNumberOfTapsWithItsNumberOfFingers() throws {
        let triple = Recognizer(kind: .tap, options: RecognizerOptions(fingers: 2, taps: 3))
        #expect(triple.options.requiredTaps(of: .tap) == 3)
        // Three two-finger taps 0.2 s apart: recognized on the third lift.
        var three = TraceBuilder(id: "t")
        for k in 0 ..< 3 {
            if k > 0 { three.wait(0.2) }
            three.multiTap(center: (200, 400), offsets: twoFingers)
        }
        let arena = try replay(three.session, [triple])
        #expect(arena.kinds == [.tap])
        #expect(arena.recognitions[0].pointers == 2)
        #expect(arena.recognitions[0].recognized == three.session.touches.last?.t)
        // Two taps are not enough (the window closes), nor are one-finger taps.
        var two = TraceBuilder(id: "t")
        two.multiTap(center: (200, 400), offsets: twoFingers)
        two.wait(0.2)
        two.multiTap(center: (200, 400), offsets: twoFingers)
        two.wait(1)
        #expect(try replay(two.session, [triple]).recognitions.isEmpty)
        var single = TraceBuilder(id: "t")
        for k in 0 ..< 3 {
            if k > 0 { single.wait(0.2) }
            single.tap(at: (200, 400))
        }
        #expect(try replay(single.session, [triple]).recognitions.isEmpty)
        // A gap longer than doubleTap.window (0.5 s) breaks the sequence.
        var slow = TraceBuilder(id: "t")
        for k in 0 ..< 3 {
            if k > 0 { slow.wait(k == 2 ? 0.6 : 0.2) }
            slow.multiTap(center: (200, 400), offsets: twoFingers)
        }
        #expect(try replay(slow.session, [triple]).recognitions.isEmpty)
        // A double tap's count can be set too: taps 3 on the double-tap kind.
        let tripleKind = Recognizer(kind: .doubleTap, options: RecognizerOptions(fingers: 2, taps: 3))
        #expect(try replay(three.session, [tripleKind]).kinds == [.doubleTap])
        #expect(try replay(two.session, [tripleKind]).recognitions.isEmpty)
    }

    @Test func aTapThenHoldNeedsItsTapBeforeTheHold() throws {
        let tapThenHold = Recognizer(kind: .longPress, options: RecognizerOptions(taps: 1))
        // A tap, 0.15 s, then a hold of 0.7 s: begins 0.5 s into the hold.
        var trace = TraceBuilder(id: "t")
        trace.tap(at: (200, 400))
        trace.wait(0.15)
        let holdDown = trace.now
        trace.press(at: (204, 402), duration: 0.7)
        let arena = try replay(trace.session, [tapThenHold])
        #expect(arena.kinds == [.longPress])
        #expect(arena.recognitions[0].recognized == holdDown + 500_000)
        #expect(arena.recognitions[0].latency == 500_000)  // from the hold's touch-down
        // The same hold without the tap first is no tap-then-hold…
        var bare = TraceBuilder(id: "t")
        bare.press(at: (200, 400), duration: 0.7)
        #expect(try replay(bare.session, [tapThenHold]).recognitions.isEmpty)
        // …and a plain long press takes it.
        #expect(try replay(bare.session, [Recognizer(kind: .longPress)]).kinds == [.longPress])
        // The hold must come within the window, near the tap.
        var late = TraceBuilder(id: "t")
        late.tap(at: (200, 400))
        late.wait(0.6)
        late.press(at: (200, 400), duration: 0.7)
        #expect(try replay(late.session, [tapThenHold]).recognitions.isEmpty)
        var away = TraceBuilder(id: "t")
        away.tap(at: (200, 400))
        away.wait(0.15)
        away.press(at: (300, 400), duration: 0.7)
        #expect(try replay(away.session, [tapThenHold]).recognitions.isEmpty)
        // Two taps before the hold when it asks for two.
        let twoThenHold = Recognizer(kind: .longPress, options: RecognizerOptions(taps: 2))
        #expect(try replay(trace.session, [twoThenHold]).recognitions.isEmpty)
        var twice = TraceBuilder(id: "t")
        twice.tap(at: (200, 400))
        twice.wait(0.15)
        twice.tap(at: (200, 400))
        twice.wait(0.15)
        twice.press(at: (200, 400), duration: 0.7)
        #expect(try replay(twice.session, [twoThenHold]).kinds == [.longPress])
    }

    @Test func aTapThenHoldAndADoubleTapSplitOnHowLongTheSecondTouchStays() throws {
        // The conflict the playground asks about: a one-finger double tap
        // and a one-finger tap-then-hold on the same view. The second touch
        // decides: lifted within tap.maxDuration (0.35 s) it is a double
        // tap, held to longPress.minimumDuration (0.5 s) a tap-then-hold —
        // and between the two, nothing at all: a second touch of 0.4 s is
        // lost to both (the misfire gesturetune counts).
        let recognizers = [Recognizer(kind: .doubleTap), Recognizer(kind: .longPress, options: RecognizerOptions(taps: 1))]
        func second(touch seconds: Double) throws -> [GestureKind] {
            var trace = TraceBuilder(id: "t")
            trace.tap(at: (200, 400))
            trace.wait(0.15)
            trace.press(at: (200, 400), duration: seconds)
            return try replay(trace.session, recognizers).kinds
        }
        #expect(try second(touch: 0.08) == [.doubleTap])
        #expect(try second(touch: 0.7) == [.longPress])
        #expect(try second(touch: 0.4).isEmpty)
        // A shorter hold closes the gap: at 0.3 s the 0.4 s touch is a tap-then-hold.
        var trace = TraceBuilder(id: "t")
        trace.tap(at: (200, 400))
        trace.wait(0.15)
        trace.press(at: (200, 400), duration: 0.4)
        let shorter = try replay(trace.session, recognizers, parameters: try ParameterSet(["longPress.minimumDuration": 0.3]))
        #expect(shorter.kinds == [.longPress])
    }

    @Test func aOneFingerSwipeRightLosesTheLeftEdgeToTheBackGesture() throws {
        // The playground hides the back button when its swipe goes right,
        // which turns the system's edge-swipe back gesture off. With it on
        // (a navigation stack that shows its back button), back has
        // priority in its 20 pt strip: a swipe right that starts there
        // goes back instead — the conflict the playground avoids.
        let swipe = Recognizer(kind: .swipe, options: RecognizerOptions(direction: .right))
        let back = Recognizer(kind: .edgeSwipe, region: .edge(.left))
        let withBack: [Relation] = [.highPriority(winner: 1, over: 0)]
        func swipeRight(from x: Double, backShown: Bool) throws -> [GestureKind] {
            var trace = TraceBuilder(id: "t")
            trace.drag(from: (x, 400), by: (150, 0), speed: 800)
            return backShown ? try replay(trace.session, [swipe, back], withBack).kinds
                : try replay(trace.session, [swipe]).kinds
        }
        #expect(try swipeRight(from: 10, backShown: true) == [.edgeSwipe])
        #expect(try swipeRight(from: 10, backShown: false) == [.swipe])
        // Away from the edge the back gesture never starts: the swipe is the swipe.
        #expect(try swipeRight(from: 60, backShown: true) == [.swipe])
    }
}
