import Foundation
import Testing
import TraceModel

@testable import TraceImport

@Suite struct LibinputRecordImporterTests {
    static let fixture = RecordingFixtures.local("libinput-record-two-finger-spread.yml")
    static let pointsPerUnit = 163.0 / 25.4 / 10 // resolution 10 units/mm, 163 pt per inch

    func fixtureText() throws -> String { try String(contentsOfFile: Self.fixture, encoding: .utf8) }

    func run(_ text: String) throws -> TraceError? {
        importError(LibinputRecordImporter.self, try RecordingFixtures.temporary(text, name: "case.yml"))
    }

    @Test func twoFingerSpreadOnTheTouchscreen() throws {
        let (sessions, summary) = try importSessions(LibinputRecordImporter.self, Self.fixture)
        let session = try #require(sessions.first)
        #expect(sessions.count == 1)
        #expect(session.id == "libinput-record-two-finger-spread")
        #expect(session.header.device.model == "Wacom Pen and multitouch sensor Finger") // not the keyboard
        #expect(session.header.device.ppi == 163)
        #expect(abs(session.header.device.screenWidth - 2765 * Self.pointsPerUnit) < 1e-9)
        #expect(session.strokes.map(\.pointer) == [301, 302])
        // 7 frames: both begin, 5 moves each, both lift → 2 + 10 + 2 samples.
        #expect(summary.touches == 14)
        let left = session.strokes[0].samples, right = session.strokes[1].samples
        #expect(left.first?.t == 0 && left.last?.t == 96_000) // relative to the touchscreen's first event
        #expect(abs((left.first?.x ?? 0) - 1300 * Self.pointsPerUnit) < 1e-9)
        #expect(abs((left.first?.radius ?? 0) - 30 * Self.pointsPerUnit) < 1e-9) // TOUCH_MAJOR 60 → radius 30 units
        #expect(abs((left.last?.x ?? 0) - 1000 * Self.pointsPerUnit) < 1e-9) // moved left 5 × 60
        #expect(abs((right.last?.x ?? 0) - 1800 * Self.pointsPerUnit) < 1e-9) // moved right
        #expect(session.header.metaJSON?.contains(#""node":"/dev/input/event8""#) == true)
    }

    @Test func yamlSyntaxErrorNamesTheLine() throws {
        let text = try fixtureText().replacingOccurrences(
            of: "    - [  1, 266000,   3,  47,     0]", with: "    - [  1, 266000,   3,  47,     0")
        let error = try #require(try run(text))
        #expect(error.field == "yaml")
        #expect(error.location.line > 90)
    }

    /// Yams reports a duplicate key with the whole document as "Context:"
    /// lines and the mapping's first mark; the error names the key's second
    /// line, the key as its field, in one line.
    @Test func aDuplicateKeyNamesItsSecondLineInOneLine() throws {
        let error = try #require(try run("version: 1\nndevices: 1\nndevices: 1\n"))
        #expect(error.location.line == 3)
        #expect(error.field == "ndevices")
        #expect(error.description.hasSuffix(":3: YAML: the key `ndevices` appears twice in one mapping (ndevices)"))
        #expect(!error.description.contains("\n"))

        // In a nested mapping of a real recording: `libinput:`'s `git` again on line 7.
        let nested = try fixtureText().replacingOccurrences(
            of: "  git: \"unknown\"\n", with: "  git: \"unknown\"\n  git: \"again\"\n")
        let inner = try #require(try run(nested))
        #expect(inner.location.line == 7)
        #expect(inner.field == "git")
    }

    @Test func badEventTupleAndVersion() throws {
        var lines = try fixtureText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("[  1, 266000,   3,  53,  1240]") })
        lines[index] = "    - [  1, 266000,   3,  53]"
        let tuple = try #require(try run(lines.joined(separator: "\n")))
        #expect(tuple.location.line == index + 1)
        #expect(tuple.message.contains("five integers"))

        let version = try #require(try run(try fixtureText().replacingOccurrences(of: "version: 1", with: "version: 2")))
        #expect(version.location.line == 2 && version.field == "version")
    }

    @Test func truncatedRecording() throws {
        // Lines 95 and 96 open the second frame (ABS_MT_SLOT 0, ABS_MT_POSITION_X 1240); cut after them.
        let lines = try fixtureText().split(separator: "\n").prefix(96)
        let error = try #require(try run(lines.joined(separator: "\n") + "\n"))
        #expect(error.location.line == 96)
        #expect(error.message.contains("no SYN_REPORT after line 95"))
    }

    @Test func outOfOrderTimeAndUnknownType() throws {
        let back = try #require(
            try run(
                try fixtureText().replacingOccurrences(
                    of: "    - [  1, 282000,   3,  47,     0]", with: "    - [  1, 200000,   3,  47,     0]")))
        #expect(back.field == "time")
        let type = try #require(
            try run(
                try fixtureText().replacingOccurrences(
                    of: "    - [  1, 282000,   3,  47,     0]", with: "    - [  1, 282000,  99,  47,     0]")))
        #expect(type.field == "type" && type.message.contains("0x63"))
        #expect(type.location.line == back.location.line)
    }

    @Test func noTouchDevice() throws {
        let text = try fixtureText()
        let keyboardOnly = String(text[..<(text.range(of: "- node: /dev/input/event8")?.lowerBound ?? text.endIndex)])
        let error = try #require(try run(keyboardOnly))
        #expect(error.location.line == 12 && error.message.contains("no touch device"))
    }

    @Test func recognizesLibinputRecord() throws {
        #expect(LibinputRecordImporter.recognizes(prefix: Array(try fixtureText().utf8), fileName: "x"))
        #expect(LibinputRecordImporter.recognizes(prefix: Array("version: 1\nndevices: 1\n".utf8), fileName: "x"))
        #expect(!LibinputRecordImporter.recognizes(prefix: Array("# EVEMU 1.3\n".utf8), fileName: "x.yml"))
    }
}
