import GestureTuneTestSupport
import Recognizers
import Testing
import TraceModel

@Suite("Arena relations")
struct ArenaTests {
    @Test func exclusiveByDefaultTheFirstToRecognizeWins() throws {
        var trace = TraceBuilder(id: "t")
        trace.press(at: (100, 100), duration: 0.7)
        // Tap fails at 0.35 s; long press wins at 0.5 s; the pan never begins.
        let arena = try replay(trace.session, [Recognizer(kind: .tap), Recognizer(kind: .longPress), Recognizer(kind: .pan)])
        #expect(arena.kinds == [.longPress])
        #expect(arena.recognizers.map(\.state) == [.failed, .ended, .failed])
    }

    @Test func highPriorityEdgeSwipeBeatsTheTabSwipeInItsStrip() throws {
        let recognizers = [
            Recognizer(kind: .edgeSwipe, region: .edge(.left)),
            Recognizer(kind: .tabSwipe)
        ]
        var trace = TraceBuilder(id: "t")
        trace.drag(from: (5, 400), by: (150, 0), speed: 600)
        trace.wait(1)
        trace.drag(from: (300, 400), by: (-150, 0), speed: 600) // outside the strip
        let shared = SharedState(tabCount: 3, currentTab: 1)
        let arena = try replay(trace.session, recognizers, [.highPriority(winner: 0, over: 1)], shared: shared)
        #expect(arena.kinds == [.edgeSwipe, .tabSwipe])
        // Without the relation the tab swipe decides first (10 pt < 50 pt).
        let plain = try replay(trace.session, recognizers, shared: shared)
        #expect(plain.kinds == [.tabSwipe, .tabSwipe])
    }

    @Test func theLoserOfAHighPriorityRelationWaitsAndPaysInLatency() throws {
        let recognizers = [
            Recognizer(kind: .edgeSwipe, region: .edge(.left)),
            Recognizer(kind: .scroll, options: RecognizerOptions(axis: .vertical))
        ]
        var trace = TraceBuilder(id: "t")
        trace.drag(from: (5, 300), by: (0, 200), speed: 500)
        let arena = try replay(trace.session, recognizers, [.highPriority(winner: 0, over: 1)])
        #expect(arena.kinds == [.scroll])
        // The scroll passed its slop at 10 pt but began only when the edge
        // swipe failed at 50 pt.
        #expect(arena.recognitions[0].latency > 80_000)
        let alone = try replay(trace.session, [recognizers[1]])
        #expect(alone.recognitions[0].latency < 20_000)
        // It waited for the edge swipe, and its recognition time (from the
        // 10 pt yardstick) holds the 40 pt between 10 and 50 pt: 80 ms at
        // 500 pt/s, give or take a 120 Hz sample.
        #expect(arena.recognitions[0].waited > 0)
        #expect(abs(arena.recognitions[0].recognitionTime - 80_000) <= 9_000)
        #expect(alone.recognitions[0].waited == 0)
        #expect(alone.recognitions[0].recognitionTime <= 9_000)
    }

    @Test("recognition time counts from the 10 pt yardstick: a longer minimum distance costs time, a shorter one none")
    func recognitionTimeFromTheYardstick() throws {
        var trace = TraceBuilder(id: "t")
        trace.drag(from: (5, 300), by: (200, 0), speed: 400)
        let edge = [Recognizer(kind: .edgeSwipe, region: .edge(.left))]
        func recognition(_ distance: Double) throws -> Recognition {
            try #require(
                try replay(trace.session, edge, parameters: try ParameterSet(["edgeSwipe.minimumDistance": distance]))
                    .recognitions.first)
        }
        // 50 pt: 40 pt past the yardstick at 400 pt/s is 100 ms.
        let far = try recognition(50)
        #expect(abs(far.recognitionTime - 100_000) <= 9_000)
        #expect(far.movedYardstick > far.onset && far.movedYardstick < far.recognized)
        // 20 pt: 25 ms.
        #expect(abs(try recognition(20).recognitionTime - 25_000) <= 9_000)
        // Recognized before the yardstick (a 5 pt pan slop): no recognition time at all.
        let near = try #require(
            try replay(
                trace.session, [Recognizer(kind: .pan)],
                parameters: try ParameterSet(["pan.slop": 5])
            ).recognitions.first)
        #expect(near.recognitionTime == 0 && near.movedYardstick == near.recognized)
        #expect(near.latency > 0)
    }

    @Test func relationsNamingMissingRecognizersAreRejected() {
        #expect(throws: ArenaError.noSuchRecognizer(3)) {
            try Arena(recognizers: [Recognizer(kind: .tap)], relations: [.simultaneous(0, 3)])
        }
        #expect(throws: ArenaError.waitsForItself(0)) {
            try Arena(recognizers: [Recognizer(kind: .tap)], relations: [.requireToFail(recognizer: 0, waitsFor: 0)])
        }
    }

    @Test func actionsChangeTheSharedState() throws {
        // Tab bar: the region is split into one button per tab.
        let bar = Recognizer(
            kind: .tap, region: Region(x: 0, y: 0.9, width: 1, height: 0.1), options: RecognizerOptions(action: .selectTab))
        var taps = TraceBuilder(id: "t", width: 300, height: 600)
        taps.tap(at: (250, 580))
        let third = try replay(taps.session, [bar], shared: SharedState(tabCount: 3))
        #expect(third.shared.currentTab == 2)
        #expect(third.recognitions.first?.value == 2)
        // Image: double tap toggles 1× / 2×, and a pinch then starts from 2×.
        let zoom = Recognizer(kind: .doubleTap, options: RecognizerOptions(action: .toggleZoom))
        var trace = TraceBuilder(id: "t")
        trace.tap(at: (100, 100))
        trace.wait(0.1)
        trace.tap(at: (100, 100))
        trace.wait(1)
        trace.twoFinger(center: (200, 300), span: 100, scale: 1.5, degrees: 0, duration: 0.3)
        let arena = try replay(trace.session, [zoom, Recognizer(kind: .pinch)])
        #expect(arena.kinds == [.doubleTap, .pinch])
        #expect(arena.recognitions[0].value == 2)
        #expect(abs(arena.recognitions[1].value - 3) < 1e-9)
        #expect(abs(arena.shared.imageScale - 3) < 1e-9)
    }

    @Test func timesAtTheEndOfTheRangeDoNotTrap() throws {
        var arena = try Arena(recognizers: [Recognizer(kind: .tap), Recognizer(kind: .longPress)])
        arena.beginSession(screenWidth: 100, screenHeight: 100)
        arena.touch(t: .max - 10, pointer: 1, phase: .began, x: 10, y: 10)
        arena.touch(t: .max - 5, pointer: 1, phase: .ended, x: 10, y: 10)
        arena.finishSession()
        #expect(arena.kinds == [.tap])
        #expect(Micros.max.saturatingAdd(1) == .max && Micros.min.saturatingSubtract(1) == .min)
    }

    @Test func regionsAndTabsDecideMembership() throws {
        let rowTap = Recognizer(
            kind: .tap, region: Region(x: 0, y: 0.1, width: 1, height: 0.1), tab: 0)
        var trace = TraceBuilder(id: "t", width: 400, height: 800)
        trace.tap(at: (200, 100)) // y 100 in 80…160
        trace.wait(1)
        trace.tap(at: (200, 170)) // below the row
        trace.wait(1)
        trace.tap(at: (200, 159.9))
        let arena = try replay(trace.session, [rowTap], shared: SharedState(tabCount: 2, currentTab: 0))
        #expect(arena.recognitions.count == 2)
        let otherTab = try replay(trace.session, [rowTap], shared: SharedState(tabCount: 2, currentTab: 1))
        #expect(otherTab.recognitions.isEmpty)
    }
}

@Suite("Arena: contacts that end while a recognizer waits")
struct ArenaWaitingTests {
    @Test func aScrollStillWaitingWhenTheFingerLiftsNeverBegins() throws {
        // A horizontal pan's slop (30 pt) is larger than the scroll's (10
        // pt): the scroll waits for it, and the finger lifts after 20 pt.
        // (The tab swipe no longer serves here: it skips a steep drag rather
        // than failing it, issue 34.)
        let recognizers = [
            Recognizer(kind: .scroll, options: RecognizerOptions(axis: .vertical)),
            Recognizer(kind: .pan, options: RecognizerOptions(axis: .horizontal))
        ]
        var trace = TraceBuilder(id: "t")
        trace.drag(from: (200, 300), by: (0, 20), speed: 200)
        trace.wait(1)
        trace.drag(from: (200, 300), by: (0, 60), speed: 200)
        let arena = try replay(
            trace.session, recognizers, [.requireToFail(recognizer: 0, waitsFor: 1)],
            parameters: try ParameterSet(["pan.slop": 30]), shared: SharedState(tabCount: 3, currentTab: 1))
        #expect(arena.kinds == [.scroll])
        #expect(arena.recognitions[0].committed)
        #expect(arena.recognizers.allSatisfy { !$0.state.isLive })
    }
}
