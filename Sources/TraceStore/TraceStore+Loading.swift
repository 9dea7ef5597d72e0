import GRDB
import TraceModel

// MARK: - Loading sessions into memory

/// Which sessions to load; empty sets mean "any".
///
/// ```swift
/// let filter = SessionFilter(scenes: ["library"], users: ["p07", "p08"])
/// ```
package struct SessionFilter: Sendable, Hashable {
    package var scenes: Set<String>
    package var users: Set<String>
    /// Session ids (the `id` of the session line).
    package var sessionIDs: Set<String>

    package init(scenes: Set<String> = [], users: Set<String> = [], sessionIDs: Set<String> = []) {
        self.scenes = scenes
        self.users = users
        self.sessionIDs = sessionIDs
    }

    /// Every session.
    package static let all = SessionFilter()

    package func matches(scene: String?, user: String?, id: String) -> Bool {
        (scenes.isEmpty || scene.map(scenes.contains) == true)
            && (users.isEmpty || user.map(users.contains) == true)
            && (sessionIDs.isEmpty || sessionIDs.contains(id))
    }
}

extension TraceStore {
    /// Loads sessions in the order they were imported, each with its touch
    /// samples in time order (as recorded), motion in time order and labels
    /// in the order recorded.
    ///
    /// One pass over each table, whatever the number of sessions: the simulator
    /// and the optimizer call this once per run.
    ///
    /// ```swift
    /// let sessions = try store.loadSessions()                                    // all
    /// let library = try store.loadSessions(SessionFilter(scenes: ["library"]))
    /// ```
    package func loadSessions(_ filter: SessionFilter = .all) throws -> [Session] {
        try pool.read { db in try Self.loadSessions(db, filter) }
    }

    /// The ids of the stored sessions, in import order.
    package func sessionIDs() throws -> [String] {
        try pool.read { db in try String.fetchAll(db, sql: "SELECT name FROM sessions ORDER BY id") }
    }

    private struct Slot {
        var index: Int
        var rowID: Int64
        var touchFirst: Int64
        var touchEnd: Int64
        var motionFirst: Int64
        var motionEnd: Int64
    }

    static func loadSessions(_ db: Database, _ filter: SessionFilter) throws -> [Session] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT s.id, s.name, s.scene, s.startedAt, s.meta, s.touchFirst, s.touchCount, s.motionFirst, s.motionCount,
                       u.name AS user, d.platform, d.model, d.screenWidth, d.screenHeight, d.scale, d.ppi, d.sampleRateHz
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
                screenWidth: row["screenWidth"], screenHeight: row["screenHeight"], scale: row["scale"],
                ppi: row["ppi"], sampleRateHz: row["sampleRateHz"])
            let header = SessionHeader(
                id: name, device: device, user: user, scene: scene, startedAt: row["startedAt"], metaJSON: row["meta"])
            var session = Session(header: header)
            do { session.platformRecognitions = try header.platformRecognitions() } catch {
                throw StoreError("session \(name): its meta.platformRecognitions cannot be read: \(error)")
            }
            let touchFirst: Int64 = row["touchFirst"], touchCount: Int64 = row["touchCount"]
            let motionFirst: Int64 = row["motionFirst"], motionCount: Int64 = row["motionCount"]
            session.touches.reserveCapacity(Int(touchCount))
            session.motion.reserveCapacity(Int(motionCount))
            sessions.append(session)
            slots.append(
                Slot(
                    index: sessions.count - 1, rowID: row["id"], touchFirst: touchFirst, touchEnd: touchFirst + touchCount,
                    motionFirst: motionFirst, motionEnd: motionFirst + motionCount))
        }
        guard !slots.isEmpty else { return [] }
        let indexByRowID = Dictionary(uniqueKeysWithValues: slots.map { ($0.rowID, $0.index) })
        let sessionRows = Set(slots.map(\.rowID))

        // Pointer of each stroke (samples refer to strokes).
        var pointerOfStroke: [Int64: Int32] = [:]
        try RawStatement(db, "SELECT id, session, pointer FROM strokes").forEachRow { row in
            if sessionRows.contains(row.int64(1)) {
                pointerOfStroke[row.int64(0)] = Int32(truncatingIfNeeded: row.int64(2))
            }
        }

        // Touch samples: one scan over the id range the selected sessions span;
        // the ranges are sorted, so one cursor walks them in step.
        let touchLow = slots.map(\.touchFirst).min() ?? 0
        let touchHigh = slots.map(\.touchEnd).max() ?? 0
        var cursor = 0
        let touchSlots = slots.filter { $0.touchEnd > $0.touchFirst }
        try RawStatement(
            db,
            "SELECT id, stroke, t, phase, x, y, force, radius FROM touchSamples WHERE id >= \(touchLow) AND id < \(touchHigh) ORDER BY id"
        ).forEachRow { row in
            let id = row.int64(0)
            while cursor < touchSlots.count && id >= touchSlots[cursor].touchEnd { cursor += 1 }
            guard cursor < touchSlots.count, id >= touchSlots[cursor].touchFirst else { return }
            let sample = TouchSample(
                t: row.int64(2),
                pointer: pointerOfStroke[row.int64(1)] ?? -1,
                phase: TouchPhase(rawValue: UInt8(truncatingIfNeeded: row.int64(3))) ?? .moved,
                x: row.double(4), y: row.double(5), force: row.optionalDouble(6), radius: row.optionalDouble(7))
            sessions[touchSlots[cursor].index].touches.append(sample)
        }

        let motionSlots = slots.filter { $0.motionEnd > $0.motionFirst }
        if let low = motionSlots.first?.motionFirst, let high = motionSlots.last?.motionEnd {
            cursor = 0
            try RawStatement(
                db, "SELECT id, t, ax, ay, az, rx, ry, rz FROM motionSamples WHERE id >= \(low) AND id < \(high) ORDER BY id"
            ).forEachRow { row in
                let id = row.int64(0)
                while cursor < motionSlots.count && id >= motionSlots[cursor].motionEnd { cursor += 1 }
                guard cursor < motionSlots.count, id >= motionSlots[cursor].motionFirst else { return }
                let sample = MotionSample(
                    t: row.int64(1), ax: row.double(2), ay: row.double(3), az: row.double(4), rx: row.optionalDouble(5),
                    ry: row.optionalDouble(6), rz: row.optionalDouble(7))
                sessions[motionSlots[cursor].index].motion.append(sample)
            }
        }

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
        return sessions
    }
}
