import Foundation
import GestureTuneTestSupport
import Recognizers
import Simulation
import Testing
import TraceImport
import TraceModel

/// Real Linux touchscreen recordings (evemu, shipped in
/// `datasets/recordings/evemu`) read by the evemu importer and replayed
/// through the `plain` scene.
@Suite("Evemu recordings through the plain scene")
struct EvemuReplayTests {
    static let recordings = TestPaths.inPackage("datasets/recordings/evemu")

    /// Neither panel reports a resolution: Atmel's 800 × 480 units and
    /// N-Trig's range are mapped onto screens of those sizes in points.
    func replay(_ name: String, device: String = "Atmel maXTouch Touchscreen") throws -> SimulationResult {
        var options = ImportOptions()
        if device.hasPrefix("Atmel") {
            options.screen = ScreenSize(width: 800, height: 480)
        } else {
            options.screen = ScreenSize(width: 1280, height: 960)
            options.deviceDescriptionPath = Self.recordings.appendingPathComponent("\(device).desc").path
        }
        let path = Self.recordings.appendingPathComponent("\(device).\(name).events").path
        let sessions = try ImporterRegistry.readSessions(path: path, format: .evemu, options: options)
        #expect(sessions.count == 1)
        return try Simulator(options: SimulationOptions(keepRecognitions: true)).run(sessions: sessions)
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

    @Test func nTrigDiagonalDragGivesOnePanDownAndRight() throws {
        let result = try replay("1-finger-drag-NW-SE", device: "N-Trig MultiTouch")
        let recognitions = result.recognitionLog.map(\.recognition)
        #expect(recognitions.map(\.kind) == [.pan])
        // NW → SE: the first decisive direction is right or down, never left or up.
        #expect(recognitions.first?.direction == .right || recognitions.first?.direction == .down)
    }

    @Test func nTrigTwoFingerTouchAndReleaseGivesNoPanAndNoTap() throws {
        let result = try replay("2-fingers-touch-release", device: "N-Trig MultiTouch")
        #expect(!result.recognitionLog.contains { [.pan, .tap, .doubleTap].contains($0.recognition.kind) })
    }
}
