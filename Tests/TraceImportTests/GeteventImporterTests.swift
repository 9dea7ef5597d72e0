import Foundation
import Testing
import TraceModel

@testable import TraceImport

@Suite struct GeteventImporterTests {
    static let log = RecordingFixtures.local("getevent-lt-swipe-and-tap.txt")
    static let listing = RecordingFixtures.local("getevent-lp.txt")

    func run(_ text: String, options: ImportOptions = screen(1080, 2400)) throws -> TraceError? {
        importError(GeteventImporter.self, try RecordingFixtures.temporary(text, name: "case.txt"), options: options)
    }

    static let touchDown = """
        [  100.000000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000007
        [  100.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000010
        [  100.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    00000020
        [  100.000000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000

        """

    @Test func rawRangeIsTheScreenWithoutAListing() throws {
        let (sessions, summary) = try importSessions(GeteventImporter.self, Self.log, options: screen(1080, 2400))
        let session = try #require(sessions.first)
        #expect(session.id == "getevent-lt-swipe-and-tap")
        #expect(session.header.device.platform == .android)
        #expect(session.header.device.model == "fts_ts") // the touchscreen, not gpio-keys
        #expect(session.strokes.count == 3)
        #expect(session.strokes.map(\.pointer) == [0x1a4, 0x1a5, 0x1a6])
        let swipe = session.strokes[0].samples
        #expect(swipe.first?.t == 0) // the session starts at the touchscreen's first event
        #expect(swipe.first.map { ($0.x, $0.y) } ?? (0, 0) == (900, 1200)) // 1 raw unit = 1 point
        #expect(swipe.first?.radius == 4) // ABS_MT_TOUCH_MAJOR 8 → radius 4
        #expect(swipe.last.map { ($0.x, $0.y, $0.phase) } ?? (0, 0, .began) == (200, 1210, .ended))
        #expect(swipe.last?.t == 49_998) // 6 × 8.333 ms
        #expect(session.strokes[1].samples.first?.t == 750_000)
        #expect(summary.touches == 11) // swipe: began + 5 moved + ended; taps: 2 × (began, ended)
    }

    @Test func listingGivesRangesAndPressure() throws {
        var options = screen(360, 800) // dp
        options.deviceDescriptionPath = Self.listing
        let (sessions, _) = try importSessions(GeteventImporter.self, Self.log, options: options)
        let first = try #require(sessions.first?.touches.first)
        #expect(abs(first.x - 900.0 / 1080 * 360) < 1e-9)
        #expect(abs(first.y - 1200.0 / 2400 * 800) < 1e-9)
        #expect(first.force == 1.0) // pressure 50 of 0…100
    }

    @Test func listingWithoutScreenNeedsScreen() throws {
        var options = ImportOptions()
        options.deviceDescriptionPath = Self.listing
        let error = try #require(importError(GeteventImporter.self, Self.log, options: options))
        #expect(error.field == "--screen")
        #expect(error.location.file == Self.listing && error.location.line == 13) // the ABS_MT_POSITION_X line
    }

    @Test func noRangesAndNoScreen() throws {
        let error = try #require(importError(GeteventImporter.self, Self.log))
        #expect(error.location.line == 10) // the touchscreen's first event
        #expect(error.field == "--screen")
        #expect(error.message.contains("--device-desc"))
    }

    @Test func twoTouchscreensAskWhichOne() throws {
        let error = try #require(
            try run(
                Self.touchDown + """
                    [  100.010000] /dev/input/event5: EV_ABS       ABS_MT_POSITION_X    00000010
                    """))
        #expect(error.location.line == 5)
        #expect(error.field == "device")
        #expect(error.message.contains("/dev/input/event5") && error.message.contains("grep '/dev/input/event2:'"))
    }

    @Test func truncatedFiles() throws {
        let cut = try #require(try run(Self.touchDown + "[  100.010000] /dev/input/event2: EV_ABS       ABS_MT_POSI"))
        #expect(cut.location.line == 5 && cut.message.contains("truncated"))
        let down = try #require(try run(Self.touchDown))
        #expect(down.location.line == 4 && down.message.contains("never ended"))
    }

    @Test func liftWithoutTouchAndTimeBackwards() throws {
        let lift = try #require(
            try run(
                Self.touchDown + """
                    [  100.010000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
                    [  100.010000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
                    [  100.020000] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   ffffffff
                    [  100.020000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
                    """))
        #expect(lift.location.line == 7 && lift.field == "ABS_MT_TRACKING_ID")
        #expect(lift.message.contains("a lift without a touch"))
        let back = try #require(
            try run(
                Self.touchDown + """
                    [   99.000000] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000011
                    """))
        #expect(back.location.line == 5 && back.field == "time")
    }

    @Test func unknownLabelsAndNoTimestamps() throws {
        let code = try #require(
            try run(
                Self.touchDown + """
                    [  100.010000] /dev/input/event2: EV_ABS       ABS_MT_WOBBLE        00000011
                    """))
        #expect(code.location.line == 5 && code.field == "code")
        let type = try #require(try run("[  100.0] /dev/input/event2: EV_WHAT      ABS_X    00000011\n"))
        #expect(type.location.line == 1 && type.field == "type")
        let plain = try #require(try run("/dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000011\n"))
        #expect(plain.location.line == 1 && plain.message.contains("getevent -lt"))
        let value = try #require(try run("[  100.0] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 0000zz11\n"))
        #expect(value.field == "value")
    }

    @Test func singleDeviceLinesWithoutPath() throws {
        let text = """
            [  100.000000] EV_ABS       ABS_MT_TRACKING_ID   00000001
            [  100.000000] EV_ABS       ABS_MT_POSITION_X    00000064
            [  100.000000] EV_ABS       ABS_MT_POSITION_Y    000000c8
            [  100.000000] EV_SYN       SYN_REPORT           00000000
            [  100.020000] EV_ABS       ABS_MT_TRACKING_ID   ffffffff
            [  100.020000] EV_SYN       SYN_REPORT           00000000
            """
        let path = try RecordingFixtures.temporary(text, name: "one.txt")
        let (sessions, _) = try importSessions(GeteventImporter.self, path, options: screen(1080, 2400))
        #expect(sessions.first?.touches.map { [$0.x, $0.y] } == [[100, 200], [100, 200]])
        #expect(sessions.first?.touches.last?.t == 20_000)
    }

    @Test func recognizesGeteventText() throws {
        let prefix = try Array(String(contentsOfFile: Self.log, encoding: .utf8).utf8)
        #expect(GeteventImporter.recognizes(prefix: prefix, fileName: "x.txt"))
        #expect(!GeteventImporter.recognizes(prefix: Array("E: 0.1 0003 0000 1\n".utf8), fileName: "x"))
        #expect(!EvemuImporter.recognizes(prefix: prefix, fileName: "x.txt"))
    }
}
