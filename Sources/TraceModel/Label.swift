// MARK: - Labels (ground truth)

/// What the person meant to do: the spec's intent vocabulary.
public enum Intent: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case tap
    case doubleTap = "double-tap"
    case longPress = "long-press"
    case pan
    case scroll
    case tabSwipe = "tab-swipe"
    case swipeActions = "swipe-actions"
    case cardSwipe = "card-swipe"
    case dismiss
    case pinch
    case rotate
    case transform
    case edgeSwipe = "edge-swipe"
    case multiSwipe = "multi-swipe"
    case drag
    case textSelect = "text-select"
    case shake
    case none

    public static func < (a: Intent, b: Intent) -> Bool { a.rawValue < b.rawValue }
}

/// The direction of a directional intent.
public enum Direction: String, Sendable, Hashable, Codable, CaseIterable {
    case left, right, up, down
    case `in`, out
    case cw, ccw
}

/// One intended gesture and the time window it was performed in.
public struct Label: Sendable, Hashable, Codable {
    public var start: Micros
    public var end: Micros
    public var intent: Intent
    public var direction: Direction?
    public var fingers: Int?
    /// UI element or region.
    public var target: String?
    /// Free text. Reports escape it: it comes from data.
    public var note: String?

    public init(
        start: Micros, end: Micros, intent: Intent, direction: Direction? = nil,
        fingers: Int? = nil, target: String? = nil, note: String? = nil
    ) {
        self.start = start
        self.end = end
        self.intent = intent
        self.direction = direction
        self.fingers = fingers
        self.target = target
        self.note = note
    }

    /// Duration of the window.
    public var duration: Micros { end - start }
}

extension Intent {
    /// How people read the intent: its label, but for the intent of touches
    /// that mean no gesture, whose stored label `none` reads as English
    /// ("intents made worse — 1: none"). Reports, Markdown and the CLI's
    /// text say this; stored labels and JSON keep the label.
    package var readableName: String { self == .none ? "no gesture (stray touch)" : rawValue }

    /// ``readableName`` of a stored label; any other name (`unlabelled`, a
    /// confusion matrix's `nothing`) as it is.
    package static func readableName(of label: String) -> String { Intent(rawValue: label)?.readableName ?? label }
}
