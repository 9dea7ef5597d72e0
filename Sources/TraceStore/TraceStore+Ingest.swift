import Digests
import Foundation
import GRDB
import TraceImport
import TraceModel

// MARK: - Importing files

/// What one `ingest` of a file did.
package enum IngestOutcome: Sendable {
    /// The file was imported (possibly with some sessions already present).
    case imported(IngestReport)
    /// A file with the same SHA-256 was imported before: nothing was done.
    case alreadyImported(fileName: String, importedAt: String)
}

/// The counts of one imported file.
package struct IngestReport: Sendable, Codable, Hashable {
    package var fileName: String
    package var sha256: String
    package var format: String
    /// Sessions stored by this import.
    package var sessions: Int
    /// Sessions of the file already stored with the same content (skipped).
    package var sessionsAlreadyPresent: [String]
    package var strokes: Int
    package var touches: Int
    package var motion: Int
    package var labels: Int
    /// Invalid lines skipped (`--skip-invalid` only).
    package var skippedLines: Int
    /// The first few skipped problems, `FILE:LINE: what (field)`.
    package var problems: [String]
    /// What the importer left out of the valid file (`ImportSummary/notes`).
    package var notes: [String]
    /// Rows of a real log skipped because they break the touch sequence
    /// (`ImportSummary/strayRows`), by reason, with the first of each.
    package var strayRows: [StrayRows] = []
    package var seconds: Double

    /// The counts of an import (any store's).
    /// - Parameters:
    ///   - fileName: the file's name as shown.
    ///   - sha256: its SHA-256.
    ///   - format: its format.
    ///   - sessions: sessions stored.
    ///   - sessionsAlreadyPresent: sessions skipped, stored before with the same content.
    ///   - strokes: strokes stored.
    ///   - touches: touch samples stored.
    ///   - motion: motion samples stored.
    ///   - labels: labels stored.
    ///   - skippedLines: invalid lines skipped.
    ///   - problems: the first skipped problems.
    ///   - notes: what the importer left out.
    ///   - strayRows: stray rows skipped.
    ///   - seconds: wall time.
    package init(
        fileName: String, sha256: String, format: String, sessions: Int, sessionsAlreadyPresent: [String], strokes: Int,
        touches: Int, motion: Int, labels: Int, skippedLines: Int, problems: [String], notes: [String],
        strayRows: [StrayRows], seconds: Double
    ) {
        self.fileName = fileName
        self.sha256 = sha256
        self.format = format
        self.sessions = sessions
        self.sessionsAlreadyPresent = sessionsAlreadyPresent
        self.strokes = strokes
        self.touches = touches
        self.motion = motion
        self.labels = labels
        self.skippedLines = skippedLines
        self.problems = problems
        self.notes = notes
        self.strayRows = strayRows
        self.seconds = seconds
    }

    /// Touch and motion samples per second of wall time.
    package var samplesPerSecond: Double {
        seconds > 0 ? Double(touches + motion) / seconds : 0
    }
}

/// Progress of a long import: events so far, and an estimate of the total
/// (from the file size and the line length of its first bytes).
package typealias IngestProgress = (_ events: Int, _ estimatedTotal: Int) -> Void

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
    ///   - format: `.auto` detects it through `ImporterRegistry`.
    ///   - options: what the importer needs beyond the file (a screen size,
    ///     a device description, whether to skip invalid lines).
    ///   - progress: told the events imported so far and the estimated total.
    /// - Throws: the first `TraceError` of the file (strict mode),
    ///   ``DuplicateSessionError``, or ``StoreError``; the store is unchanged.
    package func ingest(
        path: String, displayName: String? = nil, format: InputFormat = .auto,
        options: ImportOptions = ImportOptions(), progress: IngestProgress? = nil
    ) throws -> IngestOutcome {
        try requireWritable()
        let name = displayName ?? path
        let started = Date()
        let (size, importerType, estimatedTotal) = try Self.inspectImport(path: path, displayName: displayName, format: format)

        // The file's SHA-256 is computed beside the import (a second core);
        // only when a stored import has the same size must we wait for it first.
        nonisolated(unsafe) var digest: Result<String, any Error> = .success("")
        let hashing = Worker { digest = Result { try Self.sha256(path: path, name: name) } }
        defer { hashing.join() }
        func fileDigest() throws -> String {
            hashing.join()
            return try digest.get()
        }

        do {
            return try insert(
                path: path, name: name, size: size, importerType: importerType, options: options, started: started,
                estimatedTotal: estimatedTotal, fileDigest: fileDigest, progress: progress)
        } catch let error as DatabaseError where StoreBusyError.isBusy(error) {
            // Another process held the write lock past the wait: say which
            // input, which store, who holds it, and what to do.
            let busy = StoreBusyError(store: self.path, holder: StoreBusyError.holder(of: self.path), waited: writerWait.timeout)
            throw StoreError("\(name): not imported: \(busy)")
        } catch let error as DatabaseError {
            // A full disk, an I/O error: the transaction rolled back; say
            // which input was not stored.
            throw StoreError(
                "\(name): not stored, the store is unchanged: \(error.message ?? "\(error)") (SQLite error \(error.resultCode.rawValue))"
            )
        }
    }

    /// What is known of a file before it is read: its size, its importer
    /// and an estimate of its events (from the line length of its first
    /// bytes), for any store.
    /// - Parameters:
    ///   - path: the file to read.
    ///   - displayName: the name errors use (`-` for standard input); `nil` for `path`.
    ///   - format: `.auto` detects it through `ImporterRegistry`.
    /// - Throws: `TraceError` for a directory, a device, a pipe, an unknown format.
    package static func inspectImport(path: String, displayName: String?, format: InputFormat) throws -> (
        size: Int, importerType: any TraceImporter.Type, estimatedTotal: Int
    ) {
        let name = displayName ?? path
        // The file is read twice at once (importer and SHA-256): a device or
        // a pipe cannot be, and /dev/zero would never end.
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw TraceError(
                SourceLocation(file: name, line: 0),
                info.st_mode & S_IFMT == S_IFDIR
                    ? "it is a directory; give the files in it (for example DIR/*.jsonl)"
                    : "not a regular file (a device or a pipe); pass - to read standard input", field: "file")
        }
        let (size, prefix) = try ImporterRegistry.head(path: path, name: name)
        let importerType = try ImporterRegistry.importer(
            for: format, prefix: prefix, fileName: displayName == "-" ? "" : name)
        let linesInPrefix = prefix.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        let estimatedTotal = prefix.isEmpty ? 0 : Int(Double(size) * Double(max(linesInPrefix, 1)) / Double(prefix.count))
        return (size, importerType, estimatedTotal)
    }

    /// The summary with a spooled file's path replaced by the name the user
    /// knows (`-`), in its problems and stray rows.
    /// - Parameters:
    ///   - summary: the importer's summary.
    ///   - path: the file read.
    ///   - name: the name to show.
    package static func renaming(_ summary: ImportSummary, path: String, to name: String) -> ImportSummary {
        var summary = summary
        for k in summary.problems.indices where summary.problems[k].location.file == path {
            summary.problems[k].location.file = name
        }
        for k in summary.strayRows.indices where path != name && summary.strayRows[k].first.hasPrefix(path + ":") {
            summary.strayRows[k].first = name + summary.strayRows[k].first.dropFirst(path.count)
        }
        return summary
    }

    /// The import transaction of ``ingest(path:displayName:format:options:progress:)``.
    private func insert(
        path: String, name: String, size: Int, importerType: any TraceImporter.Type, options: ImportOptions,
        started: Date, estimatedTotal: Int, fileDigest: () throws -> String, progress: IngestProgress?
    ) throws -> IngestOutcome {
        try pool.writeWithoutTransaction { db -> IngestOutcome in
            var outcome: IngestOutcome?
            try db.inTransaction(.immediate) {
                func previousImport(_ sha: String) throws -> Row? {
                    try Row.fetchOne(db, sql: "SELECT fileName, importedAt FROM imports WHERE sha256 = ?", arguments: [sha])
                }
                let sameSize =
                    try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM imports WHERE fileSize = ?)", arguments: [size])
                    ?? false
                if sameSize, let row = try previousImport(try fileDigest()) {
                    outcome = .alreadyImported(fileName: row[0], importedAt: row[1])
                    return .rollback
                }
                try db.execute(
                    sql: "INSERT INTO imports(fileName, sha256, fileSize, format, importedAt) VALUES (?,?,?,?,?)",
                    arguments: [
                        name, "pending:\(UUID().uuidString)", size, importerType.format.rawValue,
                        ISO8601DateFormatter().string(from: started)
                    ])
                let importID = db.lastInsertedRowID
                var inserter = try BulkInserter(db: db, importID: importID, fileName: name)
                var summary = try Self.pipe(
                    path: path, importerType: importerType, options: options, renaming: name
                ) { batch in
                    for event in batch { try inserter.add(event) }
                    if let progress { progress(inserter.touches + inserter.motion + inserter.labels, estimatedTotal) }
                }
                try inserter.finish()
                try summary.requireSamples(file: name) // throwing rolls the import back
                summary = Self.renaming(summary, path: path, to: name)
                let sha256 = try fileDigest()
                if let row = try previousImport(sha256) { // only if another writer raced us
                    outcome = .alreadyImported(fileName: row[0], importedAt: row[1])
                    return .rollback
                }
                let seconds = Date().timeIntervalSince(started)
                try db.execute(
                    sql: """
                        UPDATE imports SET sha256 = ?, sessions = ?, touches = ?, motion = ?, labels = ?, skippedLines = ?,
                            seconds = ?
                        WHERE id = ?
                        """,
                    arguments: [
                        sha256, inserter.sessionsAdded, inserter.touches, inserter.motion, inserter.labels,
                        summary.skipped, seconds, importID
                    ])
                outcome = .imported(
                    IngestReport(
                        fileName: name, sha256: sha256, format: importerType.format.rawValue,
                        sessions: inserter.sessionsAdded, sessionsAlreadyPresent: inserter.sessionsAlreadyPresent,
                        strokes: inserter.strokes, touches: inserter.touches, motion: inserter.motion,
                        labels: inserter.labels, skippedLines: summary.skipped,
                        problems: summary.problems.map(\.description), notes: summary.notes, strayRows: summary.strayRows,
                        seconds: seconds))
                return .commit
            }
            guard let outcome else { throw StoreError("\(name): the import did not finish") }
            return outcome
        }
    }

    /// Reads `path` with the importer on a worker thread and hands the
    /// events, in batches and in order, to `consume` on this thread.
    package static func pipe(
        path: String, importerType: any TraceImporter.Type, options: ImportOptions, renaming name: String,
        consume: ([TraceEvent]) throws -> Void
    ) throws -> ImportSummary {
        let pipe = EventPipe()
        let reader = Unchecked(value: importerType)
        let worker = Worker {
            do {
                var batch: [TraceEvent] = []
                batch.reserveCapacity(EventPipe.batchSize)
                let summary = try reader.value.read(try TraceInput(path: path), options: options) { event in
                    batch.append(event)
                    if batch.count == EventPipe.batchSize {
                        try pipe.push(batch)
                        batch.removeAll(keepingCapacity: true)
                    }
                }
                if !batch.isEmpty { try pipe.push(batch) }
                pipe.finish(.success(summary))
            } catch {
                pipe.finish(.failure(error))
            }
        }
        defer { worker.join() }
        do {
            while let batch = pipe.next() { try consume(batch) }
            return try pipe.outcome().get()
        } catch var error as TraceError {
            pipe.cancelAndWait()
            // Standard input is read from a spooled copy; errors in another
            // file (a --device-desc description) keep that file's name.
            if error.location.file == path { error.location.file = name }
            throw error
        } catch {
            pipe.cancelAndWait()
            throw error
        }
    }

    /// SHA-256 of a file, as lowercase hex.
    package static func sha256(path: String, name: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TraceError(SourceLocation(file: name, line: 0), "cannot open the file")
        }
        defer { try? handle.close() }
        var sha = SHA256()
        while true {
            let chunk: Data
            do {
                guard let data = try handle.read(upToCount: 1 << 20), !data.isEmpty else { break }
                chunk = data
            } catch {
                throw TraceError(SourceLocation(file: name, line: 0), "read failed: \(error.localizedDescription)")
            }
            sha.update(data: chunk)
        }
        return sha.finalize().lowercaseHex
    }
}
