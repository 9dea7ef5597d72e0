import Foundation
import Testing
import TraceModel

@testable import TraceImport

// MARK: - Numbers that used to trap (SIGILL on overflow), in every non-iOS importer

/// Each case crashed the process before ``Micros/limit``: a value accepted
/// on its own whose product or difference with another overflowed `Int64`.
@Suite struct HostileNumberTests {
    @Test func evemuHugeTimestampOnALaterLineIsAnErrorNotACrash() throws {
        // The fast path (every line after the first event) multiplied without a check.
        let text =
            EvemuConstructedTests.header + """
                E: 5.000000 0003 0039 12
                E: 5.000000 0003 0035 100
                E: 5.000000 0003 0036 200
                E: 5.000000 0000 0000 0
                E: 9223372036854.775808 0003 0035 110
                E: 5.008000 0000 0000 0

                """
        let path = try RecordingFixtures.temporary(text, name: "overflow.events")
        let error = try #require(importError(EvemuImporter.self, path))
        #expect(error.description == "\(path):11: bad timestamp \"9223372036854.775808\" (time)")
        // The largest value the old bound let through (9e12 s) is beyond the limit too.
        let bound = try RecordingFixtures.temporary(
            text.replacingOccurrences(of: "9223372036854.775808", with: "8999999999999.999999"),
            name: "bound.events")
        #expect(importError(EvemuImporter.self, bound)?.location.line == 11)
    }

    @Test func evemuHugeTimestampSkippedOnceWithSkipInvalid() throws {
        var options = ImportOptions()
        options.skipInvalid = true
        let path = try RecordingFixtures.temporary(
            EvemuConstructedTests.header + """
                E: 5.000000 0003 0039 12
                E: 5.000000 0003 0035 100
                E: 5.000000 0003 0036 200
                E: 5.000000 0000 0000 0
                E: 9223372036854.775808 0003 0035 110
                E: 5.008000 0003 0039 -1
                E: 5.008000 0000 0000 0

                """, name: "skip.events")
        let (sessions, summary) = try importSessions(EvemuImporter.self, path, options: options)
        #expect(sessions.first?.touches.count == 2)
        // One problem for the line, not a second "description line after the events".
        #expect(summary.skipped == 1)
        #expect(summary.problems.map(\.field) == ["time"])
    }

    @Test func geteventHugeTimestamp() throws {
        let error = try #require(
            importError(
                GeteventImporter.self,
                try RecordingFixtures.temporary(
                    GeteventImporterTests.touchDown
                        + "[9223372036854.775808] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000011\n",
                    name: "case.txt"), options: screen(1080, 2400)))
        #expect(error.location.line == 5 && error.field == "time")
    }

    @Test func libinputHugeSeconds() throws {
        let fixture = try String(contentsOfFile: LibinputRecordImporterTests.fixture, encoding: .utf8)
        var lines = fixture.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("[  1, 266000,   3,  53,  1240]") })
        lines[index] = "    - [  8999999999999, 266000,   3,  53,  1240]"
        let error = try #require(
            importError(
                LibinputRecordImporter.self, try RecordingFixtures.temporary(lines.joined(separator: "\n"), name: "case.yml")))
        #expect(error.location.line == index + 1)
        #expect(error.message.contains("out of range") && error.field == "events[].evdev")
    }

    @Test func pointerEventsTimesWhoseDifferenceOverflows() throws {
        // -8.9e15 ms and +8.9e15 ms each passed the old check (|ms| < 9e15); `time - origin` trapped.
        let events = PointerEventsImporterTests()
        let path = try RecordingFixtures.temporary(
            events.array([
                events.event("pointerdown", 1, -8.9e15), events.event("pointerup", 1, 8.9e15)
            ]), name: "case.json")
        let error = try #require(importError(PointerEventsImporter.self, path, options: screen(390, 844)))
        #expect(error.location.line == 2 && error.field == "timeStamp")
        #expect(error.message.hasPrefix("`timeStamp` out of range"))
    }

    @Test func canonicalTimesBeyondTheLimit() throws {
        let path = try RecordingFixtures.temporary(
            """
            {"type":"session","id":"s","format":"gesturetune-trace/1","device":{"platform":"ios","screen":{"width":390,"height":844}}}
            {"type":"touch","t":0,"id":1,"phase":"began","x":1,"y":1}
            {"type":"touch","t":9e12,"id":1,"phase":"ended","x":1,"y":1}

            """, name: "case.jsonl")
        let error = try #require(importError(CanonicalReader.self, path))
        #expect(error.location.line == 3 && error.field == "t")
    }

    // MARK: - The checked conversions themselves

    @Test func microsConversionsStopAtTheLimit() {
        #expect(Micros(seconds: 1, microseconds: 500_000) == 1_500_000)
        #expect(Micros(seconds: Int64.max / 1_000_000 + 1, microseconds: 0) == nil) // the product overflows
        #expect(Micros(seconds: 9_223_372_036_854, microseconds: 775_808) == nil) // the sum overflows
        #expect(Micros(seconds: Micros.limit / 1_000_000 + 1, microseconds: 0) == nil) // fits, but beyond the limit
        #expect(Micros(milliseconds: .nan) == nil && Micros(milliseconds: 1e300) == nil)
        #expect(Micros(milliseconds: 2.5) == 2_500)
        #expect(Micros(seconds: -.infinity) == nil)
        // Any two accepted times subtract and add without trapping.
        let low = Micros(seconds: -Micros.limit.seconds)!, high = Micros(seconds: Micros.limit.seconds)!
        #expect(high - low == 2 * Micros.limit && high + high == 2 * Micros.limit)
    }
}
