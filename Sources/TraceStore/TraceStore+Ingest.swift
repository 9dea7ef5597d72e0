import Crypto
import Foundation
import GRDB
import TraceImport
import TraceModel

// MARK: - Importing files

/// What one `ingest` of a file did.
public enum IngestOutcome: Sendable {
    /// The file was imported (possibly with some sessions already present).
    case imported(IngestReport)
    /// A file with the same SHA-256 was imported before: nothing was done.
    case alreadyImported(fileName: String, importedAt: String)
}

/// The counts of one imported file.
public struct IngestReport: Sendable, Codable, Hashable {
    public var fileName: String
    public var sha256: String
    public var format: String
    /// Sessions stored by this import.
    public var sessions: Int
    /// Sessions of the file already stored with the same content (skipped).
    public var sessionsAlreadyPresent: [String]
    public var strokes: Int
    public var touches: Int
    public var motion: Int
    public var labels: Int
    /// Invalid lines skipped (`--skip-invalid` only).
    public var skippedLines: Int
    /// The first few skipped problems, `FILE:LINE: what (field)`.
    public var problems: [String]
    public var seconds: Double

    /// Touch and motion samples per second of wall time.
    public var samplesPerSecond: Double {
        seconds > 0 ? Double(touches + motion) / seconds : 0
    }
}

/// Progress of a long import: events so far, and an estimate of the total
/// (from the file size and the line length of its first bytes).
public typealias IngestProgress = (_ events: Int, _ estimatedTotal: Int) -> Void

extension TraceStore {
    /// Imports one file in one transaction: all of it or nothing.
    ///
    /// ```swift
    /// switch try store.ingest(path: "a.jsonl") {
    /// case .imported(let report): print(report.touches)
    /// case .alreadyImported(let name, _): print("already imported as \(name)")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - path: the file to read.
    ///   - displayName: the name errors and the imports table use (`-` for
    ///     standard input spooled to `path`); defaults to `path`.
    ///   - format: `.auto` detects it through ``ImporterRegistry``.
    /// - Throws: the first ``TraceError`` of the file (strict mode),
    ///   ``DuplicateSessionError``, or ``StoreError``; the store is unchanged.
    public func ingest(
        path: String, displayName: String? = nil, format: InputFormat = .auto,
        options: ImportOptions = ImportOptions(), progress: IngestProgress? = nil
    ) throws -> IngestOutcome {
        let name = displayName ?? path
        let started = Date()
        let (sha256, size, prefix) = try Self.fingerprint(path: path, name: name)
        let importerType = try ImporterRegistry.importer(
            for: format, prefix: prefix, fileName: displayName == "-" ? "" : name)
        let linesInPrefix = prefix.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        let estimatedTotal = prefix.isEmpty ? 0 : Int(Double(size) * Double(max(linesInPrefix, 1)) / Double(prefix.count))

        return try pool.writeWithoutTransaction { db -> IngestOutcome in
            var outcome: IngestOutcome?
            try db.inTransaction(.immediate) {
                if let row = try Row.fetchOne(
                    db, sql: "SELECT fileName, importedAt FROM imports WHERE sha256 = ?", arguments: [sha256])
                {
                    outcome = .alreadyImported(fileName: row[0], importedAt: row[1])
                    return .rollback
                }
                try db.execute(
                    sql: "INSERT INTO imports(fileName, sha256, format, importedAt) VALUES (?,?,?,?)",
                    arguments: [name, sha256, importerType.format.rawValue, ISO8601DateFormatter().string(from: started)])
                let importID = db.lastInsertedRowID
                let inserter = try BulkInserter(db: db, importID: importID, fileName: name)
                var importer = importerType.init(options: options)
                var events = 0
                var summary: ImportSummary
                do {
                    let input = try TraceInput(path: path)
                    summary = try importer.read(input) { event in
                        try inserter.add(event)
                        events += 1
                        if let progress, events & 0xFFFF == 0 { progress(events, estimatedTotal) }
                    }
                    try inserter.finish()
                } catch var error as TraceError {
                    error.location.file = name   // standard input is read from a spooled copy
                    throw error
                }
                for k in summary.problems.indices { summary.problems[k].location.file = name }
                let seconds = Date().timeIntervalSince(started)
                try db.execute(
                    sql: """
                        UPDATE imports SET sessions = ?, touches = ?, motion = ?, labels = ?, skippedLines = ?, seconds = ?
                        WHERE id = ?
                        """,
                    arguments: [
                        inserter.sessionsAdded, inserter.touches, inserter.motion, inserter.labels, summary.skipped,
                        seconds, importID,
                    ])
                outcome = .imported(IngestReport(
                    fileName: name, sha256: sha256, format: importerType.format.rawValue,
                    sessions: inserter.sessionsAdded, sessionsAlreadyPresent: inserter.sessionsAlreadyPresent,
                    strokes: inserter.strokes, touches: inserter.touches, motion: inserter.motion,
                    labels: inserter.labels, skippedLines: summary.skipped,
                    problems: summary.problems.map(\.description), seconds: seconds))
                return .commit
            }
            guard let outcome else { throw StoreError("\(name): the import did not finish") }
            return outcome
        }
    }

    /// SHA-256 (hex), size and first 64 KiB of a file, in one read.
    static func fingerprint(path: String, name: String) throws -> (String, Int, [UInt8]) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TraceError(SourceLocation(file: name, line: 0), "cannot open the file")
        }
        defer { try? handle.close() }
        var sha = SHA256()
        var prefix: [UInt8] = []
        var size = 0
        while true {
            let chunk: Data
            do {
                guard let data = try handle.read(upToCount: 1 << 20), !data.isEmpty else { break }
                chunk = data
            } catch {
                throw TraceError(SourceLocation(file: name, line: 0), "read failed: \(error.localizedDescription)")
            }
            if prefix.count < 65536 { prefix.append(contentsOf: chunk.prefix(65536 - prefix.count)) }
            size += chunk.count
            sha.update(data: chunk)
        }
        let hex = sha.finalize().map { byte in byte < 16 ? "0" + String(byte, radix: 16) : String(byte, radix: 16) }
        return (hex.joined(), size, prefix)
    }
}
