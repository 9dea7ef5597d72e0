import GRDB
import GRDBSQLite
import TraceModel

// MARK: - Streaming events into the tables

/// Inserts a stream of ``TraceEvent``s inside the caller's transaction, with
/// prepared statements bound through the raw SQLite API (boxing every value
/// into `StatementArguments` costs 2–3× on millions of samples).
///
/// Ids of samples, strokes and motion are assigned here, sequentially from the
/// current maximum: a session's samples get a contiguous id range, which the
/// loader scans without an index.
struct BulkInserter {
    private let db: Database
    private let connection: OpaquePointer
    private let importID: Int64
    private let fileName: String
    private var insertTouch: OpaquePointer?
    private var insertMotion: OpaquePointer?
    private var insertStroke: OpaquePointer?

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
        guard let connection = db.sqliteConnection else { throw StoreError("the store is closed") }
        self.connection = connection
        nextTouchID = try Int64.fetchOne(db, sql: "SELECT IFNULL(MAX(id), 0) + 1 FROM touchSamples") ?? 1
        nextMotionID = try Int64.fetchOne(db, sql: "SELECT IFNULL(MAX(id), 0) + 1 FROM motionSamples") ?? 1
        nextStrokeID = try Int64.fetchOne(db, sql: "SELECT IFNULL(MAX(id), 0) + 1 FROM strokes") ?? 1
        insertTouch = try prepare(
            "INSERT INTO touchSamples(id, session, stroke, t, phase, x, y, force, radius) VALUES (?,?,?,?,?,?,?,?,?)")
        insertMotion = try prepare(
            "INSERT INTO motionSamples(id, session, t, ax, ay, az, rx, ry, rz) VALUES (?,?,?,?,?,?,?,?,?)")
        insertStroke = try prepare(
            "INSERT INTO strokes(id, session, pointer, began, ended, sampleCount, endPhase) VALUES (?,?,?,?,?,?,?)")
    }

    /// Finalizes the prepared statements (call once, also after a failure).
    func close() {
        sqlite3_finalize(insertTouch)
        sqlite3_finalize(insertMotion)
        sqlite3_finalize(insertStroke)
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
                try bindAndStep(insertStroke) { s in
                    sqlite3_bind_int64(s, 1, stroke.id)
                    sqlite3_bind_int64(s, 2, sessionID)
                    sqlite3_bind_int64(s, 3, Int64(touch.pointer))
                    sqlite3_bind_int64(s, 4, stroke.began)
                    sqlite3_bind_int64(s, 5, touch.t)
                    sqlite3_bind_int64(s, 6, stroke.count)
                    sqlite3_bind_int64(s, 7, Int64(touch.phase.rawValue))
                }
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
        try bindAndStep(insertTouch) { s in
            sqlite3_bind_int64(s, 1, id)
            sqlite3_bind_int64(s, 2, sessionID)
            sqlite3_bind_int64(s, 3, strokeID)
            sqlite3_bind_int64(s, 4, touch.t)
            sqlite3_bind_int64(s, 5, Int64(touch.phase.rawValue))
            sqlite3_bind_double(s, 6, touch.x)
            sqlite3_bind_double(s, 7, touch.y)
            if let force = touch.force { sqlite3_bind_double(s, 8, force) } else { sqlite3_bind_null(s, 8) }
            if let radius = touch.radius { sqlite3_bind_double(s, 9, radius) } else { sqlite3_bind_null(s, 9) }
        }
        session!.touchCount += 1
        touches += 1
    }

    private mutating func add(_ sample: MotionSample) throws {
        guard session != nil else { throw StoreError("\(fileName): a motion sample outside a session") }
        session!.hasher.add(sample)
        guard let sessionID = session!.rowID else { return }
        let id = nextMotionID
        nextMotionID += 1
        try bindAndStep(insertMotion) { s in
            sqlite3_bind_int64(s, 1, id)
            sqlite3_bind_int64(s, 2, sessionID)
            sqlite3_bind_int64(s, 3, sample.t)
            sqlite3_bind_double(s, 4, sample.ax)
            sqlite3_bind_double(s, 5, sample.ay)
            sqlite3_bind_double(s, 6, sample.az)
            if let v = sample.rx { sqlite3_bind_double(s, 7, v) } else { sqlite3_bind_null(s, 7) }
            if let v = sample.ry { sqlite3_bind_double(s, 8, v) } else { sqlite3_bind_null(s, 8) }
            if let v = sample.rz { sqlite3_bind_double(s, 9, v) } else { sqlite3_bind_null(s, 9) }
        }
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
        if let row = try Row.fetchOne(db, sql: "SELECT contentSHA256 FROM sessions WHERE name = ?", arguments: [header.id]) {
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
                    INSERT INTO sessions(name, device, user, scene, startedAt, meta, import, touchFirst, motionFirst)
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
                UPDATE sessions SET contentSHA256 = ?, touchCount = ?, motionCount = ?, strokeCount = ?, labelCount = ?
                WHERE id = ?
                """,
            arguments: [hash, current.touchCount, current.motionCount, current.strokeCount, current.labelCount, rowID])
        sessionsAdded += 1
    }

    private func deviceRow(_ device: Device) throws -> Int64 {
        let key = [
            device.platform.rawValue, device.model ?? "", "\(device.screenWidth)x\(device.screenHeight)",
            "@\(device.scale)", device.ppi.map { "\($0)ppi" } ?? "", device.sampleRateHz.map { "\($0)Hz" } ?? ""
        ].joined(separator: "|")
        try db.execute(
            sql: """
                INSERT INTO devices(key, platform, model, screenWidth, screenHeight, scale, ppi, sampleRateHz)
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

    // MARK: - Raw statements

    private func prepare(_ sql: String) throws -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK else {
            throw StoreError("cannot prepare \(sql): \(String(cString: sqlite3_errmsg(connection)))")
        }
        return statement
    }

    @inline(__always)
    private func bindAndStep(_ statement: OpaquePointer?, _ bind: (OpaquePointer?) -> Void) throws {
        bind(statement)
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        guard code == SQLITE_DONE else {
            throw StoreError("\(fileName): cannot insert: \(String(cString: sqlite3_errmsg(connection)))")
        }
    }
}

/// A session id already in the store with different content.
package struct DuplicateSessionError: Error, Sendable, CustomStringConvertible {
    package var file: String
    /// The line of the session's `session` line (0 when not known).
    package var line: Int
    package var session: String
    package var description: String {
        TraceError(
            SourceLocation(file: file, line: line),
            "session \"\(session)\" is already in the store with different content", field: "id"
        ).description
    }
}
