import TraceModel

// MARK: - Rows that break the touch sequence

/// Why a row of a real log was skipped although it reads fine: it breaks
/// the sequence of a finger's down, moves and up. Real studies have a few
/// (the spec's "real logs have faults"); an importer counts them by reason
/// and says where the first of each is, rather than refuse a study of
/// 200,000 rows for one. `--strict` makes each an error instead.
public enum StrayReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// A move or an up while that finger is not down.
    case noFingerDown = "no-finger-down"
    /// The same row again, byte for byte.
    case duplicate
    /// A stroke without its up: the file, the session or a new down came
    /// first. All its rows are skipped (no half stroke is stored).
    case cutOff = "cut-off"

    /// In words, for the summary line.
    public var words: String {
        switch self {
        case .noFingerDown: "move or up with no finger down"
        case .duplicate: "duplicate of the row before"
        case .cutOff: "stroke cut off before its up"
        }
    }
}

/// How many rows were skipped for one reason, and where the first was.
public struct StrayRows: Sendable, Hashable, Codable {
    public var reason: StrayReason
    public var rows: Int
    /// `FILE:LINE` of the first.
    public var first: String

    public init(reason: StrayReason, rows: Int, first: String) {
        self.reason = reason
        self.rows = rows
        self.first = first
    }

    /// `12 rows: move or up with no finger down (first at rawdata.csv:8812)`.
    public var description: String { "\(rows) row\(rows == 1 ? "" : "s"): \(reason.words) (first at \(first))" }
}
