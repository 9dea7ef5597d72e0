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

    /// Whether `text` is an ISO 8601 date (`2026-03-01`) or date-time
    /// (`2026-03-01T09:30:00Z`, with optional fractional seconds and offset),
    /// with every field in range (``ISO8601``).
    public static func isISO8601(_ text: String) -> Bool { ISO8601.isValid(text) }
}
