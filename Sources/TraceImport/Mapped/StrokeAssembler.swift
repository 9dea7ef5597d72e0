import TraceModel

// MARK: - Rows into strokes, strokes into labelled sessions

/// Turns a mapped log's rows, already in points and session time, into
/// sessions of whole strokes with one label each.
///
/// A contact — from the first finger down to the last finger up — is held
/// back until it ends, so a stroke cut off before its up (by the end of the
/// file, the next session or a new down) is dropped whole, never stored as
/// half a stroke. A session is written out only once it has a stroke: a
/// session of stray rows alone stores nothing.
struct StrokeAssembler {
    /// How a row names its finger.
    enum PointerRef {
        /// Single-finger logs: one finger.
        case single
        /// A pointer-id column: the id is the finger.
        case id(Int32)
        /// A raw action's pointer index (bits 8–15): the index among the
        /// fingers down, which shifts when a lower one lifts.
        case index(Int)
    }

    private struct Stroke {
        var serial: Int
        var pointer: Int32
        var line: Int
        var rows = 1
        var start: Micros
        var x0: Double, y0: Double
        var x: Double, y: Double
        /// The sample farthest from the down, and its squared distance.
        var farX: Double, farY: Double, far2 = 0.0
        var intent: Intent?
        var end: Micros = 0
        var cancelled = false
    }

    let mapping: ImportMapping
    let file: String
    let strict: Bool
    private(set) var summary = ImportSummary()
    private var strays: [StrayReason: (rows: Int, first: SourceLocation)] = [:]

    // The session
    private var header: SessionHeader?
    private var headerEmitted = false
    private(set) var origin: Micros = 0
    /// Points per unit of x and y in this session.
    private(set) var units = 1.0
    var hasSession: Bool { header != nil }

    // The contact in progress
    private var active: [Int32: Stroke] = [:]
    /// Pointer ids by pointer index (raw actions only).
    private var byIndex: [Int32] = []
    private var pending: [(serial: Int, sample: TouchSample)] = []
    private var finished: [Stroke] = []
    private var serial = 0

    init(mapping: ImportMapping, file: String, strict: Bool) {
        self.mapping = mapping
        self.file = file
        self.strict = strict
    }

    // MARK: - Sessions

    mutating func open(_ header: SessionHeader, origin: Micros, units: Double, at location: SourceLocation) {
        var header = header
        header.line = location.line
        self.header = header
        headerEmitted = false
        self.origin = origin
        self.units = units
    }

    /// Ends the session: strokes still down are cut off.
    mutating func closeSession(at location: SourceLocation, reason: String, emit: (TraceEvent) throws -> Void) throws {
        for pointer in active.keys.sorted() { try cutOff(pointer, by: reason) }
        try flushIfIdle(emit: emit)
        header = nil
        byIndex = []
    }

    /// The counts, with the stray rows by reason.
    var finalSummary: ImportSummary {
        var result = summary
        result.strayRows = StrayReason.allCases.compactMap { reason in
            strays[reason].map { StrayRows(reason: reason, rows: $0.rows, first: $0.first.description) }
        }
        return result
    }

    // MARK: - Rows

    /// One row's event, `t` in session time.
    mutating func event(
        _ action: ImportMapping.Action, pointer ref: PointerRef, t: Micros, x: Double, y: Double, intent: Intent??,
        at location: SourceLocation, actionField: String, emit: (TraceEvent) throws -> Void
    ) throws {
        switch action {
        case .down, .pointerDown:
            if action == .down {
                // Android's first finger: any finger still down lost its up.
                for pointer in active.keys.sorted() { try cutOff(pointer, by: "a new down") }
                byIndex = []
            }
            let pointer: Int32
            switch ref {
            case .single: pointer = 0
            case .id(let id): pointer = id
            case .index(let index):
                pointer = Self.smallestFree(byIndex)
                byIndex.insert(pointer, at: min(index, byIndex.count))
            }
            if active[pointer] != nil { try cutOff(pointer, by: "a new down of the same finger") }
            serial += 1
            active[pointer] = Stroke(
                serial: serial, pointer: pointer, line: location.line, start: t, x0: x, y0: y, x: x, y: y, farX: x, farY: y,
                intent: intent ?? nil)
            pending.append((serial, TouchSample(t: t, pointer: pointer, phase: .began, x: x, y: y)))
        case .move, .up, .pointerUp:
            let pointer: Int32?
            switch ref {
            case .single: pointer = 0
            case .id(let id): pointer = id
            case .index(let index): pointer = index < byIndex.count ? byIndex[index] : nil
            }
            guard let pointer, var stroke = active[pointer] else {
                try stray(.noFingerDown, at: location, field: actionField)
                return
            }
            stroke.rows += 1
            stroke.x = x
            stroke.y = y
            let dx = x - stroke.x0, dy = y - stroke.y0
            if dx * dx + dy * dy > stroke.far2 { (stroke.farX, stroke.farY, stroke.far2) = (x, y, dx * dx + dy * dy) }
            let ends = action != .move
            pending.append((stroke.serial, TouchSample(t: t, pointer: pointer, phase: ends ? .ended : .moved, x: x, y: y)))
            if ends {
                stroke.end = t
                finished.append(stroke)
                active[pointer] = nil
                if case .index(let index) = ref { byIndex.remove(at: index) }
                if action == .up {
                    // Android's last finger: any other still down lost its up.
                    for other in active.keys.sorted() { try cutOff(other, by: "the last finger's up") }
                    byIndex = []
                }
                try flushIfIdle(emit: emit)
            } else {
                active[pointer] = stroke
            }
        case .cancel:
            // The system took the gesture: every finger ends, cancelled, unlabelled.
            for pointer in active.keys.sorted() {
                var stroke = active[pointer]!
                stroke.rows += 1
                stroke.end = t
                stroke.cancelled = true
                pending.append((stroke.serial, TouchSample(t: t, pointer: pointer, phase: .cancelled, x: stroke.x, y: stroke.y)))
                finished.append(stroke)
            }
            if active.isEmpty {
                try stray(.noFingerDown, at: location, field: actionField)
                return
            }
            active = [:]
            byIndex = []
            try flushIfIdle(emit: emit)
        case .outside, .ignore:
            break
        }
    }

    /// Counts a stray row (or, strict, refuses it).
    mutating func stray(_ reason: StrayReason, at location: SourceLocation, field: String?, rows: Int = 1) throws {
        if strict {
            throw TraceError(location, reason.words + " (--strict refuses stray rows)", field: field)
        }
        if let known = strays[reason] {
            strays[reason] = (known.rows + rows, known.first)
        } else {
            strays[reason] = (rows, location)
        }
    }

    // MARK: - Private

    private mutating func cutOff(_ pointer: Int32, by reason: String) throws {
        guard let stroke = active.removeValue(forKey: pointer) else { return }
        let location = SourceLocation(file: file, line: stroke.line)
        if strict {
            throw TraceError(location, "a stroke cut off: no up before \(reason) (--strict refuses stray rows)", field: "action")
        }
        pending.removeAll { $0.serial == stroke.serial }
        try stray(.cutOff, at: location, field: nil, rows: stroke.rows)
    }

    /// Writes out the contact once no finger is down.
    private mutating func flushIfIdle(emit: (TraceEvent) throws -> Void) throws {
        guard active.isEmpty, !pending.isEmpty || !finished.isEmpty, let header else { return }
        if !pending.isEmpty && !headerEmitted {
            try emit(.session(header))
            summary.count(.session(header))
            headerEmitted = true
        }
        for (_, sample) in pending {
            try emit(.touch(sample))
            summary.count(.touch(sample))
        }
        for stroke in finished.sorted(by: { ($0.start, $0.serial) < ($1.start, $1.serial) }) where !stroke.cancelled {
            guard let label = label(stroke) else { continue }
            try emit(.label(label))
            summary.count(.label(label))
        }
        pending.removeAll(keepingCapacity: true)
        finished.removeAll(keepingCapacity: true)
    }

    /// The stroke's label: its intent (a click's own), the direction of its
    /// net motion where the intent takes one.
    private func label(_ stroke: Stroke) -> Label? {
        let isClick = stroke.far2 <= mapping.clickRadius * mapping.clickRadius
        guard let intent = isClick ? mapping.clickIntent : stroke.intent else { return nil }
        var direction: Direction?
        let rule = CanonicalVocabulary.directions(for: intent)
        let wants =
            switch mapping.direction {
            case .needed: rule.required
            case .motion: rule.required || rule.allowed.contains(.left)
            case .none: false
            }
        if wants, rule.allowed.contains(.left) {
            var (dx, dy) = (stroke.x - stroke.x0, stroke.y - stroke.y0)
            if dx == 0 && dy == 0 { (dx, dy) = (stroke.farX - stroke.x0, stroke.farY - stroke.y0) }
            direction = abs(dx) >= abs(dy) ? (dx < 0 ? .left : .right) : (dy < 0 ? .up : .down)
        }
        return Label(start: stroke.start, end: stroke.end, intent: intent, direction: direction, target: mapping.target)
    }

    private static func smallestFree(_ used: [Int32]) -> Int32 {
        var id: Int32 = 0
        while used.contains(id) { id += 1 }
        return id
    }
}
