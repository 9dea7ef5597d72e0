import GRDB
import TraceModel
import TraceStoreInterface

// MARK: - Streaming events into the tables

/// Inserts a stream of ``TraceEvent``s inside the caller's transaction, with
/// prepared statements bound through the raw SQLite API (``RawStatement``:
/// boxing every value into `StatementArguments` costs 2–3× on millions of
/// samples).
///
/// Ids of samples, strokes and motion are assigned here, sequentially from the
/// current maximum: a session's samples get a contiguous id range, which the
/// loader scans without an index.
struct BulkInserter {
    private let db: Database
    private let importID: Int64
    private let fileName: String
    private let insertTouch: RawStatement
    private let insertMotion: RawStatement
    private let insertStroke: RawStatement

    private var nextTouchID: Int64
    private var nextMotionID: Int64
    private var nextStrokeID: Int64

    /// The session events currently go to.
    private var session: OpenSession?

    private(set) var sessionsAdded = 0
    private(set) var sessionsAlreadyPresent: [String] = []
    private(set) var strokes = 0
    private(set) var touches = 0
    private(set) var motion = 0
    private(set) var labels = 0

    private struct OpenStroke {
        var id: Int64
        var began: Micros
        var count: Int64
    }

    private struct OpenSession {
        var name: String
        /// The input line of its session line, for errors about it.
        var line: Int
        /// `nil` when a session of this id is already stored: its events are
        /// only hashed, to compare.
        var rowID: Int64?
        var existingHash: String?
        var hasher: SessionContentHasher
        var touchFirst: Int64
        var touchCount: Int64 = 0
        var motionFirst: Int64
        var motionCount: Int64 = 0
        var strokeCount: Int64 = 0
        var labelCount: Int64 = 0
        var openStrokes: [Int32: OpenStroke] = [:]
    }

    init(db: Database, importID: Int64, fileName: String) throws {
        self.db = db
        self.importID = importID
        self.fileName = fileName
        nextTouchID = try Int64.fetchOne(db, sql: "SELECT IFNULL(MAX(id), 0) + 1 FROM \(StoreTable.touchSamples)") ?? 1
        nextMotionID = try Int64.fetchOne(db, sql: "SELECT IFNULL(MAX(id), 0) + 1 FROM \(StoreTable.motionSamples)") ?? 1
        nextStrokeID = try Int64.fetchOne(db, sql: "SELECT IFNULL(MAX(id), 0) + 1 FROM strokes") ?? 1
        insertTouch = try RawStatement(
            db,
            "INSERT INTO \(StoreTable.touchSamples)(id, session, stroke, t, phase, x, y, force, radius) VALUES (?,?,?,?,?,?,?,?,?)"
        )
        insertMotion = try RawStatement(
            db, "INSERT INTO \(StoreTable.motionSamples)(id, session, t, ax, ay, az, rx, ry, rz) VALUES (?,?,?,?,?,?,?,?,?)")
        insertStroke = try RawStatement(
            db, "INSERT INTO strokes(id, session, pointer, began, ended, sample_count, end_phase) VALUES (?,?,?,?,?,?,?)")
    }

    // MARK: - Events

    mutating func add(_ event: TraceEvent) throws {
        switch event {
        case .touch(let touch): try add(touch)
        case .session(let header): try open(header)
        case .motion(let sample): try add(sample)
        case .label(let label): try add(label)
        }
    }

    /// Closes the last session; call once the importer has finished.
    mutating func finish() throws {
        try closeSession()
    }

    private mutating func add(_ touch: TouchSample) throws {
        guard session != nil else { throw StoreError("\(fileName): a touch sample outside a session") }
        session!.hasher.add(touch)
        guard let sessionID = session!.rowID else { return }
        let strokeID: Int64
        if touch.phase == .began {
            strokeID = nextStrokeID
            nextStrokeID += 1
            session!.openStrokes[touch.pointer] = OpenStroke(id: strokeID, began: touch.t, count: 1)
            session!.strokeCount += 1
        } else if var stroke = session!.openStrokes[touch.pointer] {
            strokeID = stroke.id
            stroke.count += 1
            if touch.phase.isTerminal {
                session!.openStrokes[touch.pointer] = nil
                insertStroke.bind(1, stroke.id)
                insertStroke.bind(2, sessionID)
                insertStroke.bind(3, Int64(touch.pointer))
                insertStroke.bind(4, stroke.began)
                insertStroke.bind(5, touch.t)
                insertStroke.bind(6, stroke.count)
                insertStroke.bind(7, Int64(touch.phase.rawValue))
                try insertStroke.execute(cannotInsert)
                strokes += 1
            } else {
                session!.openStrokes[touch.pointer] = stroke
            }
        } else {
            // Readers validate pointer order; an importer that does not is a bug.
            throw StoreError(
                "\(fileName): pointer \(touch.pointer) is \(touch.phase.name) but has not begun (session \(session!.name))")
        }
        let id = nextTouchID
        nextTouchID += 1
        insertTouch.bind(1, id)
        insertTouch.bind(2, sessionID)
        insertTouch.bind(3, strokeID)
        insertTouch.bind(4, touch.t)
        insertTouch.bind(5, Int64(touch.phase.rawValue))
        insertTouch.bind(6, touch.x)
        insertTouch.bind(7, touch.y)
        insertTouch.bind(8, touch.force)
        insertTouch.bind(9, touch.radius)
        try insertTouch.execute(cannotInsert)
        session!.touchCount += 1
        touches += 1
    }

    private mutating func add(_ sample: MotionSample) throws {
        guard session != nil else { throw StoreError("\(fileName): a motion sample outside a session") }
        session!.hasher.add(sample)
        guard let sessionID = session!.rowID else { return }
        let id = nextMotionID
        nextMotionID += 1
        insertMotion.bind(1, id)
        insertMotion.bind(2, sessionID)
        insertMotion.bind(3, sample.t)
        insertMotion.bind(4, sample.ax)
        insertMotion.bind(5, sample.ay)
        insertMotion.bind(6, sample.az)
        insertMotion.bind(7, sample.rx)
        insertMotion.bind(8, sample.ry)
        insertMotion.bind(9, sample.rz)
        try insertMotion.execute(cannotInsert)
        session!.motionCount += 1
        motion += 1
    }

    private mutating func add(_ label: Label) throws {
        guard session != nil else { throw StoreError("\(fileName): a label outside a session") }
        session!.hasher.add(label)
        guard let sessionID = session!.rowID else { return }
        try db.cachedStatement(
            sql: """
                INSERT INTO labels(session, start, "end", intent, direction, fingers, target, note)
                VALUES (?,?,?,?,?,?,?,?)
                """
        ).execute(arguments: [
            sessionID, label.start, label.end, label.intent.rawValue, label.direction?.rawValue,
            label.fingers, label.target, label.note
        ])
        session!.labelCount += 1
        labels += 1
    }

    // MARK: - Sessions

    private mutating func open(_ header: SessionHeader) throws {
        try closeSession()
        var current = OpenSession(
            name: header.id, line: header.line, rowID: nil, existingHash: nil, hasher: SessionContentHasher(header: header),
            touchFirst: nextTouchID, motionFirst: nextMotionID)
        if let row = try Row.fetchOne(db, sql: "SELECT content_sha256 FROM sessions WHERE name = ?", arguments: [header.id]) {
            current.existingHash = row[0]
        } else {
            let deviceID = try deviceRow(header.device)
            var userID: Int64?
            if let user = header.user {
                try db.execute(sql: "INSERT INTO users(name) VALUES (?) ON CONFLICT(name) DO NOTHING", arguments: [user])
                userID = try Int64.fetchOne(db, sql: "SELECT id FROM users WHERE name = ?", arguments: [user])
            }
            try db.execute(
                sql: """
                    INSERT INTO sessions(name, device, user, scene, started_at, meta, import, touch_first, motion_first)
                    VALUES (?,?,?,?,?,?,?,?,?)
                    """,
                arguments: [
                    header.id, deviceID, userID, header.scene, header.startedAt, header.metaJSON, importID,
                    nextTouchID, nextMotionID
                ])
            current.rowID = db.lastInsertedRowID
        }
        session = current
    }

    private mutating func closeSession() throws {
        guard var current = session else { return }
        session = nil
        if let pointer = current.openStrokes.keys.min() {
            throw StoreError("\(fileName): pointer \(pointer) never ended in session \(current.name)")
        }
        let hash = current.hasher.finalize()
        guard let rowID = current.rowID else {
            guard hash == current.existingHash else {
                throw DuplicateSessionError(file: fileName, line: current.line, session: current.name)
            }
            sessionsAlreadyPresent.append(current.name)
            return
        }
        try db.execute(
            sql: """
                UPDATE sessions SET content_sha256 = ?, touch_count = ?, motion_count = ?, stroke_count = ?, label_count = ?
                WHERE id = ?
                """,
            arguments: [hash, current.touchCount, current.motionCount, current.strokeCount, current.labelCount, rowID])
        sessionsAdded += 1
    }

    private func deviceRow(_ device: Device) throws -> Int64 {
        let key = device.storeKey
        try db.execute(
            sql: """
                INSERT INTO devices(key, platform, model, screen_width, screen_height, scale, ppi, sample_rate_hz)
                VALUES (?,?,?,?,?,?,?,?) ON CONFLICT(key) DO NOTHING
                """,
            arguments: [
                key, device.platform.rawValue, device.model, device.screenWidth, device.screenHeight, device.scale,
                device.ppi, device.sampleRateHz
            ])
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM devices WHERE key = ?", arguments: [key]) else {
            throw StoreError("cannot store the device \(key)")
        }
        return id
    }

    /// What a failed insert says before SQLite's message.
    private var cannotInsert: String { "\(fileName): cannot insert" }
}
