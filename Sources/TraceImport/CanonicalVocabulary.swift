import Foundation
import TraceModel

// MARK: - Vocabulary rules the spec states in words

/// Which directions each intent takes.
///
/// The spec makes `direction` required "for directional intents" without
/// listing them; gesturetune reads that as: swipes and dismissals move along
/// an axis (left/right/up/down), `pinch` goes in or out, `rotate` turns cw or
/// ccw. `pan`, `scroll`, `drag` and `transform` move freely, so a direction
/// is optional for them (and, when given, must fit the intent's kind);
/// non-moving intents take none.
public enum CanonicalVocabulary {
    private static let axis: Set<Direction> = [.left, .right, .up, .down]

    /// The directions an intent accepts, and whether one is required.
    public static func directions(for intent: Intent) -> (allowed: Set<Direction>, required: Bool) {
        switch intent {
        case .tabSwipe, .swipeActions, .cardSwipe, .dismiss, .edgeSwipe, .multiSwipe:
            return (axis, true)
        case .pinch: return ([.in, .out], true)
        case .rotate: return ([.cw, .ccw], true)
        case .pan, .scroll, .drag, .textSelect: return (axis, false)
        case .transform: return (Set(Direction.allCases), false)
        case .tap, .doubleTap, .longPress, .shake, .none: return ([], false)
        }
    }

    static func checkDirection(_ direction: Direction?, for intent: Intent, _ location: SourceLocation) throws(TraceError) {
        let rule = directions(for: intent)
        guard let direction else {
            if rule.required {
                throw TraceError(location, "intent \"\(intent.rawValue)\" needs a direction", field: "direction")
            }
            return
        }
        guard rule.allowed.contains(direction) else {
            let allowed = Direction.allCases.filter(rule.allowed.contains).map(\.rawValue)
            let expected = allowed.isEmpty ? "none" : allowed.joined(separator: ", ")
            throw TraceError(
                location,
                "direction \"\(direction.rawValue)\" does not fit intent \"\(intent.rawValue)\" (expected \(expected))",
                field: "direction")
        }
    }

    // MARK: - A label, whatever carried it

    /// The one validator of a label's fields, for every format that writes
    /// labels in the canonical vocabulary (JSON Lines and CSV): the callers
    /// only take the fields out of their syntax.
    ///
    /// `fingers`, when given, is an integer ≥ 1 (the spec says "integer",
    /// the README "≥ 1"), up to `Int32.max` like a pointer id so that no
    /// count overflows. Design: the CSV reader once capped it at 100 and
    /// JSON Lines did not; the cap was written nowhere, and a file's
    /// meaning must not depend on its format, so the documented rule won.
    static func label(
        start: Micros, end: Micros, intent intentName: String?, direction directionName: String?,
        fingers: Double?, target: String?, note: String?, _ location: SourceLocation
    ) throws(TraceError) -> Label {
        guard start <= end else {
            throw TraceError(location, "start \(start.seconds) s is after end \(end.seconds) s", field: "start")
        }
        guard let intentName else { throw TraceError(location, "missing required field", field: "intent") }
        guard let intent = Intent(rawValue: intentName) else {
            throw TraceError(location, "unknown intent \"\(intentName)\"", field: "intent")
        }
        var direction: Direction?
        if let directionName {
            guard let d = Direction(rawValue: directionName) else {
                throw TraceError(
                    location, "unknown direction \"\(directionName)\" (expected left, right, up, down, in, out, cw or ccw)",
                    field: "direction")
            }
            direction = d
        }
        try checkDirection(direction, for: intent, location)
        var count: Int?
        if let fingers {
            guard fingers.rounded() == fingers, fingers >= 1, fingers <= Double(Int32.max) else {
                throw TraceError(location, "must be an integer ≥ 1", field: "fingers")
            }
            count = Int(fingers)
        }
        return Label(
            start: start, end: end, intent: intent, direction: direction, fingers: count,
            target: target, note: note)
    }

    /// Whether `text` is an ISO 8601 date (`2026-03-01`) or date-time
    /// (`2026-03-01T09:30:00Z`, with optional fractional seconds and offset),
    /// with every field in range (``ISO8601``).
    public static func isISO8601(_ text: String) -> Bool { ISO8601.isValid(text) }
}
