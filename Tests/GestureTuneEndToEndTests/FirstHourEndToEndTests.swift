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
        #expect(report.stderr.hasPrefix("Error: --run takes latest or a run id (a number), not 'last'."))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("none.sqlite").path))
    }

    @Test func filesThatCannotBeReadSayWhy() throws {
        let dir = try scratch()
        let db = dir.appendingPathComponent("s.sqlite").path
        let missing = try run(["ingest", "--db", db, dir.appendingPathComponent("nosuch.jsonl").path])
        #expect(missing.status == 1)
        #expect(missing.stderr == "\(dir.appendingPathComponent("nosuch.jsonl").path): cannot open the file: no such file\n")
        #expect(missing.stdout.isEmpty)
        let directory = try run(["ingest", "--db", db, dir.path])
        #expect(directory.status == 1)
        #expect(directory.stderr.contains("\(dir.path): it is a directory; give the files in it"))
    }

    @Test func tooFewPeopleSaysWhatWorks() throws {
        let dir = try scratch()
        let corpus = dir.appendingPathComponent("two.jsonl").path
        let db = dir.appendingPathComponent("two.sqlite").path
        #expect(try run(["synth", "--seed", "1", "--users", "2", "--devices", "1", "--sessions", "1", "--out", corpus]).status == 0)
        #expect(try run(["ingest", "--db", db, corpus]).status == 0)
        let optimize = try run(["optimize", "--db", db, "--max-evals", "5", "--out", dir.appendingPathComponent("o").path])
        #expect(optimize.status == 1)
        #expect(optimize.stderr.contains("raise --holdout-fraction or record more people"))
        #expect(!optimize.stderr.contains("--folds"))
    }
}
