import Foundation
import GRDB
import TraceImport
import TraceModel
import TraceStoreInterface

// MARK: - Importing files

extension TraceStore {
    /// Imports one file in one transaction: all of it or nothing.
    ///
    /// ```swift
    /// switch try await store.ingest(path: "a.jsonl") {
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
    ///   `DuplicateSessionError`, or `StoreError`; the store is unchanged.
    package func ingest(
        path: String, displayName: String?, format: InputFormat, options: ImportOptions, progress: IngestProgress?
    ) async throws -> IngestOutcome {
        try requireWritable()
        let progress = progress.map { Unchecked(value: $0) }
        return try await BlockingWork.run {
            try self.importFile(path: path, displayName: displayName, format: format, options: options, progress: progress?.value)
        }
    }

    /// ``ingest(path:displayName:format:options:progress:)`` on the thread it runs on.
    private func importFile(
        path: String, displayName: String?, format: InputFormat, options: ImportOptions, progress: IngestProgress?
    ) throws -> IngestOutcome {
        let name = displayName ?? path
        let started = Date()
        let (size, importerType, estimatedTotal) = try IngestInput.inspect(path: path, displayName: displayName, format: format)

        // The file's SHA-256 is computed beside the import (a second core);
        // only when a stored import has the same size must we wait for it first.
        nonisolated(unsafe) var digest: Result<String, any Error> = .success("")
        let hashing = Worker { digest = Result { try IngestInput.sha256(path: path, name: name) } }
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

    /// The import transaction of ``ingest(path:displayName:format:options:progress:)``.
    private func insert(
        path: String, name: String, size: Int, importerType: any TraceImporter.Type, options: ImportOptions,
        started: Date, estimatedTotal: Int, fileDigest: () throws -> String, progress: IngestProgress?
    ) throws -> IngestOutcome {
        try pool.writeWithoutTransaction { db -> IngestOutcome in
            var outcome: IngestOutcome?
            try db.inTransaction(.immediate) {
                func previousImport(_ sha: String) throws -> Row? {
                    try Row.fetchOne(db, sql: "SELECT file_name, imported_at FROM imports WHERE sha256 = ?", arguments: [sha])
                }
                let sameSize =
                    try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM imports WHERE file_size = ?)", arguments: [size])
                    ?? false
                if sameSize, let row = try previousImport(try fileDigest()) {
                    outcome = .alreadyImported(fileName: row[0], importedAt: row[1])
                    return .rollback
                }
                try db.execute(
                    sql: "INSERT INTO imports(file_name, sha256, file_size, format, imported_at) VALUES (?,?,?,?,?)",
                    arguments: [
                        name, "pending:\(UUID().uuidString)", size, importerType.format.rawValue,
                        ISO8601DateFormatter().string(from: started)
                    ])
                let importID = db.lastInsertedRowID
                var inserter = try BulkInserter(db: db, importID: importID, fileName: name)
                var summary = try IngestInput.pipe(
                    path: path, importerType: importerType, options: options, renaming: name
                ) { batch in
                    for event in batch { try inserter.add(event) }
                    if let progress { progress(inserter.touches + inserter.motion + inserter.labels, estimatedTotal) }
                }
                try inserter.finish()
                try summary.requireSamples(file: name) // throwing rolls the import back
                summary = IngestInput.renaming(summary, path: path, to: name)
                let sha256 = try fileDigest()
                if let row = try previousImport(sha256) { // only if another writer raced us
                    outcome = .alreadyImported(fileName: row[0], importedAt: row[1])
                    return .rollback
                }
                let seconds = Date().timeIntervalSince(started)
                try db.execute(
                    sql: """
                        UPDATE imports SET sha256 = ?, sessions = ?, touches = ?, motion = ?, labels = ?, skipped_lines = ?,
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
}
