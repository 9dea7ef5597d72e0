import Foundation
import Testing
import TraceModel

@testable import TraceImport

func readCSV(_ text: String, screen: ScreenSize? = nil, skipInvalid: Bool = false) throws -> ([TraceEvent], ImportSummary) {
    var options = ImportOptions()
    options.screen = screen
    options.skipInvalid = skipInvalid
    var events: [TraceEvent] = []
    let summary = try CSVReader.read(try TraceInput(path: try temporaryFile(text, name: "input.csv")), options: options) {
        events.append($0)
    }
    return (events, summary)
}

let csvSessionRow = #"#session,"{""id"":""s1"",""device"":{""platform"":""ios"",""screen"":{""width"":393,""height"":852}}}""#

@Suite("CSV reader")
struct CSVReaderTests {
    @Test("reads the README example: session, touches, a label with a quoted note, motion")
    func example() throws {
        let text = """
            session,t,id,phase,x,y,force,radius
            \(csvSessionRow)
            s1,0.000,1,began,300,410,,21.5
            s1,0.008,1,moved,292.5,411,0.5,
            s1,0.024,1,ended,280,412.5,,
            #label,s1,0.0,0.024,swipe-actions,left,,note-row,"a ""quoted"", note
            on two lines"
            #motion,s1,0.010,0.1,-2.3,0.4,,,
            """
        let (events, summary) = try readCSV(text)
        #expect(summary.sessions == 1 && summary.touches == 3 && summary.labels == 1 && summary.motion == 1)
        guard case .touch(let moved) = events[2] else {
            Issue.record("touch expected")
            return
        }
        #expect(moved == TouchSample(t: 8_000, pointer: 1, phase: .moved, x: 292.5, y: 411, force: 0.5))
        guard case .label(let label) = events[4] else {
            Issue.record("label expected")
            return
        }
        #expect(
            label
                == Label(
                    start: 0, end: 24_000, intent: .swipeActions, direction: .left, target: "note-row",
                    note: "a \"quoted\", note\non two lines"))
    }

    @Test("gives the same events as the canonical reader for the Flutter fixture")
    func sameAsCanonical() throws {
        var canonical: [TraceEvent] = []
        _ = try CanonicalReader.read(try TraceInput(path: fixture("velocity/flutter-velocity.jsonl")), options: ImportOptions()) {
            canonical.append($0)
        }
        // Convert: session lines become #session rows, touches become rows.
        var csv = "radius,force,y,x,phase,id,t,session,comment\n" // any column order, extra columns ignored
        var current = ""
        for line in try String(contentsOfFile: fixture("velocity/flutter-velocity.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            if object["type"] as? String == "session" {
                current = object["id"] as! String
                csv += "#session,\"" + line.replacingOccurrences(of: "\"", with: "\"\"") + "\"\n"
            } else {
                csv += ",,\(object["y"]!),\(object["x"]!),\(object["phase"]!),\(object["id"]!),\(object["t"]!),\(current),x\n"
            }
        }
        let (events, _) = try readCSV(csv)
        #expect(events == canonical)
    }

    @Test("opens sessions implicitly from the session column with --screen")
    func implicitSessions() throws {
        let text = """
            session,t,id,phase,x,y,force,radius
            a,0,1,began,1,1,,
            a,0.01,1,ended,1,1,,
            b,0,1,began,1,1,,
            b,0.01,1,ended,1,1,,
            """
        let (events, _) = try readCSV(text, screen: ScreenSize(width: 393, height: 852))
        let headers = events.compactMap { if case .session(let h) = $0 { h } else { nil } }
        #expect(headers.map(\.id) == ["a", "b"])
        #expect(headers.first?.device == Device(platform: .other, screenWidth: 393, screenHeight: 852))
        let error = try #require(throws: TraceError.self) { try readCSV(text) }
        #expect(error.description.hasSuffix(":2: session \"a\" has no #session row (add one, or pass --screen WxH) (session)"))
    }

    @Test(
        "rejects each invalid row with its line and field",
        arguments: [
            ("session,t,id,phase,x,y,force\n", 1, "radius"),
            ("\(csvSessionRow)\ns1,-1,1,began,1,1,,\n", 3, "t"),
            ("\(csvSessionRow)\ns1,abc,1,began,1,1,,\n", 3, "t"),
            ("\(csvSessionRow)\ns1,0,1.5,began,1,1,,\n", 3, "id"),
            ("\(csvSessionRow)\ns1,0,1,hovered,1,1,,\n", 3, "phase"),
            ("\(csvSessionRow)\ns1,0,1,began,,1,,\n", 3, "x"),
            ("\(csvSessionRow)\ns1,0,1,began,1,1e999,,\n", 3, "y"),
            ("\(csvSessionRow)\ns1,0,1,began,1,1,-0.5,\n", 3, "force"),
            ("\(csvSessionRow)\ns1,0,1,began,1,1,,-2\n", 3, "radius"),
            ("\(csvSessionRow)\ns1,0,1,moved,1,1,,\n", 3, "phase"),
            ("\(csvSessionRow)\ns1,0,1,began,1,1,,\n", 3, "phase"), // never ended (reported at the last line)
            ("\(csvSessionRow)\n#label,s1,2,1,tap,,,,\n", 3, "start"),
            ("\(csvSessionRow)\n#label,s1,0,1,wave,,,,\n", 3, "intent"),
            ("\(csvSessionRow)\n#label,s1,0,1,dismiss,sideways,,,\n", 3, "direction"),
            ("\(csvSessionRow)\n#label,s1,0,1,dismiss,,,,\n", 3, "direction"),
            ("\(csvSessionRow)\n#motion,s1,0,1,,1,,,\n", 3, "ay"),
            ("\(csvSessionRow)\n#gesture,s1\n", 3, "session"),
            ("#session,\"{\"\"id\"\":\"\"s1\"\"}\"\n", 2, "device"),
            ("\(csvSessionRow)\ns1,0,1,began,1,\"1\"x,,\n", 3, "csv")
        ] as [(String, Int, String?)])
    func invalid(body: String, line: Int, field: String?) throws {
        let text = "session,t,id,phase,x,y,force,radius\n" + body
        let error = try #require(throws: TraceError.self) {
            try readCSV(body.hasPrefix("session,") ? body : text)
        }
        #expect(error.location.line == line, "\(error)")
        #expect(error.field == field, "\(error)")
    }

    @Test("splits RFC 4180 rows: quotes, doubled quotes, empty cells")
    func rows() throws {
        var parser = CSVRowParser()
        let line = Array(#"a,"b,c","say ""hi""",,""#.utf8)
        let first = try line.withUnsafeBufferPointer { (b) throws(CSVSyntaxError) in try parser.feed(b) }
        #expect(first == .needsMoreLines)
        let rest = Array(#"x""y""#.utf8)
        let second = try rest.withUnsafeBufferPointer { (b) throws(CSVSyntaxError) in try parser.feed(b) }
        #expect(second == .row)
        #expect((0..<parser.count).map(parser.string) == ["a", "b,c", "say \"hi\"", "", "\nx\"y"])
    }
}
