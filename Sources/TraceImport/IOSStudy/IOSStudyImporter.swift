import TraceModel

// MARK: - iOS UITouch study logs

/// Reads the JSON logs of iOS gesture-study apps: per task, a list of trials,
/// each with the raw `UITouch` samples and what UIKit's own recognizers said.
///
/// ```json
/// {"participantID": "P07", "startDate": "2024-03-18T09:41:07Z",
///  "device": {"model": "iPhone13,2", "screenWidth": 390, "screenHeight": 844, "scale": 3},
///  "swipeTask": [                                   // or {"trials": [...]}
///   {"startTime": 48214.8, "endTime": 48215.6, "success": true,
///    "rawTouchTracks": [{"rawTouches": [
///      {"timestamp": 48215.0, "phase": "began", "location": [330, 500], "majorRadius": 20.8, "force": 0, …}, …]}],
///    "swipeEvents": [{"state": "ended", "timestamp": 48215.03, "location": [150, 508]}],
///    "panEvents": [{"state": "began", "timestamp": 48215.01, "location": [240, 504], "velocity": [-5400, 240]}]}]}
/// ```
///
/// **Touches.** Times are seconds (UIKit's uptime clock); the session starts at
/// the earliest trial start or touch, and is one per file. Each raw touch
/// track is one finger: its samples get the smallest pointer id free when it
/// began. `phase` is UIKit's name or raw value (0 began … 4 cancelled);
/// `location` is points; `majorRadius` is the radius; `force` is kept as
/// UIKit reports it (1.0 = average) unless `maximumPossibleForce` is 0 (no
/// force sensing: the 0 means "unknown").
///
/// **Labels.** Each trial with touches becomes one label over `startTime…endTime`:
/// `tapTask` → tap, `longPressTask` → long-press, `swipeTask` → tab-swipe (the
/// study's swipe is a card/tab swipe), `horizontalScrollTask` /
/// `verticalScrollTask` → scroll, `pinchTask` → pinch, `rotationTask` → rotate.
/// Directions come from the touches: the finger's main direction of travel
/// (longest track, larger of |dx| and |dy|) for tab-swipe and scroll; for
/// pinch, in when the first two fingers end closer than they began, else out;
/// for rotate, cw when the angle of the line between them grows (y points
/// down, so a growing angle turns clockwise on screen). A trial with no
/// touches, or a pinch/rotation with fewer than two fingers, gets no label.
/// The note says the task, trial and `success`.
///
/// **Platform recognitions.** What UIKit's recognizers reported (`tapEvents`,
/// `longPressEvents`, `swipeEvents`, `panEvents`, `pinchEvents`,
/// `rotationEvents`) has no line type in the canonical format, so it is kept
/// in the session's `meta`, times relative to the session start, in time order:
/// `{"source": "ios-study", "platformRecognitions": [{"gesture": "pan", "state":
/// "ended", "t": 1.234, "x": 60, "y": 512, "vx": -5350.5, "vy": 238.1, "task":
/// "swipeTask", "trial": 0}, …]}`. Gestures: tap, long-press, swipe, pan,
/// pinch, rotate. A scalar `velocity` (pinch, rotation) is written as `v`;
/// `scale`, `rotation` and `direction` are copied when present.
public struct IOSStudyImporter: TraceImporter {
    public static let format = InputFormat.iosStudy
    private let options: ImportOptions

    public init(options: ImportOptions) {
        self.options = options
    }

    /// The study's tasks and the labels they become.
    static let tasks: [(name: String, intent: Intent)] = [
        ("tapTask", .tap), ("swipeTask", .tabSwipe), ("horizontalScrollTask", .scroll),
        ("verticalScrollTask", .scroll), ("longPressTask", .longPress), ("pinchTask", .pinch),
        ("rotationTask", .rotate),
    ]
    /// Recognizer logs and the gesture names they are reported under.
    static let recognizers: [(key: String, gesture: String)] = [
        ("tapEvents", "tap"), ("longPressEvents", "long-press"), ("swipeEvents", "swipe"),
        ("panEvents", "pan"), ("pinchEvents", "pinch"), ("rotationEvents", "rotate"),
    ]

    public static func recognizes(prefix: [UInt8], fileName name: String) -> Bool {
        let text = String(decoding: prefix.prefix(65_536), as: UTF8.self)
        guard text.first(where: { !$0.isWhitespace }) == "{" else { return false }
        return text.contains("\"rawTouchTracks\"") || tasks.contains { text.contains("\"\($0.name)\"") }
    }

    // MARK: Reading

    private struct RawTouch {
        var time: Micros
        var track: Int
        var order: Int
        var phase: TouchPhase
        var x: Double, y: Double
        var force: Double?, radius: Double?
        var line: Int
    }

    private struct Trial {
        var task: String
        var intent: Intent
        var index: Int
        var start: Micros, end: Micros
        var success: Bool?
        var tracks: [Int]   // indices into the track list
        var line: Int
    }

    public mutating func read(
        _ input: TraceInput, emit: (TraceEvent) throws -> Void
    ) throws -> ImportSummary {
        let file = input.name
        func at(_ node: LocatedJSON) -> SourceLocation { SourceLocation(file: file, line: node.line) }
        let root = try LocatedJSON.parse(try input.readAll(), file: file)
        guard let members = root.object else {
            throw TraceError(at(root), "an iOS study log is a JSON object of tasks", field: "json")
        }
        for (key, value) in members where key.hasSuffix("Task") && !Self.tasks.contains(where: { $0.name == key }) {
            throw TraceError(at(value), "unknown task \"\(key)\" (known: \(Self.tasks.map(\.name).joined(separator: ", ")))",
                             field: key)
        }

        // The device.
        let device = root["device"]
        let width = device?["screenWidth"]?.number ?? device?["screen"]?["width"]?.number ?? options.screen?.width
        let height = device?["screenHeight"]?.number ?? device?["screen"]?["height"]?.number ?? options.screen?.height
        guard let width, let height, width > 0, height > 0 else {
            throw TraceError(at(device ?? root), "no screen size in the log: give it in points with --screen WIDTHxHEIGHT",
                             field: "device.screenWidth")
        }

        var problems = ImportProblems(options: options)
        var touches: [RawTouch] = []
        var trackCount = 0
        var trials: [Trial] = []
        var recognitions: [(time: Micros, json: String, line: Int)] = []

        // Reads a number field of a node, as a problem if it is missing.
        func number(_ node: LocatedJSON, _ key: String, _ context: String) throws -> Double {
            guard let value = node[key]?.number else {
                throw TraceError(at(node[key] ?? node), "missing or non-numeric `\(key)` in \(context)", field: key)
            }
            return value
        }
        func point(_ node: LocatedJSON?) -> (Double, Double)? {
            guard let items = node?.array, items.count == 2, let x = items[0].number, let y = items[1].number else {
                return nil
            }
            return (x, y)
        }

        for (task, intent) in Self.tasks {
            guard let taskNode = root[task] else { continue }
            guard let trialNodes = taskNode.array ?? taskNode["trials"]?.array else {
                throw TraceError(at(taskNode), "`\(task)` must be a list of trials or {\"trials\": [...]}", field: task)
            }
            for (trialIndex, trialNode) in trialNodes.enumerated() {
                let context = "\(task) trial \(trialIndex)"
                do {
                    guard trialNode.object != nil else {
                        throw TraceError(at(trialNode), "a trial must be an object (\(context))", field: task)
                    }
                    let startSeconds = try number(trialNode, "startTime", context)
                    let endSeconds = try number(trialNode, "endTime", context)
                    guard let start = Micros(seconds: startSeconds), let end = Micros(seconds: endSeconds) else {
                        throw TraceError(at(trialNode), "trial times out of range (\(context))", field: "startTime")
                    }
                    guard start <= end else {
                        throw TraceError(at(trialNode["endTime"] ?? trialNode),
                                         "the trial ends before it starts (\(context))", field: "endTime")
                    }
                    var trial = Trial(task: task, intent: intent, index: trialIndex, start: start, end: end,
                                      success: trialNode["success"]?.bool, tracks: [], line: trialNode.line)
                    var trialTouches: [RawTouch] = []
                    for trackNode in trialNode["rawTouchTracks"]?.array ?? [] {
                        guard let raw = trackNode["rawTouches"]?.array else {
                            throw TraceError(at(trackNode), "a track needs `rawTouches` (\(context))", field: "rawTouches")
                        }
                        let track = trackCount
                        trackCount += 1
                        trial.tracks.append(track)
                        var previous: Micros?
                        for touchNode in raw {
                            let seconds = try number(touchNode, "timestamp", context)
                            guard let time = Micros(seconds: seconds) else {
                                throw TraceError(at(touchNode), "timestamp out of range", field: "timestamp")
                            }
                            if let previous, time < previous {
                                throw TraceError(
                                    at(touchNode), "time goes backwards within a track: \(seconds) s after"
                                        + " \(previous.seconds) s (\(context))", field: "timestamp")
                            }
                            previous = time
                            let phase: TouchPhase
                            if let name = touchNode["phase"]?.string, let named = TouchPhase(name: name) {
                                phase = named
                            } else if let raw = touchNode["phase"]?.number, let value = UInt8(exactly: raw),
                                      let numbered = TouchPhase(rawValue: value) {
                                phase = numbered
                            } else {
                                throw TraceError(at(touchNode["phase"] ?? touchNode),
                                                 "unknown touch phase (began, moved, stationary, ended, cancelled or 0…4)",
                                                 field: "phase")
                            }
                            guard let (x, y) = point(touchNode["location"]) else {
                                throw TraceError(at(touchNode["location"] ?? touchNode),
                                                 "`location` must be [x, y] in points", field: "location")
                            }
                            var force = touchNode["force"]?.number
                            if touchNode["maximumPossibleForce"]?.number == 0 { force = nil }
                            let radius = touchNode["majorRadius"]?.number
                            if let bad = [force, radius].compactMap({ $0 }).first(where: { $0 < 0 }) {
                                throw TraceError(at(touchNode), "negative force or radius \(bad)", field: "force")
                            }
                            trialTouches.append(RawTouch(
                                time: time, track: track, order: touches.count + trialTouches.count, phase: phase,
                                x: x, y: y, force: force, radius: radius, line: touchNode.line))
                        }
                    }
                    var trialRecognitions: [(time: Micros, json: String, line: Int)] = []
                    for (key, gesture) in Self.recognizers {
                        for event in trialNode[key]?.array ?? [] {
                            let seconds = try number(event, "timestamp", "\(context) \(key)")
                            guard let time = Micros(seconds: seconds) else {
                                throw TraceError(at(event), "timestamp out of range", field: "timestamp")
                            }
                            trialRecognitions.append((time, Self.recognitionJSON(
                                event, gesture: gesture, task: task, trial: trialIndex), event.line))
                        }
                    }
                    touches += trialTouches
                    trials.append(trial)
                    recognitions += trialRecognitions
                } catch let error as TraceError {
                    try problems.handle(error)   // skipping drops the whole trial
                }
            }
        }

        // The session starts at the first thing that happened.
        let origin = ([trials.map(\.start).min(), touches.map(\.time).min()].compactMap { $0 }).min() ?? 0
        touches.sort { ($0.time, $0.order) < ($1.time, $1.order) }
        recognitions.sort { ($0.time, $0.line) < ($1.time, $1.line) }
        let recognitionList = recognitions.map { item in
            item.json.replacingFirst(placeholder: Self.timePlaceholder, with: Self.json((item.time - origin).seconds))
        }
        let meta = #"{"source":"ios-study","platformRecognitions":["# + recognitionList.joined(separator: ",") + "]}"

        var summary = ImportSummary()
        let header = SessionHeader(
            id: importedSessionID(fileName: file),
            device: Device(
                platform: .ios, model: device?["model"]?.string, screenWidth: width, screenHeight: height,
                scale: device?["scale"]?.number ?? 1),
            user: root["participantID"]?.string ?? root["participant"]?.string ?? root["user"]?.string,
            startedAt: root["startDate"]?.string ?? root["startedAt"]?.string,
            metaJSON: meta)
        try emit(.session(header))
        summary.count(.session(header))

        // Touches, through the format's rules, with pointer ids per track.
        var validator = SessionValidator()
        var pointerOfTrack: [Int: Int32] = [:]
        var positions: [Int: [(x: Double, y: Double)]] = [:]   // track → samples, for directions
        var lastLine = root.line
        var lastTime: Micros = 0
        for touch in touches {
            lastLine = touch.line
            let pointer: Int32
            if touch.phase == .began, pointerOfTrack[touch.track] == nil {
                let taken = Set(pointerOfTrack.values)
                pointer = (0...).lazy.map(Int32.init).first { !taken.contains($0) } ?? 0
            } else {
                pointer = pointerOfTrack[touch.track] ?? -1 - Int32(clamping: touch.track)
            }
            let sample = TouchSample(
                t: touch.time - origin, pointer: pointer, phase: touch.phase, x: touch.x, y: touch.y,
                force: touch.force, radius: touch.radius)
            if let violation = validator.check(sample) {
                let message = pointer < 0
                    ? "raw touch track \(touch.track): a touch \(touch.phase.name) with no began before it"
                    : violation.message
                try problems.handle(TraceError(SourceLocation(file: file, line: touch.line), message, field: violation.field))
                continue
            }
            if touch.phase == .began { pointerOfTrack[touch.track] = pointer }
            if touch.phase.isTerminal { pointerOfTrack[touch.track] = nil }
            positions[touch.track, default: []].append((touch.x, touch.y))
            lastTime = sample.t
            try emit(.touch(sample))
            summary.count(.touch(sample))
        }
        if let violation = validator.finish() {
            try problems.handle(TraceError(
                SourceLocation(file: file, line: lastLine),
                "the log ends with a finger down: " + violation.message, field: violation.field))
            for (track, pointer) in pointerOfTrack.sorted(by: { $0.value < $1.value }) {
                let last = positions[track]?.last ?? (0, 0)
                let cancel = TouchSample(t: lastTime, pointer: pointer, phase: .cancelled, x: last.x, y: last.y)
                try emit(.touch(cancel))
                summary.count(.touch(cancel))
            }
        }

        // Labels, one per trial with touches.
        for trial in trials {
            let paths = trial.tracks.compactMap { positions[$0] }.filter { !$0.isEmpty }
            guard !paths.isEmpty else { continue }
            var direction: Direction?
            switch trial.intent {
            case .tabSwipe: direction = Self.travelDirection(paths, axis: nil)
            case .scroll: direction = Self.travelDirection(paths, axis: trial.task == "verticalScrollTask" ? .vertical : .horizontal)
            case .pinch: direction = Self.pinchDirection(paths)
            case .rotate: direction = Self.rotationDirection(paths)
            default: break
            }
            if [.tabSwipe, .scroll, .pinch, .rotate].contains(trial.intent) && direction == nil { continue }
            let outcome = trial.success.map { $0 ? "success" : "failed" } ?? "no outcome"
            let label = Label(
                start: trial.start - origin, end: trial.end - origin, intent: trial.intent, direction: direction,
                note: "\(trial.task) trial \(trial.index) (\(outcome))")
            try emit(.label(label))
            summary.count(.label(label))
        }
        problems.fill(&summary)
        return summary
    }

    // MARK: Directions

    enum Axis { case horizontal, vertical }

    /// The main direction of travel of the longest track.
    static func travelDirection(_ paths: [[(x: Double, y: Double)]], axis: Axis?) -> Direction? {
        func length(_ path: [(x: Double, y: Double)]) -> Double {
            guard let a = path.first, let b = path.last else { return 0 }
            return abs(b.x - a.x) + abs(b.y - a.y)
        }
        guard let path = paths.max(by: { length($0) < length($1) }), let a = path.first, let b = path.last else { return nil }
        let dx = b.x - a.x, dy = b.y - a.y
        let horizontal = axis.map { $0 == .horizontal } ?? (abs(dx) >= abs(dy))
        if horizontal { return dx == 0 ? nil : (dx > 0 ? .right : .left) }
        return dy == 0 ? nil : (dy > 0 ? .down : .up)
    }

    static func pinchDirection(_ paths: [[(x: Double, y: Double)]]) -> Direction? {
        guard paths.count >= 2, let a0 = paths[0].first, let a1 = paths[0].last,
              let b0 = paths[1].first, let b1 = paths[1].last else { return nil }
        let before = ((a0.x - b0.x) * (a0.x - b0.x) + (a0.y - b0.y) * (a0.y - b0.y)).squareRoot()
        let after = ((a1.x - b1.x) * (a1.x - b1.x) + (a1.y - b1.y) * (a1.y - b1.y)).squareRoot()
        return after < before ? .in : .out
    }

    static func rotationDirection(_ paths: [[(x: Double, y: Double)]]) -> Direction? {
        guard paths.count >= 2, let a0 = paths[0].first, let a1 = paths[0].last,
              let b0 = paths[1].first, let b1 = paths[1].last else { return nil }
        // Signed angle from the start line to the end line (cross and dot products).
        let (ux, uy) = (b0.x - a0.x, b0.y - a0.y), (vx, vy) = (b1.x - a1.x, b1.y - a1.y)
        let cross = ux * vy - uy * vx
        if cross == 0 { return nil }
        return cross > 0 ? .cw : .ccw
    }

    // MARK: Meta JSON

    static let timePlaceholder = "\u{1}t\u{1}"

    /// One recognizer report as JSON; its time is filled in once the session start is known.
    static func recognitionJSON(_ event: LocatedJSON, gesture: String, task: String, trial: Int) -> String {
        var fields = [#""gesture":\#(json(gesture))"#]
        if let state = event["state"]?.string { fields.append(#""state":\#(json(state))"#) }
        else if let state = event["state"]?.number { fields.append(#""state":\#(json(state))"#) }
        fields.append(#""t":\#(timePlaceholder)"#)
        if let location = event["location"]?.array, location.count == 2,
           let x = location[0].number, let y = location[1].number {
            fields.append(#""x":\#(json(x)),"y":\#(json(y))"#)
        }
        if let velocity = event["velocity"] {
            if let pair = velocity.array, pair.count == 2, let vx = pair[0].number, let vy = pair[1].number {
                fields.append(#""vx":\#(json(vx)),"vy":\#(json(vy))"#)
            } else if let v = velocity.number {
                fields.append(#""v":\#(json(v))"#)
            }
        }
        for key in ["scale", "rotation"] { if let value = event[key]?.number { fields.append(#""\#(key)":\#(json(value))"#) } }
        if let direction = event["direction"]?.string { fields.append(#""direction":\#(json(direction))"#) }
        fields.append(#""task":\#(json(task)),"trial":\#(trial)"#)
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func json(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    static func json(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension String {
    /// This string with the first occurrence of `placeholder` replaced.
    func replacingFirst(placeholder: String, with replacement: String) -> String {
        guard let range = firstRange(of: placeholder) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
