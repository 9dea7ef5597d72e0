import Foundation
import Testing
import TraceModel

@testable import TraceImport

// MARK: - Bad mappings, bad rows, stray rows

@Suite struct MappedImporterErrorTests {
    /// A small log and its mapping, written to one temporary folder.
    static func files(
        mapping: String, log: String, logName: String = "log.csv", extra: [String: String] = [:]
    ) throws -> (mapping: String, log: String) {
        let log = try RecordingFixtures.temporary(log, name: logName)
        let folder = (log as NSString).deletingLastPathComponent
        let mappingPath = folder + "/study.yaml"
        try Data(mapping.utf8).write(to: URL(fileURLWithPath: mappingPath))
        for (name, text) in extra { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        return (mappingPath, log)
    }

    static let base = """
        study: s
        csv: {header: true}
        columns: {time: t, action: a, x: x, y: y, device: dev}
        coordinates: {unit: pixels, scale: 2}
        screen: {width: 400, height: 800}
        labels: {intent: pan}

        """
    static let log = "dev,t,a,x,y\nd1,0,0,10,10\nd1,16,2,30,10\nd1,32,1,60,10\n"

    static func read(_ files: (mapping: String, log: String), strict: Bool = false, skip: Bool = false) throws -> (
        sessions: [Session], summary: ImportSummary
    ) {
        var options = ImportOptions()
        options.mappingPath = files.mapping
        options.strictSequence = strict
        options.skipInvalid = skip
        return try importSessions(MappedImporter.self, files.log, options: options)
    }

    static func error(_ files: (mapping: String, log: String), strict: Bool = false) -> TraceError? {
        var options = ImportOptions()
        options.mappingPath = files.mapping
        options.strictSequence = strict
        return importError(MappedImporter.self, files.log, options: options)
    }

    @Test func theBaseReads() throws {
        let (sessions, _) = try Self.read(try Self.files(mapping: Self.base, log: Self.log))
        #expect(sessions.count == 1 && sessions[0].touches.map(\.x) == [5, 15, 30])
        #expect(sessions[0].labels.map(\.intent) == [.pan])
    }

    // MARK: Mapping errors name the mapping file, its line and the key

    @Test func unknownColumn() throws {
        let files = try Self.files(mapping: Self.base.replacingOccurrences(of: "x: x,", with: "x: xpos,"), log: Self.log)
        let error = try #require(Self.error(files))
        #expect(error.location == SourceLocation(file: files.mapping, line: 3))
        #expect(error.field == "columns.x")
        #expect(error.message.contains("no column \"xpos\" in the header of \(files.log)"))
    }

    @Test func codeTableMissesACode() throws {
        let mapping = Self.base + "action: {codes: {0: down, 1: up}}\n"
        let error = try #require(Self.error(try Self.files(mapping: mapping, log: Self.log)))
        #expect(error.location.line == 3) // the row with code 2
        #expect(error.description.hasSuffix(":3: action code 2 is not in the code table (0, 1) (a)"))
    }

    @Test func codeTableWithoutUp() throws {
        let mapping = Self.base + "action: {codes: {0: down, 2: move}}\n"
        let files = try Self.files(mapping: mapping, log: Self.log)
        let error = try #require(Self.error(files))
        #expect(error.description == "\(files.mapping):7: the table has no code for up (action.codes)")
    }

    @Test func scaleForADeviceTheTableLacks() throws {
        let mapping = Self.base.replacingOccurrences(of: "scale: 2", with: "scale: {values: {d2: 3}}")
        let error = try #require(Self.error(try Self.files(mapping: mapping, log: Self.log)))
        #expect(error.location.line == 2)
        #expect(error.field == "dev")
        #expect(error.message.contains("device d1 has no value in coordinates.scale.values"))
    }

    @Test func duplicateKeys() throws {
        let twice = Self.base + "labels: {intent: scroll}\n"
        let files = try Self.files(mapping: twice, log: Self.log)
        let error = try #require(Self.error(files))
        // The line of the key's second appearance, the one to delete.
        let second = twice.split(separator: "\n").count
        #expect(
            error.description == "\(files.mapping):\(second): YAML: the key `labels` appears twice in one mapping (labels)")
        let inTable = Self.base.replacingOccurrences(
            of: "labels: {intent: pan}", with: "labels: {intent: {column: dev, values: {d1: pan, d1: scroll}}}")
        let tableError = try #require(Self.error(try Self.files(mapping: inTable, log: Self.log)))
        #expect(tableError.location.line == 6 && tableError.field == "d1")
        #expect(tableError.message == "YAML: the key `d1` appears twice in one mapping")
    }

    @Test func mappingMistakes() throws {
        let cases: [(String, String, String)] = [
            (Self.base + "colour: red\n", "colour", "unknown key"),
            (Self.base + "time: {unit: minutes}\n", "time.unit", "unknown value \"minutes\""),
            (
                Self.base.replacingOccurrences(of: "intent: pan", with: "intent: fling"), "labels.intent",
                "unknown intent \"fling\""
            ),
            (
                Self.base.replacingOccurrences(of: "scale: 2", with: "scale: {devices: xdpi}"), "coordinates.scale.devices",
                "no devices file"
            ),
            (Self.base.replacingOccurrences(of: "dev}", with: "dev, user: gender}"), "columns.user", "personal data"),
            (
                Self.base.replacingOccurrences(of: "coordinates: {unit: pixels, scale: 2}\n", with: ""), "coordinates.scale",
                "need a scale"
            ),
            (Self.base + "session: {keys: [task]}\n", "session.keys", "task has no column"),
            (
                Self.base.replacingOccurrences(of: "intent: pan", with: "intent: tab-swipe, direction: none"), "labels.direction",
                "needs a direction"
            )
        ]
        for (mapping, key, words) in cases {
            let files = try Self.files(mapping: mapping, log: Self.log)
            let error = try #require(Self.error(files), "\(key)")
            #expect(error.location.file == files.mapping, "\(key)")
            #expect(error.location.line > 0, "\(key)")
            #expect(error.field == key, "\(error)")
            #expect(error.message.contains(words), "\(error)")
        }
    }

    @Test func devicesFileWithADuplicateDevice() throws {
        let mapping =
            Self.base.replacingOccurrences(of: "scale: 2", with: "scale: {devices: xdpi, divideBy: 160}")
            + "devices: {file: devices.csv, key: id}\n"
        let files = try Self.files(mapping: mapping, log: Self.log, extra: ["devices.csv": "id,xdpi\nd1,320\nd1,240\n"])
        let error = try #require(Self.error(files))
        #expect(error.location.file.hasSuffix("/devices.csv") && error.location.line == 3)
        // Its cells are never quoted: the mapping, not the person ingesting, chose the file (issue 37).
        #expect(error.message == "the row's device appears twice (first on line 2)")
    }

    // MARK: Bad rows: FILE:LINE: what (column)

    @Test func badRows() throws {
        let cases: [(String, String)] = [
            ("dev,t,a,x,y\nd1,0,0,10,10\nd1,16,2,abc,10\n", ":3: must be a number, not \"abc\" (x)"),
            ("dev,t,a,x,y\nd1,0,0,10,10\nd1,16,2,30\n", ":3: the row has 4 fields; the mapping reads field 5 (csv.delimiter)"),
            ("dev,t,a,x,y\nd1,20,0,10,10\nd1,16,2,30,10\n", ":3: time goes backwards: -4.0 ms after the row before (t)"),
            ("dev,t,a,x,y\nd1,0,0.5,10,10\n", ":2: must be an integer (a)")
        ]
        for (log, suffix) in cases {
            let files = try Self.files(mapping: Self.base, log: log)
            let error = try #require(Self.error(files))
            #expect(error.description == files.log + suffix)
        }
    }

    @Test func skippingInvalidRowsCountsThem() throws {
        let log = "dev,t,a,x,y\nd1,0,0,10,10\nd1,8,2,abc,10\nd1,16,2,30,10\nd1,32,1,60,10\n"
        let (sessions, summary) = try Self.read(try Self.files(mapping: Self.base, log: log), skip: true)
        #expect(summary.skipped == 1 && sessions[0].touches.count == 3)
    }

    // MARK: Stray rows

    static let strayLog = """
        dev,t,a,x,y
        d1,0,2,10,10
        d1,10,0,10,10
        d1,20,2,20,10
        d1,20,2,20,10
        d1,30,1,40,10
        d1,40,1,40,10
        d1,50,0,90,90
        d1,60,2,95,95

        """

    @Test func strayRowsAreCountedByReason() throws {
        let files = try Self.files(mapping: Self.base, log: Self.strayLog)
        let (sessions, summary) = try Self.read(files)
        #expect(sessions[0].strokes.count == 1 && sessions[0].touches.count == 3)
        #expect(
            summary.strayRows == [
                StrayRows(reason: .noFingerDown, rows: 2, first: files.log + ":2"),
                StrayRows(reason: .duplicate, rows: 1, first: files.log + ":5"),
                StrayRows(reason: .cutOff, rows: 2, first: files.log + ":8")
            ])
        #expect(summary.strayRows[0].description == "2 rows: move or up with no finger down (first at \(files.log):2)")
    }

    @Test func strictMakesStrayRowsErrors() throws {
        let files = try Self.files(mapping: Self.base, log: Self.strayLog)
        let error = try #require(Self.error(files, strict: true))
        #expect(error.description == files.log + ":2: move or up with no finger down (--strict refuses stray rows) (a)")
        let cut = try Self.files(mapping: Self.base, log: "dev,t,a,x,y\nd1,0,0,10,10\nd1,10,2,20,10\n")
        let cutError = try #require(Self.error(cut, strict: true))
        #expect(cutError.location.line == 2 && cutError.message.hasPrefix("a stroke cut off: no up before the end of the file"))
    }

    @Test func aLogOfStrayRowsAloneIsNoImport() throws {
        let files = try Self.files(mapping: Self.base, log: "dev,t,a,x,y\nd1,0,2,10,10\nd1,10,1,20,10\n")
        var options = ImportOptions()
        options.mappingPath = files.mapping
        let summary = try MappedImporter.read(TraceInput(path: files.log), options: options) { _ in }
        #expect(summary.sessions == 0)
        #expect(throws: TraceError.self) { try summary.requireSamples(file: files.log) }
    }

    // MARK: Layout features

    @Test func rawActionsWithThePointerIndexInBits8To15() throws {
        // 0 down (index 0), 0x105 pointer-down index 1, moves, 0x006 pointer-up
        // index 0 (the first finger lifts; the second becomes index 0), 1 up.
        let mapping = """
            study: raw
            csv: {delimiter: "\\t", header: false, comment: "//"}
            columns: {time: 1, action: 2, x: 3, y: 4}
            time: {unit: ns, clock: uptime}
            action: {pointerIndexBits: true}
            coordinates: {unit: points}
            screen: {width: 400, height: 800}
            labels: {intent: pan, clicks: tap}

            """
        let log =
            "// a comment\n0\t0\t10\t10\r\n5000000\t261\t200\t200\r\n10000000\t2\t30\t10\r\n"
            + "15000000\t6\t40\t10\r\n20000000\t2\t220\t200\r\n25000000\t1\t220\t200\r\n"
        let files = try Self.files(mapping: mapping, log: log)
        let (sessions, _) = try Self.read(files)
        let touches = sessions[0].touches
        #expect(touches.map(\.pointer) == [0, 1, 0, 0, 1, 1])
        #expect(touches.map(\.phase) == [.began, .began, .moved, .ended, .moved, .ended])
        #expect(touches.map(\.t) == [0, 5_000, 10_000, 15_000, 20_000, 25_000])
        // The first finger moved: a pan; the second moved 20 pt: a pan too.
        #expect(sessions[0].labels.map(\.intent) == [.pan, .pan])
    }

    @Test func clicksMapToTheirOwnIntentOrNone() throws {
        let log = "dev,t,a,x,y\nd1,0,0,10,10\nd1,50,1,10,10\nd1,100,0,10,10\nd1,120,2,11,10\nd1,150,1,10,10\n"
        let tap = Self.base.replacingOccurrences(of: "intent: pan", with: "intent: pan, clicks: {intent: tap, within: 1}")
        let (tapped, _) = try Self.read(try Self.files(mapping: tap, log: log))
        #expect(tapped[0].labels.map(\.intent) == [.tap, .tap]) // within 1 pt (0.5 pt at scale 2)
        let none = Self.base.replacingOccurrences(of: "intent: pan", with: "intent: pan, clicks: unlabelled")
        let (unlabelled, _) = try Self.read(try Self.files(mapping: none, log: log))
        #expect(unlabelled[0].labels.map(\.intent) == [.pan]) // the exact click only
    }

    @Test func intentByTableAndSessionsByKeyAndPause() throws {
        let mapping = """
            study: s
            columns: {time: t, action: a, x: x, y: y, task: doc}
            time: {unit: s}
            coordinates: {unit: millimetres}
            screen: {width: 60, height: 120}
            session: {keys: [task], pause: 5}
            labels: {intent: {column: task, values: {read: scroll, look: tab-swipe, other: unlabelled}}}

            """
        let log = """
            doc,t,a,x,y
            read,0,0,10,10
            read,0.1,1,10,30
            look,1,0,30,10
            look,1.1,1,10,10
            look,9,0,10,10
            look,9.1,1,30,10
            other,10,0,1,1
            other,10.1,1,5,1

            """
        let (sessions, _) = try Self.read(try Self.files(mapping: mapping, log: log))
        #expect(sessions.count == 4)
        #expect(sessions.map { $0.labels.map(\.intent) } == [[.scroll], [.tabSwipe], [.tabSwipe], []])
        #expect(sessions[2].labels.map(\.direction) == [.right])
        // Millimetres at 160 dp per inch.
        #expect(abs(sessions[0].touches[0].x - 10 * 160 / 25.4) < 1e-9)
        #expect(sessions[0].header.device.pointsPerMillimetre.map { abs($0 - 160 / 25.4) < 1e-9 } == true)
        let unknown = try Self.files(mapping: mapping, log: log.replacingOccurrences(of: "other", with: "write"))
        let error = try #require(Self.error(unknown))
        #expect(error.location.line == 8 && error.field == "doc")
        #expect(error.message.hasPrefix("value \"write\" is not in labels.intent.values"))
    }

    @Test func noMappingNoImport() {
        let error = importError(MappedImporter.self, RecordingFixtures.local("mapped/henze2017/FittsTasks-participant9.txt"))
        #expect(error?.field == "--mapping")
    }
}
