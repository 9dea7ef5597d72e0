import GestureTuneTestSupport
import Recognizers
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
        for k in 0..<3 {
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
        for k in 0..<3 {
            if k > 0 { single.wait(0.2) }
            single.tap(at: (200, 400))
        }
        #expect(try replay(single.session, [triple]).recognitions.isEmpty)
        // A gap longer than doubleTap.window (0.5 s) breaks the sequence.
        var slow = TraceBuilder(id: "t")
        for k in 0..<3 {
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
        #expect(arena.recognitions[0].latency == 500_000) // from the hold's touch-down
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
            return backShown
                ? try replay(trace.session, [swipe, back], withBack).kinds
                : try replay(trace.session, [swipe]).kinds
        }
        #expect(try swipeRight(from: 10, backShown: true) == [.edgeSwipe])
        #expect(try swipeRight(from: 10, backShown: false) == [.swipe])
        // Away from the edge the back gesture never starts: the swipe is the swipe.
        #expect(try swipeRight(from: 60, backShown: true) == [.swipe])
    }

}

/// Issue 18, the reading app: a note row whose actions were revealed stays
/// open, and a rightward drag on it closes it.
@Suite("Swipe actions: the open row")
struct OpenRowTests {
    /// Six rows of 84.4 pt from y 84.4 (the epilogue's note list on a
    /// 390 × 844 screen), with the tab swipe behind them.
    let rows = Recognizer(
        kind: .swipeActions, region: Region(x: 0, y: 0.1, width: 1, height: 0.6),
        options: RecognizerOptions(maxTouches: 1, rows: 6))
    let tabs = Recognizer(
        kind: .tabSwipe, region: Region(x: 0, y: 0.1, width: 1, height: 0.8),
        options: RecognizerOptions(maxTouches: 1))
    var recognizers: [Recognizer] { [rows, tabs] }
    let relations: [Relation] = [.highPriority(winner: 0, over: 1)]

    @Test func aRightwardDragOnTheOpenRowClosesIt() throws {
        var trace = TraceBuilder(id: "r")
        // Open row 0 (y 130): 100 pt left, past the 80 pt threshold.
        trace.drag(from: (300, 130), by: (-100, 0), speed: 300)
        trace.wait(1)
        // A rightward drag on it: the row closes (before, it failed and the
        // tab swipe took it).
        trace.drag(from: (150, 140), by: (60, 0), speed: 300)
        let arena = try replay(trace.session, recognizers, relations, shared: SharedState(tabCount: 3, currentTab: 1))
        #expect(arena.kinds == [.swipeActions, .swipeActions])
        let (open, close) = (arena.recognitions[0], arena.recognitions[1])
        #expect(open.direction == .left && open.committed)
        #expect(close.direction == .right && close.committed)
        // The row moves only `if translation < 0` (issue 24): it stayed at
        // its open offset, −112 pt, and springs home from there. (Before,
        // it showed 51 pt of resisted translation right of −112.)
        #expect(close.value == -112)
        #expect(abs(close.springDistance - 112) < 1e-9)
        #expect(close.hapticLatency == -1) // no leftward move, no haptic
        #expect(arena.shared.openRows == 0)
        #expect(arena.shared.currentTab == 1)
        // A second rightward drag finds no open row: the tab swipe has it.
        var again = trace
        again.wait(1)
        again.drag(from: (150, 140), by: (150, 0), speed: 600)
        let after = try replay(again.session, recognizers, relations, shared: SharedState(tabCount: 3, currentTab: 1))
        #expect(after.kinds == [.swipeActions, .swipeActions, .tabSwipe])
        #expect(after.shared.currentTab == 0)
    }

    @Test func onlyAnOpenRowTakesARightwardDragAndEachRowKeepsItsOwnState() throws {
        var trace = TraceBuilder(id: "r")
        trace.drag(from: (300, 130), by: (-100, 0), speed: 300) // opens row 0
        trace.wait(1)
        trace.drag(from: (150, 320), by: (150, 0), speed: 600) // row 2 is closed: a tab swipe
        let arena = try replay(trace.session, recognizers, relations, shared: SharedState(tabCount: 3, currentTab: 1))
        #expect(arena.kinds == [.swipeActions, .tabSwipe])
        #expect(arena.shared.openRows == 0b1)
        // Opening row 2 closes nothing (issue 24: each row has its own
        // state; "one open row per list" was ours): a rightward drag on row 0
        // still belongs to row 0, and closes it.
        var second = TraceBuilder(id: "r")
        second.drag(from: (300, 130), by: (-100, 0), speed: 300)
        second.wait(1)
        second.drag(from: (300, 320), by: (-100, 0), speed: 300)
        second.wait(1)
        second.drag(from: (150, 130), by: (150, 0), speed: 600)
        let moved = try replay(second.session, recognizers, relations, shared: SharedState(tabCount: 3, currentTab: 1))
        #expect(moved.kinds == [.swipeActions, .swipeActions, .swipeActions])
        #expect(moved.recognitions[2].direction == .right && moved.recognitions[2].committed)
        #expect(moved.shared.openRows == 0b100)
    }

    @Test func aShortLeftwardDragOnTheOpenRowClosesItAndANewSessionStartsClosed() throws {
        var trace = TraceBuilder(id: "r")
        trace.drag(from: (300, 130), by: (-100, 0), speed: 300) // opens row 0
        trace.wait(1)
        // 40 pt further left, slowly: under the threshold, so the same
        // release rule closes it (left, not committed: it did not stay open).
        trace.drag(from: (300, 130), by: (-40, 0), speed: 40)
        let arena = try replay(trace.session, recognizers, relations)
        #expect(arena.recognitions.map(\.committed) == [true, false])
        #expect(arena.shared.openRows == 0)
        // On the open row the offset is past −80 already: the threshold
        // haptic fires on the first leftward update, the sample the drag
        // begins on (issue 24; before, an open row fired none).
        #expect(arena.recognitions[1].hapticLatency == 0)
        // An open row dragged 300 pt further left: the clamp holds the sum,
        // −112 − 150, at −200 (before, −112 plus a clamped −150: −262).
        var far = TraceBuilder(id: "r")
        far.drag(from: (300, 130), by: (-100, 0), speed: 300)
        far.wait(1)
        far.drag(from: (370, 130), by: (-300, 0), speed: 300)
        let clamped = try replay(far.session, recognizers, relations)
        #expect(clamped.recognitions.map(\.value).last == -200)
        // The open row does not survive into the next session.
        var first = TraceBuilder(id: "a")
        first.drag(from: (300, 130), by: (-100, 0), speed: 300)
        var next = TraceBuilder(id: "b")
        next.drag(from: (150, 140), by: (60, 0), speed: 300)
        var both = try Arena(
            recognizers: recognizers, relations: relations,
            tuning: ResolvedParameters(ParameterSet()), shared: SharedState(tabCount: 3, currentTab: 1))
        both = replay(first.session, both)
        #expect(both.shared.openRows == 0b1)
        both = replay(next.session, both)
        #expect(both.kinds == [.tabSwipe])
    }
}

/// Issue 18: the playground shows how fast a pinch scales and a rotation
/// turns; the recognizers report it at release as UIKit's do.
@Suite("Pinch and rotation velocities")
struct TwoFingerVelocityTests {
    @Test func aPinchReportsItsScaleRateAndARotationItsTurnRateAtRelease() throws {
        // Fingers 100 pt apart spread to 2× and turn 90° over 0.5 s, evenly:
        // 2 scale/s and 180°/s until the lift.
        var trace = TraceBuilder(id: "t")
        trace.twoFinger(center: (200, 400), span: 100, scale: 2, degrees: 90, duration: 0.5)
        let arena = try replay(
            trace.session, [Recognizer(kind: .pinch), Recognizer(kind: .rotation)],
            [.simultaneous(0, 1)])
        let pinch = try #require(arena.recognitions.first { $0.kind == .pinch })
        let rotation = try #require(arena.recognitions.first { $0.kind == .rotation })
        #expect(abs(pinch.releaseVelocity - 2) < 0.1, "\(pinch.releaseVelocity)")
        #expect(abs(rotation.releaseVelocity - 180) < 5, "\(rotation.releaseVelocity)")
        // Pinching in, the scale falls: a negative rate.
        var closing = TraceBuilder(id: "t")
        closing.twoFinger(center: (200, 400), span: 200, scale: 0.5, degrees: 0, duration: 0.5)
        let shrink = try replay(
            closing.session, [Recognizer(kind: .pinch)],
            shared: {
                var state = SharedState()
                state.imageScale = 2 // zoomed in, so the pinch can go down to 1×
                return state
            }())
        let inward = try #require(shrink.recognitions.first)
        #expect(inward.releaseVelocity < -1, "\(inward.releaseVelocity)")
    }
}
