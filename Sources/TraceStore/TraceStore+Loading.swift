import GRDB
import TraceModel
import TraceStoreInterface

// MARK: - Loading sessions into memory

extension TraceStore {
    /// Loads sessions in the order they were imported, each with its touch
    /// samples in time order (as recorded), motion in time order and labels
    /// in the order recorded.
    ///
    /// One pass over each table, whatever the number of sessions: the simulator
    /// and the optimizer call this once per run.
    ///
    /// ```swift
    /// let sessions = try await store.loadSessions()                                    // all
    /// let library = try await store.loadSessions(SessionFilter(scenes: ["library"]))
    /// ```
    package func loadSessions(_ filter: SessionFilter) async throws -> [Session] {
        try await reading { db in try Self.loadSessions(db, filter) }
    }

    /// The ids of the stored sessions, in import order.
    package func sessionIDs() throws -> [String] {
        try pool.read { db in try String.fetchAll(db, sql: "SELECT name FROM sessions ORDER BY id") }
    }

    /// Where a selected session's rows are: its place in the result, its
    /// row id, and the id ranges of its samples.
    private struct Slot {
        var index: Int
        var rowID: Int64
        var touchFirst: Int64
        var touchEnd: Int64
        var motionFirst: Int64
        var motionEnd: Int64
    }

    private static func loadSessions(_ db: Database, _ filter: SessionFilter) throws -> [Session] {
        var (sessions, slots) = try sessionHeaders(db, filter)
        guard !slots.isEmpty else { return [] }
        try loadTouches(db, slots, into: &sessions)
        try loadMotion(db, slots, into: &sessions)
        try loadLabels(db, slots, into: &sessions)
        return sessions
    }

    /// The selected sessions, without their samples and labels, and where
    /// their rows are.
    private static func sessionHeaders(_ db: Database, _ filter: SessionFilter) throws -> ([Session], [Slot]) {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT s.id, s.name, s.scene, s.started_at, s.meta, s.touch_first, s.touch_count, s.motion_first,
                       s.motion_count, u.name AS user, d.platform, d.model, d.screen_width, d.screen_height, d.scale, d.ppi,
                       d.sample_rate_hz
                FROM sessions s JOIN devices d ON d.id = s.device LEFT JOIN users u ON u.id = s.user
                ORDER BY s.id
                """)
        var sessions: [Session] = []
        var slots: [Slot] = []
        for row in rows {
            let name: String = row["name"]
            let scene: String? = row["scene"]
            let user: String? = row["user"]
            guard filter.matches(scene: scene, user: user, id: name) else { continue }
            let platformName: String = row["platform"]
            let device = Device(
                platform: Device.Platform(rawValue: platformName) ?? .other, model: row["model"],
                screenWidth: row["screen_width"], screenHeight: row["screen_height"], scale: row["scale"],
                ppi: row["ppi"], sampleRateHz: row["sample_rate_hz"])
            let header = SessionHeader(
                id: name, device: device, user: user, scene: scene, startedAt: row["started_at"], metaJSON: row["meta"])
            var session = Session(header: header)
            do { session.platformRecognitions = try header.platformRecognitions() } catch {
                throw StoreError("session \(name): its meta.platformRecognitions cannot be read: \(error)")
            }
            let touchFirst: Int64 = row["touch_first"], touchCount: Int64 = row["touch_count"]
            let motionFirst: Int64 = row["motion_first"], motionCount: Int64 = row["motion_count"]
            session.touches.reserveCapacity(Int(touchCount))
            session.motion.reserveCapacity(Int(motionCount))
            sessions.append(session)
            slots.append(
                Slot(
                    index: sessions.count - 1, rowID: row["id"], touchFirst: touchFirst, touchEnd: touchFirst + touchCount,
                    motionFirst: motionFirst, motionEnd: motionFirst + motionCount))
        }
        return (sessions, slots)
    }

    /// Touch samples, each with its stroke's pointer.
    private static func loadTouches(_ db: Database, _ slots: [Slot], into sessions: inout [Session]) throws {
        // Pointer of each stroke (samples refer to strokes).
        let sessionRows = Set(slots.map(\.rowID))
        var pointerOfStroke: [Int64: Int32] = [:]
        try RawStatement(db, "SELECT id, session, pointer FROM strokes").forEachRow { row in
            if sessionRows.contains(row.int64(1)) {
                pointerOfStroke[row.int64(0)] = Int32(truncatingIfNeeded: row.int64(2))
            }
        }
        try forEachSample(
            db, "stroke, t, phase, x, y, force, radius", from: .touchSamples,
            ranges: slots.map { ($0.index, $0.touchFirst, $0.touchEnd) }
        ) { index, row in
            sessions[index].touches.append(
                TouchSample(
                    t: row.int64(2),
                    pointer: pointerOfStroke[row.int64(1)] ?? -1,
                    phase: TouchPhase(rawValue: UInt8(truncatingIfNeeded: row.int64(3))) ?? .moved,
                    x: row.double(4), y: row.double(5), force: row.optionalDouble(6), radius: row.optionalDouble(7)))
        }
    }

    /// Motion samples.
    private static func loadMotion(_ db: Database, _ slots: [Slot], into sessions: inout [Session]) throws {
        try forEachSample(
            db, "t, ax, ay, az, rx, ry, rz", from: .motionSamples,
            ranges: slots.map { ($0.index, $0.motionFirst, $0.motionEnd) }
        ) { index, row in
            sessions[index].motion.append(
                MotionSample(
                    t: row.int64(1), ax: row.double(2), ay: row.double(3), az: row.double(4), rx: row.optionalDouble(5),
                    ry: row.optionalDouble(6), rz: row.optionalDouble(7)))
        }
    }

    /// Each row of a sample table (its `id`, column 0, then `columns`) that
    /// belongs to a selected session, with that session's place in the
    /// result. A session's samples are the contiguous id range
    /// [first, end), and the sessions' ranges ascend, so one scan over the
    /// span they cover, in id order, and one cursor that walks the ranges
    /// in step find every row's session with no index and no lookup.
    private static func forEachSample(
        _ db: Database, _ columns: String, from table: StoreTable, ranges: [(index: Int, first: Int64, end: Int64)],
        _ body: (Int, RawRow) -> Void
    ) throws {
        let ranges = ranges.filter { $0.end > $0.first }
        guard let low = ranges.map(\.first).min(), let high = ranges.map(\.end).max() else { return }
        var cursor = 0
        try RawStatement(db, "SELECT id, \(columns) FROM \(table) WHERE id >= \(low) AND id < \(high) ORDER BY id")
            .forEachRow { row in
                let id = row.int64(0)
                while cursor < ranges.count && id >= ranges[cursor].end { cursor += 1 }
                guard cursor < ranges.count, id >= ranges[cursor].first else { return }
                body(ranges[cursor].index, row)
            }
    }

    /// Labels, in the order recorded; one of an intent this gesturetune
    /// does not know is left out.
    private static func loadLabels(_ db: Database, _ slots: [Slot], into sessions: inout [Session]) throws {
        let indexByRowID = Dictionary(uniqueKeysWithValues: slots.map { ($0.rowID, $0.index) })
        let labelRows = try Row.fetchCursor(
            db,
            sql: """
                SELECT session, start, "end", intent, direction, fingers, target, note FROM labels ORDER BY id
                """)
        while let row = try labelRows.next() {
            guard let index = indexByRowID[row[0]] else { continue }
            let intentName: String = row[3]
            guard let intent = Intent(rawValue: intentName) else { continue }
            let directionName: String? = row[4]
            sessions[index].labels.append(
                Label(
                    start: row[1], end: row[2], intent: intent, direction: directionName.flatMap(Direction.init(rawValue:)),
                    fingers: row[5], target: row[6], note: row[7]))
        }
    }
}
