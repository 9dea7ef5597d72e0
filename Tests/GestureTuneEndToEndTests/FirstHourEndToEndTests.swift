import Foundation
import Testing

// MARK: - The usual first-hour mistakes, and what gesturetune says

@Suite("messages a newcomer meets")
struct FirstHourEndToEndTests {
    @Test func versionAndRunReferences() throws {
        let version = try run(["--version"])
        #expect(version.status == 0 && version.stdout == "0.1.0\n")
        let dir = try scratch()
        let report = try run(["report", "--db", dir.appendingPathComponent("none.sqlite").path, "--run", "last"])
        #expect(report.status == 2)
        #expect(report.stderr.hasPrefix("gesturetune report: --run takes latest or a run id (a number), not 'last'\n"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("none.sqlite").path))
    }

    @Test func filesThatCannotBeReadSayWhy() throws {
        let dir = try scratch()
        let db = dir.appendingPathComponent("s.sqlite").path
        let missing = try run(["ingest", "--db", db, dir.appendingPathComponent("nosuch.jsonl").path])
        #expect(missing.status == 1)
        #expect(
            missing.stderr
                == "gesturetune ingest: \(dir.appendingPathComponent("nosuch.jsonl").path): cannot open the file: no such file\n")
        #expect(missing.stdout.isEmpty)
        let directory = try run(["ingest", "--db", db, dir.path])
        #expect(directory.status == 1)
        #expect(directory.stderr.contains("gesturetune ingest: \(dir.path): it is a directory; give the files in it"))
    }

    @Test func tooFewPeopleSaysWhatWorks() throws {
        let dir = try scratch()
        let corpus = dir.appendingPathComponent("two.jsonl").path
        let db = dir.appendingPathComponent("two.sqlite").path
        #expect(
            try run(["synth", "--seed", "1", "--users", "2", "--devices", "1", "--sessions", "1", "--out", corpus]).status == 0)
        #expect(try run(["ingest", "--db", db, corpus]).status == 0)
        let optimize = try run(["optimize", "--db", db, "--max-evals", "5", "--out", dir.appendingPathComponent("o").path])
        #expect(optimize.status == 1)
        #expect(optimize.stderr.contains("raise --holdout-fraction or record more people"))
        #expect(!optimize.stderr.contains("--folds"))
    }

    // MARK: - One voice

    /// `gesturetune <command>: FILE:LINE: what is wrong (field)` or
    /// `gesturetune <command>: what is wrong`: the command named, no
    /// `Error:`/`error:`, no bare line, a lower-case start.
    static func speaksTheOneVoice(_ line: Substring, command: String) -> Bool {
        let prefix = "gesturetune \(command): "
        guard line.hasPrefix(prefix) else { return false }
        let rest = line.dropFirst(prefix.count)
        guard let first = rest.first, !rest.hasPrefix("Error") && !rest.lowercased().hasPrefix("error:") else { return false }
        // A file's own path may start anywhere; a message starts in lower case.
        return !first.isUppercase || rest.contains(":")
    }

    @Test("every failing command speaks one voice on stderr, usage errors still exit 2")
    func everyErrorInOneForm() throws {
        let dir = try scratch()
        let db = dir.appendingPathComponent("s.sqlite").path
        let bad = dir.appendingPathComponent("bad.jsonl")
        try
            #"{"type":"session","id":"x","format":"gesturetune-trace/1","device":{"platform":"ios","screen":{"width":1,"height":1}}}"#
            .appending("\n{\"type\":\"touch\",\"t\":0,\"id\":1,\"phase\":\"began\",\"x\":1}\n")
            .write(to: bad, atomically: true, encoding: .utf8)
        let cases: [(arguments: [String], stdin: String?, status: Int32, needle: String)] = [
            (["ingest", "--db", db, bad.path], nil, 1, "gesturetune ingest: \(bad.path):2: missing required field (y)"),
            (["ingest", "--db", db, "-"], "{\"type\":\"touch\"}\n", 1, "gesturetune ingest: standard input:1: "),
            (["ingest", "--db", db, dir.appendingPathComponent("none.jsonl").path], nil, 1, "cannot open the file: no such file"),
            (["ingest", "--db", db], nil, 2, "gesturetune ingest: give at least one file to import"),
            (["ingest", "--db", db, "--frobnicate", bad.path], nil, 2, "gesturetune ingest: unknown option '--frobnicate'"),
            (["stats", "--db", dir.appendingPathComponent("nothing-here.sqlite").path], nil, 1, "gesturetune stats: "),
            (["report", "--db", db, "--run", "last"], nil, 2, "gesturetune report: --run takes latest or a run id"),
            (["report", "--db", db, "--run", "99"], nil, 1, "gesturetune report: "),
            (["optimize", "--db", db, "--max-evals", "0"], nil, 2, "gesturetune optimize: --max-evals must be at least 1"),
            (["evaluate", "--db", db], nil, 2, "gesturetune evaluate: give --params FILE"),
            (["velocity", dir.appendingPathComponent("none.jsonl").path], nil, 1, "gesturetune velocity: "),
            (["synth", "--out", "-", "--json"], nil, 2, "gesturetune synth: --json cannot share standard output"),
            (["explode"], nil, 2, "gesturetune: ")
        ]
        for c in cases {
            let result = try run(c.arguments, stdin: c.stdin)
            #expect(result.status == c.status, "\(c.arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains(c.needle), "\(c.arguments): \(result.stderr)")
            let command = c.arguments[0] == "explode" ? nil : c.arguments[0]
            let lines = result.stderr.split(separator: "\n")
            #expect(!lines.isEmpty, "\(c.arguments) said nothing")
            for line in lines {
                let ok = command.map { Self.speaksTheOneVoice(line, command: $0) } ?? line.hasPrefix("gesturetune: ")
                #expect(ok, "\(c.arguments): \(line)")
            }
        }
    }
}
