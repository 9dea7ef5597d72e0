import Foundation
import GestureTuneTestSupport
import Testing

// MARK: - gesturetune ingest --mapping

@Suite struct MappedIngestEndToEndTests {
    static let touchalytics = packageRoot.appendingPathComponent("Tests/TraceImportTests/Fixtures/mapped/touchalytics/data.csv")
        .path
    static let mapping = packageRoot.appendingPathComponent("mappings/touchalytics.yaml").path

    @Test("one command with the shipped mapping; stray rows by reason on stderr and in --json")
    func ingestWithTheShippedMapping() throws {
        let db = try scratch().appendingPathComponent("m.sqlite").path
        let result = try run(["ingest", "--db", db, "--mapping", Self.mapping, "--json", Self.touchalytics])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try json(result.stdout)
        #expect(summary["sessions"] as? Int == 3 && summary["touches"] as? Int == 21 && summary["labels"] as? Int == 5)
        #expect(summary["strayRows"] as? Int == 4)
        let report = try #require((summary["files"] as? [[String: Any]])?.first?["report"] as? [String: Any])
        #expect(report["format"] as? String == "mapped")
        let strays = try #require(report["strayRows"] as? [[String: Any]])
        #expect(strays.map { $0["reason"] as? String } == ["no-finger-down", "duplicate", "cut-off"])
        #expect(strays.map { $0["first"] as? String } == [":12", ":15", ":24"].map { Self.touchalytics + $0 })
        #expect(result.stderr.contains("skipped 4 stray row(s) that break the touch sequence"))
        #expect(result.stderr.contains("1 row: duplicate of the row before (first at \(Self.touchalytics):15)"))
    }

    @Test("--strict, a bad mapping and a bad row: one line, exit 1, the store unchanged")
    func failuresLeaveTheStoreAsItWas() throws {
        let dir = try scratch()
        let db = dir.appendingPathComponent("m.sqlite").path
        let strict = try run(["ingest", "--db", db, "--mapping", Self.mapping, "--strict", Self.touchalytics])
        #expect(strict.status == 1)
        #expect(
            strict.stderr
                == "gesturetune ingest: \(Self.touchalytics):12: move or up with no finger down (--strict refuses stray rows) (column 5)\n"
        )

        let badMapping = dir.appendingPathComponent("bad.yaml").path
        try String(contentsOfFile: Self.mapping, encoding: .utf8)
            .replacingOccurrences(of: "\"7\": tab-swipe", with: "\"7\": page-flip")
            .write(toFile: badMapping, atomically: true, encoding: .utf8)
        let mappingError = try run(["ingest", "--db", db, "--mapping", badMapping, Self.touchalytics])
        #expect(mappingError.status == 1)
        #expect(mappingError.stderr.hasPrefix("gesturetune ingest: \(badMapping):"))
        #expect(mappingError.stderr.hasSuffix("(labels.intent.values.7)\n"))

        let badRows = dir.appendingPathComponent("data.csv").path
        var rows = try String(contentsOfFile: Self.touchalytics, encoding: .utf8).components(separatedBy: "\n")
        rows[18] = rows[18].replacingOccurrences(of: ",2,1,160,", with: ",9,1,160,") // line 19: a code the table lacks
        try rows.joined(separator: "\n").write(toFile: badRows, atomically: true, encoding: .utf8)
        let rowError = try run(["ingest", "--db", db, "--mapping", Self.mapping, badRows])
        #expect(rowError.status == 1)
        #expect(
            rowError.stderr
                == "gesturetune ingest: \(badRows):19: action code 9 is not in the code table (0, 1, 2, 3, 4, 5, 6) (column 5)\n")

        let stats = try json(try run(["stats", "--db", db, "--json"]).stdout)
        #expect(stats["sessions"] as? Int == 0 && stats["touches"] as? Int == 0)
    }

    /// Issue 37: `printf 'x: 1\r\ny: 2\r\nstudy: a\r\nstudy: b\r\n' > m.yaml`
    /// crashed `ingest --mapping m.yaml` (SIGILL, exit 132); an ESC and a BEL
    /// in a cell reached the terminal raw.
    @Test("a CRLF mapping with a duplicate key, and control bytes in a cell: one escaped line, exit 1")
    func hostileBytesGiveOneEscapedLine() throws {
        let dir = try scratch()
        let db = dir.appendingPathComponent("m.sqlite").path
        let crlf = dir.appendingPathComponent("m.yaml").path
        try Data("x: 1\r\ny: 2\r\nstudy: a\r\nstudy: b\r\n".utf8).write(to: URL(fileURLWithPath: crlf))
        let log = dir.appendingPathComponent("f.csv").path
        try Data("t,a,x,y\n0,0,1,1\n".utf8).write(to: URL(fileURLWithPath: log))
        let duplicate = try run(["ingest", "--db", db, "--mapping", crlf, log])
        #expect(duplicate.status == 1)
        #expect(
            duplicate.stderr == "gesturetune ingest: \(crlf):4: YAML: the key `study` appears twice in one mapping (study)\n")

        var rows = try String(contentsOfFile: Self.touchalytics, encoding: .utf8).components(separatedBy: "\n")
        let hostile = dir.appendingPathComponent("data.csv").path
        rows[18] = rows[18].replacingOccurrences(of: ",2,1,160,", with: ",\u{1B}]0;owned\u{7}\u{1B}[2J,1,160,")
        try rows.joined(separator: "\n").write(toFile: hostile, atomically: true, encoding: .utf8)
        let escaped = try run(["ingest", "--db", db, "--mapping", Self.mapping, hostile])
        #expect(escaped.status == 1)
        #expect(!escaped.stderr.utf8.contains(0x1B) && !escaped.stderr.utf8.contains(0x07), "\(escaped.stderr)")
        #expect(escaped.stderr.contains("\\u{1B}]0;owned\\u{7}\\u{1B}[2J"), "\(escaped.stderr)")
        #expect(escaped.stderr.split(separator: "\n").count == 1)
    }

    @Test("--mapping does not mix with another --format; --strict needs a mapping")
    func usage() throws {
        let mixed = try run(["ingest", "--mapping", Self.mapping, "--format", "csv", Self.touchalytics])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("--mapping reads the mapped format"))
        let strict = try run(["ingest", "--strict", Self.touchalytics])
        #expect(strict.status == 2 && strict.stderr.contains("--strict applies to mapped logs"))
    }
}
