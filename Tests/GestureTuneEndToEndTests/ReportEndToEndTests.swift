import Foundation
import Testing

// MARK: - Reports from a real run on hostile data

@Suite("gesturetune optimize and report: data is escaped")
struct ReportEndToEndTests {
    static let hostile = #"<script>alert(1)</script> "quotes" </svg> | `tick` */"#

    /// A small synthetic corpus whose every label note and target, and one
    /// person's id, carry markup, quotes, a table pipe and a comment closer.
    private func hostileStore() throws -> (db: String, dir: URL) {
        let dir = try scratch()
        let corpus = dir.appendingPathComponent("corpus.jsonl")
        let db = dir.appendingPathComponent("hostile.sqlite").path
        let synth = try run(["synth", "--seed", "11", "--users", "16", "--devices", "3", "--sessions", "1",
                             "--gestures", "30", "--out", corpus.path])
        #expect(synth.status == 0, "\(synth.stderr)")
        var lines: [String] = []
        for line in try String(contentsOf: corpus, encoding: .utf8).split(separator: "\n") {
            guard line.hasPrefix(#"{"type":"label""#) || line.contains(#""user":"u01""#) else {
                lines.append(String(line))
                continue
            }
            var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if object["type"] as? String == "label" {
                object["note"] = Self.hostile
                object["target"] = "<b>t</b>|" + (object["target"] as? String ?? "")
            } else {
                object["user"] = "u01 <i>x</i> | y"
            }
            lines.append(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        }
        let text = lines.joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: corpus)
        let ingest = try run(["ingest", "--db", db, corpus.path])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        return (db, dir)
    }

    @Test func nothingFromTheDataComesOutUnescaped() throws {
        let (db, dir) = try hostileStore()
        let out = dir.appendingPathComponent("out").path
        let optimize = try run(["optimize", "--db", db, "--max-evals", "12", "--sensitivity-points", "3",
                                "--no-pareto", "--out", out])
        #expect(optimize.status == 0, "\(optimize.stderr)")

        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        #expect(!html.contains("<script"))
        #expect(!html.contains("<b>t</b>"))
        #expect(!html.contains("<i>x</i>"))
        // The data is there, escaped (the examples draw labels with their notes;
        // the breakdown names every person).
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("u01 &lt;i&gt;x&lt;/i&gt;"))
        // Only the charts' own SVG elements close.
        #expect(html.components(separatedBy: "</svg>").count == html.components(separatedBy: "<svg").count)

        // Every Markdown table row has as many unescaped cell separators as its header.
        let markdown = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        #expect(!markdown.contains("<script"))
        var columns: Int?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else { columns = nil; continue }
            let separators = Self.unescapedPipes(in: line)
            if let columns { #expect(separators == columns, "\(line)") } else { columns = separators }
        }

        // The Swift constants still compile as Swift (no comment broken open).
        let swift = try String(contentsOfFile: out + "/GestureConstants.swift", encoding: .utf8)
        #expect(swift.contains("enum GestureConstants"))
        #expect(!swift.contains("<script"))

        // The stored run renders the same report again.
        let again = dir.appendingPathComponent("again").path
        let report = try run(["report", "--db", db, "--run", "latest", "--out", again])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(try String(contentsOfFile: again + "/report.md", encoding: .utf8) == markdown)
        #expect(FileManager.default.fileExists(atPath: again + "/report.html"))
        #expect(try run(["report", "--db", db, "--run", "99", "--out", again]).status == 1)
    }

    static func unescapedPipes(in line: Substring) -> Int {
        var count = 0, escaped = false
        for c in line {
            if escaped { escaped = false; continue }
            if c == "\\" { escaped = true } else if c == "|" { count += 1 }
        }
        return count
    }
}
