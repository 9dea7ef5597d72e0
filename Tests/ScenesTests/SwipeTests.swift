import GestureTuneTestSupport
import Recognizers
import Scenes
import Testing
import TraceModel

// MARK: - The one-direction swipe, alone and in the study scene

@Suite("Swipe (UISwipeGestureRecognizer) and the study scene")
struct SwipeTests {
    let study = Scene.study

    /// The study scene's member index of `id`.
    func index(_ id: String) throws -> Int {
        try #require(study.recognizers.firstIndex { $0.id == id })
    }

    /// Ids of the study members that recognized, in order of recognition.
    func recognized(_ arena: Arena) -> [String] {
        arena.recognitions.map { study.recognizers[$0.recognizer].id }
    }

    // MARK: - In the study scene

    @Test func aFastLeftFlickIsSwipeLeftBeforeTheLiftAndAPanToo() throws {
        var trace = TraceBuilder(id: "t")
        trace.drag(from: (300, 400), by: (-160, 0), speed: 1000)
        let lift = try #require(trace.session.touches.last).t
        let arena = replay(trace.session, try study.arena())
        #expect(Set(recognized(arena)) == ["swipeLeft", "pan"])
        let swipe = try #require(arena.recognitions.first { $0.kind == .swipe })
        #expect(swipe.recognizer == (try index("swipeLeft")))
        #expect(swipe.direction == .left)
        #expect(swipe.recognized < lift, "recognized during the movement, not at the lift")
        // At 8 pt a sample, the 7th sample (56 pt) is the first past 50 pt.
        #expect(swipe.recognized == trace.session.touches[7].t)
        #expect(swipe.pointers == 1 && swipe.releaseVelocity > 500)
        // The pan began earlier (past its 18 pt slop) and ended at the lift.
        let pan = try #require(arena.recognitions.first { $0.kind == .pan })
        #expect(pan.recognized < swipe.recognized && pan.ended == lift)
    }

    @Test func eachSwipeMemberTakesOnlyItsDirection() throws {
        for (delta, id) in [((160.0, 0.0), "swipeRight"), ((0, -160), "swipeUp"), ((0, 160), "swipeDown")] {
            var trace = TraceBuilder(id: "t")
            trace.drag(from: (200, 400), by: delta, speed: 1000)
            let arena = replay(trace.session, try study.arena())
            #expect(Set(recognized(arena)) == [id, "pan"], "\(id)")
        }
    }

    @Test func aSlowDragIsAPanButNoSwipe() throws {
        // 80 pt/s: 40 pt after 0.5 s, short of the 50 pt when the time runs out.
        var trace = TraceBuilder(id: "t")
        trace.drag(from: (300, 400), by: (-150, 0), speed: 80)
        let arena = replay(trace.session, try study.arena())
        #expect(recognized(arena) == ["pan"])
        // With more time the same drag is a swipe.
        var patient = try study.effectiveParameters()
        patient[.swipeMaximumDuration] = 1.0
        let relaxed = replay(trace.session, try study.arena(parameters: patient))
        #expect(Set(recognized(relaxed)) == ["pan", "swipeLeft"])
    }

    @Test func aDiagonalOutsideTheConeIsNoSwipe() throws {
        var diagonal = TraceBuilder(id: "t")
        diagonal.drag(from: (300, 600), by: (-120, -120), speed: 1000) // 45° off both axes
        #expect(recognized(replay(diagonal.session, try study.arena())) == ["pan"])
        // 20° off the left axis lies inside the 30° cone.
        var slanted = TraceBuilder(id: "t")
        slanted.drag(from: (300, 600), by: (-150, -54.6), speed: 1000)
        #expect(Set(recognized(replay(slanted.session, try study.arena()))) == ["swipeLeft", "pan"])
    }

    @Test func aTwoFingerFlickIsNoOneFingerSwipeButATwoFingerOne() throws {
        var trace = TraceBuilder(id: "t")
        trace.multiDrag(center: (200, 400), offsets: [(-30, 0), (30, 0)], by: (-160, 0), speed: 1000)
        #expect(recognized(replay(trace.session, try study.arena())) == ["pan"])
        let scene = Scene(
            name: "fingers",
            recognizers: [
                Scene.Member("one", .swipe, .init(direction: .left)),
                Scene.Member("two", .swipe, .init(fingers: 2, direction: .left))
            ],
            relations: [.allSimultaneous])
        let arena = replay(trace.session, try scene.arena())
        #expect(arena.recognitions.map(\.recognizer) == [1])
        #expect(arena.recognitions.first?.pointers == 2)
        #expect(arena.recognitions.first?.direction == .left)
    }

    @Test func aStillPressOfSixTenthsIsALongPressAndNoTap() throws {
        var trace = TraceBuilder(id: "t")
        trace.press(at: (200, 400), duration: 0.6)
        let arena = replay(trace.session, try study.arena())
        #expect(recognized(arena) == ["longPress"])
        let press = try #require(arena.recognitions.first)
        #expect(press.recognized == 500_000 && press.committed)
    }

    @Test func aQuickTapIsATapOnly() throws {
        var trace = TraceBuilder(id: "t")
        trace.tap(at: (200, 400))
        #expect(recognized(replay(trace.session, try study.arena())) == ["tap"])
    }

    // MARK: - The recognizer alone

    @Test func withoutADirectionASwipeTakesTheDominantOne() throws {
        let any = Recognizer(kind: .swipe)
        var trace = TraceBuilder(id: "t")
        trace.drag(from: (200, 600), by: (10, -160), speed: 1000)
        trace.wait(1)
        trace.drag(from: (200, 600), by: (-100, -100), speed: 1000) // between two axes: outside both cones
        let arena = try replay(trace.session, [any])
        #expect(arena.kinds == [.swipe])
        #expect(arena.recognitions.first?.direction == .up)
    }

    @Test func leavingTheConeOnTheWayFailsEvenIfTheEndIsOnAxis() throws {
        let left = Recognizer(kind: .swipe, options: RecognizerOptions(direction: .left))
        var trace = TraceBuilder(id: "t")
        // First 22 pt at 63° off the left axis (judged once past 10 pt),
        // then far left: at 50 pt along, the translation is 22° off the axis
        // — inside the cone — but the path had left it.
        let start = [(by: (-10.0, -20.0), speed: 1000.0, pause: 0.0)]
        trace.path(from: (300, 600), hold: 0, legs: start + [(by: (-200, 0), speed: 1500, pause: 0)])
        #expect(try replay(trace.session, [left]).recognitions.isEmpty)
        // The same path with the first leg inside the cone is a swipe.
        trace.wait(1)
        trace.path(
            from: (300, 600), hold: 0,
            legs: [
                (by: (-20, -8), speed: 1000, pause: 0),
                (by: (-200, 0), speed: 1500, pause: 0)
            ])
        #expect(try replay(trace.session, [left]).kinds == [.swipe])
    }

    @Test func theSmoothedCountSeesASwipeDecidedByAHair() throws {
        // 31° off the axis with a 30° cone would fail; 29° passes by a hair,
        // and the comparator remembers how close the angle came.
        let left = Recognizer(kind: .swipe, options: RecognizerOptions(direction: .left))
        var trace = TraceBuilder(id: "t")
        let tangent = 0.5543 // tan 29°
        trace.drag(from: (300, 600), by: (-150, -150 * tangent), speed: 1000)
        let arena = try replay(trace.session, [left], temperature: 0.1)
        #expect(arena.kinds == [.swipe])
        let margin = try #require(arena.contacts.first).margin
        #expect(margin < 0.02, "\(margin)")
    }
}
