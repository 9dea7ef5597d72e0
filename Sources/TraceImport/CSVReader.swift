import Foundation
import TraceModel

// MARK: - The CSV reader

/// Reads touch traces from CSV (RFC 4180), for spreadsheet exports.
///
/// The first non-blank row is the header; it must name the columns
/// `session,t,id,phase,x,y,force,radius` (any order; other columns are
/// ignored). Every other row is one touch sample, except rows whose first
/// cell starts with `#`:
///
/// ```
/// session,t,id,phase,x,y,force,radius
/// #session,"{""id"":""s1"",""device"":{""platform"":""ios"",""screen"":{""width"":393,""height"":852}}}"
/// s1,0.000,1,began,300,410,,21.5
/// s1,0.024,1,ended,280,412.5,,
/// #label,s1,0.0,0.024,swipe-actions,left,,note-row,"a ""quoted"" note"
/// #motion,s1,0.010,0.1,-2.3,0.4,,,
/// ```
///
/// - `#session,JSON`: the session object of the canonical format (its
///   `type` and `format` may be left out).
/// - `#label,session,start,end,intent,direction,fingers,target,note`
/// - `#motion,session,t,ax,ay,az,rx,ry,rz`
///
/// A session's rows are contiguous. Without a `#session` row, a new value
/// in the `session` column opens a session on an `other` device whose
/// screen `--screen WxH` gives. Numbers are written as in JSON; empty
/// optional cells are absent values.
public enum CSVReader: TraceImporter {
    public static let format = InputFormat.csv

    /// A `.csv` name, or a first line that is the header.
    public static func recognizes(prefix: [UInt8], fileName: String) -> Bool {
        if fileName.lowercased().hasSuffix(".csv") { return true }
        let firstLine = prefix.prefix { $0 != 0x0A && $0 != 0x0D }
        let header = String(decoding: firstLine, as: UTF8.self)
            .trimmingCharacters(in: [" ", "\r", "\t"]).split(separator: ",").map { $0.lowercased() }
        return Set(requiredColumns).isSubset(of: header)
    }

    static let requiredColumns = ["session", "t", "id", "phase", "x", "y", "force", "radius"]

    public static func read(
        _ input: TraceInput, options: ImportOptions, emit: (TraceEvent) throws -> Void
    ) throws -> ImportSummary {
        var state = CSVState(file: input.name, options: options)
        let lastLine = try input.forEachLine { line, number in
            try state.consume(line, number, emit: emit)
        }
        try state.finish(lastLine: lastLine, emit: emit)
        return state.checker.summary
    }
}

// MARK: - Reading state

private struct CSVState {
    let file: String
    let options: ImportOptions
    var checker: CanonicalStreamChecker
    var parser = CSVRowParser()
    var sessionDecoder = CanonicalLineDecoder(requireFormatTag: false)
    /// Column index of each required column, once the header is read.
    var columns: [Int]?
    /// The line a multi-line row started on (errors report it).
    var rowStartLine = 0
    var currentSession: String?
    /// Sessions already closed: their rows must not come back.
    var closedSessions: Set<String> = []

    init(file: String, options: ImportOptions) {
        self.file = file
        self.options = options
        checker = CanonicalStreamChecker(options: options)
    }

    mutating func consume(_ line: UnsafeBufferPointer<UInt8>, _ number: Int, emit: (TraceEvent) throws -> Void) throws {
        if !parser.isContinuing {
            if CanonicalLineDecoder.isBlank(line) { return }
            rowStartLine = number
        }
        let location = SourceLocation(file: file, line: rowStartLine)
        do {
            guard try parser.feed(line) == .row else { return }
        } catch {
            return try checker.rejectLine(TraceError(location, error.description, field: "csv"), isSessionLine: false, emit: emit)
        }
        guard let columns else {
            try readHeader(location)
            return
        }
        let first = parser.cell(0)
        if first.first == UInt8(ascii: "#") {
            try specialRow(String(decoding: first, as: UTF8.self), location, emit: emit)
            return
        }
        do {
            let session = parser.string(columns[0])
            try switchSession(to: session, location, emit: emit)
            let touch = try touchSample(columns, location)
            try checker.accept(.touch(touch), at: location, emit: emit)
        } catch let error as TraceError {
            try checker.rejectLine(error, isSessionLine: false, emit: emit)
        }
    }

    mutating func finish(lastLine: Int, emit: (TraceEvent) throws -> Void) throws {
        if parser.isContinuing {
            let error = TraceError(
                SourceLocation(file: file, line: rowStartLine), "malformed CSV: unterminated quoted cell", field: "csv")
            try checker.rejectLine(error, isSessionLine: false, emit: emit)
        }
        try checker.finish(at: SourceLocation(file: file, line: lastLine), emit: emit)
    }

    // MARK: - Rows

    private mutating func readHeader(_ location: SourceLocation) throws {
        let names = (0..<parser.count).map { parser.string($0).trimmingCharacters(in: [" "]).lowercased() }
        var indexes: [Int] = []
        for column in CSVReader.requiredColumns {
            guard let index = names.firstIndex(of: column) else {
                // Without a header nothing else can be read: fatal even when skipping.
                throw TraceError(
                    location,
                    "the header must name the columns \(CSVReader.requiredColumns.joined(separator: ",")); missing",
                    field: column)
            }
            indexes.append(index)
        }
        columns = indexes
    }

    private mutating func specialRow(_ kind: String, _ location: SourceLocation, emit: (TraceEvent) throws -> Void) throws {
        do {
            switch kind {
            case "#session":
                let json = Array(parser.cell(1))
                let header = try json.withUnsafeBufferPointer {
                    (b: UnsafeBufferPointer<UInt8>) throws(TraceError) -> SessionHeader in
                    try sessionDecoder.decodeSessionObject(b, at: location)
                }
                try openSession(header, location, emit: emit)
            case "#label":
                try switchSession(to: parser.string(1), location, emit: emit)
                try checker.accept(.label(try label(location)), at: location, emit: emit)
            case "#motion":
                try switchSession(to: parser.string(1), location, emit: emit)
                try checker.accept(.motion(try motion(location)), at: location, emit: emit)
            default:
                throw TraceError(
                    location, "unknown row kind \"\(kind)\" (expected #session, #label or #motion)", field: "session")
            }
        } catch let error as TraceError {
            try checker.rejectLine(error, isSessionLine: kind == "#session", emit: emit)
        }
    }

    private mutating func openSession(_ header: SessionHeader, _ location: SourceLocation, emit: (TraceEvent) throws -> Void)
        throws
    {
        if header.id == currentSession || closedSessions.contains(header.id) {
            throw TraceError(location, "session \"\(header.id)\" appears twice", field: "id")
        }
        if let currentSession { closedSessions.insert(currentSession) }
        currentSession = header.id
        try checker.accept(.session(header), at: location, emit: emit)
    }

    /// Makes `id` the current session, opening it implicitly (with
    /// `--screen`) when no `#session` row declared it.
    private mutating func switchSession(to id: String, _ location: SourceLocation, emit: (TraceEvent) throws -> Void) throws {
        if id == currentSession && checker.hasOpenSession { return }
        guard !id.isEmpty else { throw TraceError(location, "missing required field", field: "session") }
        if closedSessions.contains(id) || id == currentSession {
            throw TraceError(location, "rows of session \"\(id)\" must be contiguous", field: "session")
        }
        guard let screen = options.screen else {
            throw TraceError(
                location, "session \"\(id)\" has no #session row (add one, or pass --screen WxH)", field: "session")
        }
        let device = Device(platform: .other, screenWidth: screen.width, screenHeight: screen.height)
        try openSession(SessionHeader(id: id, device: device), location, emit: emit)
    }

    // MARK: - Cells

    private func number(_ k: Int, _ field: String, _ location: SourceLocation) throws(TraceError) -> Double? {
        let cell = parser.cell(k)
        if cell.isEmpty { return nil }
        let value = cell.withUnsafeBufferPointer { JSONNumber.parse($0) }
        guard let value else {
            throw TraceError(location, "must be a number, not \"\(String(decoding: cell, as: UTF8.self))\"", field: field)
        }
        guard value.isFinite else { throw TraceError(location, "must be a finite number", field: field) }
        return value
    }

    private func required(_ k: Int, _ field: String, _ location: SourceLocation) throws(TraceError) -> Double {
        guard let value = try number(k, field, location) else {
            throw TraceError(location, "missing required field", field: field)
        }
        return value
    }

    private func micros(_ seconds: Double, _ field: String, _ location: SourceLocation) throws(TraceError) -> Micros {
        guard let us = Micros(seconds: seconds) else { throw TraceError(location, "must be a finite number", field: field) }
        return us
    }

    private func nonNegative(_ value: Double?, _ field: String, _ location: SourceLocation) throws(TraceError) -> Double? {
        if let value, value < 0 { throw TraceError(location, "must be ≥ 0", field: field) }
        return value
    }

    private func optionalString(_ k: Int) -> String? {
        let cell = parser.cell(k)
        return cell.isEmpty ? nil : String(decoding: cell, as: UTF8.self)
    }

    private func touchSample(_ c: [Int], _ location: SourceLocation) throws(TraceError) -> TouchSample {
        let t = try required(c[1], "t", location)
        guard t >= 0 else { throw TraceError(location, "must be ≥ 0", field: "t") }
        let id = try required(c[2], "id", location)
        guard id.rounded() == id, abs(id) <= Double(Int32.max) else {
            throw TraceError(location, "must be an integer", field: "id")
        }
        let phaseCell = parser.cell(c[3])
        guard !phaseCell.isEmpty else { throw TraceError(location, "missing required field", field: "phase") }
        guard let phase = TouchPhase(name: String(decoding: phaseCell, as: UTF8.self)) else {
            throw TraceError(
                location,
                "unknown phase \"\(String(decoding: phaseCell, as: UTF8.self))\" (expected began, moved, stationary, ended or cancelled)",
                field: "phase")
        }
        return TouchSample(
            t: try micros(t, "t", location), pointer: Int32(id), phase: phase,
            x: try required(c[4], "x", location), y: try required(c[5], "y", location),
            force: try nonNegative(number(c[6], "force", location), "force", location),
            radius: try nonNegative(number(c[7], "radius", location), "radius", location))
    }

    private func label(_ location: SourceLocation) throws(TraceError) -> Label {
        try CanonicalVocabulary.label(
            start: try micros(required(2, "start", location), "start", location),
            end: try micros(required(3, "end", location), "end", location),
            intent: optionalString(4), direction: optionalString(5), fingers: try number(6, "fingers", location),
            target: optionalString(7), note: optionalString(8), location)
    }

    private func motion(_ location: SourceLocation) throws(TraceError) -> MotionSample {
        let t = try required(2, "t", location)
        guard t >= 0 else { throw TraceError(location, "must be ≥ 0", field: "t") }
        return MotionSample(
            t: try micros(t, "t", location),
            ax: try required(3, "ax", location), ay: try required(4, "ay", location), az: try required(5, "az", location),
            rx: try number(6, "rx", location), ry: try number(7, "ry", location), rz: try number(8, "rz", location))
    }
}
