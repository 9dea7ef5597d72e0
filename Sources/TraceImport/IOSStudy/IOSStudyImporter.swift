import Foundation
import TraceModel

// MARK: - iOS gesture-study exports

/// Reads the per-participant JSON exports of the published iOS gesture
/// study: raw `UITouch` samples per trial, and what UIKit's own
/// recognizers reported on the same touches.
///
/// The layout, as the exports write it (pretty-printed by Foundation, keys
/// sorted; abridged here):
///
/// ```json
/// {"id": "6C0F…", "start": "2019-08-30T13:41:49Z", "end": "…", "state": "completed",
///  "deviceInfo": {"model": "iPhone8,1", "osVersion": "12.4", "platform": "iOS",
///                 "name": "(a person's phone name)", "screenSize": [375, 667], …},
///  "subject": {"id": "0D8C…", "name": "(a name)", "dominantHand": "left", "birthYear": …, …},
///  "tap": {"trials": [
///    {"startDate": "2019-08-30T13:41:50Z", "endDate": "…", "success": true,
///     "targetFrame": [[100, 200], [80, 44]],
///     "tracks": [{"touches": [{"phase": "began", "location": [140, 222],
///                              "timestamp": 1.5671725105E9, "force": 0, "majorRadius": 20.875,
///                              "maximumPossibleForce": 6.67, …}, …]}],
///     "events": [{"type": "tap", "state": "ended", "timestamp": 1.567172510582E9,
///                 "location": [141, 223], "numberOfTouches": 1, …}]}]},
///  "longPress": {…}, "swipe": {…}, "verticalScroll": {…}, "horizontalScroll": {…}}
/// ```
///
/// **Session.** One per file: its id is the export's `id`; the user is
/// `subject.id`; the screen is `deviceInfo.screenSize` in points (or
/// `--screen` when a file lacks it); `start` is the wall-clock start.
/// Times become microseconds since the earliest of `start`, the first touch
/// and the first recognizer event.
///
/// **Personal data stays out.** `subject.name` and `deviceInfo.name` hold
/// people's names and are never read into anything stored. Of `subject`
/// only `id` (already a pseudonym) and `dominantHand` are kept — the hand
/// changes which way thumbs drift, a real factor in misfires; birth year,
/// gender, impairment and the `difficulty…` answers are dropped. The
/// session's `meta` keeps `source`, `hand`, `osVersion`, `appVersion` and the
/// platform recognitions.
///
/// **Touches.** Each track is one finger; its samples get the smallest
/// pointer id free when it began. `location` is used (what a recognizer's
/// `location(in:)` sees), `majorRadius` is the radius, and `force` is kept
/// as UIKit reports it (1.0 = an average touch) unless
/// `maximumPossibleForce` is 0 (no force sensing: the 0 means "unknown").
///
/// **Labels.** Each trial with touches becomes one label over its touches
/// (first touch to last: the trial's `startDate`/`endDate` have whole-second
/// precision). The task names the intent: `tap`, `doubleTap` (double-tap),
/// `longPress` (long-press), `swipe` (multi-swipe with one finger: the
/// vocabulary's swipe with a finger count), `verticalScroll` and
/// `horizontalScroll` (scroll), `pinch`, `rotation` (rotate). A swipe's
/// direction is its `targetDirection` (UISwipeGestureRecognizer.Direction:
/// 1 right, 2 left, 4 up, 8 down); otherwise directions come from the
/// touches: a scroll's finger travel along its axis, a pinch in when the two
/// fingers end closer than they began, a rotation cw when the line between
/// them turns clockwise on screen. The note carries the task, the trial,
/// `success` and the target (frame or directions). A trial without touches
/// gets no label, and the summary says so; a task this importer does not
/// know is left out whole (unlabelled touches among labelled trials would be
/// scored as spurious), and the summary says that too.
///
/// **Platform recognitions.** `events` become the session's
/// `PlatformRecognition`s (in `meta`, see there), minus `changed` states,
/// which decide nothing. A swipe's `[0, 0]` location is UIKit saying it has
/// none, and is dropped.
public enum IOSStudyImporter: TraceImporter {
    public static let format = InputFormat.iosStudy

    /// The study's tasks and the label intents they become.
    static let tasks: [String: Intent] = [
        "tap": .tap, "doubleTap": .doubleTap, "longPress": .longPress, "swipe": .multiSwipe,
        "verticalScroll": .scroll, "horizontalScroll": .scroll, "pinch": .pinch, "rotation": .rotate
    ]
    /// Top-level keys that describe the session rather than hold a task.
    static let sessionKeys: Set<String> = ["id", "start", "end", "state", "deviceInfo", "subject"]
    /// `UISwipeGestureRecognizer.Direction` raw values.
    static let swipeDirections: [Int: Direction] = [1: .right, 2: .left, 4: .up, 8: .down]

    public static func recognizes(prefix: [UInt8], fileName name: String) -> Bool {
        let text = String(decoding: prefix.prefix(65_536), as: UTF8.self)
        guard text.first(where: { !$0.isWhitespace }) == "{" else { return false }
        // Keys are sorted, so `deviceInfo` and its `screenSize` open the file;
        // a trial's `tracks` of `touches` mark it too.
        return (text.contains("\"deviceInfo\"") && text.contains("\"screenSize\""))
            || (text.contains("\"trials\"") && text.contains("\"tracks\"") && text.contains("\"touches\""))
    }

    // MARK: - Reading

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
        var success: Bool?
        var target: String?
        var targetDirection: Direction?
        var horizontal: Bool?
        var tracks: [Int] = []
        var line: Int
    }

    private struct RawRecognition {
        var recognition: PlatformRecognition // `t` still absolute
        var line: Int
    }

    /// Everything read from the tasks before anything is emitted: the
    /// touches of every track, the trials they belong to, UIKit's own
    /// recognitions, and the tasks left out.
    private struct Collected {
        var touches: [RawTouch] = []
        var trials: [Trial] = []
        var recognitions: [RawRecognition] = []
        var unknownTasks: [String: Int] = [:]
        var trackCount = 0
    }

    /// The session's one clock: it starts at the first thing that happened,
    /// and every time is checked to lie within a day of it (times come from
    /// the file).
    private struct SessionClock {
        let origin: Micros
        let file: String

        func relative(_ time: Micros, line: Int, field: String) throws -> Micros {
            let (t, overflow) = time.subtractingReportingOverflow(origin)
            guard !overflow, t <= IOSStudyImporter.longestSession else {
                throw TraceError(
                    SourceLocation(file: file, line: line),
                    "time more than \(IOSStudyImporter.longestSession / .second / 3600) hours after the session start",
                    field: field)
            }
            return t
        }
    }

    public static func read(
        _ input: TraceInput, options: ImportOptions, emit: (TraceEvent) throws -> Void
    ) throws -> ImportSummary {
        let document = try LocatedDocument(input)
        let root = document.root
        guard root.object != nil else {
            throw TraceError(document.at(root), "an iOS study export is one JSON object per session", field: "json")
        }
        let (width, height, startSeconds) = try screenAndStart(document, options: options)
        var problems = ImportProblems(options: options)
        let collected = try collect(document, problems: &problems)

        let start = startSeconds.flatMap { Micros(seconds: $0) }
        let firstTouch = collected.touches.map(\.time).min()
        let firstEvent = collected.recognitions.map(\.recognition.t).min()
        let clock = SessionClock(origin: [start, firstTouch, firstEvent].compactMap { $0 }.min() ?? 0, file: document.file)

        var summary = ImportSummary()
        let header = try header(
            document, width: width, height: height, start: start,
            platform: try platformRecognitions(collected.recognitions, clock: clock, problems: &problems))
        try emit(.session(header))
        summary.count(.session(header))
        let kept = try emitTouches(collected.touches, clock: clock, lastLine: root.line, problems: &problems) { event in
            try emit(event)
            summary.count(event)
        }
        let (untouched, undirected) = try emitLabels(collected.trials, kept: kept) { event in
            try emit(event)
            summary.count(event)
        }

        // What was left out, said.
        let trials = collected.trials.count
        if !untouched.isEmpty { summary.notes.append(Self.listing(untouched, of: trials, "without touches got no label")) }
        if !undirected.isEmpty {
            summary.notes.append(Self.listing(undirected, of: trials, "whose touches show no direction got no label"))
        }
        for (task, count) in collected.unknownTasks.sorted(by: { $0.key < $1.key }) {
            summary.notes.append(
                "\(count) trials of the unknown task \"\(task)\" were not imported"
                    + " (known tasks: \(Self.tasks.keys.sorted().joined(separator: ", ")))")
        }
        problems.fill(&summary)
        return summary
    }

    // MARK: - The session

    /// The screen in points (the export's, else `--screen`) and the
    /// session's start, if the export gives one.
    private static func screenAndStart(
        _ document: LocatedDocument, options: ImportOptions
    ) throws -> (width: Double, height: Double, start: Double?) {
        let root = document.root, device = root["deviceInfo"]
        var width = options.screen?.width, height = options.screen?.height
        if let size = device?["screenSize"] {
            guard let (w, h) = Self.pair(size), w > 0, h > 0 else {
                throw TraceError(
                    document.at(size), "`screenSize` must be [width, height] in points", field: "deviceInfo.screenSize")
            }
            (width, height) = (w, h)
        }
        guard let width, let height else {
            throw TraceError(
                document.at(device ?? root), "no screen size in the export: give it in points with --screen WIDTHxHEIGHT",
                field: "deviceInfo.screenSize")
        }
        var startSeconds: Double?
        if let start = root["start"] {
            guard let text = start.string, let seconds = ISO8601.epochSeconds(text) else {
                throw TraceError(document.at(start), "`start` must be an ISO 8601 date-time", field: "start")
            }
            startSeconds = seconds
        }
        return (width, height, startSeconds)
    }

    /// The session line: device, participant code, start, and in `meta` the
    /// hand, versions and UIKit's recognitions (never the participant's name).
    private static func header(
        _ document: LocatedDocument, width: Double, height: Double, start: Micros?, platform: [PlatformRecognition]
    ) throws -> SessionHeader {
        let root = document.root, device = root["deviceInfo"]
        let hand = root["subject"]?["dominantHand"]?.string.flatMap { ["left", "right"].contains($0) ? $0 : nil }
        let meta = SessionMeta(
            source: "ios-study", hand: hand, osVersion: device?["osVersion"]?.string,
            appVersion: device?["appVersion"]?.string, platformRecognitions: platform)
        return SessionHeader(
            id: root["id"]?.string ?? importedSessionID(fileName: document.file),
            device: Device(platform: .ios, model: device?["model"]?.string, screenWidth: width, screenHeight: height),
            user: root["subject"]?["id"]?.string,
            startedAt: start != nil ? root["start"]?.string : nil,
            metaJSON: try meta.json())
    }

    // MARK: - The tasks

    /// Every known task's trials, each whole or (when skipping invalid
    /// input) not at all; unknown tasks counted.
    private static func collect(_ document: LocatedDocument, problems: inout ImportProblems) throws -> Collected {
        var collected = Collected()
        for (task, taskNode) in document.root.object ?? [] where !Self.sessionKeys.contains(task) {
            // Forward compatible: a key that is not `{"trials": [...]}` is not a task.
            guard let trialNodes = taskNode["trials"]?.array else { continue }
            // A task this importer does not know is left out whole: its
            // touches, unlabelled among labelled trials, would be scored as
            // spurious recognitions.
            guard let intent = Self.tasks[task] else {
                collected.unknownTasks[task, default: 0] += trialNodes.count
                continue
            }
            for (index, trialNode) in trialNodes.enumerated() {
                do {
                    try collectTrial(trialNode, task: task, intent: intent, index: index, document: document, into: &collected)
                } catch let error as TraceError {
                    try problems.handle(error) // skipping drops the whole trial
                }
            }
        }
        return collected
    }

    /// One trial's tracks, touches and recognitions, added only if all of it reads.
    private static func collectTrial(
        _ trialNode: LocatedJSON, task: String, intent: Intent, index: Int, document: LocatedDocument,
        into collected: inout Collected
    ) throws {
        let context = "\(task) trial \(index)", file = document.file
        guard trialNode.object != nil else {
            throw TraceError(document.at(trialNode), "a trial must be an object (\(context))", field: task)
        }
        var trial = try Self.trial(trialNode, task: task, intent: intent, index: index, file: file)
        var trialTouches: [RawTouch] = []
        for trackNode in trialNode["tracks"]?.array ?? [] {
            guard let samples = trackNode["touches"]?.array else {
                throw TraceError(document.at(trackNode), "a track needs `touches` (\(context))", field: "touches")
            }
            let track = collected.trackCount + trial.tracks.count
            trial.tracks.append(track)
            var previous: Micros?
            for node in samples {
                let touch = try Self.touch(
                    node, track: track, order: collected.touches.count + trialTouches.count, context: context, file: file)
                if let previous, touch.time < previous {
                    throw TraceError(document.at(node), "time goes backwards within a track (\(context))", field: "timestamp")
                }
                previous = touch.time
                trialTouches.append(touch)
            }
        }
        var trialRecognitions: [RawRecognition] = []
        for node in trialNode["events"]?.array ?? [] {
            if let recognition = try Self.recognition(node, context: context, file: file) {
                trialRecognitions.append(RawRecognition(recognition: recognition, line: node.line))
            }
        }
        collected.trackCount += trial.tracks.count
        collected.touches += trialTouches
        collected.trials.append(trial)
        collected.recognitions += trialRecognitions
    }

    /// UIKit's recognitions on the session's clock, in time order.
    private static func platformRecognitions(
        _ recognitions: [RawRecognition], clock: SessionClock, problems: inout ImportProblems
    ) throws -> [PlatformRecognition] {
        var platform: [PlatformRecognition] = []
        for item in recognitions {
            var recognition = item.recognition
            do {
                recognition.t = try clock.relative(recognition.t, line: item.line, field: "timestamp")
                platform.append(recognition)
            } catch let error as TraceError {
                try problems.handle(error)
            }
        }
        return platform.sorted { $0.t < $1.t }
    }

    // MARK: - Touches

    /// Every track's touches in time order, each track a pointer (ids reused
    /// as fingers lift); a finger still down at the end is cancelled.
    /// Returns each track's kept samples, for the labels.
    private static func emitTouches(
        _ touches: [RawTouch], clock: SessionClock, lastLine: Int, problems: inout ImportProblems,
        emit: (TraceEvent) throws -> Void
    ) throws -> [Int: [(t: Micros, x: Double, y: Double)]] {
        let touches = touches.sorted { ($0.time, $0.order) < ($1.time, $1.order) }
        var validator = SessionValidator()
        var pointerOfTrack: [Int: Int32] = [:]
        var kept: [Int: [(t: Micros, x: Double, y: Double)]] = [:]
        var lastLine = lastLine
        var lastTime: Micros = 0
        for touch in touches {
            lastLine = touch.line
            let t: Micros
            do { t = try clock.relative(touch.time, line: touch.line, field: "timestamp") } catch let error as TraceError {
                try problems.handle(error)
                continue
            }
            let pointer: Int32
            if touch.phase == .began, pointerOfTrack[touch.track] == nil {
                let taken = Set(pointerOfTrack.values)
                pointer = (0...).lazy.map(Int32.init).first { !taken.contains($0) } ?? 0
            } else {
                pointer = pointerOfTrack[touch.track] ?? -1 - Int32(clamping: touch.track)
            }
            let sample = TouchSample(
                t: t, pointer: pointer, phase: touch.phase, x: touch.x, y: touch.y, force: touch.force, radius: touch.radius)
            if let violation = validator.check(sample) {
                let message = pointer < 0 ? "a track's touch \(touch.phase.name) with no began before it" : violation.message
                try problems.handle(
                    TraceError(SourceLocation(file: clock.file, line: touch.line), message, field: violation.field))
                continue
            }
            if touch.phase == .began { pointerOfTrack[touch.track] = pointer }
            if touch.phase.isTerminal { pointerOfTrack[touch.track] = nil }
            kept[touch.track, default: []].append((t, touch.x, touch.y))
            lastTime = t
            try emit(.touch(sample))
        }
        if let violation = validator.finish() {
            try problems.handle(
                TraceError(
                    SourceLocation(file: clock.file, line: lastLine),
                    "the export ends with a finger down: " + violation.message, field: violation.field))
            for (track, pointer) in pointerOfTrack.sorted(by: { $0.value < $1.value }) {
                let last = kept[track]?.last ?? (lastTime, 0, 0)
                try emit(.touch(TouchSample(t: lastTime, pointer: pointer, phase: .cancelled, x: last.x, y: last.y)))
            }
        }
        return kept
    }

    // MARK: - Labels, one per trial with touches

    /// A label per trial whose touches were kept, its direction from the
    /// trial or the touches; the trials without touches, or without a
    /// direction where the intent needs one, are returned by name.
    private static func emitLabels(
        _ trials: [Trial], kept: [Int: [(t: Micros, x: Double, y: Double)]], emit: (TraceEvent) throws -> Void
    ) throws -> (untouched: [String], undirected: [String]) {
        var untouched: [String] = [], undirected: [String] = []
        for trial in trials {
            let paths = trial.tracks.compactMap { kept[$0] }.filter { !$0.isEmpty }
            let intent = trial.intent
            guard !paths.isEmpty else {
                untouched.append("\(trial.task) trial \(trial.index)")
                continue
            }
            let points = paths.map { $0.map { (x: $0.x, y: $0.y) } }
            var direction: Direction?
            switch intent {
            case .multiSwipe: direction = trial.targetDirection ?? Self.travelDirection(points, axis: nil)
            case .scroll:
                let horizontal = trial.horizontal ?? (trial.task == "horizontalScroll")
                direction = Self.travelDirection(points, axis: horizontal ? .horizontal : .vertical)
            case .pinch: direction = Self.pinchDirection(points)
            case .rotate: direction = Self.rotationDirection(points)
            default: break
            }
            if [.multiSwipe, .scroll, .pinch, .rotate].contains(intent) && direction == nil {
                undirected.append("\(trial.task) trial \(trial.index)")
                continue
            }
            let times = paths.flatMap { $0.map(\.t) }
            var note = "\(trial.task) trial \(trial.index): " + (trial.success.map { $0 ? "success" : "failed" } ?? "no outcome")
            if let target = trial.target { note += "; \(target)" }
            try emit(
                .label(
                    Label(
                        start: times.min() ?? 0, end: times.max() ?? 0, intent: intent, direction: direction,
                        fingers: intent == .multiSwipe ? 1 : nil, note: note)))
        }
        return (untouched, undirected)
    }

    /// A session spans at most a day: a later time is a damaged clock, and
    /// the bound keeps every difference of times far from overflowing.
    static let longestSession: Micros = 24 * 3600 * .second

    static func listing(_ trials: [String], of total: Int, _ what: String) -> String {
        let shown = trials.prefix(5).joined(separator: ", ") + (trials.count > 5 ? ", …" : "")
        return "\(trials.count) of \(total) trials \(what) (\(shown))"
    }

    // MARK: - Parts of a trial

    private static func trial(_ node: LocatedJSON, task: String, intent: Intent, index: Int, file: String) throws -> Trial {
        func at(_ node: LocatedJSON) -> SourceLocation { SourceLocation(file: file, line: node.line) }
        for key in ["startDate", "endDate"] {
            if let value = node[key], !(value.string.map(ISO8601.isValid) ?? false) {
                throw TraceError(at(value), "`\(key)` must be an ISO 8601 date-time (\(task) trial \(index))", field: key)
            }
        }
        var trial = Trial(task: task, intent: intent, index: index, success: node["success"]?.bool, line: node.line)
        if let frame = node["targetFrame"] {
            guard let items = frame.array, items.count == 2, let (x, y) = pair(items[0]), let (w, h) = pair(items[1]) else {
                throw TraceError(at(frame), "`targetFrame` must be [[x, y], [width, height]]", field: "targetFrame")
            }
            trial.target = "target frame \(number(x)),\(number(y)) \(number(w))×\(number(h)) pt"
        }
        func direction(_ key: String) throws -> Direction? {
            guard let value = node[key] else { return nil }
            guard let raw = value.number, let code = Int(exactly: raw) else {
                throw TraceError(at(value), "`\(key)` must be 1 (right), 2 (left), 4 (up) or 8 (down)", field: key)
            }
            return swipeDirections[code] // 0 or a combination: no single direction
        }
        trial.targetDirection = try direction("targetDirection")
        if node["targetDirection"] != nil {
            let result = try direction("resultDirection")
            trial.target =
                "target direction \(trial.targetDirection?.rawValue ?? "none")"
                + ", result \(result?.rawValue ?? "none")"
        }
        trial.horizontal = node["isHorizontal"]?.bool
        return trial
    }

    private static func touch(_ node: LocatedJSON, track: Int, order: Int, context: String, file: String) throws -> RawTouch {
        func at(_ node: LocatedJSON) -> SourceLocation { SourceLocation(file: file, line: node.line) }
        let time = try timestamp(node, context: context, file: file)
        guard let name = node["phase"]?.string, let phase = TouchPhase(name: name) else {
            throw TraceError(
                at(node["phase"] ?? node), "unknown touch phase (began, moved, stationary, ended or cancelled)",
                field: "phase")
        }
        guard let location = node["location"], let (x, y) = pair(location) else {
            throw TraceError(at(node["location"] ?? node), "`location` must be [x, y] in points", field: "location")
        }
        var force = node["force"]?.number
        if node["maximumPossibleForce"]?.number == 0 { force = nil }
        let radius = node["majorRadius"]?.number
        if let force, force < 0 { throw TraceError(at(node), "negative force \(force)", field: "force") }
        if let radius, radius < 0 { throw TraceError(at(node), "negative radius \(radius)", field: "majorRadius") }
        return RawTouch(
            time: time, track: track, order: order, phase: phase, x: x, y: y, force: force, radius: radius,
            line: node.line)
    }

    /// A recognizer event, or `nil` for a `changed` one (no decision).
    private static func recognition(_ node: LocatedJSON, context: String, file: String) throws -> PlatformRecognition? {
        func at(_ node: LocatedJSON) -> SourceLocation { SourceLocation(file: file, line: node.line) }
        guard let type = node["type"]?.string, !type.isEmpty,
            type.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) })
        else {
            throw TraceError(
                at(node["type"] ?? node), "a recognizer event needs a `type` such as tap, longPress, swipe or pan",
                field: "type")
        }
        guard let name = node["state"]?.string, let state = PlatformRecognition.State(rawValue: name) else {
            let known = PlatformRecognition.State.allCases.map(\.rawValue).joined(separator: ", ")
            throw TraceError(at(node["state"] ?? node), "unknown recognizer state (\(known))", field: "state")
        }
        let time = try timestamp(node, context: context, file: file)
        guard state != .changed else { return nil }
        var recognition = PlatformRecognition(gesture: type, state: state, t: time)
        if let location = node["location"] {
            guard let (x, y) = pair(location) else {
                throw TraceError(at(location), "`location` must be [x, y] in points", field: "location")
            }
            if !(type == "swipe" && x == 0 && y == 0) { (recognition.x, recognition.y) = (x, y) }
        }
        if let touches = node["numberOfTouches"] {
            guard let count = touches.number.flatMap({ Int(exactly: $0) }), (0...20).contains(count) else {
                throw TraceError(at(touches), "`numberOfTouches` must be a whole number 0…20", field: "numberOfTouches")
            }
            recognition.touches = count
        }
        return recognition
    }

    private static func timestamp(_ node: LocatedJSON, context: String, file: String) throws -> Micros {
        guard let value = node["timestamp"]?.number else {
            throw TraceError(
                SourceLocation(file: file, line: (node["timestamp"] ?? node).line),
                "missing or non-numeric `timestamp` (\(context))", field: "timestamp")
        }
        guard let time = Micros(seconds: value) else {
            throw TraceError(
                SourceLocation(file: file, line: node.line), "timestamp out of range (\(context))",
                field: "timestamp")
        }
        return time
    }

    static func pair(_ node: LocatedJSON) -> (Double, Double)? {
        guard let items = node.array, items.count == 2, let x = items[0].number, let y = items[1].number else { return nil }
        return (x, y)
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    // MARK: - Directions

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
            let b0 = paths[1].first, let b1 = paths[1].last
        else { return nil }
        let before = ((a0.x - b0.x) * (a0.x - b0.x) + (a0.y - b0.y) * (a0.y - b0.y)).squareRoot()
        let after = ((a1.x - b1.x) * (a1.x - b1.x) + (a1.y - b1.y) * (a1.y - b1.y)).squareRoot()
        return after == before ? nil : (after < before ? .in : .out)
    }

    static func rotationDirection(_ paths: [[(x: Double, y: Double)]]) -> Direction? {
        guard paths.count >= 2, let a0 = paths[0].first, let a1 = paths[0].last,
            let b0 = paths[1].first, let b1 = paths[1].last
        else { return nil }
        // Signed angle from the start line to the end line (cross product);
        // y points down, so a positive turn is clockwise on screen.
        let (ux, uy) = (b0.x - a0.x, b0.y - a0.y), (vx, vy) = (b1.x - a1.x, b1.y - a1.y)
        let cross = ux * vy - uy * vx
        if cross == 0 { return nil }
        return cross > 0 ? .cw : .ccw
    }
}

// MARK: - The session's meta

/// What an iOS study session keeps besides touches and labels (see
/// ``IOSStudyImporter``: nothing that names a person).
private struct SessionMeta: Encodable {
    var source: String
    var hand: String?
    var osVersion: String?
    var appVersion: String?
    var platformRecognitions: [PlatformRecognition]

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
