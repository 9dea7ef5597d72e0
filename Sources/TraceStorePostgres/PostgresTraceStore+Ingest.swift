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
        let started = Date()
        let (size, importerType, estimatedTotal) = try IngestInput.inspect(
            path: path, displayName: displayName, format: format)
        let importer = Unchecked(value: importerType)
        let progress = progress.map { Unchecked(value: $0) }
        // The SHA-256 and the parse run beside each other, each on a thread
        // of its own; a file stored before is known by its digest alone.
        async let digest = BlockingWork.run { try IngestInput.sha256(path: path, name: name) }
        async let parsed = BlockingWork.run {
            try FileStager.stage(
                path: path, name: name, importerType: importer.value, options: options, estimatedTotal: estimatedTotal,
                progress: progress?.value)
        }
        let sha256 = try await digest
        if let earlier = try await previousImport(sha256) {
            return .alreadyImported(fileName: earlier.fileName, importedAt: earlier.importedAt)
        }
        let staged = try await parsed
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

    private func previousImport(_ sha256: String) async throws -> (fileName: String, importedAt: String)? {
        try await withConnection { connection in
            let rows = try connection.execute("SELECT file_name, imported_at FROM imports WHERE sha256 = $1", [sha256])
            guard rows.count > 0, let name = rows.string(0, 0), let when = rows.string(0, 1) else { return nil }
            return (name, when)
        }
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
            """
            INSERT INTO imports (file_name, sha256, file_size, format, imported_at) VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (sha256) DO NOTHING RETURNING id
            """, [name, sha256, String(size), format, importedAt])
        guard inserted.count > 0, let importID = inserted.int(0, 0) else {
            // Another writer stored the same file meanwhile.
            let row = try connection.execute("SELECT file_name, imported_at FROM imports WHERE sha256 = $1", [sha256])
            guard row.count > 0 else { return .alreadyImported(fileName: name, importedAt: importedAt) }
            return .alreadyImported(fileName: row.string(0, 0) ?? name, importedAt: row.string(0, 1) ?? importedAt)
        }
        let importKey = String(importID)

        try connection.run(
            script: """
                CREATE TEMP TABLE stage_sessions (
                    ord integer, name text, device_key text, platform text, model text, screen_width float8,
                    screen_height float8, scale float8, ppi float8, sample_rate_hz float8, user_name text, scene text,
                    started_at text, meta text, content_sha256 text, touch_count bigint, motion_count bigint,
                    stroke_count bigint, label_count bigint) ON COMMIT DROP
                """)
        if !staged.sessionText.isEmpty { try connection.copy("COPY stage_sessions FROM STDIN", Array(staged.sessionText.utf8)) }

        // Devices and users: shared, so inserted if missing by anyone.
        try connection.execute(
            """
            INSERT INTO devices (key, platform, model, screen_width, screen_height, scale, ppi, sample_rate_hz)
            SELECT DISTINCT ON (device_key) device_key, platform, model, screen_width, screen_height, scale, ppi,
                   sample_rate_hz
            FROM stage_sessions ORDER BY device_key
            ON CONFLICT (key) DO NOTHING
            """)
        try connection.execute(
            """
            INSERT INTO users (name) SELECT DISTINCT user_name FROM stage_sessions WHERE user_name IS NOT NULL
            ORDER BY user_name ON CONFLICT (name) DO NOTHING
            """)
        // Sessions in file order; one already stored (by anyone, committed
        // or waited for on its unique name) is left as it is.
        let added = try connection.execute(
            """
            INSERT INTO sessions (name, device, "user", scene, started_at, meta, content_sha256, import, touch_count,
                                  motion_count, stroke_count, label_count)
            SELECT s.name, d.id, u.id, s.scene, s.started_at, s.meta, s.content_sha256, $1, s.touch_count,
                   s.motion_count, s.stroke_count, s.label_count
            FROM stage_sessions s JOIN devices d ON d.key = s.device_key LEFT JOIN users u ON u.name = s.user_name
            ORDER BY s.ord
            ON CONFLICT (name) DO NOTHING
            RETURNING name, id
            """, [importKey])
        var addedIDs: [String: Int64] = [:]
        for row in 0..<added.count {
            if let session = added.string(row, 0), let id = added.int(row, 1) { addedIDs[session] = id }
        }
        // A session stored before with other content: the file is refused
        // at that session's line.
        let existing = try connection.execute(
            """
            SELECT s.ord, t.content_sha256 FROM stage_sessions s JOIN sessions t ON t.name = s.name
            WHERE t.import <> $1 ORDER BY s.ord
            """, [importKey])
        var existingHash: [Int: String] = [:]
        for row in 0..<existing.count {
            if let ord = existing.int(row, 0), let hash = existing.string(row, 1) { existingHash[Int(ord)] = hash }
        }
        var present: [String] = []
        var report = (sessions: 0, strokes: 0, touches: 0, motion: 0, labels: 0)
        var rows = KeyedRows()
        for session in staged.sessions {
            if session.repeated {
                present.append(session.name)
            } else if let hash = existingHash[session.ord] {
                guard hash == session.hash else {
                    throw DuplicateSessionError(file: name, line: session.line, session: session.name)
                }
                present.append(session.name)
            } else if let id = addedIDs[session.name] {
                report.sessions += 1
                report.strokes += session.strokes
                report.touches += session.touches
                report.motion += session.motion
                report.labels += session.labels
                rows.add(session, id: id)
            }
        }
        for (sql, text) in [
            ("COPY strokes (session, seq, pointer, began, ended, sample_count, end_phase) FROM STDIN", rows.strokes),
            ("COPY touch_samples (session, seq, stroke, t, phase, x, y, force, radius) FROM STDIN", rows.touches),
            ("COPY motion_samples (session, seq, t, ax, ay, az, rx, ry, rz) FROM STDIN", rows.motion),
            ("COPY labels (session, seq, start, \"end\", intent, direction, fingers, target, note) FROM STDIN", rows.labels)
        ] where !text.isEmpty {
            try connection.copy(sql, text)
        }
        let seconds = Date().timeIntervalSince(started)
        let summary = staged.summary
        try connection.execute(
            """
            UPDATE imports SET sessions = $1, touches = $2, motion = $3, labels = $4, skipped_lines = $5, seconds = $6
            WHERE id = $7
            """,
            [
                String(report.sessions), String(report.touches), String(report.motion), String(report.labels),
                String(summary.skipped), Row.number(seconds), importKey
            ])
        return .imported(
            IngestReport(
                fileName: name, sha256: sha256, format: format, sessions: report.sessions, sessionsAlreadyPresent: present,
                strokes: report.strokes, touches: report.touches, motion: report.motion, labels: report.labels,
                skippedLines: summary.skipped, problems: summary.problems.map(\.description), notes: summary.notes,
                strayRows: summary.strayRows, seconds: seconds))
    }
}
