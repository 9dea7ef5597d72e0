import Recognizers
import TraceModel

// MARK: - Labels by what decides their cost

/// Labels counted by the three things any misfire weighting looks at — the
/// label's intent, its outcome, and the gesture that fired (for wrong and
/// spurious ones) — with their smoothed misfires summed exactly.
///
/// An objective's weighted cost is a sum over labels of a weight that
/// depends only on those three, so it can be read from these cells instead
/// of from every label's outcome: a replay for the search keeps no
/// per-label list (less work per label), and a shard of a cluster sends a
/// few dozen cells instead of thousands of outcomes. The cells merge
/// exactly, so the cost is the same however the sessions were split.
package struct LabelCell: Sendable, Hashable, Codable, Comparable {
    package var intent: Intent
    package var outcome: Outcome
    /// What fired instead (wrong, spurious) or what fired (correct).
    package var recognized: GestureKind?
    /// Labels in the cell.
    package var labels = 0
    /// Their smoothed misfires, summed exactly.
    package var softMisfires = ExactSum()
    /// Σ max(1, ⌈soft misfires⌉) over the cell's labels: a `none` label's
    /// exact cost counts each of its recognitions.
    package var recognitionCeiling = 0

    package static func < (a: LabelCell, b: LabelCell) -> Bool {
        (a.intent.ordinal, a.outcome.ordinal, a.recognized.map { $0.ordinal + 1 } ?? 0)
            < (b.intent.ordinal, b.outcome.ordinal, b.recognized.map { $0.ordinal + 1 } ?? 0)
    }
}

/// Every cell in one flat array, indexed by intent, outcome and what fired:
/// no hashing per label.
struct LabelCellTable: Sendable {
    private static let outcomes = Outcome.allCases.count
    private static let kinds = GestureKind.allCases.count + 1
    private(set) var cells: [LabelCell?] = Array(
        repeating: nil, count: Intent.allCases.count * outcomes * kinds)

    private static func index(_ intent: Intent, _ outcome: Outcome, _ recognized: GestureKind?) -> Int {
        (intent.ordinal * outcomes + outcome.ordinal) * kinds + (recognized.map { $0.ordinal + 1 } ?? 0)
    }

    mutating func add(_ o: LabelOutcome) {
        add(intent: o.intent, outcome: o.outcome, recognized: o.recognized, softMisfires: o.softMisfires)
    }

    mutating func add(intent: Intent, outcome: Outcome, recognized: GestureKind?, softMisfires: Double) {
        let i = Self.index(intent, outcome, recognized)
        var cell = cells[i] ?? LabelCell(intent: intent, outcome: outcome, recognized: recognized)
        cell.labels += 1
        cell.softMisfires.add(softMisfires)
        cell.recognitionCeiling += max(1, Int(softMisfires.rounded(.up)))
        cells[i] = cell
    }

    mutating func merge(_ other: LabelCellTable) {
        for (i, theirs) in other.cells.enumerated() {
            guard let theirs else { continue }
            guard var cell = cells[i] else {
                cells[i] = theirs
                continue
            }
            cell.labels += theirs.labels
            cell.softMisfires.add(theirs.softMisfires)
            cell.recognitionCeiling += theirs.recognitionCeiling
            cells[i] = cell
        }
    }

    /// The non-empty cells, in order.
    var list: [LabelCell] { cells.compactMap { $0 } }

    init() {}

    init(_ list: [LabelCell]) {
        for cell in list { cells[Self.index(cell.intent, cell.outcome, cell.recognized)] = cell }
    }
}

extension Outcome {
    /// Position in `allCases` (arrays indexed by outcome).
    var ordinal: Int { Tally.ordinal(of: self) }
}
