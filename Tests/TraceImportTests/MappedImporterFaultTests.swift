import Foundation
import Testing
import TraceModel

@testable import TraceImport

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Hostile mappings and logs (issue 37)

/// What an outside campaign found the mapped importer doing with hostile
/// inputs: reading any file a mapping named and printing it, hanging on a
/// FIFO, passing control bytes and line breaks through to the terminal, and
/// error forms off the one voice.
@Suite struct MappedImporterFaultTests {
    typealias Base = MappedImporterErrorTests

    static func error(mapping: String = Base.base, log: String = Base.log, extra: [String: String] = [:]) throws
        -> (error: TraceError?, files: (mapping: String, log: String))
    {
        let files = try Base.files(mapping: mapping, log: log, extra: extra)
        return (Base.error(files), files)
    }

    static let withDevices = Base.base + "devices: {file: FILE, key: id}\n"

    // MARK: A mapping names files beside the data only

    @Test(arguments: ["/proc/self/environ", "/etc/passwd", "../devices.csv", "sub/../../devices.csv", "~/devices.csv"])
    func aDevicesFileElsewhereIsRefusedAtTheMappingsLine(file: String) throws {
        let (error, files) = try Self.error(mapping: Self.withDevices.replacingOccurrences(of: "FILE", with: file))
        let found = try #require(error)
        #expect(
            found.description
                == "\(files.mapping):7: must name a file beside the data file (no absolute path, no ..) (devices.file)")
    }

    @Test func aFIFOBesideTheDataIsRefusedNotWaitedFor() throws {
        let files = try Base.files(mapping: Self.withDevices.replacingOccurrences(of: "FILE", with: "pipe"), log: Base.log)
        let fifo = (files.log as NSString).deletingLastPathComponent + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Nothing ever writes to the FIFO: reading it would block forever.
        let error = try #require(Base.error(files))
        #expect(error.location.file == files.mapping && error.location.line == 7 && error.field == "devices.file")
        #expect(error.message.hasSuffix("cannot be read: not a regular file (a device or a pipe)"))
    }

    @Test func anOversizedDevicesFileIsRefused() throws {
        let files = try Base.files(mapping: Self.withDevices.replacingOccurrences(of: "FILE", with: "big.csv"), log: Base.log)
        let big = (files.log as NSString).deletingLastPathComponent + "/big.csv"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, off_t(DeviceTable.maxSize + 1)) == 0)
        let error = try #require(Base.error(files))
        #expect(error.message.hasSuffix("cannot be read: larger than 16 MiB") && error.field == "devices.file")
    }

    /// The devices file's header is its content: an error about it names
    /// the file and the mapping's key, and quotes none of its cells.
    @Test func noErrorQuotesTheDevicesFile() throws {
        let mapping =
            Self.withDevices.replacingOccurrences(of: "FILE", with: "devices.csv")
            .replacingOccurrences(of: "scale: 2", with: "scale: {devices: xdpi}")
        let secret = "SECRET=hunter2"
        let (error, files) = try Self.error(mapping: mapping, extra: ["devices.csv": "\(secret),other\nd1,1\n"])
        let found = try #require(error)
        #expect(found.location.file == files.mapping && found.field == "devices.key")
        #expect(!found.description.contains("hunter2"))

        let (twice, _) = try Self.error(mapping: mapping, extra: ["devices.csv": "id,xdpi\n\(secret),320\n\(secret),240\n"])
        let duplicate = try #require(twice)
        #expect(duplicate.message == "the row's device appears twice (first on line 2)")
        #expect(!duplicate.description.contains("hunter2"))
    }

    // MARK: Control characters, line breaks, byte order marks

    @Test func controlBytesAndLineBreaksInACellAreShownEscapedOnOneLine() throws {
        let log = "dev,t,a,x,y\nd1,0,0,\"\u{1B}]0;owned\u{7}\",10\nd1,16,2,\"3\n4\",10\n"
        let (error, files) = try Self.error(log: log)
        let found = try #require(error)
        #expect(found.description == "\(files.log):2: must be a number, not \"\\u{1B}]0;owned\\u{7}\" (x)")
        let (split, splitFiles) = try Self.error(log: log.replacingOccurrences(of: "\u{1B}]0;owned\u{7}", with: "10"))
        #expect(split?.description == "\(splitFiles.log):3: must be a number, not \"3\\u{A}4\" (x)")
    }

    @Test func aByteOrderMarkIsNotPartOfTheHeader() throws {
        let (sessions, _) = try Base.read(try Base.files(mapping: Base.base, log: "\u{FEFF}" + Base.log))
        #expect(sessions.count == 1)
        // A mark anywhere else is data, and shown so.
        let (error, files) = try Self.error(log: "dev,t,a,\u{FEFF}x,y\nd1,0,0,10,10\n")
        #expect(
            error?.description.hasPrefix(
                "\(files.mapping):3: no column \"x\" in the header of \(files.log) (it has dev, t, a, \\u{FEFF}x, y)") == true)
    }

    @Test func anEmptyKeyIsNamedNotLeftBlank() {
        #expect(
            TraceError(SourceLocation(file: "f.csv", line: 2), "missing value", field: "").description
                == "f.csv:2: missing value (\"\")")
    }

    // MARK: Error forms in the one voice

    @Test func aMappingThatIsNotUTF8NamesItsLine() throws {
        let files = try Base.files(mapping: "", log: Base.log)
        var bytes = Array(Base.base.utf8)
        bytes.insert(contentsOf: [0xFF, 0xFE], at: Array(Base.base.utf8).firstIndex(of: UInt8(ascii: "c"))!) // line 2
        try Data(bytes).write(to: URL(fileURLWithPath: files.mapping))
        let error = try #require(Base.error(files))
        #expect(error.description == "\(files.mapping):2: not UTF-8 text (byte 0xFF): save the mapping as UTF-8 (mapping)")
    }

    @Test func aMappingThatIsADirectoryOrAFIFOIsRefused() throws {
        let files = try Base.files(mapping: Base.base, log: Base.log)
        let folder = (files.log as NSString).deletingLastPathComponent
        let fifo = folder + "/mapping.yaml"
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in [folder, fifo] {
            let error = try #require(throws: TraceError.self) { try ImportMapping.load(path: path) }
            #expect(error.field == "--mapping" && error.message.hasPrefix("cannot read the mapping: "))
        }
    }

    @Test func aHeaderWithoutRowsSaysSo() throws {
        let (error, files) = try Self.error(log: "dev,t,a,x,y\n")
        #expect(error?.description == "\(files.log):1: a header row and no rows after it (csv.header)")
        let (empty, emptyFiles) = try Self.error(log: "")
        #expect(empty?.description == "\(emptyFiles.log):1: the file is empty: no header row (csv.header)")
        // The mapping's columns are still checked against the header.
        let (unknown, unknownFiles) = try Self.error(log: "dev,t,a,xx,y\n")
        #expect(unknown?.location.file == unknownFiles.mapping && unknown?.field == "columns.x")
    }

    @Test func aTimeBeyondTheRangeSaysSo() throws {
        let (error, files) = try Self.error(log: "dev,t,a,x,y\nd1,4611686018427387904,0,10,10\n")
        #expect(error?.description == "\(files.log):2: out of range (a time within 73 000 years) (t)")
        let (negative, _) = try Self.error(log: "dev,t,a,x,y\nd1,-5,0,10,10\n")
        #expect(negative?.message == "must be a time ≥ 0")
    }

    @Test func libyamlsOwnAPIIsNotQuoted() throws {
        let deep = String(repeating: "[", count: 1_100) + String(repeating: "]", count: 1_100) + "\n"
        let (error, files) = try Self.error(mapping: Base.base + "scene: " + deep)
        let found = try #require(error)
        #expect(found.description == "\(files.mapping):7: YAML: nested more than 1000 levels deep (yaml)")
    }
}
