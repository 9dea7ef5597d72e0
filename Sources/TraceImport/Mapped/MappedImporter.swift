import Foundation
import TraceModel

// MARK: - Published touch logs, read through a mapping

/// Reads a study's CSV of Android `MotionEvent` rows (Touchalytics,
/// BioIdent, HMOG, Henze et al., app telemetry) through an
/// ``ImportMapping`` given with `--mapping` (``ImportOptions/mappingPath``).
///
/// **Rows.** Each row is one event of one finger: a time, an action code
/// and a position. Codes mean what the mapping's table says (Android's
/// 0 down, 1 up, 2 move, 3 cancel, 5/6 a second finger's down and up by
/// default); with `pointerIndexBits` the low byte is the action and bits
/// 8–15 the pointer index, and with a pointer column each id is its own
/// finger. Positions become points (pixels ÷ the device's scale).
///
/// **Sessions.** A new session starts when a session key's value changes
/// (device, person, task, orientation: the spec's "same device, person,
/// task and orientation, until a pause") or after a pause; times count from
/// its first row. An orientation the mapping calls landscape swaps the
/// screen's axes.
///
/// **Labels.** One per stroke (a finger's down to its up): the intent from
/// the task's value through the mapping's table, from the file's name, or
/// one for the file; the direction, where the intent takes one, from the
/// stroke's net motion. A *click* (no sample farther than
/// `labels.clicks.within` from the down) gets the click intent, or none.
/// A cancelled stroke is kept and left unlabelled.
///
/// **Stray rows** — a move or up with no finger down, a duplicate row, a
/// stroke cut off before its up — are skipped and counted by reason
/// (``ImportSummary/strayRows``), or are errors with
/// ``ImportOptions/strictSequence``. A row that cannot be read (a word
/// where a number belongs, an action code the table lacks) is an error at
/// its line naming the column, as in every importer.
///
/// Nothing that names a person is read: a mapping that names a column such
/// as `gender` or `birthyear` is refused, and only the columns a mapping
/// names are looked at.
public enum MappedImporter: TraceImporter {
    public static let format = InputFormat.mapped

    /// Never guessed: a log of numbers is readable only with its mapping.
    public static func recognizes(prefix: [UInt8], fileName: String) -> Bool { false }

    public static func read(
        _ input: TraceInput, options: ImportOptions, emit: (TraceEvent) throws -> Void
    ) throws -> ImportSummary {
        guard let path = options.mappingPath else {
            throw TraceError(
                SourceLocation(file: input.name, line: 0),
                "the mapped format reads a log through a mapping: pass --mapping FILE.yaml",
                field: "--mapping")
        }
        let mapping = try ImportMapping.load(path: path)
        let devices = try DeviceTable(mapping, beside: input.name)
        var reader = try MappedRowReader(mapping: mapping, devices: devices, file: input.name, options: options)
        let lastLine = try input.forEachLine { line, number in try reader.consume(line, number, emit: emit) }
        return try reader.finish(lastLine: lastLine, emit: emit)
    }
}

// MARK: - Reading rows

/// The columns' indexes once the header (or the mapping's positions) fixed them.
private struct ColumnIndexes {
    var time = 0, action = 0, x = 0, y = 0
    var wallclock: Int?, pointer: Int?, screen: Int?, intent: Int?
    var roles: [ImportMapping.Role: Int] = [:]
    /// The session keys' indexes, in the mapping's order.
    var keys: [Int] = []
    /// The highest index read: a row with fewer fields is an error.
    var highest = 0
}

/// What a device contributes to its sessions, worked out once per device.
private struct DeviceFacts {
    var pointsPerUnit: Double
    var scale: Double
    var ppi: Double?
    var screen: (width: Double, height: Double)?
}

private struct MappedRowReader {
    let mapping: ImportMapping
    let devices: DeviceTable
    let file: String
    let options: ImportOptions
    var rows: DelimitedRows
    var columns: ColumnIndexes?
    var assembler: StrokeAssembler
    var problems: ImportProblems
    /// The file's own intent (`labels.intent.fileName`), found once.
    let fileIntent: Intent??
    let stem: String
    /// The user id found in the file's path (``ImportMapping/userFromPath``).
    let pathUser: String?
    var deviceFacts: [String: DeviceFacts] = [:]
    var previousRow: [UInt8] = []
    var currentKey: [[UInt8]] = []
    var lastTime: Micros?
    var sessionCount = 0

    init(mapping: ImportMapping, devices: DeviceTable, file: String, options: ImportOptions) throws {
        self.mapping = mapping
        self.devices = devices
        self.file = file
        self.options = options
        rows = DelimitedRows(layout: mapping.csv, file: file)
        assembler = StrokeAssembler(mapping: mapping, file: file, strict: options.strictSequence)
        problems = ImportProblems(options: options)
        stem = importedSessionID(fileName: file)
        if case .fileName(let rules) = mapping.intent {
            let base = (file as NSString).lastPathComponent
            guard let rule = rules.first(where: { base.hasPrefix($0.prefix) }) else {
                throw TraceError(
                    SourceLocation(file: file, line: 0),
                    "the file's name starts with none of \(rules.map { "\"\($0.prefix)\"" }.joined(separator: ", "))",
                    field: "labels.intent.fileName")
            }
            fileIntent = .some(rule.intent)
        } else {
            fileIntent = nil
        }
        pathUser = try Self.user(inPath: file, mapping)
        if !mapping.csv.header { columns = try Self.indexes(mapping, rows) }
    }

    static func user(inPath file: String, _ mapping: ImportMapping) throws(TraceError) -> String? {
        guard let pattern = mapping.userFromPath, let expression = try? NSRegularExpression(pattern: pattern) else { return nil }
        let range = NSRange(file.startIndex..., in: file)
        guard let match = expression.firstMatch(in: file, range: range) else {
            throw TraceError(
                SourceLocation(file: file, line: 0), "the path does not match \"\(pattern)\"", field: "session.userFromPath")
        }
        let group = match.numberOfRanges > 1 ? match.range(at: 1) : match.range
        guard let found = Range(group, in: file) else { return nil }
        return String(file[found])
    }

    mutating func consume(_ line: UnsafeBufferPointer<UInt8>, _ number: Int, emit: (TraceEvent) throws -> Void) throws {
        guard try rows.feed(line, number) else { return }
        if columns == nil { columns = try Self.indexes(mapping, rows) }
        let location = SourceLocation(file: file, line: rows.rowLine)
        // A duplicate is the same row again, byte for byte.
        if !previousRow.isEmpty, line.elementsEqual(previousRow) {
            try assembler.stray(.duplicate, at: location, field: nil)
            return
        }
        previousRow.removeAll(keepingCapacity: true)
        previousRow.append(contentsOf: line)
        do {
            try row(location, emit: emit)
        } catch let error as TraceError {
            try problems.handle(error)
        }
    }

    mutating func finish(lastLine: Int, emit: (TraceEvent) throws -> Void) throws -> ImportSummary {
        try rows.finish()
        if columns == nil && mapping.csv.header {
            guard rows.headerLine > 0 else {
                throw TraceError(
                    SourceLocation(file: file, line: max(lastLine, 1)), "the file is empty: no header row", field: "csv.header")
            }
            // The mapping's columns are checked all the same, then: nothing to read.
            columns = try Self.indexes(mapping, rows)
            throw TraceError(
                SourceLocation(file: file, line: rows.headerLine), "a header row and no rows after it", field: "csv.header")
        }
        try assembler.closeSession(at: SourceLocation(file: file, line: lastLine), reason: "the end of the file", emit: emit)
        var summary = assembler.finalSummary
        problems.fill(&summary)
        return summary
    }

    // MARK: - One row

    private mutating func row(_ location: SourceLocation, emit: (TraceEvent) throws -> Void) throws {
        let c = columns!
        let parser = rows.parser
        guard parser.count > c.highest else {
            throw TraceError(
                location, "the row has \(parser.count) fields; the mapping reads field \(c.highest + 1)",
                field: "csv.delimiter")
        }
        let time = try absoluteTime(c.time, mapping.time, location)
        // A change of a session key, or a pause, starts a session.
        var newSession = !assembler.hasSession || c.keys.count != currentKey.count
        if !newSession {
            for (k, index) in c.keys.enumerated() where !parser.cell(index).elementsEqual(currentKey[k]) {
                newSession = true
                break
            }
        }
        if !newSession, let pause = mapping.pause, let lastTime, time - lastTime > pause { newSession = true }
        if newSession {
            try assembler.closeSession(at: location, reason: "the next session", emit: emit)
            try openSession(c, time: time, location)
        } else if let lastTime, time < lastTime {
            throw TraceError(
                location, "time goes backwards: \(Double(time - lastTime) / 1000) ms after the row before",
                field: mapping.time.description)
        }
        lastTime = time

        let rawAction = try integer(c.action, mapping.action, location)
        let code = mapping.pointerIndexBits ? rawAction & 0xff : rawAction
        guard let action = mapping.actionCodes[code] else {
            let known = mapping.actionCodes.keys.sorted().map(String.init).joined(separator: ", ")
            throw TraceError(
                location, "action code \(code) is not in the code table (\(known))", field: mapping.action.description)
        }
        if action == .ignore || action == .outside { return }
        var pointer: StrokeAssembler.PointerRef = .single
        if let index = c.pointer {
            let id = try integer(index, mapping.pointer!, location)
            guard id >= 0, id <= Int(Int32.max) else {
                throw TraceError(location, "must be a pointer id ≥ 0", field: mapping.pointer!.description)
            }
            pointer = .id(Int32(id))
        } else if mapping.pointerIndexBits {
            pointer = .index((rawAction >> 8) & 0xff)
        }
        let facts = assembler.units
        let x = try number(c.x, mapping.x, location) * facts
        let y = try number(c.y, mapping.y, location) * facts
        let intent: Intent?? =
            (action == .down || action == .pointerDown) ? try strokeIntent(c, location) : nil
        try assembler.event(
            action, pointer: pointer, t: time - assembler.origin, x: x, y: y, intent: intent, at: location,
            actionField: mapping.action.description, emit: emit)
    }

    /// The intent of a stroke starting on this row.
    private func strokeIntent(_ c: ColumnIndexes, _ location: SourceLocation) throws(TraceError) -> Intent? {
        switch mapping.intent {
        case .constant(let intent): return intent
        case .fileName: return fileIntent ?? nil
        case .column(let column, let table):
            let value = rows.parser.string(c.intent!)
            guard let intent = table[value] else {
                throw TraceError(
                    location, "value \"\(value)\" is not in labels.intent.values of \(mapping.path)", field: column.description)
            }
            return intent
        }
    }

    // MARK: - Sessions

    private mutating func openSession(_ c: ColumnIndexes, time: Micros, _ location: SourceLocation) throws {
        let parser = rows.parser
        currentKey = c.keys.map { Array(parser.cell($0)) }
        sessionCount += 1
        let device = c.roles[.device].map { parser.string($0) }
        let facts = try deviceFacts(device, c, location)
        var screen = facts.screen.map { (width: $0.width * facts.pointsPerUnit, height: $0.height * facts.pointsPerUnit) }
        if screen == nil, let given = options.screen { screen = (given.width, given.height) }
        guard var screen else {
            throw TraceError(
                SourceLocation(file: mapping.path, line: 0),
                "no screen size for \(file): give screen in the mapping, or --screen WIDTHxHEIGHT in points", field: "screen")
        }
        var keys: [String: String] = [:]
        for role in mapping.sessionKeys { keys[role.rawValue] = c.roles[role].map { parser.string($0) } }
        if let orientation = c.roles[.orientation].map({ parser.string($0) }), !mapping.landscape.isEmpty {
            let (short, long) = (min(screen.width, screen.height), max(screen.width, screen.height))
            screen = mapping.landscape.contains(orientation) ? (long, short) : (short, long)
        }
        var startedAt: String?
        if mapping.clock == .epoch {
            startedAt = Self.iso(time)
        } else if let wallclock = c.wallclock {
            startedAt = Self.iso(try absoluteTime(wallclock, mapping.wallclock!, location))
        }
        let keyText = mapping.sessionKeys.compactMap { role in keys[role.rawValue].map { "\(role.rawValue)\($0)" } }
        let id = ([mapping.study, stem] + keyText + [String(sessionCount)]).joined(separator: "-")
        let user = (c.roles[.user].map { parser.string($0) } ?? pathUser).map { "\(mapping.study)-\($0)" }
        let meta = MappedSessionMeta(
            source: "mapped", study: mapping.study, mapping: (mapping.path as NSString).lastPathComponent, keys: keys)
        let header = SessionHeader(
            id: id,
            device: Device(
                platform: .android, model: device.map { "\(mapping.study) device \($0)" }, screenWidth: screen.width,
                screenHeight: screen.height, scale: facts.scale, ppi: facts.ppi),
            user: user, scene: mapping.scene, startedAt: startedAt, metaJSON: try meta.json())
        assembler.open(header, origin: time, units: facts.pointsPerUnit, at: location)
    }

    private mutating func deviceFacts(_ device: String?, _ c: ColumnIndexes, _ location: SourceLocation) throws -> DeviceFacts {
        if let device, let known = deviceFacts[device] {
            if case .column = mapping.screen { return withRowScreen(known, c, location) }
            return known
        }
        let deviceField = mapping.roles[.device]?.description ?? "device"
        func value(_ source: ImportMapping.DeviceValue?, _ key: String) throws(TraceError) -> Double? {
            switch source {
            case nil: return nil
            case .constant(let v): return v
            case .table(let table):
                guard let device, let v = table[device] else {
                    throw TraceError(
                        location, "device \(device ?? "") has no value in \(key).values of \(mapping.path)", field: deviceField)
                }
                return v
            case .devices(_, let table, let divideBy):
                let (text, cellLocation) = try devices.cell(
                    device: device ?? "", key: key + ".devices", at: location, field: deviceField)
                if let table {
                    guard let v = table[text] else {
                        throw TraceError(
                            cellLocation, "\"\(text)\" is not in \(key).values of \(mapping.path)", field: key + ".devices")
                    }
                    return v / divideBy
                }
                guard let v = Double(text), v.isFinite, v > 0 else {
                    throw TraceError(cellLocation, "must be a number > 0, not \"\(text)\"", field: key + ".devices")
                }
                return v / divideBy
            }
        }
        let scale: Double
        let pointsPerUnit: Double
        switch mapping.coordinateUnit {
        case .pixels:
            scale = try value(mapping.scale, "coordinates.scale") ?? 1
            pointsPerUnit = 1 / scale
        case .points:
            scale = 1
            pointsPerUnit = 1
        case .millimetres:
            scale = 1
            pointsPerUnit = 160 / 25.4
        }
        var facts = DeviceFacts(
            pointsPerUnit: pointsPerUnit, scale: scale,
            ppi: try value(mapping.ppi, "coordinates.ppi")
                ?? (mapping.coordinateUnit == .millimetres ? 160 : nil))
        switch mapping.screen {
        case .constant(let width, let height): facts.screen = (width, height)
        case .devices:
            let (text, cellLocation) = try devices.cell(
                device: device ?? "", key: "screen.devices", at: location, field: deviceField)
            guard let size = Self.size(text) else {
                throw TraceError(cellLocation, "a screen size is WIDTHxHEIGHT, not \"\(text)\"", field: "screen.devices")
            }
            facts.screen = size
        case .column, nil: break
        }
        if let device { deviceFacts[device] = facts }
        if case .column = mapping.screen { return withRowScreen(facts, c, location) }
        return facts
    }

    private func withRowScreen(_ facts: DeviceFacts, _ c: ColumnIndexes, _ location: SourceLocation) -> DeviceFacts {
        var facts = facts
        facts.screen = c.screen.flatMap { Self.size(rows.parser.string($0)) }
        return facts
    }

    // MARK: - Cells

    private func number(_ index: Int, _ column: ImportMapping.Column, _ location: SourceLocation) throws(TraceError) -> Double {
        let cell = rows.parser.cell(index)
        guard !cell.isEmpty else { throw TraceError(location, "missing value", field: column.description) }
        let value = cell.withUnsafeBufferPointer { JSONNumber.parse($0) }
        guard let value, value.isFinite else {
            throw TraceError(
                location, "must be a number, not \"\(String(decoding: cell, as: UTF8.self))\"", field: column.description)
        }
        return value
    }

    private func integer(_ index: Int, _ column: ImportMapping.Column, _ location: SourceLocation) throws(TraceError) -> Int {
        let value = try number(index, column, location)
        guard value.rounded() == value, abs(value) <= Double(Int32.max) else {
            throw TraceError(location, "must be an integer", field: column.description)
        }
        return Int(value)
    }

    private func absoluteTime(_ index: Int, _ column: ImportMapping.Column, _ location: SourceLocation) throws(TraceError)
        -> Micros
    {
        let value = try number(index, column, location)
        let micros: Micros? =
            switch mapping.timeUnit {
            case .s: Micros(seconds: value)
            case .ms: Micros(milliseconds: value)
            case .us: Micros(milliseconds: value / 1_000)
            case .ns: Micros(milliseconds: value / 1_000_000)
            }
        guard value >= 0 else { throw TraceError(location, "must be a time ≥ 0", field: column.description) }
        guard let micros else {
            throw TraceError(location, "out of range (a time within 73 000 years)", field: column.description)
        }
        return micros
    }

    static func size(_ text: String) -> (width: Double, height: Double)? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0].trimmingCharacters(in: .whitespaces)),
            let h = Double(parts[1].trimmingCharacters(in: .whitespaces)), w > 0, h > 0, w.isFinite, h.isFinite
        else { return nil }
        return (w, h)
    }

    static func iso(_ time: Micros) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: time.seconds))
    }

    /// Resolves the mapping's columns against the header (or positions).
    static func indexes(_ mapping: ImportMapping, _ rows: DelimitedRows) throws(TraceError) -> ColumnIndexes {
        func index(_ column: ImportMapping.Column, _ key: String) throws(TraceError) -> Int {
            try rows.index(of: column, key: key, mapping: mapping)
        }
        var c = ColumnIndexes()
        c.time = try index(mapping.time, "columns.time")
        c.action = try index(mapping.action, "columns.action")
        c.x = try index(mapping.x, "columns.x")
        c.y = try index(mapping.y, "columns.y")
        c.wallclock = try mapping.wallclock.map { (col) throws(TraceError) -> Int in try index(col, "columns.wallclock") }
        c.pointer = try mapping.pointer.map { (col) throws(TraceError) -> Int in try index(col, "columns.pointer") }
        if case .column(let col) = mapping.screen { c.screen = try index(col, "columns.screen") }
        if case .column(let col, _) = mapping.intent { c.intent = try index(col, "labels.intent.column") }
        for (role, col) in mapping.roles { c.roles[role] = try index(col, "columns." + role.rawValue) }
        c.keys = mapping.sessionKeys.compactMap { c.roles[$0] }
        c.highest =
            ([c.time, c.action, c.x, c.y] + [c.wallclock, c.pointer, c.screen, c.intent].compactMap { $0 }
            + Array(c.roles.values)).max() ?? 0
        return c
    }
}

/// What a mapped session keeps besides touches and labels: where it came
/// from and its key values (no personal data: the mapping names no such
/// column).
private struct MappedSessionMeta: Encodable {
    var source: String
    var study: String
    var mapping: String
    var keys: [String: String]

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
