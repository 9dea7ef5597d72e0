import Foundation
import GestureTuneTestSupport
import Testing
import TraceModel

@testable import TraceImport

// MARK: - Helpers

/// The shared fixtures beside the repository (`../shared/fixtures`).
/// A file below `shared/fixtures` (the one search is the support target's).
func fixture(_ path: String) -> String { TestPaths.sharedFixture(path) }

/// Writes `text` to a temporary file named `name` and returns its path.
func temporaryFile(_ text: String, name: String = "input.jsonl") throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gt-import-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let path = dir.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// Reads a canonical text; returns its events and summary.
func readCanonical(_ text: String, skipInvalid: Bool = false) throws -> ([TraceEvent], ImportSummary) {
    var options = ImportOptions()
    options.skipInvalid = skipInvalid
    var events: [TraceEvent] = []
    let summary = try CanonicalReader.read(try TraceInput(path: try temporaryFile(text)), options: options) { events.append($0) }
    return (events, summary)
}

let sessionLine =
    #"{"type":"session","id":"s1","format":"gesturetune-trace/1","device":{"platform":"ios","screen":{"width":393,"height":852}}}"#

// MARK: - Reading

@Suite("Canonical reader")
struct CanonicalReaderTests {
    @Test("reads the Flutter velocity fixture: 2 sessions, 14 pointers, 318 touches")
    func fixtureCounts() throws {
        var collector = SessionCollector()
        let summary = try CanonicalReader.read(
            try TraceInput(path: fixture("velocity/flutter-velocity.jsonl")), options: ImportOptions()
        ) {
            collector.add($0)
        }
        #expect(summary.sessions == 2)
        #expect(summary.touches == 318)
        #expect(summary.labels == 0)
        #expect(summary.skipped == 0)
        #expect(collector.sessions.map(\.id) == ["flutter-velocity", "flutter-velocity-interrupted"])
        #expect(collector.sessions.map { $0.strokes.count }.reduce(0, +) == 14)
        let first = try #require(collector.sessions.first)
        #expect(first.header.device.platform == .android)
        #expect(first.header.device.screenWidth == 540)
        #expect(first.touches[1].t == 10_000) // 0.01 s
        #expect(first.touches[1].y == 538.2857055664062)
    }

    @Test("converts times once to exact microseconds")
    func exactMicroseconds() throws {
        let text = """
            \(sessionLine)
            {"type":"touch","t":0.1,"id":1,"phase":"began","x":1,"y":2}
            {"type":"touch","t":0.30000000000000004,"id":1,"phase":"moved","x":1,"y":2}
            {"type":"touch","t":3e-1,"id":2,"phase":"began","x":1,"y":2}
            {"type":"touch","t":2.5E+0,"id":1,"phase":"ended","x":1,"y":2}
            {"type":"touch","t":2.5000004,"id":2,"phase":"cancelled","x":1,"y":2}
            """
        let (events, _) = try readCanonical(text)
        let times = events.compactMap { if case .touch(let t) = $0 { t.t } else { nil } }
        #expect(times == [100_000, 300_000, 300_000, 2_500_000, 2_500_000])
    }

    @Test("ignores blank lines and unknown fields; keeps meta as compact JSON; labels in any order")
    func forwardCompatible() throws {
        let text = """

            {"type":"session","id":"s1","format":"gesturetune-trace/1","device":{"platform":"web","model":"M","screen":{"width":1280,"height":800},"scale":2,"ppi":110,"sampleRateHz":60,"future":true},"user":"p07","scene":"library","startedAt":"2026-03-01T09:30:00.5+01:00","meta":{ "app" : "notes", "n": [1, 2, {"k": "a b"}] },"extra":[1,2]}
              
            {"type":"label","start":0.5,"end":0.9,"intent":"pinch","direction":"in","fingers":2,"target":"photo","note":"a \\"quoted\\" note"}
            {"type":"touch","t":0,"id":1,"phase":"began","x":-3.5,"y":4,"force":0.5,"radius":10,"pressure":7}
            {"type":"touch","t":0.008,"id":1,"phase":"stationary","x":-3.5,"y":4,"force":null}
            {"type":"touch","t":0.016,"id":1,"phase":"ended","x":-3.5,"y":4}
            {"type":"motion","t":0.01,"ax":0.1,"ay":-2.3,"az":0.4,"rz":1.5}
            {"type":"label","start":0,"end":0.016,"intent":"tap"}
            """
        let (events, summary) = try readCanonical(text)
        #expect(summary.sessions == 1 && summary.touches == 3 && summary.motion == 1 && summary.labels == 2)
        guard case .session(let header) = events[0] else {
            Issue.record("no session first")
            return
        }
        #expect(
            header.device
                == Device(
                    platform: .web, model: "M", screenWidth: 1280, screenHeight: 800, scale: 2, ppi: 110, sampleRateHz: 60))
        #expect(header.user == "p07" && header.scene == "library")
        #expect(header.metaJSON == #"{"app":"notes","n":[1,2,{"k":"a b"}]}"#)
        guard case .label(let label) = events[1] else {
            Issue.record("label expected")
            return
        }
        #expect(
            label
                == Label(
                    start: 500_000, end: 900_000, intent: .pinch, direction: .in, fingers: 2, target: "photo",
                    note: "a \"quoted\" note"))
        guard case .touch(let touch) = events[2], case .touch(let stationary) = events[3] else { return }
        #expect(touch == TouchSample(t: 0, pointer: 1, phase: .began, x: -3.5, y: 4, force: 0.5, radius: 10))
        #expect(stationary.force == nil && stationary.phase == .stationary)
        guard case .motion(let motion) = events[5] else {
            Issue.record("motion expected")
            return
        }
        #expect(motion == MotionSample(t: 10_000, ax: 0.1, ay: -2.3, az: 0.4, rz: 1.5))
    }

    @Test("decodes string escapes: \\uXXXX, surrogate pairs, \\n, \\/")
    func escapes() throws {
        let text =
            #"{"type":"session","id":"caf\u00e9 \ud83d\ude00 a\/b\n\t\\","format":"gesturetune-trace/1","device":{"platform":"ios","screen":{"width":1,"height":1}}}"#
        let (events, _) = try readCanonical(text)
        guard case .session(let header) = events.first else {
            Issue.record("no session")
            return
        }
        #expect(header.id == "café 😀 a/b\n\t\\")
    }

    @Test("escaped keys are the keys they spell")
    func escapedKeys() throws {
        let text =
            sessionLine + "\n" + #"{"\u0074ype":"touch","t":0,"id":1,"phase":"began","x":1,"y":2}"# + "\n"
            + #"{"type":"touch","t":0,"id":1,"phase":"ended","x":1,"y":2}"#
        let (_, summary) = try readCanonical(text)
        #expect(summary.touches == 2)
    }

    @Test(
        "rejects malformed JSON with its column",
        arguments: [
            (#"{"type":"touch""#, "unterminated object"),
            (#"{"type":"touch",}"#, "expected a quoted key"),
            (#"{"type" "touch"}"#, "expected ':' after a key"),
            (#"{"type":"touch"} x"#, "unexpected characters after the object"),
            (#"["type"]"#, "a line must be one JSON object"),
            (#"{"type":"touch","t":01}"#, "leading zero"),
            (#"{"type":"touch","t":1.}"#, "fraction"),
            (#"{"type":"touch","t":1e}"#, "exponent"),
            (#"{"type":"touch","t":tru}"#, "invalid literal"),
            (#"{"type":"a\qb"}"#, "invalid escape"),
            (#"{"type":"\ud83d"}"#, "unpaired surrogate"),
            (#"{"type":"\u12G4"}"#, "invalid \\u escape"),
            ("{\"type\":\"a\u{01}b\"}", "control character"),
            (#"{"type":"touch","m":[1,2}"#, "expected ',' or ']'")
        ])
    func malformed(line: String, expected: String) throws {
        let error = try #require(throws: TraceError.self) { try readCanonical(sessionLine + "\n" + line) }
        #expect(error.location.line == 2)
        #expect(error.message.hasPrefix("malformed JSON: "))
        #expect(error.message.contains(expected), "\(error)")
    }

    @Test("parses every JSON number form, correctly rounded")
    func numbers() throws {
        let cases: [(String, Double)] = [
            ("0", 0), ("-0", -0.0), ("12", 12), ("-12.5", -12.5), ("1e3", 1000), ("1E-3", 0.001),
            ("2.5e+2", 250), ("0.1", 0.1), ("123456789012345678901234", 123456789012345678901234.0),
            ("1.7976931348623157e308", 1.7976931348623157e308),
            // The smallest subnormal, and 2⁵³ + 1 rounded half to even: written
            // as the values they round to, which a Swift literal cannot spell exactly.
            ("4.9e-324", .leastNonzeroMagnitude),
            ("0.30000000000000004", 0.30000000000000004), ("1e400", .infinity), ("9007199254740993", 9_007_199_254_740_992)
        ]
        for (text, value) in cases {
            let parsed = Array(text.utf8).withUnsafeBufferPointer { JSONNumber.parse($0) }
            #expect(parsed == value, "\(text)")
        }
        for bad in ["", "-", "+1", ".5", "1.", "01", "1e", "1e+", "0x10", "1 "] {
            #expect(Array(bad.utf8).withUnsafeBufferPointer { JSONNumber.parse($0) } == nil, "\(bad)")
        }
    }

    @Test("with skipInvalid: skips bad lines, reports the first ones with line numbers, closes open pointers")
    func skipInvalid() throws {
        let text = """
            \(sessionLine)
            {"type":"touch","t":0,"id":1,"phase":"began","x":1,"y":2}
            {"type":"touch","t":-1,"id":1,"phase":"moved","x":1,"y":2}
            {"type":"bogus"}
            {"type":"touch","t":0.01,"id":1,"phase":"moved","x":3,"y":4}
            {"type":"session","id":"s2","device":{"platform":"toaster","screen":{"width":1,"height":1}}}
            {"type":"touch","t":0,"id":1,"phase":"began","x":1,"y":2}
            {"type":"session","id":"s3","device":{"platform":"ios","screen":{"width":1,"height":1}}}
            """
        let (events, summary) = try readCanonical(text, skipInvalid: true)
        #expect(summary.skipped == 4)
        #expect(summary.problems.map(\.location.line) == [3, 4, 6, 6])
        #expect(summary.problems.map(\.field) == ["t", "type", "phase", "device.platform"])
        #expect(summary.sessions == 2)
        // s1's pointer 1 never ended: it is cancelled at its last time, where it last was.
        let touches = events.compactMap { if case .touch(let t) = $0 { t } else { nil } }
        #expect(touches.last == TouchSample(t: 10_000, pointer: 1, phase: .cancelled, x: 3, y: 4))
    }

    @Test("recognizes canonical input by name or first bytes")
    func recognition() {
        #expect(CanonicalReader.recognizes(prefix: [], fileName: "a.jsonl"))
        #expect(CanonicalReader.recognizes(prefix: Array(sessionLine.utf8), fileName: "-"))
        #expect(!CanonicalReader.recognizes(prefix: Array("session,t,id".utf8), fileName: "x.txt"))
        #expect(ImporterRegistry.detect(prefix: Array(sessionLine.utf8), fileName: "")?.format == .jsonl)
        #expect(
            ImporterRegistry.detect(prefix: Array("session,t,id,phase,x,y,force,radius\n".utf8), fileName: "")?.format
                == .csv)
        #expect(ImporterRegistry.detect(prefix: Array("hello".utf8), fileName: "notes.txt") == nil)
        #expect(ImporterRegistry.importer(for: .csv)?.format == .csv)
    }
}
