// MARK: - The format's rules over time

/// Checks the rules of `gesturetune-trace/1` that span lines of a session:
/// time never decreases, a pointer begins before it moves, a `began` never
/// reuses an active id, and every pointer has ended when the session does.
///
/// Every reader feeds it, so the canonical reader and the importers of other
/// formats reject the same mistakes with the same words.
///
/// ```swift
/// var rules = SessionValidator()
/// if let problem = rules.check(touch) { throw TraceError(location, problem.message, field: problem.field) }
/// ...
/// if let problem = rules.finish() { ... }   // at the end of the session
/// ```
public struct SessionValidator: Sendable {
    /// A broken rule: the message and the field it concerns.
    public struct Violation: Sendable, Hashable {
        public var message: String
        public var field: String
    }

    private var lastTouchTime: Micros = .min
    /// Pointers down now, with the time they began (for the message at the end).
    private var active: [Int32: Micros] = [:]

    public init() {}

    /// Pointers currently down.
    public var activePointers: Set<Int32> { Set(active.keys) }

    /// Checks one touch sample against the samples before it and records it.
    /// A violating sample is not recorded.
    public mutating func check(_ touch: TouchSample) -> Violation? {
        if touch.t < lastTouchTime {
            return Violation(
                message: "time goes backwards: \(touch.t.seconds) s after \(lastTouchTime.seconds) s",
                field: "t")
        }
        switch touch.phase {
        case .began:
            if active[touch.pointer] != nil {
                return Violation(message: "pointer \(touch.pointer) began again while it is down", field: "phase")
            }
            active[touch.pointer] = touch.t
        case .moved, .stationary:
            if active[touch.pointer] == nil {
                return Violation(
                    message: "pointer \(touch.pointer) is \(touch.phase.name) but has not begun", field: "phase")
            }
        case .ended, .cancelled:
            if active.removeValue(forKey: touch.pointer) == nil {
                return Violation(
                    message: "pointer \(touch.pointer) \(touch.phase.name) but has not begun", field: "phase")
            }
        }
        lastTouchTime = touch.t
        return nil
    }

    /// Checks that every pointer has ended; call at the end of the session.
    /// Resets the validator for the next session either way.
    public mutating func finish() -> Violation? {
        defer { self = SessionValidator() }
        guard let (pointer, began) = active.min(by: { $0.value < $1.value }) else { return nil }
        let others = active.count - 1
        let more = others > 0 ? " (and \(others) more)" : ""
        return Violation(
            message: "pointer \(pointer) began at \(began.seconds) s and never ended or was cancelled\(more)",
            field: "phase")
    }
}
