import Foundation
import Testing
import TraceModel

@testable import TraceImport

@Suite struct PointerEventsImporterTests {
    static let fixture = RecordingFixtures.local("pointer-events-swipe-and-cancel.json")

    /// A bare array, one event per line: element `i` is on line `i + 2`.
    func array(_ events: [String]) -> String { "[\n" + events.joined(separator: ",\n") + "\n]\n" }
    func event(_ type: String, _ id: Int, _ t: Double, x: Double = 10, y: Double = 20, pointerType: String = "touch") -> String {
        #"{"type":"\#(type)","pointerId":\#(id),"pointerType":"\#(pointerType)","timeStamp":\#(t),"clientX":\#(x),"clientY":\#(y)}"#
    }
    func run(_ text: String, options: ImportOptions = screen(390, 844)) throws -> TraceError? {
        importError(PointerEventsImporter.self, try RecordingFixtures.temporary(text, name: "case.json"), options: options)
    }

    @Test func touchPointersOfARecording() throws {
        let (sessions, summary) = try importSessions(PointerEventsImporter.self, Self.fixture)
        let session = try #require(sessions.first)
        #expect(session.id == "pointer-events-swipe-and-cancel")
        #expect(session.header.device.platform == .web)
        #expect(session.header.device.screenWidth == 390 && session.header.device.scale == 3)
        #expect(session.header.device.model?.hasPrefix("Mozilla/5.0 (iPhone") == true)
        #expect(session.strokes.map(\.pointer) == [7, 8, 9]) // the mouse is left out
        #expect(summary.touches == 7 + 4)
        let swipe = session.strokes[0].samples
        #expect(swipe.map(\.phase) == [.began, .moved, .moved, .moved, .moved, .moved, .ended])
        #expect(swipe.first?.t == 0 && swipe.last?.t == 50_000) // ms → µs, from the first touch event
        #expect(swipe[1].t == 8_333)
        #expect(swipe.first?.force == 1.0) // pressure 0.5 → force 1
        #expect(swipe.first?.radius == 21) // max(42, 40) / 2
        #expect(swipe.last?.x == 50.5)
        let thumb = session.strokes[1].samples
        #expect(thumb.first?.radius == nil) // 1 × 1: no geometry
        #expect(thumb.first?.force == 0.5)
        #expect(thumb.last?.phase == .cancelled && session.strokes[2].samples.last?.phase == .cancelled)
    }

    @Test func allPointerTypesKeepsTheMouseButtonPress() throws {
        var options = ImportOptions()
        options.includeAllPointerTypes = true
        let (sessions, _) = try importSessions(PointerEventsImporter.self, Self.fixture, options: options)
        let session = try #require(sessions.first)
        #expect(session.strokes.map(\.pointer) == [7, 1, 8, 9])
        let mouse = session.strokes[1].samples
        #expect(mouse.map(\.phase) == [.began, .ended]) // the hover move before the press is not a touch
        #expect(mouse.first?.t == 177_600)
    }

    @Test func bareArrayNeedsScreen() throws {
        let text = array([event("pointerdown", 1, 5), event("pointerup", 1, 21)])
        let path = try RecordingFixtures.temporary(text, name: "bare.json")
        let (sessions, _) = try importSessions(PointerEventsImporter.self, path, options: screen(1280, 720))
        #expect(sessions.first?.header.device.screenWidth == 1280)
        #expect(sessions.first?.touches.map(\.t) == [0, 16_000])
        let error = try #require(try run(text, options: ImportOptions()))
        #expect(error.location.line == 1 && error.field == "--screen")
    }

    @Test func badAndTruncatedJSON() throws {
        let missingComma = try #require(try run("[\n" + event("pointerdown", 1, 5) + "\n" + event("pointerup", 1, 6) + "\n]"))
        #expect(missingComma.location.line == 3)
        #expect(missingComma.message.contains("bad JSON") && missingComma.field == "json")
        let truncated = try #require(try run("[\n" + event("pointerdown", 1, 5) + ",\n{\"type\": \"pointerup\", \"poin"))
        #expect(truncated.location.line == 3 && truncated.message.contains("truncated"))
    }

    /// JSON strings follow the canonical scanner's rules (JSONText): a `\u`
    /// escape needs four hex digits and a surrogate its pair, where a lenient
    /// reader would make `A` of `\u+041` and U+FFFD of a lone surrogate.
    @Test func malformedStringEscapesNameTheirLine() throws {
        for bad in [#"\u+041"#, #"\uD800"#, #"\uDC00x"#, #"\uD800\u0041"#] {
            let text = array([
                event("pointerdown", 1, 5),
                event("pointerup", 1, 21).replacingOccurrences(
                    of: #""type":"pointerup""#, with: #""type":"pointerup","note":"\#(bad)""#)
            ])
            let error = try #require(try run(text), "\(bad)")
            #expect(error.location.line == 3 && error.field == "json", "\(bad): \(error)")
            #expect(error.message.contains("escape"), "\(bad): \(error.message)")
        }
        // The same escapes well formed are read.
        let good = array([
            event("pointerdown", 1, 5),
            event("pointerup", 1, 21).replacingOccurrences(
                of: #""type":"pointerup""#, with: #""type":"pointerup","note":"\u0041\uD83D\uDE00""#)
        ])
        let (sessions, _) = try importSessions(
            PointerEventsImporter.self, try RecordingFixtures.temporary(good, name: "good.json"), options: screen(390, 844))
        #expect(sessions.first?.touches.count == 2)
    }

    /// Numbers too: JSON's grammar, not whatever `Double(_:)` accepts.
    @Test func numbersFollowJSONsGrammar() throws {
        for bad in ["05", "1.", "+1", ".5"] {
            let error = try #require(
                try run(
                    array([
                        event("pointerdown", 1, 5),
                        event("pointerup", 1, 21)
                            .replacingOccurrences(of: #""clientX":10.0"#, with: #""clientX":\#(bad)"#)
                    ])), "\(bad)")
            #expect(error.location.line == 3 && error.field == "json", "\(bad): \(error)")
        }
    }

    @Test func liftWithoutATouchNamesTheElementLine() throws {
        let error = try #require(try run(array([event("pointerdown", 1, 5), event("pointerup", 2, 6)])))
        #expect(error.location.line == 3)
        #expect(error.message == "pointer 2 ended but has not begun (events[1])")
        #expect(error.field == "phase")
    }

    @Test func outOfOrderTime() throws {
        let error = try #require(
            try run(
                array([
                    event("pointerdown", 1, 5), event("pointermove", 1, 9), event("pointermove", 1, 7), event("pointerup", 1, 10)
                ])))
        #expect(error.location.line == 4 && error.field == "t")
        #expect(error.message.contains("time goes backwards"))
    }

    @Test func unknownTypeAndMissingFields() throws {
        let click = try #require(try run(array([event("pointerdown", 1, 5), event("click", 1, 6)])))
        #expect(click.location.line == 3 && click.field == "type" && click.message.contains("\"click\""))
        let noX = try #require(
            try run(array([#"{"type":"pointerdown","pointerId":1,"pointerType":"touch","timeStamp":1,"clientY":2}"#])))
        #expect(noX.location.line == 2 && noX.field == "clientX")
        let badID = try #require(
            try run(array([event("pointerdown", 1, 5).replacingOccurrences(of: #""pointerId":1"#, with: #""pointerId":1.5"#)])))
        #expect(badID.field == "pointerId")
    }

    @Test func pointerLeftDown() throws {
        let error = try #require(try run(array([event("pointerdown", 4, 5), event("pointermove", 4, 9)])))
        #expect(error.location.line == 3)
        #expect(error.message.contains("pointer 4 began at 0.0 s and never ended"))
        var options = screen(390, 844)
        options.skipInvalid = true
        let path = try RecordingFixtures.temporary(
            array([event("pointerdown", 4, 5), event("pointermove", 4, 9)]), name: "open.json")
        let (sessions, summary) = try importSessions(PointerEventsImporter.self, path, options: options)
        #expect(summary.skipped == 1)
        #expect(sessions.first?.touches.last?.phase == .cancelled)
    }

    @Test func recognizesPointerEvents() throws {
        let prefix = Array(try String(contentsOfFile: Self.fixture, encoding: .utf8).utf8)
        #expect(PointerEventsImporter.recognizes(prefix: prefix, fileName: "x.json"))
        #expect(!PointerEventsImporter.recognizes(prefix: Array(#"{"type":"session","id":"a"}"#.utf8), fileName: "x.jsonl"))
        #expect(!EvemuImporter.recognizes(prefix: prefix, fileName: "x.json"))
        #expect(!GeteventImporter.recognizes(prefix: prefix, fileName: "x.json"))
    }

    @Test func autoDetectsAPrettyPrintedCapture() throws {
        // JSON.stringify(capture, null, 2): the first line is `{` alone. The
        // JSON Lines reader used to claim it and fail at line 1 column 2.
        let capture = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.fixture)))
        let pretty = try JSONSerialization.data(withJSONObject: capture, options: [.prettyPrinted, .sortedKeys])
        let prefix = Array(pretty.prefix(65_536))
        #expect(!CanonicalReader.recognizes(prefix: prefix, fileName: "capture.json"))
        #expect(ImporterRegistry.detect(prefix: prefix, fileName: "capture.json") == PointerEventsImporter.self)
        let path = try RecordingFixtures.temporary(String(decoding: pretty, as: UTF8.self), name: "capture.json")
        let (sessions, _) = try importSessions(PointerEventsImporter.self, path)
        #expect(sessions.first?.strokes.count == 3)
        // Nor is a pretty-printed iOS study export a JSON line: auto finds its importer.
        let log = Array(
            try String(contentsOfFile: RecordingFixtures.local("ios-study-session.json"), encoding: .utf8)
                .utf8.prefix(65_536))
        #expect(!CanonicalReader.recognizes(prefix: log, fileName: "session.json"))
        #expect(ImporterRegistry.detect(prefix: log, fileName: "session.json") == IOSStudyImporter.self)
        // A one-line object still is.
        #expect(
            CanonicalReader.recognizes(
                prefix: Array("\n  {\"type\":\"session\",\"id\":\"a\"}\n{\"type\":".utf8), fileName: "x.json"))
    }
}
