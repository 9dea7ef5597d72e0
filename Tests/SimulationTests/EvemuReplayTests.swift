import Recognizers
import Simulation
import Testing
import TraceModel

/// Real Linux touchscreen recordings (evemu, Atmel maXTouch) replayed through
/// the `plain` scene.
@Suite("Evemu recordings through the plain scene")
struct EvemuReplayTests {
    func replay(_ name: String) throws -> SimulationResult {
        let session = try TestOnlyEvemuReader.session(atmel: name)
        var rules = SessionValidator()
        for touch in session.touches { #expect(rules.check(touch) == nil) }
        #expect(rules.finish() == nil)
        return try Simulator(options: SimulationOptions(keepRecognitions: true)).run(sessions: [session])
    }

    @Test func fastTapsGiveTapsOnly() throws {
        let result = try replay("1-finger-fast-taps")
        #expect(result.scenes == ["plain": 1])
        let kinds = result.recognitionLog.map(\.recognition.kind)
        #expect(!kinds.isEmpty)
        #expect(kinds.allSatisfy { $0 == .tap || $0 == .doubleTap })
        // Nine touches, each in exactly one tap or double tap.
        let taps = kinds.filter { $0 == .tap }.count, doubles = kinds.filter { $0 == .doubleTap }.count
        #expect(taps + 2 * doubles == 9)
        // Pairs 140 ms apart within 20 pt: four double taps, then one tap.
        #expect(doubles == 4)
    }

    @Test func dragUpAndDownGivesOnePanThatBeganUpward() throws {
        let result = try replay("1-finger-drag-up-down")
        let kinds = result.recognitionLog.map(\.recognition.kind)
        #expect(kinds == [.pan])
        #expect(result.recognitionLog.first?.recognition.direction == .up)
    }

    @Test func fourFingerDragDownGivesAFourFingerPanDown() throws {
        let result = try replay("4-finger-drag-down")
        let pans = result.recognitionLog.map(\.recognition).filter { $0.kind == .pan }
        #expect(pans.count == 1)
        #expect(pans.first?.direction == .down)
        #expect(pans.first?.pointers == 4)
        #expect(!result.recognitionLog.contains { $0.recognition.kind == .tap || $0.recognition.kind == .doubleTap })
    }

    @Test func twoFingerTouchAndReleaseGivesNoPan() throws {
        let result = try replay("2-fingers-touch-release")
        #expect(!result.recognitionLog.contains { $0.recognition.kind == .pan })
        #expect(result.recognitions == 0)
    }
}
