import Foundation
import Testing
import TraceModel

@testable import TraceImport

// MARK: - Windows and classic Mac line ends, and a byte order mark

/// `\r\n` is one `Character` in Swift: a YAML file with Windows line ends
/// and a duplicate key after line 2 trapped (SIGILL) in the duplicate-key
/// line finder, which split the text on `"\n"` (issue 37). Every line
/// number is now computed over bytes, `\n`, `\r\n` and a lone `\r` alike.
@Suite struct LineEndTests {
    static let lineEnds = ["\n", "\r\n", "\r"]

    static func text(_ lines: [String], _ end: String) -> String { lines.map { $0 + end }.joined() }

    @Test func linesAndOffsetsOverBytes() {
        let text = Array("a\r\nb\rc\n\nd".utf8)
        #expect(LineEnds.lines(text).map { String(decoding: text[$0], as: UTF8.self) } == ["a", "b", "c", "", "d"])
        #expect(LineEnds.lines(Array("a\r\n".utf8)) == [0..<1])
        // The byte `d` is on line 5; the `\n` of the `\r\n` on line 1.
        #expect(LineEnds.lineNumber(ofOffset: 9, in: text) == 5)
        #expect(LineEnds.lineNumber(ofOffset: 2, in: text) == 1)
        #expect(LineEnds.lineNumber(ofOffset: 3, in: text) == 2)
    }

    @Test(arguments: lineEnds)
    func aDuplicateMappingKeyNamesItsLineWhateverTheLineEnds(end: String) throws {
        // The reproduction: the key again on line 4.
        let mapping = Self.text(["x: 1", "y: 2", "study: a", "study: b"], end)
        let path = try RecordingFixtures.temporary(mapping, name: "m.yaml")
        let error = try #require(throws: TraceError.self) { try ImportMapping.load(path: path) }
        #expect(error.description == "\(path):4: YAML: the key `study` appears twice in one mapping (study)")
    }

    @Test(arguments: lineEnds)
    func aDuplicateKeyInALibinputRecordingNamesItsLine(end: String) throws {
        let text = Self.text(["version: 1", "ndevices: 1", "libinput:", "  version: \"1.22\"", "ndevices: 1"], end)
        let error = try #require(
            importError(LibinputRecordImporter.self, try RecordingFixtures.temporary(text, name: "case.yml")))
        #expect(error.location.line == 5 && error.field == "ndevices")
    }

    /// A mark past the text's last line finds no line rather than trapping.
    @Test func aMarkPastTheEndFindsNothing() {
        #expect(YAMLDocument.repeatedKeyLine("a", firstAt: 9, in: "a: 1\r\na: 2\r\n") == nil)
        #expect(YAMLDocument.repeatedKeyLine("a", firstAt: 1, in: "a: 1\ra: 2\r") == 2)
    }

    @Test(arguments: lineEnds)
    func streamedLinesEndAtEveryKindOfLineEnd(end: String) throws {
        let path = try RecordingFixtures.temporary(Self.text(["t,x", "1,2", "", "3,4"], end), name: "ends.csv")
        var lines: [String] = []
        let last = try TraceInput(path: path).forEachLine { line, number in
            lines.append("\(number):\(String(decoding: line, as: UTF8.self))")
        }
        #expect(lines == ["1:t,x", "2:1,2", "3:", "4:3,4"])
        #expect(last == 4)
    }

    @Test func aByteOrderMarkIsNotPartOfTheFirstLine() throws {
        let path = try RecordingFixtures.temporary("\u{FEFF}device_id,t\r\nd1,0\r\n", name: "bom.csv")
        var lines: [[UInt8]] = []
        try TraceInput(path: path).forEachLine { line, _ in lines.append(Array(line)) }
        #expect(lines == [Array("device_id,t".utf8), Array("d1,0".utf8)])
        #expect(try TraceInput(path: path).readAll() == Array("device_id,t\r\nd1,0\r\n".utf8))
        // A file of the mark alone is empty.
        let alone = try RecordingFixtures.temporary("\u{FEFF}", name: "bom-only.csv")
        #expect(try TraceInput(path: alone).forEachLine { _, _ in } == 0)
    }

    /// Excel's "CSV UTF-8" and a classic Mac "CSV (Macintosh)": the mapped
    /// importer reads them as it reads the plain file.
    @Test(arguments: [("", "\n"), ("\u{FEFF}", "\r\n"), ("\u{FEFF}", "\r"), ("", "\r")])
    func aMappedLogWithAMarkOrOtherLineEndsReadsTheSame(mark: String, end: String) throws {
        let log = mark + Self.text(["dev,t,a,x,y", "d1,0,0,10,10", "d1,16,2,30,10", "d1,32,1,60,10"], end)
        let mapping = mark + MappedImporterErrorTests.base.replacingOccurrences(of: "\n", with: end)
        let files = try MappedImporterErrorTests.files(mapping: mapping, log: log)
        let (sessions, _) = try MappedImporterErrorTests.read(files)
        #expect(sessions.count == 1 && sessions[0].touches.map(\.x) == [5, 15, 30])
    }

    @Test func detectionLooksPastTheMark() throws {
        let header = "session,t,id,phase,x,y,force,radius"
        #expect(ImporterRegistry.detect(prefix: Array("\u{FEFF}\(header)\r\n".utf8), fileName: "log.txt")?.format == .csv)
        #expect(ImporterRegistry.detect(prefix: Array("\(header)\r1,2".utf8), fileName: "log.txt")?.format == .csv)
    }
}
