import FoundationEssentials
import Testing
import TraceModel

@testable import TraceImport

// MARK: - Constructed inputs: units, single touch, and every way to be broken

@Suite struct EvemuConstructedTests {
    /// A protocol-B panel: 0…1023 × 0…599, 10 units/mm.
    static let header = """
        N: Constructed Slots Panel
        I: 0018 0000 0000 0000
        A: 2f 0 9 0 0 0
        A: 35 0 1023 0 0 10
        A: 36 0 599 0 0 10
        A: 39 0 65535 0 0 0

        """ // 6 lines + this newline: events start on line 6

    func run(_ events: String, options: ImportOptions = ImportOptions()) throws -> TraceError? {
        let path = try RecordingFixtures.temporary(Self.header + events, name: "case.events")
        return importError(EvemuImporter.self, path, options: options)
    }

    @Test func singleTouchWithResolutionMapsToPhysicalPoints() throws {
        let (sessions, summary) = try importSessions(
            EvemuImporter.self, RecordingFixtures.local("evemu-single-touch-resolution.events"))
        let session = try #require(sessions.first)
        #expect(session.id == "evemu-single-touch-resolution")
        #expect(session.header.device.ppi == 163)
        // 4096 units / 40 per mm = 102.4 mm; × 163/25.4 pt per mm.
        #expect(abs(session.header.device.screenWidth - 102.4 * 163 / 25.4) < 1e-9)
        #expect(session.touches.map(\.phase) == [.began, .moved, .moved, .ended])
        #expect(session.touches.map(\.t) == [0, 10_000, 20_000, 30_000])
        let first = session.touches[0]
        #expect(abs(first.x - 10 * 163 / 25.4) < 1e-9) // 400 units = 10 mm
        #expect(abs(first.y - 20 * 163 / 25.4) < 1e-9) // 800 units = 20 mm
        #expect(abs((first.force ?? 0) - 2 * 128.0 / 255) < 1e-12) // mid-range pressure ≈ 1
        #expect(session.touches[3].x == session.touches[2].x) // ends where it was
        #expect(summary.touches == 4 && summary.sessions == 1)
    }

    @Test func protocolBWithResolution() throws {
        let path = try RecordingFixtures.temporary(
            Self.header + """
                E: 5.000000 0003 0039 12
                E: 5.000000 0003 0035 100
                E: 5.000000 0003 0036 200
                E: 5.000000 0000 0000 0
                E: 5.008000 0003 0035 110
                E: 5.008000 0000 0000 0
                E: 5.016000 0003 0039 -1
                E: 5.016000 0000 0000 0
                E: 5.100000 0003 0039 13
                E: 5.100000 0000 0000 0
                E: 5.120000 0003 0039 -1
                E: 5.120000 0000 0000 0
                """, name: "slots.events")
        let (sessions, _) = try importSessions(EvemuImporter.self, path)
        let session = try #require(sessions.first)
        #expect(session.strokes.count == 2)
        #expect(session.touches.map(\.phase) == [.began, .moved, .ended, .began, .ended])
        let mmToPoints = 163 / 25.4
        #expect(abs(session.touches[1].x - 11 * mmToPoints) < 1e-9)
        // The second contact reuses the slot's last position: the kernel sends no new one.
        #expect(session.touches[3].x == session.touches[1].x)
        #expect(session.touches[3].t == 100_000)
    }

    @Test func truncatedMidFrame() throws {
        let error = try #require(
            try run(
                """
                E: 5.000000 0003 0039 12
                E: 5.000000 0003 0035 100
                E: 5.000000 0003 0036 200
                E: 5.000000 0000 0000 0
                E: 5.008000 0003 0035 110
                """))
        #expect(error.location.line == 11)
        #expect(error.message.contains("no SYN_REPORT after line 11"))
        #expect(error.field == "SYN_REPORT")
    }

    @Test func truncatedWithAContactDown() throws {
        let error = try #require(
            try run(
                """
                E: 5.000000 0003 0039 12
                E: 5.000000 0003 0035 100
                E: 5.000000 0003 0036 200
                E: 5.000000 0000 0000 0
                """))
        #expect(error.location.line == 10)
        #expect(error.message.contains("pointer 12 began at 0.0 s and never ended"))
    }

    @Test func truncatedLineInTheMiddle() throws {
        let error = try #require(
            try run(
                """
                E: 5.000000 0003 0039 12
                E: 5.000000 0003
                """))
        #expect(error.location.line == 8)
        #expect(error.message.contains("truncated"))
        #expect(error.field == "E")
    }

    @Test func liftWithoutATouch() throws {
        let error = try #require(
            try run(
                """
                E: 5.000000 0003 002f 3
                E: 5.000000 0003 0039 -001
                E: 5.000000 0000 0000 0
                """))
        #expect(error.location.line == 8)
        #expect(error.message == "a lift without a touch: slot 3 has no contact down")
        #expect(error.field == "ABS_MT_TRACKING_ID")
    }

    @Test func timeGoingBackwards() throws {
        let error = try #require(
            try run(
                """
                E: 5.000000 0003 0039 12
                E: 5.000000 0003 0035 100
                E: 5.000000 0003 0036 200
                E: 5.000000 0000 0000 0
                E: 4.990000 0003 0035 110
                """))
        #expect(error.description.hasSuffix(":11: time goes backwards: 4.99 s after 5.0 s (time)"))
    }

    @Test func unknownEventTypeAndCode() throws {
        let badType = try #require(try run("E: 5.000000 0042 0000 1\n"))
        #expect(badType.location.line == 7 && badType.field == "type")
        #expect(badType.message.contains("unknown event type 0x42"))
        let badCode = try #require(try run("E: 5.000000 0003 0050 1\n"))
        #expect(badCode.location.line == 7 && badCode.field == "code")
        #expect(badCode.message.contains("unknown event code 0x50 for EV_ABS"))
    }

    @Test func badNumbers() throws {
        let error = try #require(try run("E: 5.0x0000 0003 0035 1\n"))
        #expect(error.location.line == 7 && error.field == "time")
        let value = try #require(try run("E: 5.000000 0003 0035 1a\n"))
        #expect(value.field == "value")
    }

    @Test func contactWithoutPosition() throws {
        let path = try RecordingFixtures.temporary(
            """
            A: 2f 0 9 0 0 0
            A: 35 0 1023 0 0 10
            A: 36 0 599 0 0 10
            E: 1.0 0003 0039 4
            E: 1.0 0000 0000 0
            """, name: "noposition.events")
        let error = try #require(importError(EvemuImporter.self, path))
        #expect(error.location.line == 5)
        #expect(error.field == "ABS_MT_POSITION_X")
    }

    @Test func skipInvalidCancelsWhatIsLeftDown() throws {
        let path = try RecordingFixtures.temporary(
            Self.header + """
                E: 5.000000 0003 0039 12
                E: 5.000000 0003 0035 100
                E: 5.000000 0003 0036 200
                E: 5.000000 0000 0000 0
                E: 5.010000 0042 0000 0
                E: 5.020000 0003 0035 120
                E: 5.020000 0000 0000 0
                """, name: "skip.events")
        var options = ImportOptions()
        options.skipInvalid = true
        let (sessions, summary) = try importSessions(EvemuImporter.self, path, options: options)
        #expect(summary.skipped == 2) // the unknown type, the pointer left down
        #expect(summary.problems.first?.location.line == 11)
        #expect(sessions.first?.touches.map(\.phase) == [.began, .moved, .cancelled])
    }

    @Test func descriptionAfterEventsAndGarbage() throws {
        let late = try #require(try run("E: 5.0 0000 0000 0\nA: 00 0 10 0 0 0\n"))
        #expect(late.location.line == 8)
        let garbage = try RecordingFixtures.temporary("hello world\n", name: "garbage.events")
        let error = try #require(importError(EvemuImporter.self, garbage))
        #expect(error.location.line == 1)
        #expect(error.message.contains("not an evemu line"))
    }

    @Test func protocolAMatchesContactsByNearestNeighbour() throws {
        // Two contacts; the second frame lists them in the other order; then the first lifts.
        let path = try RecordingFixtures.temporary(
            """
            N: Constructed Protocol A Panel
            A: 35 0 999 0 0 0
            A: 36 0 999 0 0 0
            E: 1.000000 0003 0035 100
            E: 1.000000 0003 0036 100
            E: 1.000000 0000 0002 0
            E: 1.000000 0003 0035 500
            E: 1.000000 0003 0036 500
            E: 1.000000 0000 0002 0
            E: 1.000000 0000 0000 0
            E: 1.010000 0003 0035 505
            E: 1.010000 0003 0036 505
            E: 1.010000 0000 0002 0
            E: 1.010000 0003 0035 102
            E: 1.010000 0003 0036 101
            E: 1.010000 0000 0002 0
            E: 1.010000 0000 0000 0
            E: 1.020000 0003 0035 505
            E: 1.020000 0003 0036 505
            E: 1.020000 0000 0002 0
            E: 1.020000 0000 0000 0
            E: 1.030000 0000 0000 0
            """, name: "protocol-a.events")
        let (sessions, _) = try importSessions(EvemuImporter.self, path, options: screen(1000, 1000))
        let session = try #require(sessions.first)
        let rows = session.touches.map { "\($0.t / 1000) \($0.pointer) \($0.phase.name) \(Int($0.x))" }
        #expect(
            rows == [
                "0 0 began 100", "0 1 began 500",
                "10 1 moved 505", "10 0 moved 102",
                "20 0 ended 102", "20 1 stationary 505",
                "30 1 ended 505"
            ])
    }

    @Test func commentBlockDescriptionWithoutALines() throws {
        // evemu 1.3's comment block alone (the A: lines removed) still gives name and ranges.
        let original = try String(
            contentsOfFile: RecordingFixtures.evemu("Atmel maXTouch Touchscreen.2-fingers-touch-release.events"),
            encoding: .utf8)
        let commentsAndEvents = original.split(separator: "\n", omittingEmptySubsequences: false)
            .filter {
                !($0.hasPrefix("A:") || $0.hasPrefix("N:") || $0.hasPrefix("B:") || $0.hasPrefix("I:") || $0.hasPrefix("P:"))
            }
            .joined(separator: "\n")
        let path = try RecordingFixtures.temporary(commentsAndEvents, name: "comments.events")
        let (sessions, _) = try importSessions(EvemuImporter.self, path, options: screen(800, 480))
        #expect(sessions.first?.header.device.model == "Atmel maXTouch Touchscreen")
        #expect(sessions.first?.strokes.count == 2)
        #expect(sessions.first?.touches.first.map { [$0.x, $0.y] } == [539, 167])
    }

    @Test func separateDescriptionWinsOverEmbedded() throws {
        // The events say 0…1023 × 0…599 at 10 units/mm; a .desc saying 0…99 × 0…99 stretched over 100×100 wins.
        let desc = try RecordingFixtures.temporary(
            "N: Other\nA: 2f 0 9 0 0 0\nA: 35 0 99 0 0 0\nA: 36 0 99 0 0 0\n", name: "x.desc")
        let path = try RecordingFixtures.temporary(
            Self.header + """
                E: 5.000000 0003 0039 12
                E: 5.000000 0003 0035 50
                E: 5.000000 0003 0036 25
                E: 5.000000 0000 0000 0
                E: 5.010000 0003 0039 -1
                E: 5.010000 0000 0000 0
                """, name: "override.events")
        var options = screen(100, 100)
        options.deviceDescriptionPath = desc
        let (sessions, _) = try importSessions(EvemuImporter.self, path, options: options)
        #expect(sessions.first?.header.device.model == "Other")
        #expect(sessions.first?.header.device.ppi == nil)
        #expect(sessions.first?.touches.first.map { [$0.x, $0.y] } == [50, 25])
    }

    @Test func recognizesEvemuText() {
        #expect(EvemuImporter.recognizes(prefix: Array("# EVEMU 1.3\n# Kernel: 4.9\n".utf8), fileName: "x"))
        #expect(EvemuImporter.recognizes(prefix: Array("N: N-Trig\nI: 0003 1b96\n".utf8), fileName: "x"))
        #expect(EvemuImporter.recognizes(prefix: Array("E: 1357751027.090934 0003 0000 205\n".utf8), fileName: "x"))
        #expect(!EvemuImporter.recognizes(prefix: Array(#"{"type":"session"}"#.utf8), fileName: "a.jsonl"))
        #expect(!EvemuImporter.recognizes(prefix: Array("[   1.0] /dev/input/event2: EV_ABS".utf8), fileName: "x"))
    }
}
