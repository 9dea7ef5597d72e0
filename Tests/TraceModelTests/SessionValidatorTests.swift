import Testing

@testable import TraceModel

@Suite struct SessionValidatorTests {
    func touch(_ t: Micros, _ id: Int32, _ phase: TouchPhase) -> TouchSample {
        TouchSample(t: t, pointer: id, phase: phase, x: 0, y: 0)
    }

    @Test func acceptsAWellFormedStroke() {
        var rules = SessionValidator()
        #expect(rules.check(touch(0, 1, .began)) == nil)
        #expect(rules.check(touch(8_000, 1, .moved)) == nil)
        #expect(rules.check(touch(8_000, 1, .stationary)) == nil)
        #expect(rules.check(touch(16_000, 1, .ended)) == nil)
        #expect(rules.finish() == nil)
    }

    @Test func rejectsTimeGoingBackwards() {
        var rules = SessionValidator()
        _ = rules.check(touch(10, 1, .began))
        #expect(rules.check(touch(9, 1, .moved))?.field == "t")
    }

    @Test func rejectsMoveWithoutBeganAndDoubleBegan() {
        var rules = SessionValidator()
        #expect(rules.check(touch(0, 1, .moved))?.field == "phase")
        #expect(rules.check(touch(0, 1, .ended))?.field == "phase")
        #expect(rules.check(touch(0, 1, .began)) == nil)
        #expect(rules.check(touch(0, 1, .began))?.message.contains("began again") == true)
    }

    @Test func reportsPointersLeftDown() {
        var rules = SessionValidator()
        _ = rules.check(touch(0, 3, .began))
        _ = rules.check(touch(5, 4, .began))
        let problem = rules.finish()
        #expect(problem?.message.contains("pointer 3") == true)
        #expect(problem?.message.contains("1 more") == true)
        #expect(rules.activePointers.isEmpty)
    }

    @Test func pointerIdsAreReusableAfterTheyEnd() {
        var rules = SessionValidator()
        #expect(rules.check(touch(0, 1, .began)) == nil)
        #expect(rules.check(touch(1, 1, .cancelled)) == nil)
        #expect(rules.check(touch(2, 1, .began)) == nil)
        #expect(rules.check(touch(3, 1, .ended)) == nil)
    }

    @Test func microsecondsRoundExactly() {
        #expect(Micros(seconds: 0.1) == 100_000)
        #expect(Micros(seconds: 0.3 - 0.2) == 100_000)
        #expect(Micros(seconds: .nan) == nil)
        #expect(Micros(seconds: 1e300) == nil)
    }

    @Test func strokesSplitReusedPointerIds() {
        let session = Session(
            header: SessionHeader(id: "s", device: Device(platform: .ios, screenWidth: 390, screenHeight: 844)),
            touches: [touch(0, 1, .began), touch(5, 1, .ended), touch(9, 1, .began), touch(12, 1, .ended)])
        #expect(session.strokes.count == 2)
        #expect(session.strokes[1].duration == 3)
    }
}
