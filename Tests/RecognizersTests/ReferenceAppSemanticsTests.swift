import GesturePhysics
import GestureTuneTestSupport
import Recognizers
import Testing
import TraceModel

/// Issue 14: where the simulated reference app used to differ from the
/// reference app's source. Each trace is built so that the old and the new
/// semantics count it differently (the comments say what the old one did).
@Suite("Reference app semantics")
struct ReferenceAppSemanticsTests {
    /// The content (tab swipe, vertical scroll obeying the locks) and the tab
    /// bar (a tap that selects the tab under it), on a 390 × 844 screen: the
    /// content is y 84.4…759.6, the tab bar y 759.6…844.
    let recognizers = [
        Recognizer(
            kind: .tabSwipe, region: Region(x: 0, y: 0.1, width: 1, height: 0.8),
            options: RecognizerOptions(maxTouches: 1)),
        Recognizer(
            kind: .scroll, region: Region(x: 0, y: 0.1, width: 1, height: 0.8),
            options: RecognizerOptions(axis: .vertical, maxTouches: 1, obeysTabLock: true)),
        Recognizer(
            kind: .tap, region: Region(x: 0, y: 0.9, width: 1, height: 0.1),
            options: RecognizerOptions(action: .selectTab))
    ]
    // As the scenes have them (issue 34): no relation; the tab swipe,
    // first, decides each update and skips the steep ones for the scroll.
    let relations: [Relation] = []
    let middle = SharedState(tabCount: 3, currentTab: 1)

    func run(_ build: (inout TraceBuilder) -> Void) throws -> Arena {
        var trace = TraceBuilder(id: "t")
        build(&trace)
        return try replay(trace.session, recognizers, relations, shared: middle)
    }

    // MARK: 1. The vertical scroll lock starts when any tab swipe ends

    @Test func aSprungBackSwipeStartsTheVerticalScrollLock() throws {
        // 50 pt at 50 pt/s: projects 25 pt, short — the page springs back.
        // 50 ms after the lift a vertical scroll decides (10 pt at 600 pt/s,
        // ≈ 17 ms more): inside the 200 ms lock, a dead zone. (The old
        // simulator started the lock only on a committed change: it scrolled.)
        let locked = try run { trace in
            trace.drag(from: (300, 400), by: (-50, 0), speed: 50)
            trace.wait(0.05)
            trace.drag(from: (200, 300), by: (0, 200), speed: 600)
        }
        #expect(locked.kinds == [.tabSwipe])
        #expect(locked.recognitions[0].committed == false)
        #expect(locked.shared.currentTab == 1)
        #expect(locked.drops.map(\.reason) == [.verticalScrollLock])
        #expect(locked.drops.first?.kind == .scroll)
        // 250 ms later the lock has passed: the scroll scrolls.
        let free = try run { trace in
            trace.drag(from: (300, 400), by: (-50, 0), speed: 50)
            trace.wait(0.25)
            trace.drag(from: (200, 300), by: (0, 200), speed: 600)
        }
        #expect(free.kinds == [.tabSwipe, .scroll])
        #expect(free.drops.isEmpty)
    }

    // MARK: 2. The momentum window starts on any change of the selected tab

    @Test func aTabBarTapOpensTheMomentumWindow() throws {
        // A tap on the third tab-bar button (tab 1 → 2), then 0.2 s later a
        // steep drag, 50 H + 280 V: 280 < 6 × 50, the momentum bias — the
        // tab swipe takes it. (The old simulator opened the window only on a
        // swipe: 280 > 3.5 × 50, the scroll took it.)
        let afterTap = try run { trace in
            trace.tap(at: (330, 800))
            trace.wait(0.2)
            trace.drag(from: (300, 300), by: (50, 280), speed: 600)
        }
        #expect(afterTap.kinds == [.tap, .tabSwipe])
        #expect(afterTap.recognitions[0].value == 2)
        #expect(afterTap.recognitions[1].direction == .right)
        // No tap: the directional bias (3.5) refuses the drag and the scroll takes it.
        let calm = try run { trace in
            trace.wait(0.28)
            trace.drag(from: (300, 300), by: (50, 280), speed: 600)
        }
        #expect(calm.kinds == [.scroll])
        // A tap on the tab already showing changes nothing: no window.
        let sameTab = try run { trace in
            trace.tap(at: (195, 800))
            trace.wait(0.2)
            trace.drag(from: (300, 300), by: (50, 280), speed: 600)
        }
        #expect(sameTab.kinds == [.tap, .scroll])
        #expect(sameTab.shared.lastTabChange == .min)
    }

    @Test func theMomentumWindowEndsAfterTheFirstChangeOfABurst() throws {
        // Tab-bar taps: tab 1 → 2 (its lift at 0.08 s), then 2 → 0 (0.58 s).
        // Each change starts a 0.8 s timer that clears the window and none is
        // cancelled, so the window ends at 0.88 s, not 1.38 s. A steep drag,
        // 50 H + 280 V leftward, starting at 1.0 s meets the directional
        // bias (280 > 3.5 × 50): the scroll takes it. (Measured from the
        // latest change, the momentum bias 6 let the tab swipe take it.)
        let burst = try run { trace in
            trace.tap(at: (330, 800))
            trace.wait(0.42)
            trace.tap(at: (60, 800))
            trace.wait(0.42)
            trace.drag(from: (300, 300), by: (-50, 280), speed: 600)
        }
        #expect(burst.kinds == [.tap, .tap, .scroll])
        #expect(burst.shared.momentumEnds == 880_000)
        // The second timer is still pending when the window lapses: a third
        // change at 1.08 s is cleared by it, at 1.38 s, not 0.8 s later.
        let third = try run { trace in
            trace.tap(at: (330, 800))
            trace.wait(0.42)
            trace.tap(at: (60, 800))
            trace.wait(0.42)
            trace.tap(at: (195, 800))
        }
        #expect(third.kinds == [.tap, .tap, .tap])
        #expect(third.shared.currentTab == 1)
        #expect(third.shared.momentumEnds == 1_380_000)
        // One change alone: 0.8 s after it.
        let single = try run { $0.tap(at: (330, 800)) }
        #expect(single.shared.momentumEnds == 880_000)
    }

    // MARK: 3. Triggers regardless of direction; the bias guards the whole translation

    @Test func aReleaseSwitchesByAbsoluteTriggersTowardsTheTranslation() throws {
        // Began left, came back past the start to +130 pt and rested: |130| >
        // 120 switches to the previous tab (the translation's side). (Old:
        // measured along the first direction, −130, it sprang back.)
        let reversed = try run { trace in
            trace.path(
                from: (200, 400), hold: 0,
                legs: [(by: (-60, 0), speed: 300, pause: 0), (by: (190, 0), speed: 300, pause: 0.1)])
        }
        let back = try #require(reversed.recognitions.first)
        #expect(back.kind == .tabSwipe && back.committed)
        #expect(back.direction == .right)
        #expect(reversed.shared.currentTab == 0)
        // 100 pt left, then flicked 40 pt back right at 400 pt/s: translation
        // −60, projected ≈ +200 pt; |200| > 100 switches — to the next tab,
        // the translation's side. (Old: the projection against the swipe's
        // direction, −200, sprang back.)
        let flicked = try run { trace in
            trace.path(
                from: (300, 400), hold: 0,
                legs: [(by: (-100, 0), speed: 300, pause: 0), (by: (40, 0), speed: 400, pause: 0)])
        }
        let flick = try #require(flicked.recognitions.first)
        #expect(flick.releaseVelocity > 300)
        #expect(flick.committed && flick.direction == .left)
        #expect(flicked.shared.currentTab == 2)
        // A short slow drag still springs back: |60| < 120, projects ≈ 50.
        let slow = try run { $0.drag(from: (300, 400), by: (-60, 0), speed: 100) }
        #expect(slow.recognitions.map(\.committed) == [false])
    }

    @Test func theBiasGuardSkipsASteepUpdateOnly() throws {
        // 80 pt left (a tab swipe), then 300 pt down, then 150 pt left. The
        // tab session's `guard verticalDistance < horizontalDistance *
        // verticalThreshold else { return }` skips the steep samples of the
        // middle leg, nothing more: the lift, at −230 H + 300 V (300 < 3.5 ×
        // 230), decides, and 230 pt > 120 switches to the next tab. (Issue
        // 14's reading gave the swipe up for good at the first steep sample,
        // 280 pt down, and it sprang back.)
        var trace = TraceBuilder(id: "t")
        trace.path(
            from: (300, 200), hold: 0,
            legs: [
                (by: (-80, 0), speed: 400, pause: 0), (by: (0, 300), speed: 600, pause: 0),
                (by: (-150, 0), speed: 600, pause: 0)
            ])
        let arena = try replay(trace.session, recognizers, relations, shared: middle)
        let r = try #require(arena.recognitions.first)
        #expect(arena.kinds == [.tabSwipe])
        #expect(r.committed && r.direction == .left)
        #expect(arena.shared.currentTab == 2)
        let lift = try #require(trace.session.touches.last?.t)
        #expect(r.ended == lift)
        #expect(arena.shared.lastTabSwipeEnd == lift)
        // Steep at the lift: 130 H then 460 V (3.54 × 130) does not switch;
        // with the bias at 3.6 (468 pt) the same trace switches on its 130 pt.
        var steep = TraceBuilder(id: "t")
        steep.path(
            from: (300, 200), hold: 0,
            legs: [
                (by: (-130, 0), speed: 600, pause: 0), (by: (0, 460), speed: 600, pause: 0.1)
            ])
        #expect(
            try replay(steep.session, recognizers, relations, shared: middle).recognitions.map(\.committed)
                == [false])
        let wider = try replay(
            steep.session, recognizers, relations,
            parameters: try ParameterSet(["tabSwipe.directionalBias": 3.6]), shared: middle)
        #expect(wider.recognitions.map(\.committed) == [true])
    }

    // MARK: 4. The swipe-actions haptic follows the resisted offset

    @Test func theHapticFiresWhenTheResistedOffsetPassesEightyPoints() throws {
        let row = Recognizer(kind: .swipeActions)
        // The reference resistance: t × (1 − min(|t|/400, 0.5)), hard stop 200.
        let p = ResolvedParameters()
        #expect(p.swipeActionsOffset(translation: -100) == -75)
        #expect(abs(p.swipeActionsOffset(translation: -110.5572809) - -80) < 1e-6)
        #expect(p.swipeActionsOffset(translation: -300) == -150)
        #expect(p.swipeActionsOffset(translation: -500) == -200)
        // 10 Hz: samples every 20 pt at 200 pt/s, −100 at 0.5 s and −120 at
        // 0.6 s. The resisted offset passes −80 where the translation passes
        // −(200 − √8000) = −110.557 pt: 52.8 % of the way from −100 to −120,
        // at 552.786 ms; noticed on the 600 ms sample: 47.214 ms. (Old: at
        // −80 raw, on the 400 ms sample itself: 0 ms.)
        var trace = TraceBuilder(id: "t", sampleRateHz: 10)
        trace.drag(from: (300, 200), by: (-120, 0), speed: 200)
        let r = try #require(try replay(trace.session, [row]).recognitions.first)
        #expect(r.committed)
        #expect(abs(ms(r.hapticLatency) - 47.214) < 0.002, "\(r.hapticLatency)")
        #expect(abs(r.value - -84) < 1e-9) // 120 × (1 − 0.3)
        // Released at −100 pt raw: the actions open (100 > 80 of translation),
        // but the row showed −75 — no haptic. (Old: a haptic at −80 raw.)
        var short = TraceBuilder(id: "t", sampleRateHz: 10)
        short.drag(from: (300, 200), by: (-100, 0), speed: 200)
        let opened = try #require(try replay(short.session, [row]).recognitions.first)
        #expect(opened.committed && opened.hapticLatency == -1)
        #expect(opened.value == -75)
        // At 120 Hz the haptic is noticed at most one interval after a −110.6 pt crossing.
        var fine = TraceBuilder(id: "t")
        fine.drag(from: (300, 200), by: (-111, 0), speed: 100)
        let crossed = try #require(try replay(fine.session, [row]).recognitions.first)
        #expect(crossed.hapticLatency >= 0 && crossed.hapticLatency <= 8_334)
        var under = TraceBuilder(id: "t")
        under.drag(from: (300, 200), by: (-110, 0), speed: 100)
        #expect(try replay(under.session, [row]).recognitions.map(\.hapticLatency) == [-1])
    }

    // MARK: 5. Rotation snaps the cumulative angle; a fast card flies off; the card spring from rest

    @Test func rotationSnapsTheImagesCumulativeAngle() throws {
        // Two turns of 30°: the image stands at 45° after the first (30 →
        // 45) and 90° after the second (45 + 30 = 75 → 90). (Old: each turn
        // alone, 45° twice.)
        var trace = TraceBuilder(id: "t")
        trace.twoFinger(center: (200, 300), span: 150, scale: 1, degrees: 30, duration: 0.3)
        trace.wait(1)
        trace.twoFinger(center: (200, 300), span: 150, scale: 1, degrees: 30, duration: 0.3)
        let arena = try replay(trace.session, [Recognizer(kind: .rotation)])
        #expect(arena.recognitions.map(\.direction) == [.cw, .cw])
        let values = arena.recognitions.map(\.value)
        #expect(values.count == 2 && abs(values[0] - 45) < 1e-9 && abs(values[1] - 90) < 1e-9, "\(values)")
        #expect(abs(arena.shared.imageRotation - .pi / 2) < 1e-12)
    }

    @Test func onlyTheDistanceDeletesTheCard() throws {
        let card = Recognizer(kind: .cardSwipe)
        // 60 pt at 400 pt/s: the source deletes on |translation.width| > 120
        // and nothing else, so the card springs back however fast it flew.
        // (Old: a projected distance past 100 pt deleted it.)
        var fast = TraceBuilder(id: "t")
        fast.drag(from: (100, 300), by: (60, 0), speed: 400)
        let thrown = try #require(try replay(fast.session, [card]).recognitions.first)
        #expect(!thrown.committed && thrown.direction == .right)
        #expect(abs(thrown.springDistance - -60) < 1e-9) // back to rest
        // 130 pt, even slowly, deletes: the card flies to +500 pt.
        var far = TraceBuilder(id: "t")
        far.drag(from: (100, 300), by: (130, 0), speed: 100)
        let deleted = try #require(try replay(far.session, [card]).recognitions.first)
        #expect(deleted.committed && abs(deleted.springDistance - (500 - 130)) < 1e-9)
        // The card follows a drag in any direction: a vertical one moves it too.
        var down = TraceBuilder(id: "t")
        down.drag(from: (100, 300), by: (5, 80), speed: 300)
        #expect(try replay(down.session, [card]).recognitions.map(\.committed) == [false])
    }
}
