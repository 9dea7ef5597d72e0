import Foundation
import TraceModel
import TraceStoreInterface

// MARK: - Reading: sessions, statistics, the corpus fingerprint

extension PostgresTraceStore {
    package func loadSessions(_ filter: SessionFilter) async throws -> [Session] {
        try await withSnapshot { connection in try Self.loadSessions(connection, filter) }
    }

    /// Runs `body` in a read-only transaction with one snapshot for every
    /// table: a writer committing meanwhile is seen whole or not at all.
    private func withSnapshot<T: Sendable>(_ body: @escaping @Sendable (PGConnection) throws -> T) async throws -> T {
        try await withTransaction { connection in
            try connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            return try body(connection)
        }
    }

    private static func loadSessions(_ connection: PGConnection, _ filter: SessionFilter) throws -> [Session] {
        var (sessions, index) = try sessionHeaders(connection, filter)
        guard !sessions.isEmpty else { return [] }
        try loadTouches(connection, index, into: &sessions)
        try loadMotion(connection, index, into: &sessions)
        try loadLabels(connection, index, into: &sessions)
        return sessions
    }

    /// The selected sessions, without their samples and labels, and the
    /// place of each in the result by its id.
    private static func sessionHeaders(_ connection: PGConnection, _ filter: SessionFilter) throws -> (
        [Session], [Int64: Int]
    ) {
        var sessions: [Session] = []
        var index: [Int64: Int] = [:]
        let rows = try connection.execute(
            """
            SELECT s.id, s.name, s.scene, s.started_at, s.meta, u.name, d.platform, d.model, d.screen_width,
                   d.screen_height, d.scale, d.ppi, d.sample_rate_hz, s.touch_count, s.motion_count
            FROM sessions s JOIN devices d ON d.id = s.device LEFT JOIN users u ON u.id = s."user"
            ORDER BY s.id
            """)
        for row in 0..<rows.count {
            guard let id = rows.int(row, 0), let name = rows.string(row, 1) else { continue }
            let scene = rows.string(row, 2)
            let user = rows.string(row, 5)
            guard filter.matches(scene: scene, user: user, id: name) else { continue }
            let device = Device(
                platform: Device.Platform(rawValue: rows.string(row, 6) ?? "") ?? .other, model: rows.string(row, 7),
                screenWidth: rows.double(row, 8) ?? 0, screenHeight: rows.double(row, 9) ?? 0,
                scale: rows.double(row, 10) ?? 1, ppi: rows.double(row, 11), sampleRateHz: rows.double(row, 12))
            let header = SessionHeader(
                id: name, device: device, user: user, scene: scene, startedAt: rows.string(row, 3),
                metaJSON: rows.string(row, 4))
            var session = Session(header: header)
            do { session.platformRecognitions = try header.platformRecognitions() } catch {
                throw StoreError("session \(name): its meta.platformRecognitions cannot be read: \(error)")
            }
            session.touches.reserveCapacity(Int(rows.int(row, 13) ?? 0))
            session.motion.reserveCapacity(Int(rows.int(row, 14) ?? 0))
            index[id] = sessions.count
            sessions.append(session)
        }
        return (sessions, index)
    }

    /// Each session's touch samples, in the order recorded, with the
    /// pointer of their stroke.
    private static func loadTouches(_ connection: PGConnection, _ index: [Int64: Int], into sessions: inout [Session])
        throws
    {
        var pointer: [Int64: [Int64: Int32]] = [:] // session → stroke seq → pointer
        try connection.forEachBatch("SELECT session, seq, pointer FROM strokes") { rows in
            for row in 0..<rows.count {
                guard let session = rows.int(row, 0), index[session] != nil else { continue }
                pointer[session, default: [:]][rows.int(row, 1) ?? -1] = Int32(truncatingIfNeeded: rows.int(row, 2) ?? -1)
            }
        }
        try connection.forEachBatch(
            "SELECT session, stroke, t, phase, x, y, force, radius FROM \(StoreTable.touchSamples) ORDER BY session, seq"
        ) { rows in
            for row in 0..<rows.count {
                guard let session = rows.int(row, 0), let i = index[session] else { continue }
                sessions[i].touches.append(
                    TouchSample(
                        t: rows.int(row, 2) ?? 0, pointer: pointer[session]?[rows.int(row, 1) ?? -1] ?? -1,
                        phase: TouchPhase(rawValue: UInt8(truncatingIfNeeded: rows.int(row, 3) ?? 0)) ?? .moved,
                        x: rows.double(row, 4) ?? .nan, y: rows.double(row, 5) ?? .nan, force: rows.double(row, 6),
                        radius: rows.double(row, 7)))
            }
        }
    }

    /// Each session's motion samples, in the order recorded.
    private static func loadMotion(_ connection: PGConnection, _ index: [Int64: Int], into sessions: inout [Session])
        throws
    {
        try connection.forEachBatch(
            "SELECT session, t, ax, ay, az, rx, ry, rz FROM \(StoreTable.motionSamples) ORDER BY session, seq"
        ) { rows in
            for row in 0..<rows.count {
                guard let session = rows.int(row, 0), let i = index[session] else { continue }
                sessions[i].motion.append(
                    MotionSample(
                        t: rows.int(row, 1) ?? 0, ax: rows.double(row, 2) ?? .nan, ay: rows.double(row, 3) ?? .nan,
                        az: rows.double(row, 4) ?? .nan, rx: rows.double(row, 5), ry: rows.double(row, 6),
                        rz: rows.double(row, 7)))
            }
        }
    }

    /// Each session's labels, in the order recorded; one of an intent this
    /// gesturetune does not know is left out.
    private static func loadLabels(_ connection: PGConnection, _ index: [Int64: Int], into sessions: inout [Session])
        throws
    {
        try connection.forEachBatch(
            """
            SELECT session, start, "end", intent, direction, fingers, target, note FROM labels ORDER BY session, seq
            """
        ) { rows in
            for row in 0..<rows.count {
                guard let session = rows.int(row, 0), let i = index[session],
                    let intent = Intent(rawValue: rows.string(row, 3) ?? "")
                else { continue }
                sessions[i].labels.append(
                    Label(
                        start: rows.int(row, 1) ?? 0, end: rows.int(row, 2) ?? 0, intent: intent,
                        direction: rows.string(row, 4).flatMap(Direction.init(rawValue:)),
                        fingers: rows.int(row, 5).map(Int.init), target: rows.string(row, 6), note: rows.string(row, 7)))
            }
        }
    }

    package func statistics() async throws -> StoreStatistics {
        try await withSnapshot { connection in
            var intents: [String: Int] = [:]
            let rows = try connection.execute("SELECT intent, count(*)::bigint FROM labels GROUP BY intent")
            for row in 0..<rows.count {
                if let intent = rows.string(row, 0) { intents[intent] = Int(rows.int(row, 1) ?? 0) }
            }
            let stats = try StoreStatistics(
                counting: { table in Int(try connection.execute("SELECT count(*)::bigint FROM \(table)").int(0, 0) ?? 0) },
                intents: intents)
            var builder = StatisticsBuilder(counts: stats)
            let devices = try connection.execute(
                """
                SELECT s.id, d.platform, d.model, d.screen_width, d.screen_height
                FROM sessions s JOIN devices d ON d.id = s.device
                """)
            for row in 0..<devices.count {
                builder.device(
                    ofSession: devices.int(row, 0) ?? 0, platform: devices.string(row, 1) ?? "", model: devices.string(row, 2),
                    width: devices.double(row, 3) ?? 0, height: devices.double(row, 4) ?? 0)
            }
            // The SQLite store's order: sessions as imported, each's samples as recorded.
            try connection.forEachBatch(
                "SELECT session, stroke, t, phase, x, y FROM \(StoreTable.touchSamples) ORDER BY session, seq"
            ) {
                rows in
                for row in 0..<rows.count {
                    let session = rows.int(row, 0) ?? 0
                    builder.touch(
                        session: session, stroke: Self.strokeKey(session, rows.int(row, 1) ?? 0), t: rows.int(row, 2) ?? 0,
                        phase: rows.int(row, 3) ?? 0, x: rows.double(row, 4) ?? .nan, y: rows.double(row, 5) ?? .nan)
                }
            }
            try connection.forEachBatch("SELECT session, seq, began, ended FROM strokes") { rows in
                for row in 0..<rows.count {
                    builder.stroke(
                        Self.strokeKey(rows.int(row, 0) ?? 0, rows.int(row, 1) ?? 0), began: rows.int(row, 2) ?? 0,
                        ended: rows.int(row, 3) ?? 0)
                }
            }
            return builder.finish()
        }
    }

    /// One number for (session, stroke): a session has fewer than 2³²
    /// strokes (its stroke numbers are 32-bit).
    static func strokeKey(_ session: Int64, _ stroke: Int64) -> Int64 {
        session << 32 | Int64(UInt32(truncatingIfNeeded: stroke))
    }

    package func corpusFingerprint(sessionIDs: Set<String>?) async throws -> String {
        try await withConnection { connection in
            var fingerprint = CorpusFingerprint(sessionIDs: sessionIDs)
            // COLLATE "C": bytewise, as SQLite orders text.
            let rows = try connection.execute("SELECT name, content_sha256 FROM sessions ORDER BY name COLLATE \"C\"")
            for row in 0..<rows.count {
                fingerprint.add(name: rows.string(row, 0) ?? "", contentHash: rows.string(row, 1))
            }
            return fingerprint.finalize()
        }
    }
}
