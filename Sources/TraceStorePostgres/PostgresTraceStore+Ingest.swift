import Foundation
import NIOCore
import PostgresNIO
import TraceImport
import TraceModel
import TraceStore

// MARK: - Importing a file: COPY into staging tables, one set-based merge

extension PostgresTraceStore {
    package func ingest(
        path: String, displayName: String?, format: InputFormat, options: ImportOptions, progress: IngestProgress?
    ) async throws -> IngestOutcome {
        try requireWritable()
        let name = displayName ?? path
        let started = Date()
        let (size, importerType, estimatedTotal) = try TraceStore.inspectImport(
            path: path, displayName: displayName, format: format)
        let importer = UncheckedImporter(type: importerType)
        let progress = progress.map { UncheckedProgress(call: $0) }
        // The SHA-256 and the parse run beside each other, each on a thread
        // of its own; a file stored before is known by its digest alone.
        async let digest = TraceStore.offThePool { try TraceStore.sha256(path: path, name: name) }
        async let parsed = TraceStore.offThePool {
            try FileStager.stage(
                path: path, name: name, importerType: importer.type, options: options, estimatedTotal: estimatedTotal,
                progress: progress?.call)
        }
        let sha256 = try await digest
        if let earlier = try await previousImport(sha256) {
            return .alreadyImported(fileName: earlier.fileName, importedAt: earlier.importedAt)
        }
        let staged = try await parsed
        do {
            return try await pool.withTransaction { connection in
                try await Self.merge(
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
        try await pool.withConnection { connection in
            try await connection.query(
                "SELECT file_name, imported_at FROM imports WHERE sha256 = \(sha256)", logger: Self.logger
            ).collect().first.map { try $0.decode((String, String).self) }
        }
    }

    /// The import transaction: the import row first (a concurrent import of
    /// the same file waits on its unique digest, then finds it stored),
    /// the rows staged with COPY, then one INSERT … SELECT per table.
    private static func merge(
        _ staged: StagedFile, into connection: PostgresConnection, name: String, sha256: String, size: Int, format: String,
        started: Date
    ) async throws -> IngestOutcome {
        let logger = Self.logger
        let importedAt = ISO8601DateFormatter().string(from: started)
        let inserted = try await connection.query(
            """
            INSERT INTO imports (file_name, sha256, file_size, format, imported_at)
            VALUES (\(name), \(sha256), \(Int64(size)), \(format), \(importedAt))
            ON CONFLICT (sha256) DO NOTHING RETURNING id
            """, logger: logger
        ).collect()
        guard let importID = try inserted.first?.decode(Int64.self) else {
            // Another writer stored the same file meanwhile.
            let row = try await connection.query(
                "SELECT file_name, imported_at FROM imports WHERE sha256 = \(sha256)", logger: logger
            ).collect().first
            let (earlier, when) = try row?.decode((String, String).self) ?? (name, importedAt)
            return .alreadyImported(fileName: earlier, importedAt: when)
        }

        try await Schema.execute(
            """
            CREATE TEMP TABLE stage_sessions (
                ord integer, name text, device_key text, platform text, model text, screen_width float8,
                screen_height float8, scale float8, ppi float8, sample_rate_hz float8, user_name text, scene text,
                started_at text, meta text, content_sha256 text, touch_count bigint, motion_count bigint,
                stroke_count bigint, label_count bigint) ON COMMIT DROP;
            CREATE TEMP TABLE stage_strokes (
                ord integer, seq integer, pointer integer, began bigint, ended bigint, sample_count bigint,
                end_phase smallint) ON COMMIT DROP;
            CREATE TEMP TABLE stage_touches (
                ord integer, seq integer, stroke integer, t bigint, phase smallint, x float8, y float8, force float8,
                radius float8) ON COMMIT DROP;
            CREATE TEMP TABLE stage_motion (
                ord integer, seq integer, t bigint, ax float8, ay float8, az float8, rx float8, ry float8, rz float8)
                ON COMMIT DROP;
            CREATE TEMP TABLE stage_labels (
                ord integer, seq integer, start bigint, "end" bigint, intent text, direction text, fingers integer,
                target text, note text) ON COMMIT DROP;
            """, on: connection)
        for (table, text) in [
            ("stage_sessions", staged.sessionText), ("stage_strokes", staged.strokeText),
            ("stage_touches", staged.touchText), ("stage_motion", staged.motionText), ("stage_labels", staged.labelText)
        ] where !text.isEmpty {
            try await connection.copyFrom(table: table, logger: logger) { writer in
                // In slices: one message per megabyte, not one of the whole file.
                let bytes = Array(text.utf8)
                var start = 0
                while start < bytes.count {
                    let end = min(start + (1 << 20), bytes.count)
                    try await writer.write(ByteBuffer(bytes: bytes[start..<end]))
                    start = end
                }
            }
        }

        // Devices and users: shared, so inserted if missing by anyone.
        _ = try await connection.query(
            """
            INSERT INTO devices (key, platform, model, screen_width, screen_height, scale, ppi, sample_rate_hz)
            SELECT DISTINCT ON (device_key) device_key, platform, model, screen_width, screen_height, scale, ppi,
                   sample_rate_hz
            FROM stage_sessions ORDER BY device_key
            ON CONFLICT (key) DO NOTHING
            """, logger: logger)
        _ = try await connection.query(
            """
            INSERT INTO users (name) SELECT DISTINCT user_name FROM stage_sessions WHERE user_name IS NOT NULL
            ORDER BY user_name ON CONFLICT (name) DO NOTHING
            """, logger: logger)
        // Sessions in file order; one already stored (by anyone, committed
        // or waited for on its unique name) is left as it is.
        let added = try await connection.query(
            """
            INSERT INTO sessions (name, device, "user", scene, started_at, meta, content_sha256, import, touch_count,
                                  motion_count, stroke_count, label_count)
            SELECT s.name, d.id, u.id, s.scene, s.started_at, s.meta, s.content_sha256, \(importID), s.touch_count,
                   s.motion_count, s.stroke_count, s.label_count
            FROM stage_sessions s JOIN devices d ON d.key = s.device_key LEFT JOIN users u ON u.name = s.user_name
            ORDER BY s.ord
            ON CONFLICT (name) DO NOTHING
            RETURNING name
            """, logger: logger
        ).collect()
        var addedNames = Set<String>()
        for row in added { addedNames.insert(try row.decode(String.self)) }
        // A session stored before with other content: the file is refused
        // at that session's line.
        let existing = try await connection.query(
            """
            SELECT s.ord, t.content_sha256 FROM stage_sessions s JOIN sessions t ON t.name = s.name
            WHERE t.import <> \(importID) ORDER BY s.ord
            """, logger: logger
        ).collect()
        var existingHash: [Int: String] = [:]
        for row in existing {
            let (ord, hash) = try row.decode((Int32, String).self)
            existingHash[Int(ord)] = hash
        }
        var present: [String] = []
        var report = (sessions: 0, strokes: 0, touches: 0, motion: 0, labels: 0)
        for session in staged.sessions {
            if session.repeated {
                present.append(session.name)
            } else if let hash = existingHash[session.ord] {
                guard hash == session.hash else {
                    throw DuplicateSessionError(file: name, line: session.line, session: session.name)
                }
                present.append(session.name)
            } else if addedNames.contains(session.name) {
                report.sessions += 1
                report.strokes += session.strokes
                report.touches += session.touches
                report.motion += session.motion
                report.labels += session.labels
            }
        }
        let newSessions = "SELECT s.ord, t.id FROM stage_sessions s JOIN sessions t ON t.name = s.name AND t.import = \(importID)"
        _ = try await connection.query(
            """
            INSERT INTO strokes (session, seq, pointer, began, ended, sample_count, end_phase)
            SELECT n.id, r.seq, r.pointer, r.began, r.ended, r.sample_count, r.end_phase
            FROM stage_strokes r JOIN (\(unescaped: newSessions)) n ON n.ord = r.ord
            """, logger: logger)
        _ = try await connection.query(
            """
            INSERT INTO touch_samples (session, seq, stroke, t, phase, x, y, force, radius)
            SELECT n.id, r.seq, r.stroke, r.t, r.phase, r.x, r.y, r.force, r.radius
            FROM stage_touches r JOIN (\(unescaped: newSessions)) n ON n.ord = r.ord
            """, logger: logger)
        _ = try await connection.query(
            """
            INSERT INTO motion_samples (session, seq, t, ax, ay, az, rx, ry, rz)
            SELECT n.id, r.seq, r.t, r.ax, r.ay, r.az, r.rx, r.ry, r.rz
            FROM stage_motion r JOIN (\(unescaped: newSessions)) n ON n.ord = r.ord
            """, logger: logger)
        _ = try await connection.query(
            """
            INSERT INTO labels (session, seq, start, "end", intent, direction, fingers, target, note)
            SELECT n.id, r.seq, r.start, r."end", r.intent, r.direction, r.fingers, r.target, r.note
            FROM stage_labels r JOIN (\(unescaped: newSessions)) n ON n.ord = r.ord
            """, logger: logger)
        let seconds = Date().timeIntervalSince(started)
        let summary = staged.summary
        _ = try await connection.query(
            """
            UPDATE imports SET sessions = \(Int32(report.sessions)), touches = \(Int64(report.touches)),
                motion = \(Int64(report.motion)), labels = \(Int64(report.labels)),
                skipped_lines = \(Int32(summary.skipped)), seconds = \(seconds)
            WHERE id = \(importID)
            """, logger: logger)
        return .imported(
            IngestReport(
                fileName: name, sha256: sha256, format: format, sessions: report.sessions, sessionsAlreadyPresent: present,
                strokes: report.strokes, touches: report.touches, motion: report.motion, labels: report.labels,
                skippedLines: summary.skipped, problems: summary.problems.map(\.description), notes: summary.notes,
                strayRows: summary.strayRows, seconds: seconds))
    }
}

/// The importer's type, carried to the parsing thread (a metatype of a
/// stateless importer: nothing is shared).
struct UncheckedImporter: @unchecked Sendable {
    var type: any TraceImporter.Type
}

/// The caller's progress callback, carried to the parsing thread, the
/// only one that calls it.
struct UncheckedProgress: @unchecked Sendable {
    var call: IngestProgress
}
