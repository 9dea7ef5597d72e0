import Foundation
import PostgresNIO
import TraceModel
import TraceStore

// MARK: - Reading: sessions, statistics, the corpus fingerprint

extension PostgresTraceStore {
    package func loadSessions(_ filter: SessionFilter) async throws -> [Session] {
        try await pool.withTransaction { connection in
            // One snapshot for every table: a writer committing meanwhile
            // is seen whole or not at all.
            _ = try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: Self.logger)
            return try await Self.loadSessions(connection, filter)
        }
    }

    private static func loadSessions(_ connection: PostgresConnection, _ filter: SessionFilter) async throws -> [Session] {
        let logger = Self.logger
        var sessions: [Session] = []
        var index: [Int64: Int] = [:]
        let rows = try await connection.query(
            """
            SELECT s.id, s.name, s.scene, s.started_at, s.meta, u.name, d.platform, d.model, d.screen_width,
                   d.screen_height, d.scale, d.ppi, d.sample_rate_hz, s.touch_count, s.motion_count
            FROM sessions s JOIN devices d ON d.id = s.device LEFT JOIN users u ON u.id = s."user"
            ORDER BY s.id
            """, logger: logger)
        for try await row in rows {
            let columns = row.makeRandomAccess()
            let id = try columns[0].decode(Int64.self)
            let name = try columns[1].decode(String.self)
            let scene = try columns[2].decode(String?.self)
            let user = try columns[5].decode(String?.self)
            guard filter.matches(scene: scene, user: user, id: name) else { continue }
            let device = Device(
                platform: Device.Platform(rawValue: try columns[6].decode(String.self)) ?? .other,
                model: try columns[7].decode(String?.self), screenWidth: try columns[8].decode(Double.self),
                screenHeight: try columns[9].decode(Double.self), scale: try columns[10].decode(Double.self),
                ppi: try columns[11].decode(Double?.self), sampleRateHz: try columns[12].decode(Double?.self))
            let header = SessionHeader(
                id: name, device: device, user: user, scene: scene, startedAt: try columns[3].decode(String?.self),
                metaJSON: try columns[4].decode(String?.self))
            var session = Session(header: header)
            do { session.platformRecognitions = try header.platformRecognitions() } catch {
                throw StoreError("session \(name): its meta.platformRecognitions cannot be read: \(error)")
            }
            session.touches.reserveCapacity(Int(try columns[13].decode(Int64.self)))
            session.motion.reserveCapacity(Int(try columns[14].decode(Int64.self)))
            index[id] = sessions.count
            sessions.append(session)
        }
        guard !sessions.isEmpty else { return [] }

        var pointer: [Int64: [Int32: Int32]] = [:] // session → stroke seq → pointer
        for try await (session, seq, p) in try await connection.query(
            "SELECT session, seq, pointer FROM strokes", logger: logger
        ).decode((Int64, Int32, Int32).self) where index[session] != nil {
            pointer[session, default: [:]][seq] = p
        }
        for try await (session, stroke, t, phase, x, y, force, radius) in try await connection.query(
            "SELECT session, stroke, t, phase, x, y, force, radius FROM touch_samples ORDER BY session, seq",
            logger: logger
        ).decode((Int64, Int32, Int64, Int16, Double, Double, Double?, Double?).self) {
            guard let i = index[session] else { continue }
            sessions[i].touches.append(
                TouchSample(
                    t: t, pointer: pointer[session]?[stroke] ?? -1,
                    phase: TouchPhase(rawValue: UInt8(truncatingIfNeeded: phase)) ?? .moved, x: x, y: y, force: force,
                    radius: radius))
        }
        for try await (session, t, ax, ay, az, rx, ry, rz) in try await connection.query(
            "SELECT session, t, ax, ay, az, rx, ry, rz FROM motion_samples ORDER BY session, seq", logger: logger
        ).decode((Int64, Int64, Double, Double, Double, Double?, Double?, Double?).self) {
            guard let i = index[session] else { continue }
            sessions[i].motion.append(MotionSample(t: t, ax: ax, ay: ay, az: az, rx: rx, ry: ry, rz: rz))
        }
        for try await (session, start, end, intentName, directionName, fingers, target, note) in try await connection.query(
            """
            SELECT session, start, "end", intent, direction, fingers, target, note FROM labels ORDER BY session, seq
            """, logger: logger
        ).decode((Int64, Int64, Int64, String, String?, Int32?, String?, String?).self) {
            guard let i = index[session], let intent = Intent(rawValue: intentName) else { continue }
            sessions[i].labels.append(
                Label(
                    start: start, end: end, intent: intent, direction: directionName.flatMap(Direction.init(rawValue:)),
                    fingers: fingers.map(Int.init), target: target, note: note))
        }
        return sessions
    }

    package func statistics() async throws -> StoreStatistics {
        try await pool.withTransaction { connection in
            let logger = Self.logger
            _ = try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
            var stats = StoreStatistics()
            func count(_ table: String) async throws -> Int {
                let rows = try await connection.query("SELECT count(*)::bigint FROM \(unescaped: table)", logger: logger)
                    .collect()
                return Int(try rows.first?.decode(Int64.self) ?? 0)
            }
            stats.sessions = try await count("sessions")
            stats.users = try await count("users")
            stats.devices = try await count("devices")
            stats.pointers = try await count("strokes")
            stats.touches = try await count("touch_samples")
            stats.motion = try await count("motion_samples")
            stats.labels = try await count("labels")
            stats.imports = try await count("imports")
            for try await (intent, n) in try await connection.query(
                "SELECT intent, count(*)::bigint FROM labels GROUP BY intent", logger: logger
            ).decode((String, Int64).self) {
                stats.intents[intent] = Int(n)
            }
            var builder = StatisticsBuilder(counts: stats)
            for try await (session, platform, model, width, height) in try await connection.query(
                """
                SELECT s.id, d.platform, d.model, d.screen_width, d.screen_height
                FROM sessions s JOIN devices d ON d.id = s.device
                """, logger: logger
            ).decode((Int64, String, String?, Double, Double).self) {
                builder.device(ofSession: session, platform: platform, model: model, width: width, height: height)
            }
            // The SQLite store's order: sessions as imported, each's samples as recorded.
            for try await (session, stroke, t, phase, x, y) in try await connection.query(
                "SELECT session, stroke, t, phase, x, y FROM touch_samples ORDER BY session, seq", logger: logger
            ).decode((Int64, Int32, Int64, Int16, Double, Double).self) {
                builder.touch(session: session, stroke: Self.strokeKey(session, stroke), t: t, phase: Int64(phase), x: x, y: y)
            }
            for try await (session, seq, began, ended) in try await connection.query(
                "SELECT session, seq, began, ended FROM strokes", logger: logger
            ).decode((Int64, Int32, Int64, Int64).self) {
                builder.stroke(Self.strokeKey(session, seq), began: began, ended: ended)
            }
            return builder.finish()
        }
    }

    /// One number for (session, stroke): a session has fewer than 2³²
    /// strokes (its stroke numbers are 32-bit).
    static func strokeKey(_ session: Int64, _ stroke: Int32) -> Int64 { session << 32 | Int64(UInt32(bitPattern: stroke)) }

    package func corpusFingerprint(sessionIDs: Set<String>?) async throws -> String {
        try await pool.withConnection { connection in
            var fingerprint = CorpusFingerprint(sessionIDs: sessionIDs)
            // COLLATE "C": bytewise, as SQLite orders text.
            for try await (name, hash) in try await connection.query(
                "SELECT name, content_sha256 FROM sessions ORDER BY name COLLATE \"C\"", logger: Self.logger
            ).decode((String, String?).self) {
                fingerprint.add(name: name, contentHash: hash)
            }
            return fingerprint.finalize()
        }
    }
}
