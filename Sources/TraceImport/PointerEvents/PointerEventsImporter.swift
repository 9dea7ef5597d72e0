import TraceModel

// MARK: - W3C Pointer Events

/// Reads W3C Pointer Events as a web recorder captures them: a JSON array of
/// the events' fields, or an object wrapping it.
///
/// ```json
/// {"viewport": {"width": 390, "height": 844}, "devicePixelRatio": 3, "userAgent": "…",
///  "events": [
///   {"type": "pointerdown", "pointerId": 7, "pointerType": "touch", "timeStamp": 1532.4,
///    "clientX": 200.5, "clientY": 410, "pressure": 0.5, "width": 42, "height": 40},
///   …]}
/// ```
///
/// - Types: `pointerdown` → began, `pointermove` → moved, `pointerup` → ended,
///   `pointercancel` → cancelled. The boundary and capture events
///   (`pointerover`, `pointerenter`, `pointerout`, `pointerleave`,
///   `gotpointercapture`, `lostpointercapture`, `pointerrawupdate`) carry no new
///   contact and are skipped; any other type is an error.
/// - Only `pointerType: "touch"` unless `--all-pointer-types`
///   (``ImportOptions/includeAllPointerTypes``); then a mouse or pen counts
///   from its `pointerdown` to its `pointerup`, and its hover moves are skipped.
/// - `timeStamp` is milliseconds; times are relative to the first kept event.
/// - `clientX/Y` are CSS pixels = points. The screen is the wrapper's
///   `viewport`, else `--screen`, else an error. `devicePixelRatio` becomes
///   `device.scale`, `userAgent` the model.
/// - `force = 2 × pressure`: the spec's 0.5 ("the pressure of an average
///   press" for hardware without pressure) becomes UIKit's 1.0.
/// - `radius = max(width, height) / 2`; left out when both are ≤ 1 (the spec's
///   default, 1 × 1, means the device reports no contact geometry).
///
/// Errors name the line on which the offending element starts.
public enum PointerEventsImporter: TraceImporter {
    public static let format = InputFormat.pointerEvents

    public static func recognizes(prefix: [UInt8], fileName name: String) -> Bool {
        // The whole prefix: a pretty-printed capture may open with a long
        // header (viewport, device, page) before its first event.
        let text = String(decoding: prefix, as: UTF8.self)
        guard let first = text.first(where: { !$0.isWhitespace }), first == "[" || first == "{" else { return false }
        return text.contains("\"pointerId\"") && text.contains("\"pointerType\"")
    }

    static let skippedTypes: Set<String> = [
        "pointerover", "pointerenter", "pointerout", "pointerleave",
        "gotpointercapture", "lostpointercapture", "pointerrawupdate"
    ]

    public static func read(
        _ input: TraceInput, options: ImportOptions, emit: (TraceEvent) throws -> Void
    ) throws -> ImportSummary {
        let document = try LocatedDocument(input)
        let (root, file, at) = (document.root, document.file, document.at)

        let (events, screen, scale, model) = try recording(root, at: at, options: options)

        var problems = ImportProblems(options: options)
        var summary = ImportSummary()
        var validator = SessionValidator()
        var start: Micros?
        var down: [Int32: TouchSample] = [:]
        var lastLine = root.line
        var lastTime: Micros = 0

        let header = SessionHeader(
            id: importedSessionID(fileName: file),
            device: Device(
                platform: .web, model: model, screenWidth: screen.width, screenHeight: screen.height,
                scale: scale),
            metaJSON: #"{"source":"pointer-events"}"#)
        try emit(.session(header))
        summary.count(.session(header))

        for (index, event) in events.enumerated() {
            lastLine = event.line
            do {
                guard
                    let sample = try Self.sample(
                        event, index: index, file: file, options: options,
                        start: &start, down: down)
                else { continue }
                if let violation = validator.check(sample) {
                    throw TraceError(at(event), violation.message + " (events[\(index)])", field: violation.field)
                }
                if sample.phase.isTerminal { down[sample.pointer] = nil } else { down[sample.pointer] = sample }
                lastTime = sample.t
                try emit(.touch(sample))
                summary.count(.touch(sample))
            } catch let error as TraceError {
                try problems.handle(error)
            }
        }
        if let violation = validator.finish() {
            try problems.handle(
                TraceError(
                    SourceLocation(file: file, line: lastLine),
                    "the recording ends with a pointer down: " + violation.message, field: violation.field))
            for (pointer, last) in down.sorted(by: { $0.key < $1.key }) {
                let cancel = TouchSample(t: lastTime, pointer: pointer, phase: .cancelled, x: last.x, y: last.y)
                try emit(.touch(cancel))
                summary.count(.touch(cancel))
            }
        }
        problems.fill(&summary)
        return summary
    }

    /// The events of a recording and the screen they were recorded on: a
    /// bare array of events, or an object with `events` beside its
    /// `viewport`, `devicePixelRatio` and `userAgent`.
    private static func recording(_ root: LocatedJSON, at: (LocatedJSON) -> SourceLocation, options: ImportOptions) throws
        -> (events: [LocatedJSON], screen: ScreenSize, scale: Double, model: String?)
    {
        let events: [LocatedJSON]
        var viewport: ScreenSize?
        var scale = 1.0
        var model: String?
        if let array = root.array {
            events = array
        } else if root.object != nil {
            guard let list = root["events"]?.array else {
                throw TraceError(at(root["events"] ?? root), "the wrapper object needs an `events` array", field: "events")
            }
            events = list
            if let box = root["viewport"] {
                guard let width = box["width"]?.number, let height = box["height"]?.number, width > 0, height > 0 else {
                    throw TraceError(at(box), "the viewport needs a positive width and height", field: "viewport")
                }
                viewport = ScreenSize(width: width, height: height)
            }
            if let ratio = root["devicePixelRatio"]?.number, ratio > 0 { scale = ratio }
            model = root["userAgent"]?.string
        } else {
            throw TraceError(at(root), "expected an array of pointer events or an object with `events`", field: "json")
        }
        guard let screen = viewport ?? options.screen else {
            throw TraceError(
                at(root), "no viewport in the recording: give the screen size in CSS pixels with --screen WIDTHxHEIGHT",
                field: "--screen")
        }
        return (events, screen, scale, model)
    }

    /// The touch sample of one event, `nil` for events that carry none.
    static func sample(
        _ event: LocatedJSON, index: Int, file: String, options: ImportOptions,
        start: inout Micros?, down: [Int32: TouchSample]
    ) throws -> TouchSample? {
        let location = SourceLocation(file: file, line: event.line)
        func fail(_ message: String, _ field: String) -> TraceError {
            TraceError(location, "\(message) (events[\(index)])", field: field)
        }
        guard event.object != nil else { throw fail("an event must be an object, not \(event.kind)", "events") }
        guard let type = event["type"]?.string else { throw fail("missing or non-string `type`", "type") }
        let phase: TouchPhase
        switch type {
        case "pointerdown": phase = .began
        case "pointermove": phase = .moved
        case "pointerup": phase = .ended
        case "pointercancel": phase = .cancelled
        default:
            if skippedTypes.contains(type) { return nil }
            throw fail("unknown event type \"\(type)\"", "type")
        }
        guard let pointerType = event["pointerType"]?.string else {
            throw fail("missing `pointerType` (touch, pen or mouse)", "pointerType")
        }
        guard pointerType == "touch" || options.includeAllPointerTypes else { return nil }
        guard let id = event["pointerId"]?.number, id == id.rounded(), let pointer = Int32(exactly: id) else {
            throw fail("`pointerId` must be a 32-bit integer", "pointerId")
        }
        // A mouse or pen moving with no button down is hovering, not touching.
        // (and a button released that was pressed before the recording began is no touch either).
        if phase != .began && pointerType != "touch" && down[pointer] == nil { return nil }
        guard let milliseconds = event["timeStamp"]?.number else { throw fail("missing or non-numeric `timeStamp`", "timeStamp") }
        guard let time = Micros(milliseconds: milliseconds) else {
            throw fail("`timeStamp` out of range (finite, within ±73 000 years)", "timeStamp")
        }
        guard let x = event["clientX"]?.number else { throw fail("missing or non-numeric `clientX`", "clientX") }
        guard let y = event["clientY"]?.number else { throw fail("missing or non-numeric `clientY`", "clientY") }
        var force: Double?
        if let pressure = event["pressure"] {
            guard let value = pressure.number, value >= 0 else { throw fail("`pressure` must be a number ≥ 0", "pressure") }
            force = 2 * value
        }
        var radius: Double?
        let width = event["width"]?.number ?? 1, height = event["height"]?.number ?? 1
        guard width >= 0, height >= 0 else { throw fail("`width` and `height` must be ≥ 0", "width") }
        if width > 1 || height > 1 { radius = max(width, height) / 2 }

        let origin = start ?? time
        start = origin
        return TouchSample(t: time - origin, pointer: pointer, phase: phase, x: x, y: y, force: force, radius: radius)
    }
}
