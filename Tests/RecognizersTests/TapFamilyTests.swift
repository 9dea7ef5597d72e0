import GestureTuneTestSupport
import Recognizers
import Testing
import TraceModel

@Suite("Tap, double tap, long press")
struct TapFamilyTests {
    let tap = Recognizer(kind: .tap)
    let doubleTap = Recognizer(kind: .doubleTap)
    let longPress = Recognizer(kind: .longPress)

    @Test func tapIsRecognizedOnTheLiftWithNoDelay() throws {
        var trace = TraceBuilder(id: "t")
        trace.wait(0.1)
        trace.tap(at: (100, 100), duration: 0.08)
        let arena = try replay(trace.session, [tap])
        #expect(arena.kinds == [.tap])
        let r = try #require(arena.recognitions.first)
        #expect(r.recognized == 180_000)
        #expect(r.touchDown == 100_000)
        #expect(r.latency == 0)
    }

    @Test func tapFailsBeyondTheMovementSlop() throws {
        var trace = TraceBuilder(id: "t")
        trace.drag(from: (100, 100), by: (12, 0), speed: 200)
        #expect(try replay(trace.session, [tap]).recognitions.isEmpty)
        var within = TraceBuilder(id: "t")
        within.drag(from: (100, 100), by: (8, 0), speed: 100)
        #expect(try replay(within.session, [tap]).kinds == [.tap])
    }

    @Test func tapFailsWhenHeldLongerThanItsMaximumDuration() throws {
        var trace = TraceBuilder(id: "t")
        trace.press(at: (100, 100), duration: 0.4)
        #expect(try replay(trace.session, [tap]).recognitions.isEmpty)
        let longer = try ParameterSet(["tap.maxDuration": 0.5])
        #expect(try replay(trace.session, [tap], parameters: longer).kinds == [.tap])
    }

    @Test func twoFingersAreNotAOneFingerTap() throws {
        var trace = TraceBuilder(id: "t")
        trace.multiDrag(center: (200, 200), offsets: [(-30, 0), (30, 0)], by: (0, 0), speed: 0)
        #expect(try replay(trace.session, [tap]).recognitions.isEmpty)
        let twoFingerTap = Recognizer(kind: .tap, options: RecognizerOptions(fingers: 2))
        #expect(try replay(trace.session, [twoFingerTap]).kinds == [.tap])
    }

    @Test func doubleTapWinsAndTheSingleTapThatWaitedFails() throws {
        var trace = TraceBuilder(id: "t")
        trace.tap(at: (100, 100))
        trace.wait(0.2)
        trace.tap(at: (110, 105))
        let arena = try replay(trace.session, [tap, doubleTap], [.requireToFail(recognizer: 0, waitsFor: 1)])
        #expect(arena.kinds == [.doubleTap])
        #expect(arena.recognitions[0].touchDown == 0)
        #expect(arena.recognitions[0].latency == 0)
    }

    @Test func aSingleTapWaitsOutTheDoubleTapWindow() throws {
        var trace = TraceBuilder(id: "t")
        trace.tap(at: (100, 100))
        trace.wait(0.7)
        trace.tap(at: (100, 100))
        let arena = try replay(trace.session, [tap, doubleTap], [.requireToFail(recognizer: 0, waitsFor: 1)])
        #expect(arena.kinds == [.tap, .tap])
        // Recognized when the 0.5 s window closed, not on the lift…
        #expect(arena.recognitions.map(\.latency) == [500_000, 500_000])
        // …and marked as having waited that long (budgets tell these apart).
        #expect(arena.recognitions.map(\.waited) == [500_000, 500_000])
        // With nothing to wait for, the same taps win at once.
        let alone = try replay(trace.session, [tap])
        #expect(alone.recognitions.map(\.waited) == [0, 0])
        #expect(alone.recognitions.map(\.latency) == [0, 0])
    }

    @Test func secondTapTooFarAwayReleasesTheFirstAtOnce() throws {
        var trace = TraceBuilder(id: "t")
        trace.tap(at: (100, 100))
        trace.wait(0.2)
        trace.tap(at: (100, 160)) // 60 pt away > 40 pt inter-tap slop
        let arena = try replay(trace.session, [tap, doubleTap], [.requireToFail(recognizer: 0, waitsFor: 1)])
        #expect(arena.kinds == [.tap, .tap])
        // The first is released when the second finger lands far away.
        #expect(arena.recognitions[0].recognized == 280_000)
        #expect(arena.recognitions[0].latency == 200_000)
    }

    @Test func aBounceSoonerThanTheMinimumGapIsNoSecondTap() throws {
        var trace = TraceBuilder(id: "t")
        trace.tap(at: (100, 100))
        trace.wait(0.02)
        trace.tap(at: (100, 100))
        #expect(try replay(trace.session, [doubleTap]).recognitions.isEmpty)
        var apart = TraceBuilder(id: "t")
        apart.tap(at: (100, 100))
        apart.wait(0.05)
        apart.tap(at: (100, 100))
        #expect(try replay(apart.session, [doubleTap]).kinds == [.doubleTap])
    }

    @Test func doubleTapWindowIsMeasuredFromTheFirstLift() throws {
        var trace = TraceBuilder(id: "t")
        trace.tap(at: (100, 100))
        trace.wait(0.45)
        trace.tap(at: (100, 100))
        #expect(try replay(trace.session, [doubleTap]).kinds == [.doubleTap])
        #expect(
            try replay(trace.session, [doubleTap], parameters: try ParameterSet(["doubleTap.window": 0.4]))
                .recognitions.isEmpty)
    }

    @Test func longPressBeginsAfterItsMinimumDurationAndEndsOnTheLift() throws {
        var trace = TraceBuilder(id: "t")
        trace.wait(1)
        trace.press(at: (200, 300), duration: 0.8)
        let arena = try replay(trace.session, [tap, longPress])
        #expect(arena.kinds == [.longPress])
        let r = try #require(arena.recognitions.first)
        #expect(r.recognized == 1_500_000)
        #expect(r.latency == 500_000)
        #expect(r.ended == 1_800_000)
    }

    @Test func longPressFailsWhenReleasedEarlyOrMoved() throws {
        var early = TraceBuilder(id: "t")
        early.press(at: (200, 300), duration: 0.45)
        #expect(try replay(early.session, [longPress]).recognitions.isEmpty)
        var moved = TraceBuilder(id: "t")
        moved.drag(from: (200, 300), by: (0, 15), speed: 40, hold: 0.1)
        #expect(try replay(moved.session, [longPress]).recognitions.isEmpty)
        var still = TraceBuilder(id: "t")
        still.drag(from: (200, 300), by: (0, 8), speed: 10, hold: 0.1)
        #expect(try replay(still.session, [longPress]).kinds == [.longPress])
    }
}
