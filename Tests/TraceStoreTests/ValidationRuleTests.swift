import Foundation
import Testing
import TraceImport
import TraceModel
import TraceStoreInterface

@testable import TraceStore

// MARK: - Every rule of the spec, through the store

/// One broken rule: the file's lines, and the error it must give.
struct BrokenRule: Sendable, CustomStringConvertible {
    var rule: String
    var lines: [String]
    var line: Int
    var field: String?
    var message: String
    var description: String { rule }
}

private let session =
    #"{"type":"session","id":"new","format":"gesturetune-trace/1","device":{"platform":"ios","screen":{"width":393,"height":852}}}"#
private let began = #"{"type":"touch","t":0,"id":1,"phase":"began","x":1,"y":2}"#
private let ended = #"{"type":"touch","t":0.1,"id":1,"phase":"ended","x":1,"y":2}"#

/// A session line with `device` replaced.
private func withDevice(_ device: String) -> String {
    #"{"type":"session","id":"new","format":"gesturetune-trace/1","device":\#(device)}"#
}

private func touch(_ fields: String) -> String { #"{"type":"touch",\#(fields)}"# }
private func label(_ fields: String) -> String { #"{"type":"label",\#(fields)}"# }

let brokenRules: [BrokenRule] = [
    // Encoding
    .init(
        rule: "malformed JSON", lines: [session, #"{"type":"touch","t":0,"#], line: 2, field: "json", message: "malformed JSON: "),
    .init(rule: "type is required", lines: [session, #"{"t":0}"#], line: 2, field: "type", message: "missing required field"),
    .init(rule: "type is a string", lines: [session, #"{"type":7}"#], line: 2, field: "type", message: "must be a string"),
    .init(
        rule: "unknown type", lines: [session, #"{"type":"gesture"}"#], line: 2, field: "type",
        message: "unknown line type \"gesture\""),
    .init(
        rule: "session line first", lines: [began, session], line: 1, field: "type", message: "line before the first session line"
    ),
    // Session
    .init(
        rule: "format on the first session",
        lines: [#"{"type":"session","id":"new","device":{"platform":"ios","screen":{"width":1,"height":1}}}"#],
        line: 1, field: "format", message: "the first session of a file must carry"),
    .init(
        rule: "format value", lines: [session.replacingOccurrences(of: "trace/1", with: "trace/2")], line: 1, field: "format",
        message: "unsupported format"),
    .init(
        rule: "session id required", lines: [session.replacingOccurrences(of: #""id":"new","#, with: "")], line: 1, field: "id",
        message: "missing required field"),
    .init(
        rule: "session id is a string", lines: [session.replacingOccurrences(of: #""id":"new""#, with: #""id":5"#)], line: 1,
        field: "id", message: "must be a string"),
    .init(
        rule: "device required", lines: [#"{"type":"session","id":"new","format":"gesturetune-trace/1"}"#], line: 1,
        field: "device", message: "missing required field"),
    .init(rule: "device is an object", lines: [withDevice("\"ios\"")], line: 1, field: "device", message: "must be an object"),
    .init(
        rule: "platform required", lines: [withDevice(#"{"screen":{"width":1,"height":1}}"#)], line: 1, field: "device.platform",
        message: "missing required field"),
    .init(
        rule: "platform vocabulary", lines: [withDevice(#"{"platform":"symbian","screen":{"width":1,"height":1}}"#)], line: 1,
        field: "device.platform", message: "unknown platform \"symbian\""),
    .init(
        rule: "model is a string", lines: [withDevice(#"{"platform":"ios","model":3,"screen":{"width":1,"height":1}}"#)], line: 1,
        field: "device.model", message: "must be a string"),
    .init(
        rule: "screen required", lines: [withDevice(#"{"platform":"ios"}"#)], line: 1, field: "device.screen",
        message: "missing required field"),
    .init(
        rule: "screen width required", lines: [withDevice(#"{"platform":"ios","screen":{"height":1}}"#)], line: 1,
        field: "device.screen.width", message: "missing required field"),
    .init(
        rule: "screen width positive", lines: [withDevice(#"{"platform":"ios","screen":{"width":0,"height":1}}"#)], line: 1,
        field: "device.screen.width", message: "must be > 0"),
    .init(
        rule: "screen height positive", lines: [withDevice(#"{"platform":"ios","screen":{"width":1,"height":-4}}"#)], line: 1,
        field: "device.screen.height", message: "must be > 0"),
    .init(
        rule: "screen height a number", lines: [withDevice(#"{"platform":"ios","screen":{"width":1,"height":"tall"}}"#)], line: 1,
        field: "device.screen.height", message: "must be a number"),
    .init(
        rule: "scale positive", lines: [withDevice(#"{"platform":"ios","screen":{"width":1,"height":1},"scale":0}"#)], line: 1,
        field: "device.scale", message: "must be > 0"),
    .init(
        rule: "ppi positive", lines: [withDevice(#"{"platform":"ios","screen":{"width":1,"height":1},"ppi":-1}"#)], line: 1,
        field: "device.ppi", message: "must be > 0"),
    .init(
        rule: "sampleRateHz a number",
        lines: [withDevice(#"{"platform":"ios","screen":{"width":1,"height":1},"sampleRateHz":"fast"}"#)], line: 1,
        field: "device.sampleRateHz", message: "must be a number"),
    .init(
        rule: "user is a string", lines: [session.replacingOccurrences(of: "}}}", with: #"}},"user":7}"#)], line: 1,
        field: "user", message: "must be a string"),
    .init(
        rule: "scene is a string", lines: [session.replacingOccurrences(of: "}}}", with: #"}},"scene":[]}"#)], line: 1,
        field: "scene", message: "must be a string"),
    .init(
        rule: "startedAt is ISO 8601", lines: [session.replacingOccurrences(of: "}}}", with: #"}},"startedAt":"yesterday"}"#)],
        line: 1, field: "startedAt", message: "not an ISO 8601 date-time"),
    .init(
        rule: "meta is an object", lines: [session.replacingOccurrences(of: "}}}", with: #"}},"meta":"x"}"#)], line: 1,
        field: "meta", message: "must be an object"),
    // Touch
    .init(
        rule: "t required", lines: [session, touch(#""id":1,"phase":"began","x":1,"y":2"#)], line: 2, field: "t",
        message: "missing required field"),
    .init(
        rule: "t is a number", lines: [session, touch(#""t":"0","id":1,"phase":"began","x":1,"y":2"#)], line: 2, field: "t",
        message: "must be a number"),
    .init(
        rule: "t ≥ 0", lines: [session, touch(#""t":-0.001,"id":1,"phase":"began","x":1,"y":2"#)], line: 2, field: "t",
        message: "must be ≥ 0"),
    .init(
        rule: "t finite", lines: [session, touch(#""t":1e999,"id":1,"phase":"began","x":1,"y":2"#)], line: 2, field: "t",
        message: "must be a finite number"),
    .init(
        rule: "id required", lines: [session, touch(#""t":0,"phase":"began","x":1,"y":2"#)], line: 2, field: "id",
        message: "missing required field"),
    .init(
        rule: "id is an integer", lines: [session, touch(#""t":0,"id":1.5,"phase":"began","x":1,"y":2"#)], line: 2, field: "id",
        message: "must be an integer"),
    .init(
        rule: "phase required", lines: [session, touch(#""t":0,"id":1,"x":1,"y":2"#)], line: 2, field: "phase",
        message: "missing required field"),
    .init(
        rule: "phase vocabulary", lines: [session, touch(#""t":0,"id":1,"phase":"hover","x":1,"y":2"#)], line: 2, field: "phase",
        message: "unknown phase \"hover\""),
    .init(
        rule: "x required", lines: [session, touch(#""t":0,"id":1,"phase":"began","y":2"#)], line: 2, field: "x",
        message: "missing required field"),
    .init(
        rule: "x finite", lines: [session, touch(#""t":0,"id":1,"phase":"began","x":-1e400,"y":2"#)], line: 2, field: "x",
        message: "must be a finite number"),
    .init(
        rule: "y is a number", lines: [session, touch(#""t":0,"id":1,"phase":"began","x":1,"y":null"#)], line: 2, field: "y",
        message: "must be a number"),
    .init(
        rule: "force ≥ 0", lines: [session, touch(#""t":0,"id":1,"phase":"began","x":1,"y":2,"force":-0.1"#)], line: 2,
        field: "force", message: "must be ≥ 0"),
    .init(
        rule: "force finite", lines: [session, touch(#""t":0,"id":1,"phase":"began","x":1,"y":2,"force":1e309"#)], line: 2,
        field: "force", message: "must be a finite number"),
    .init(
        rule: "radius ≥ 0", lines: [session, touch(#""t":0,"id":1,"phase":"began","x":1,"y":2,"radius":-3"#)], line: 2,
        field: "radius", message: "must be ≥ 0"),
    .init(
        rule: "time never decreases", lines: [session, began.replacingOccurrences(of: "\"t\":0", with: "\"t\":0.5"), ended],
        line: 3, field: "t", message: "time goes backwards"),
    .init(
        rule: "first line of a pointer is began", lines: [session, touch(#""t":0,"id":1,"phase":"moved","x":1,"y":2"#)], line: 2,
        field: "phase", message: "pointer 1 is moved but has not begun"),
    .init(
        rule: "ended needs an active pointer", lines: [session, ended], line: 2, field: "phase",
        message: "pointer 1 ended but has not begun"),
    .init(
        rule: "began while active", lines: [session, began, began], line: 3, field: "phase",
        message: "pointer 1 began again while it is down"),
    .init(
        rule: "every pointer ends by the end of its session",
        lines: [session, began, session.replacingOccurrences(of: "\"new\"", with: "\"next\"")], line: 3, field: "phase",
        message: "pointer 1 began at 0.0 s and never ended"),
    .init(
        rule: "every pointer ends by the end of the file", lines: [session, began, ""], line: 2, field: "phase",
        message: "never ended or was cancelled"),
    // Motion
    .init(
        rule: "motion needs ax, ay, az", lines: [session, #"{"type":"motion","t":0,"ax":0,"ay":0}"#], line: 2, field: "az",
        message: "missing required field"),
    .init(
        rule: "motion values finite", lines: [session, #"{"type":"motion","t":0,"ax":0,"ay":1e999,"az":0}"#], line: 2,
        field: "ay", message: "must be a finite number"),
    .init(
        rule: "motion time never decreases",
        lines: [session, #"{"type":"motion","t":1,"ax":0,"ay":0,"az":0}"#, #"{"type":"motion","t":0.5,"ax":0,"ay":0,"az":0}"#],
        line: 3, field: "t", message: "time goes backwards"),
    // Label
    .init(
        rule: "label start required", lines: [session, label(#""end":1,"intent":"tap""#)], line: 2, field: "start",
        message: "missing required field"),
    .init(
        rule: "label start ≤ end", lines: [session, label(#""start":2,"end":1,"intent":"tap""#)], line: 2, field: "start",
        message: "is after end"),
    .init(
        rule: "intent required", lines: [session, label(#""start":0,"end":1"#)], line: 2, field: "intent",
        message: "missing required field"),
    .init(
        rule: "intent vocabulary", lines: [session, label(#""start":0,"end":1,"intent":"wave""#)], line: 2, field: "intent",
        message: "unknown intent \"wave\""),
    .init(
        rule: "direction vocabulary", lines: [session, label(#""start":0,"end":1,"intent":"dismiss","direction":"north""#)],
        line: 2, field: "direction", message: "unknown direction \"north\""),
    .init(
        rule: "directional intents need a direction", lines: [session, label(#""start":0,"end":1,"intent":"edge-swipe""#)],
        line: 2, field: "direction", message: "needs a direction"),
    .init(
        rule: "direction fits the intent", lines: [session, label(#""start":0,"end":1,"intent":"pinch","direction":"left""#)],
        line: 2, field: "direction", message: "does not fit intent \"pinch\""),
    .init(
        rule: "fingers is an integer", lines: [session, label(#""start":0,"end":1,"intent":"tap","fingers":1.5"#)], line: 2,
        field: "fingers", message: "must be an integer"),
    .init(
        rule: "fingers ≥ 1", lines: [session, label(#""start":0,"end":1,"intent":"tap","fingers":0"#)], line: 2, field: "fingers",
        message: "must be an integer ≥ 1"),
    .init(
        rule: "note is a string", lines: [session, label(#""start":0,"end":1,"intent":"tap","note":{}"#)], line: 2, field: "note",
        message: "must be a string")
]

@Suite("Every validation rule")
struct ValidationRuleTests {
    @Test("gives its own error with line and field, and leaves the store unchanged", arguments: brokenRules)
    func rule(_ broken: BrokenRule) async throws {
        let (store, dir) = try newStore()
        _ = try await store.ingest(path: flutter)
        let before = try store.contentDigest()
        let counts = try store.tableCounts()
        // Valid lines first, so a partial import would be visible.
        let path = try write(broken.lines.joined(separator: "\n"), "broken.jsonl", in: dir)
        let error = try await #require(throws: TraceError.self) { try await store.ingest(path: path) }
        #expect(error.location.file == path)
        #expect(error.location.line == broken.line, "\(error)")
        #expect(error.field == broken.field, "\(error)")
        #expect(error.message.contains(broken.message), "\(error)")
        let expectedEnd = broken.field.map { " (\($0))" } ?? ""
        #expect(error.description.hasPrefix("\(path):\(broken.line): ") && error.description.hasSuffix(expectedEnd))
        #expect(try store.contentDigest() == before)
        #expect(try store.tableCounts() == counts)
    }

    @Test("the valid variant of a broken file imports (the rules are not over-strict)")
    func validVariant() async throws {
        let (store, dir) = try newStore()
        let lines = [
            session, began, ended,
            label(#""start":0,"end":0.1,"intent":"edge-swipe","direction":"right","fingers":1"#),
            label(#""start":0,"end":0.1,"intent":"pan""#),
            #"{"type":"motion","t":0,"ax":0,"ay":0,"az":0}"#
        ]
        let result = try #require(
            report(try await store.ingest(path: try write(lines.joined(separator: "\n"), "ok.jsonl", in: dir))))
        #expect(result.sessions == 1 && result.touches == 2 && result.labels == 2 && result.motion == 1)
    }

    @Test("skip-invalid stores the valid lines and reports the skipped ones")
    func skipInvalid() async throws {
        let (store, dir) = try newStore()
        let lines = [session, began, #"{"type":"touch","t":"x"}"#, ended, label(#""start":0,"end":1,"intent":"wave""#)]
        var options = ImportOptions()
        options.skipInvalid = true
        let result = try #require(
            report(
                try await store.ingest(
                    path: try write(lines.joined(separator: "\n"), "some.jsonl", in: dir), options: options)))
        #expect(result.touches == 2 && result.labels == 0 && result.skippedLines == 2)
        #expect(result.problems.count == 2)
        #expect(result.problems.first?.contains("some.jsonl:3: must be a number (t)") == true)
        #expect(result.problems.last?.contains("some.jsonl:5: unknown intent \"wave\" (intent)") == true)
    }
}
