import Foundation
import TraceImport
import TraceModel
import TraceStoreInterface

// MARK: - Importing a file: its sessions inserted, their rows COPYed straight into the tables

extension PostgresTraceStore {
    package func ingest(
        path: String, displayName: String?, format: InputFormat, options: ImportOptions, progress: IngestProgress?
    ) async throws -> IngestOutcome {
        try requireWritable()
        let name = displayName ?? path
        let key = ReadAhead.Key(path: path, displayName: displayName, format: format, options: options)
        let file: ReadFile
        if let readAhead = readAhead.take(key) {
            file = try await readAhead.value
        } else {
            file = try await Self.read(key, progress: progress)
        }
        if let earlier = try await previousImport(file.sha256) {
            return .alreadyImported(fileName: earlier.fileName, importedAt: earlier.importedAt)
        }
        let (staged, sha256, size, importerType, started) = (file.staged, file.sha256, file.size, file.importerType, file.started)
        do {
            return try await withTransaction { connection in
                try Self.merge(
                    staged, into: connection, name: name, sha256: sha256, size: size, format: importerType.format.rawValue,
                    started: started)
            }
        } catch let error as DuplicateSessionError {
            throw error
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError("\(name): not stored, the store is unchanged: \(PostgresFailure.describe(error))")
        }
    }

    /// Reads `path` ahead of its import, where the command knows it comes
    /// next: its SHA-256 and its rows staged while the current file's rows
    /// travel to the server and are committed, so the client's half of an
    /// import (read, parse, hash, stage: a third of it) overlaps the
    /// server's. Nothing is stored; what the read finds wrong is thrown by
    /// the file's own `ingest`, as if it had been read then.
    package func prepareIngest(path: String, displayName: String?, format: InputFormat, options: ImportOptions) {
        guard access != .readOnly else { return }
        let key = ReadAhead.Key(path: path, displayName: displayName, format: format, options: options)
        readAhead.put(key, Task { try await Self.read(key, progress: nil) })
    }

    /// A file read for its import: its digest beside its staged rows.
    struct ReadFile: Sendable {
        var sha256: String
        var staged: StagedFile
        var size: Int
        var importerType: any TraceImporter.Type
        var started: Date
    }

    /// The SHA-256 and the parse run beside each other, each on a thread
    /// of its own; a file stored before is known by its digest alone.
    private static func read(_ key: ReadAhead.Key, progress: IngestProgress?) async throws -> ReadFile {
        let (path, name) = (key.path, key.name)
        let started = Date()
        let (size, importerType, estimatedTotal) = try IngestInput.inspect(
            path: path, displayName: key.displayName, format: key.format)
        let importer = Unchecked(value: importerType)
        let progress = progress.map { Unchecked(value: $0) }
        let options = key.options
        async let digest = BlockingWork.run { try IngestInput.sha256(path: path, name: name) }
        async let parsed = BlockingWork.run {
            try FileStager.stage(
                path: path, name: name, importerType: importer.value, options: options, estimatedTotal: estimatedTotal,
                progress: progress?.value)
        }
        return ReadFile(
            sha256: try await digest, staged: try await parsed, size: size, importerType: importerType, started: started)
    }

    private func previousImport(_ sha256: String) async throws -> (fileName: String, importedAt: String)? {
        try await withConnection { connection in try Self.previousImport(sha256, connection) }
    }

    private static func previousImport(_ sha256: String, _ connection: PGConnection) throws -> (
        fileName: String, importedAt: String
    )? {
        let rows = try connection.execute(ImportStatement.previousImport, [sha256])
        guard rows.count > 0, let name = rows.string(0, 0), let when = rows.string(0, 1) else { return nil }
        return (name, when)
    }

    /// The import transaction: the import row first (a concurrent import of
    /// the same file waits on its unique digest, then finds it stored); the
    /// sessions, staged with COPY and inserted in one statement, which
    /// gives each new one its id; then each table's rows COPYed straight
    /// into it, keyed by those ids. No staging copy of the samples and no
    /// merge: the rows are written once. Their references to their
    /// session are still checked, once per COPY (schema v2's statement
    /// triggers), so every row names a stored session.
    private static func merge(
        _ staged: StagedFile, into connection: PGConnection, name: String, sha256: String, size: Int, format: String,
        started: Date
    ) throws -> IngestOutcome {
        let importedAt = ISO8601DateFormatter().string(from: started)
        let inserted = try connection.execute(
            ImportStatement.insertImport, [name, sha256, String(size), format, importedAt])
        guard inserted.count > 0, let importID = inserted.int(0, 0) else {
            // Another writer stored the same file meanwhile.
            let earlier = try previousImport(sha256, connection)
            return .alreadyImported(fileName: earlier?.fileName ?? name, importedAt: earlier?.importedAt ?? importedAt)
        }
        let importKey = String(importID)
        try connection.run(script: ImportStatement.createStage)
        if !staged.sessionText.isEmpty { try connection.copy(ImportStatement.copyStage, Array(staged.sessionText.utf8)) }
        // Devices and users: shared, so inserted if missing by anyone.
        try connection.execute(ImportStatement.insertDevices)
        try connection.execute(ImportStatement.insertUsers)
        let merged = try MergedSessions(
            staged, file: name, added: try insertSessions(connection, importKey),
            storedBefore: try hashesStoredBefore(connection, importKey))
        for (sql, text) in [
            (ImportStatement.copyStrokes, merged.rows.strokes), (ImportStatement.copyTouches, merged.rows.touches),
            (ImportStatement.copyMotion, merged.rows.motion), (ImportStatement.copyLabels, merged.rows.labels)
        ] where !text.isEmpty {
            try connection.copy(sql, text)
        }
        let seconds = Date().timeIntervalSince(started)
        let summary = staged.summary
        try connection.execute(
            ImportStatement.finishImport,
            [
                String(merged.sessions), String(merged.touches), String(merged.motion), String(merged.labels),
                String(summary.skipped), Row.number(seconds), importKey
            ])
        return .imported(
            IngestReport(
                fileName: name, sha256: sha256, format: format, sessions: merged.sessions,
                sessionsAlreadyPresent: merged.present, strokes: merged.strokes, touches: merged.touches,
                motion: merged.motion, labels: merged.labels, skippedLines: summary.skipped,
                problems: summary.problems.map(\.description), notes: summary.notes, strayRows: summary.strayRows,
                seconds: seconds))
    }

    /// Inserts the staged sessions in file order; one already stored (by
    /// anyone, committed or waited for on its unique name) is left as it is.
    /// - Returns: the id of each session inserted, by name.
    private static func insertSessions(_ connection: PGConnection, _ importKey: String) throws -> [String: Int64] {
        let added = try connection.execute(ImportStatement.insertSessions, [importKey])
        var ids: [String: Int64] = [:]
        for row in 0..<added.count {
            if let session = added.string(row, 0), let id = added.int(row, 1) { ids[session] = id }
        }
        return ids
    }

    /// The content hash of each staged session another import stored, by
    /// its place in the file.
    private static func hashesStoredBefore(_ connection: PGConnection, _ importKey: String) throws -> [Int: String] {
        let existing = try connection.execute(ImportStatement.storedBefore, [importKey])
        var hashes: [Int: String] = [:]
        for row in 0..<existing.count {
            if let ord = existing.int(row, 0), let hash = existing.string(row, 1) { hashes[Int(ord)] = hash }
        }
        return hashes
    }
}

/// A file's sessions sorted into those this import stored (their rows
/// keyed by their new ids, and counted) and those already present.
private struct MergedSessions {
    var present: [String] = []
    var sessions = 0
    var strokes = 0
    var touches = 0
    var motion = 0
    var labels = 0
    var rows = KeyedRows()

    /// - Throws: `DuplicateSessionError` for a session stored before with
    ///   other content: the file is refused at that session's line.
    init(_ staged: StagedFile, file: String, added: [String: Int64], storedBefore: [Int: String]) throws {
        for session in staged.sessions {
            if session.repeated {
                present.append(session.name)
            } else if let hash = storedBefore[session.ord] {
                guard hash == session.hash else {
                    throw DuplicateSessionError(file: file, line: session.line, session: session.name)
                }
                present.append(session.name)
            } else if let id = added[session.name] {
                sessions += 1
                strokes += session.strokes
                touches += session.touches
                motion += session.motion
                labels += session.labels
                rows.add(session, id: id)
            }
        }
    }
}

/// The import transaction's SQL, one named statement per step, in the
/// order ``PostgresTraceStore`` runs them.
private enum ImportStatement {
    /// The import's row; nothing when the file (its digest) is stored.
    static let insertImport = """
        INSERT INTO imports (file_name, sha256, file_size, format, imported_at) VALUES ($1, $2, $3, $4, $5)
        ON CONFLICT (sha256) DO NOTHING RETURNING id
        """

    /// The import of a file with this digest.
    static let previousImport = "SELECT file_name, imported_at FROM imports WHERE sha256 = $1"

    /// The file's sessions, staged for the statements below (dropped at the commit).
    static let createStage = """
        CREATE TEMP TABLE stage_sessions (
            ord integer, name text, device_key text, platform text, model text, screen_width float8,
            screen_height float8, scale float8, ppi float8, sample_rate_hz float8, user_name text, scene text,
            started_at text, meta text, content_sha256 text, touch_count bigint, motion_count bigint,
            stroke_count bigint, label_count bigint) ON COMMIT DROP
        """

    static let copyStage = "COPY stage_sessions FROM STDIN"

    static let insertDevices = """
        INSERT INTO devices (key, platform, model, screen_width, screen_height, scale, ppi, sample_rate_hz)
        SELECT DISTINCT ON (device_key) device_key, platform, model, screen_width, screen_height, scale, ppi,
               sample_rate_hz
        FROM stage_sessions ORDER BY device_key
        ON CONFLICT (key) DO NOTHING
        """

    static let insertUsers = """
        INSERT INTO users (name) SELECT DISTINCT user_name FROM stage_sessions WHERE user_name IS NOT NULL
        ORDER BY user_name ON CONFLICT (name) DO NOTHING
        """

    /// The new sessions in file order, returning each one's id.
    static let insertSessions = """
        INSERT INTO sessions (name, device, "user", scene, started_at, meta, content_sha256, import, touch_count,
                              motion_count, stroke_count, label_count)
        SELECT s.name, d.id, u.id, s.scene, s.started_at, s.meta, s.content_sha256, $1, s.touch_count,
               s.motion_count, s.stroke_count, s.label_count
        FROM stage_sessions s JOIN devices d ON d.key = s.device_key LEFT JOIN users u ON u.name = s.user_name
        ORDER BY s.ord
        ON CONFLICT (name) DO NOTHING
        RETURNING name, id
        """

    /// The staged sessions another import stored, with their content hash.
    static let storedBefore = """
        SELECT s.ord, t.content_sha256 FROM stage_sessions s JOIN sessions t ON t.name = s.name
        WHERE t.import <> $1 ORDER BY s.ord
        """

    static let copyStrokes = "COPY strokes (session, seq, pointer, began, ended, sample_count, end_phase) FROM STDIN"
    static let copyTouches = "COPY \(StoreTable.touchSamples) (session, seq, stroke, t, phase, x, y, force, radius) FROM STDIN"
    static let copyMotion = "COPY \(StoreTable.motionSamples) (session, seq, t, ax, ay, az, rx, ry, rz) FROM STDIN"
    static let copyLabels = "COPY labels (session, seq, start, \"end\", intent, direction, fingers, target, note) FROM STDIN"

    /// The import's counts, once its rows are in.
    static let finishImport = """
        UPDATE imports SET sessions = $1, touches = $2, motion = $3, labels = $4, skipped_lines = $5, seconds = $6
        WHERE id = $7
        """
}
