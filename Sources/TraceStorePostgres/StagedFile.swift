import Foundation
import TraceImport
import TraceModel
import TraceStoreInterface

// MARK: - One file's rows, ready for COPY

/// A file's sessions as COPY text (PostgreSQL's text format: tab between
/// fields, `\N` for NULL), built from the importer's events in order: the
/// sessions' rows for their staging table (each with its place in the file,
/// `ord`), and each session's strokes, samples and labels, each row with
/// its place in the session (`seq`) but without the session's id, which
/// the store gives it only when it is inserted (`KeyedRows`).
///
/// Checks what the SQLite store's inserter checks: a sample outside a
/// session, a pointer that moves before it began or never ends, and a
/// session id repeated in the file with other content.
struct StagedFile: Sendable {
    struct SessionRow: Sendable {
        var ord: Int
        var name: String
        var line: Int
        var hash: String
        var touches: Int
        var motion: Int
        var strokes: Int
        var labels: Int
        /// Repeated in this file with the same content: skipped.
        var repeated: Bool
        /// Its rows for each table, every line lacking its first column
        /// (the session's id); empty for a repeated session.
        var strokeRows = ""
        var touchRows = ""
        var motionRows = ""
        var labelRows = ""
    }

    var sessions: [SessionRow] = []
    var sessionText = ""
    var summary = ImportSummary()
}

/// The rows of the sessions an import stored, each line given its
/// session's id as its first column: what is COPYed into the tables.
struct KeyedRows {
    var strokes: [UInt8] = []
    var touches: [UInt8] = []
    var motion: [UInt8] = []
    var labels: [UInt8] = []

    mutating func add(_ session: StagedFile.SessionRow, id: Int64) {
        let key = Array("\(id)\t".utf8)
        Self.append(session.strokeRows, key, to: &strokes)
        Self.append(session.touchRows, key, to: &touches)
        Self.append(session.motionRows, key, to: &motion)
        Self.append(session.labelRows, key, to: &labels)
    }

    /// `rows` with `key` before each line.
    private static func append(_ rows: String, _ key: [UInt8], to buffer: inout [UInt8]) {
        var lineStarts = true
        for byte in rows.utf8 {
            if lineStarts { buffer.append(contentsOf: key) }
            buffer.append(byte)
            lineStarts = byte == UInt8(ascii: "\n")
        }
    }
}

/// Builds a `StagedFile` from the importer's events.
struct FileStager {
    let fileName: String
    private(set) var staged = StagedFile()
    private var open: OpenSession?
    private var seen: [String: String] = [:] // name → content hash, this file
    private var events = 0

    private struct OpenStroke {
        var seq: Int
        var began: Micros
        var count: Int
    }

    private struct OpenSession {
        var ord: Int
        var header: SessionHeader
        var hasher: SessionContentHasher
        var strokes = ""
        var touches = ""
        var motion = ""
        var labels = ""
        var touchCount = 0
        var motionCount = 0
        var strokeSeq = 0
        var strokeCount = 0
        var labelCount = 0
        var openStrokes: [Int32: OpenStroke] = [:]
    }

    init(fileName: String) { self.fileName = fileName }

    /// Reads `path` with the importer (on a worker thread, as the SQLite
    /// store does) and stages every event.
    static func stage(
        path: String, name: String, importerType: any TraceImporter.Type, options: ImportOptions,
        estimatedTotal: Int, progress: IngestProgress?
    ) throws -> StagedFile {
        var stager = FileStager(fileName: name)
        var summary = try IngestInput.pipe(path: path, importerType: importerType, options: options, renaming: name) { batch in
            for event in batch { try stager.add(event) }
            progress?(stager.events, estimatedTotal)
        }
        try stager.closeSession()
        try summary.requireSamples(file: name)
        summary = IngestInput.renaming(summary, path: path, to: name)
        var staged = stager.staged
        staged.summary = summary
        return staged
    }

    mutating func add(_ event: TraceEvent) throws {
        events += 1
        switch event {
        case .session(let header):
            try closeSession()
            open = OpenSession(ord: staged.sessions.count, header: header, hasher: SessionContentHasher(header: header))
        case .touch(let touch): try add(touch)
        case .motion(let sample):
            guard open != nil else { throw StoreError("\(fileName): a motion sample outside a session") }
            open!.hasher.add(sample)
            Row.append(
                &open!.motion,
                [
                    "\(open!.motionCount)", "\(sample.t)", Row.number(sample.ax), Row.number(sample.ay),
                    Row.number(sample.az), Row.number(sample.rx), Row.number(sample.ry), Row.number(sample.rz)
                ])
            open!.motionCount += 1
        case .label(let label):
            guard open != nil else { throw StoreError("\(fileName): a label outside a session") }
            open!.hasher.add(label)
            Row.append(
                &open!.labels,
                [
                    "\(open!.labelCount)", "\(label.start)", "\(label.end)", Row.text(label.intent.rawValue),
                    Row.text(label.direction?.rawValue), label.fingers.map { "\($0)" } ?? Row.null, Row.text(label.target),
                    Row.text(label.note)
                ])
            open!.labelCount += 1
        }
    }

    private mutating func add(_ touch: TouchSample) throws {
        guard open != nil else { throw StoreError("\(fileName): a touch sample outside a session") }
        open!.hasher.add(touch)
        let stroke: Int
        if touch.phase == .began {
            stroke = open!.strokeSeq
            open!.strokeSeq += 1
            open!.openStrokes[touch.pointer] = OpenStroke(seq: stroke, began: touch.t, count: 1)
        } else if var current = open!.openStrokes[touch.pointer] {
            stroke = current.seq
            current.count += 1
            if touch.phase.isTerminal {
                open!.openStrokes[touch.pointer] = nil
                Row.append(
                    &open!.strokes,
                    [
                        "\(current.seq)", "\(touch.pointer)", "\(current.began)", "\(touch.t)",
                        "\(current.count)", "\(touch.phase.rawValue)"
                    ])
                open!.strokeCount += 1
            } else {
                open!.openStrokes[touch.pointer] = current
            }
        } else {
            throw StoreError(
                "\(fileName): pointer \(touch.pointer) is \(touch.phase.name) but has not begun (session \(open!.header.id))")
        }
        Row.append(
            &open!.touches,
            [
                "\(open!.touchCount)", "\(stroke)", "\(touch.t)", "\(touch.phase.rawValue)",
                Row.number(touch.x), Row.number(touch.y), Row.number(touch.force), Row.number(touch.radius)
            ])
        open!.touchCount += 1
    }

    mutating func closeSession() throws {
        guard var current = open else { return }
        open = nil
        if let pointer = current.openStrokes.keys.min() {
            throw StoreError("\(fileName): pointer \(pointer) never ended in session \(current.header.id)")
        }
        let hash = current.hasher.finalize()
        let header = current.header
        var row = StagedFile.SessionRow(
            ord: current.ord, name: header.id, line: header.line, hash: hash, touches: current.touchCount,
            motion: current.motionCount, strokes: current.strokeCount, labels: current.labelCount, repeated: false)
        if let earlier = seen[header.id] {
            guard earlier == hash else { throw DuplicateSessionError(file: fileName, line: header.line, session: header.id) }
            row.repeated = true
            staged.sessions.append(row)
            return
        }
        seen[header.id] = hash
        (row.strokeRows, row.touchRows, row.motionRows, row.labelRows) = (
            current.strokes, current.touches, current.motion, current.labels
        )
        staged.sessions.append(row)
        let device = header.device
        Row.append(
            &staged.sessionText,
            [
                "\(current.ord)", Row.text(header.id), Row.text(device.storeKey), Row.text(device.platform.rawValue),
                Row.text(device.model), Row.number(device.screenWidth), Row.number(device.screenHeight),
                Row.number(device.scale), Row.number(device.ppi), Row.number(device.sampleRateHz), Row.text(header.user),
                Row.text(header.scene), Row.text(header.startedAt), Row.text(header.metaJSON), Row.text(hash),
                "\(current.touchCount)", "\(current.motionCount)", "\(current.strokeCount)", "\(current.labelCount)"
            ])
    }
}

// MARK: - COPY's text format

enum Row {
    static let null = "\\N"

    static func append(_ buffer: inout String, _ fields: [String]) {
        var first = true
        for field in fields {
            if !first { buffer += "\t" }
            buffer += field
            first = false
        }
        buffer += "\n"
    }

    /// A Double exactly: Swift prints the shortest text that reads back as
    /// the same bits, and PostgreSQL's float8 input reads it so.
    static func number(_ value: Double?) -> String {
        guard let value else { return null }
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "Infinity" : "-Infinity" }
        return "\(value)"
    }

    static func text(_ value: String?) -> String {
        guard let value else { return null }
        guard value.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return value }
        var escaped = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
