import GestureTuneTestSupport
import Recognizers
import Testing
import TraceModel

@Suite("Pinch, rotation, multi-finger swipe, shake")
struct MultiTouchAndMotionTests {
    let pinch = Recognizer(kind: .pinch)
    let rotation = Recognizer(kind: .rotation)

    @Test func pinchScalesWithTheSpanAndClamps() throws {
        var trace = TraceBuilder(id: "t")
        trace.twoFinger(center: (200, 300), span: 100, scale: 2, degrees: 0, duration: 0.3)
        let arena = try replay(trace.session, [pinch])
        let r = try #require(arena.recognitions.first)
        #expect(r.kind == .pinch && r.direction == .out)
        #expect(abs(r.value - 2) < 1e-9)
        #expect(arena.shared.imageScale == r.value)
        var huge = TraceBuilder(id: "t")
        huge.twoFinger(center: (200, 300), span: 50, scale: 8, degrees: 0, duration: 0.3)
        #expect(try replay(huge.session, [pinch]).recognitions.first?.value == 5)
        var closing = TraceBuilder(id: "t")
        closing.twoFinger(center: (200, 300), span: 200, scale: 0.5, degrees: 0, duration: 0.3)
        let pinchIn = try #require(try replay(closing.session, [pinch]).recognitions.first)
        #expect(pinchIn.direction == .in)
        #expect(pinchIn.value == 1) // clamped at the minimum scale
    }

    @Test func rotationSnapsToFortyFiveDegrees() throws {
        var trace = TraceBuilder(id: "t")
        trace.twoFinger(center: (200, 300), span: 150, scale: 1, degrees: 60, duration: 0.4)
        trace.wait(1)
        trace.twoFinger(center: (200, 300), span: 150, scale: 1, degrees: -80, duration: 0.4)
        let arena = try replay(trace.session, [rotation])
        #expect(arena.recognitions.map(\.direction) == [.cw, .ccw])
        // Issue 14 (the cumulative angle snaps): 60° → 45°, then 45° − 80° =
        // −35° → −45° (was −90°, the second turn snapped alone).
        #expect(arena.recognitions.map(\.value) == [45, -45])
    }

    @Test func pinchAndRotationAreExclusiveUnlessSimultaneous() throws {
        var trace = TraceBuilder(id: "t")
        trace.twoFinger(center: (200, 300), span: 100, scale: 1.8, degrees: 40, duration: 0.4)
        let exclusive = try replay(trace.session, [pinch, rotation])
        #expect(exclusive.recognitions.count == 1)
        let together = try replay(trace.session, [pinch, rotation], [.simultaneous(0, 1)])
        #expect(Set(together.kinds) == [.pinch, .rotation])
        #expect(together.recognitions.allSatisfy { $0.pointers == 2 && $0.committed })
    }

    @Test func multiFingerSwipeNeedsItsFingersItsConeAndItsSpeed() throws {
        let swipe = Recognizer(kind: .multiSwipe)
        let three = [(-40.0, 0.0), (0.0, 10.0), (40.0, 0.0)]
        var trace = TraceBuilder(id: "t")
        trace.multiDrag(center: (200, 400), offsets: three, by: (-150, 20), speed: 600)
        trace.wait(1)
        trace.multiDrag(center: (200, 400), offsets: [(-40, 0), (40, 0)], by: (-150, 0), speed: 600)
        trace.wait(1)
        trace.multiDrag(center: (200, 400), offsets: three, by: (-150, -150), speed: 600) // 45°: outside 30°
        trace.wait(1)
        trace.multiDrag(center: (200, 400), offsets: three, by: (0, 150), speed: 150) // too slow
        let arena = try replay(trace.session, [swipe])
        #expect(arena.kinds == [.multiSwipe])
        #expect(arena.recognitions[0].direction == .left)
        #expect(arena.recognitions[0].pointers == 3)
    }

    @Test func shakeNeedsReversalsAboveTheThresholdAndIsDebounced() throws {
        let shake = Recognizer(kind: .shake, options: RecognizerOptions(action: .undo))
        var trace = TraceBuilder(id: "t")
        trace.shake(strokes: 4, peak: 2.5)
        trace.wait(1)
        trace.shake(strokes: 4, peak: 2.5) // within 2 s of the first
        trace.wait(3)
        trace.shake(strokes: 4, peak: 1.0) // too weak
        trace.wait(1)
        trace.shake(strokes: 2, peak: 2.5) // one reversal only
        let arena = try replay(trace.session, [shake])
        #expect(arena.kinds == [.shake])
        #expect(arena.drops.map(\.reason) == [.debounce])
        #expect(arena.shared.undoCount == 1)
        // Onset: the first stroke's first sample above 1.5 g; recognized on the
        // third reversal, in the fourth stroke.
        let r = arena.recognitions[0]
        #expect(r.onset > 0 && r.onset < 60_000)
        #expect(r.recognized > 360_000 && r.recognized < 480_000)
    }
}
