import Foundation
import Testing
import TraceModel

@testable import TraceImport

// MARK: - Inputs without end: bounded memory, an error naming the line

@Suite struct InputLimitTests {
    @Test func aLineLongerThanTheLimitIsAnErrorNamingItsLine() throws {
        let path = try RecordingFixtures.temporary("", name: "long.jsonl")
        var bytes = Data("{\"type\":\"session\"}\n".utf8)
        bytes.append(Data(repeating: UInt8(ascii: "x"), count: TraceInput.maxLineLength + 1))
        try bytes.write(to: URL(fileURLWithPath: path))
        var lines: [Int] = []
        let error = try #require(throws: TraceError.self) {
            try TraceInput(path: path).forEachLine { _, number in lines.append(number) }
        }
        #expect(lines == [1])
        #expect(error.description == "\(path):2: a line longer than 16 MiB: not a text recording (line)")
    }

    /// A line that ends within the read that completes it was never
    /// measured: 16–32 MiB passed, only the unfinished tail was checked.
    @Test(arguments: [1, 4 << 20, 15 << 20])
    func aLineOverTheLimitThatEndsWithinOneReadIsAnError(over: Int) throws {
        let path = try RecordingFixtures.temporary("", name: "long.jsonl")
        var bytes = Data("{\"type\":\"session\"}\n".utf8)
        bytes.append(Data(repeating: UInt8(ascii: "x"), count: TraceInput.maxLineLength + over))
        bytes.append(contentsOf: Array("\n{}\n".utf8))
        try bytes.write(to: URL(fileURLWithPath: path))
        var lines: [Int] = []
        let error = try #require(throws: TraceError.self) {
            try TraceInput(path: path).forEachLine { _, number in lines.append(number) }
        }
        #expect(lines == [1])
        #expect(error.description == "\(path):2: a line longer than 16 MiB: not a text recording (line)")
    }

    @Test func aLineJustUnderTheLimitIsRead() throws {
        let path = try RecordingFixtures.temporary("", name: "long.txt")
        var bytes = Data(repeating: UInt8(ascii: "x"), count: TraceInput.maxLineLength)
        bytes.append(contentsOf: Array("\nend".utf8))
        try bytes.write(to: URL(fileURLWithPath: path))
        var lengths: [Int] = []
        try TraceInput(path: path).forEachLine { line, _ in lengths.append(line.count) }
        #expect(lengths == [TraceInput.maxLineLength, 3])
    }

    @Test func anEndlessDescriptionFileStops() throws {
        // `--device-desc /dev/zero` never returned: one endless line.
        var options = ImportOptions()
        options.deviceDescriptionPath = "/dev/zero"
        let error = try #require(
            importError(
                EvemuImporter.self, RecordingFixtures.local("evemu-single-touch-resolution.events"), options: options))
        #expect(error.description == "/dev/zero:1: a line longer than 16 MiB: not a text recording (line)")
    }
}
