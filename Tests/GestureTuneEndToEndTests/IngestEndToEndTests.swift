import Foundation
import Testing

// MARK: - ingest and stats

@Suite("gesturetune ingest / stats, end to end")
struct IngestEndToEndTests {
    @Test("ingests the fixture, says so when run again, and stats count it")
    func ingestAndStats() throws {
        let db = try scratch().appendingPathComponent("t.sqlite").path
        let first = try run(["ingest", "--db", db, flutterFixture])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("ingested 2 sessions, 14 pointers, 318 touches, 0 labels from 1 file(s) in "))
        #expect(first.stdout.contains("samples/s"))

        let again = try run(["ingest", "--db", db, flutterFixture])
        #expect(again.status == 0)
        #expect(again.stdout.contains("\(flutterFixture): already imported"))
        #expect(again.stdout.contains("nothing to do"))

        let stats = try run(["stats", "--db", db, "--json"])
        #expect(stats.status == 0)
        let object = try json(stats.stdout)
        #expect(object["sessions"] as? Int == 2)
        #expect(object["pointers"] as? Int == 14)
        #expect(object["touches"] as? Int == 318)
        #expect(object["labels"] as? Int == 0)
        #expect((object["intents"] as? [String: Any])?.isEmpty == true)

        let text = try run(["stats", "--db", db])
        #expect(text.status == 0)
        #expect(text.stdout.contains("pointers 14; touch samples 318"))
        #expect(text.stdout.contains("8.00")) // median interval, ms
    }

    @Test("--json summary; GESTURETUNE_DB picks the store; - reads standard input")
    func jsonAndStdin() throws {
        let dir = try scratch()
        let db = dir.appendingPathComponent("env.sqlite").path
        let text = try String(contentsOfFile: flutterFixture, encoding: .utf8)
        let result = try run(["ingest", "--json", "-"], stdin: text, environment: ["GESTURETUNE_DB": db])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try json(result.stdout)
        #expect(summary["sessions"] as? Int == 2 && summary["pointers"] as? Int == 14 && summary["touches"] as? Int == 318)
        let files = try #require(summary["files"] as? [[String: Any]])
        #expect(files.first?["file"] as? String == "-" && files.first?["status"] as? String == "imported")
        #expect(FileManager.default.fileExists(atPath: db))
        // The same bytes from a file are already imported.
        let again = try run(["ingest", "--db", db, "--json", flutterFixture])
        #expect(try (json(again.stdout)["files"] as? [[String: Any]])?.first?["status"] as? String == "already-imported")
    }

    @Test("an invalid line: FILE:LINE: message (field), exit 1, store unchanged, earlier files stay")
    func invalidInput() throws {
        let dir = try scratch()
        let db = dir.appendingPathComponent("t.sqlite").path
        let bad = dir.appendingPathComponent("bad.jsonl").path
        try """
        {"type":"session","id":"b","format":"gesturetune-trace/1","device":{"platform":"ios","screen":{"width":1,"height":1}}}
        {"type":"touch","t":0,"id":1,"phase":"began","x":1,"y":2}
        {"type":"touch","t":0.01,"id":1,"phase":"ended","x":1,"y":2,"radius":-1}
        """.write(toFile: bad, atomically: true, encoding: .utf8)
        let result = try run(["ingest", "--db", db, flutterFixture, bad, flutterFixture])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(bad):3: must be ≥ 0 (radius)\n"))
        let stats = try json(try run(["stats", "--db", db, "--json"]).stdout)
        #expect(stats["sessions"] as? Int == 2 && stats["touches"] as? Int == 318)

        let skipping = try run(["ingest", "--db", db, "--skip-invalid", bad])
        #expect(skipping.status == 0)
        #expect(skipping.stderr.contains("skipped 1 invalid line(s)"))
        #expect(skipping.stderr.contains("\(bad):3: must be ≥ 0 (radius)"))
        #expect(skipping.stderr.contains("never ended")) // pointer 1 closed by a cancellation
        let after = try json(try run(["stats", "--db", db, "--json"]).stdout)
        #expect(after["sessions"] as? Int == 3 && after["touches"] as? Int == 320)
    }

    @Test("errors in standard input name it standard input")
    func stdinErrors() throws {
        let db = try scratch().appendingPathComponent("s.sqlite").path
        let line =
            #"{"type":"session","id":"x","format":"gesturetune-trace/1","device":{"platform":"ios","screen":{"width":1,"height":1}}}"#
        let result = try run(
            ["ingest", "--db", db, "-"], stdin: line + "\n{\"type\":\"touch\",\"t\":0,\"id\":1,\"phase\":\"began\",\"x\":1}\n")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("gesturetune ingest: standard input:2: missing required field (y)\n"), "\(result.stderr)")
    }

    @Test(
        "usage errors exit with 2",
        arguments: [
            ["ingest"],
            ["ingest", "--screen", "wide", "x.jsonl"],
            ["ingest", "--format", "xml", "x.jsonl"],
            ["ingest", "--frobnicate", "x.jsonl"],
            ["ingest", "-", "-"],
            ["explode"],
            ["stats", "extra"]
        ])
    func usage(arguments: [String]) throws {
        let result = try run(arguments + ["--db", try scratch().appendingPathComponent("u.sqlite").path])
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(": usage: gesturetune"), "\(arguments): \(result.stderr)")
        #expect(!result.stderr.contains("Error:") && !result.stderr.contains("Usage:"), "\(arguments): \(result.stderr)")
    }

    @Test("help exits 0 and lists the subcommands")
    func help() throws {
        let result = try run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("ingest") && result.stdout.contains("stats"))
    }

    @Test("a missing file or an unknown format fails with exit 1")
    func missingFile() throws {
        let dir = try scratch()
        let db = dir.appendingPathComponent("m.sqlite").path
        let missing = try run(["ingest", "--db", db, dir.appendingPathComponent("nope.jsonl").path])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nope.jsonl: cannot open"))
        let odd = dir.appendingPathComponent("notes.txt").path
        try "hello\n".write(toFile: odd, atomically: true, encoding: .utf8)
        let unknown = try run(["ingest", "--db", db, odd])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("notes.txt:1: cannot tell the format; pass --format"))
    }

    @Test("CSV ingest with --screen and implicit sessions")
    func csv() throws {
        let dir = try scratch()
        let db = dir.appendingPathComponent("c.sqlite").path
        let file = dir.appendingPathComponent("rows.csv").path
        try """
        session,t,id,phase,x,y,force,radius
        a,0,1,began,1,1,,
        a,0.008,1,moved,2,1,,
        a,0.016,1,ended,3,1,,
        #label,a,0,0.016,tap,,,,
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try run(["ingest", "--db", db, "--screen", "393x852", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("ingested 1 sessions, 1 pointers, 3 touches, 1 labels"))
        let stats = try json(try run(["stats", "--db", db, "--json"]).stdout)
        #expect((stats["intents"] as? [String: Int]) == ["tap": 1])
    }
}
