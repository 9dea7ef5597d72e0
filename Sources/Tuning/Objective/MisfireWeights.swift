import Recognizers
import Simulation
import TraceModel

// MARK: - What a misfire costs

/// How much each misfire counts in the objective.
///
/// Not every misfire hurts the same. A missed swipe is retried; a card
/// deleted or a row's delete button revealed when the person meant to
/// scroll is a destructive surprise. A misfire's cost is
///
///     outcome weight × max(intent weight of the label, weight of what fired)
///
/// where "what fired" only applies when something fired that was not meant
/// (a `wrong` or `spurious` outcome). Spurious recognitions outside every
/// label cost `outcome weight(spurious) × weight of what fired`.
///
/// Defaults (documented in the README, "Optimizing"):
/// - every outcome weighs 1 (wrong, missed, dead zone, spurious);
/// - every label intent weighs 1;
/// - what fired unintentionally: `cardSwipe` 3 (deletes a card),
///   `swipeActions` 2 (reveals the delete action), `multiSwipe` and `shake`
///   2 (undo), `dismiss` 1.5 (closes the sheet), everything else 1.
///
/// ```swift
/// var weights = MisfireWeights.default
/// weights.fired["cardSwipe"] = 5         // deleting by accident is worse still
/// weights.cost(of: outcome)              // 5 for a card swipe that fired during a scroll
/// ```
package struct MisfireWeights: Sendable, Hashable, Codable {
    /// Per outcome kind (`wrong`, `missed`, `dead-zone`, `spurious`); missing means 1.
    package var outcome: [String: Double] = [:]
    /// Per label intent (`tap`, `card-swipe`, …); missing means 1.
    package var intent: [String: Double] = [:]
    /// Per gesture kind that fired when not meant (`cardSwipe`, …); missing means 1.
    package var fired: [String: Double] = [:]

    /// The documented defaults: destructive gestures that fire unintended
    /// cost more.
    package static let `default` = MisfireWeights(
        outcome: [
            Outcome.wrong.rawValue: 1, Outcome.missed.rawValue: 1,
            Outcome.deadZone.rawValue: 1, Outcome.spurious.rawValue: 1
        ],
        intent: [:],
        fired: [
            GestureKind.cardSwipe.rawValue: 3, GestureKind.swipeActions.rawValue: 2,
            GestureKind.multiSwipe.rawValue: 2, GestureKind.shake.rawValue: 2,
            GestureKind.dismiss.rawValue: 1.5
        ])

    /// Every weight 1: the objective is the plain misfire count.
    package static let uniform = MisfireWeights()

    package func weight(outcome o: Outcome) -> Double { outcome[o.rawValue] ?? 1 }
    package func weight(intent i: Intent) -> Double { intent[i.rawValue] ?? 1 }
    package func weight(fired kind: GestureKind) -> Double { fired[kind.rawValue] ?? 1 }

    /// The exact cost of one label's outcome (0 when correct).
    package func cost(of o: LabelOutcome) -> Double {
        o.outcome == .correct ? 0 : scale(of: o)
    }

    /// What this label's misfire costs, correct or not: the factor its soft
    /// misfire share is multiplied by in the surrogate. For a correct label,
    /// the cost of its most likely failure (missed).
    package func scale(of o: LabelOutcome) -> Double {
        scale(intent: o.intent, outcome: o.outcome, recognized: o.recognized)
    }

    /// The same for every label of a `LabelCell`: a label's scale depends
    /// on nothing else.
    package func scale(of cell: LabelCell) -> Double {
        scale(intent: cell.intent, outcome: cell.outcome, recognized: cell.recognized)
    }

    private func scale(intent: Intent, outcome o: Outcome, recognized: GestureKind?) -> Double {
        let base = weight(intent: intent)
        switch o {
        case .correct: return weight(outcome: .missed) * base
        case .missed, .deadZone: return weight(outcome: o) * base
        case .wrong, .spurious: return weight(outcome: o) * max(base, recognized.map { weight(fired: $0) } ?? 1)
        }
    }

    /// The cost of one spurious recognition of `kind` outside every label.
    package func costOfUnlabelled(_ kind: GestureKind) -> Double {
        weight(outcome: .spurious) * weight(fired: kind)
    }

    /// Checks that every weight is finite and ≥ 0 and every name is known.
    package func validate() throws(TuningInputError) {
        for (name, w) in outcome {
            guard Outcome(rawValue: name) != nil else { throw TuningInputError(parameter: name, "unknown outcome in weights") }
            guard w.isFinite, w >= 0 else { throw TuningInputError(parameter: name, "weights must be finite and ≥ 0") }
        }
        for (name, w) in intent {
            guard Intent(rawValue: name) != nil else { throw TuningInputError(parameter: name, "unknown intent in weights") }
            guard w.isFinite, w >= 0 else { throw TuningInputError(parameter: name, "weights must be finite and ≥ 0") }
        }
        for (name, w) in fired {
            guard GestureKind(rawValue: name) != nil else {
                throw TuningInputError(parameter: name, "unknown gesture in weights")
            }
            guard w.isFinite, w >= 0 else { throw TuningInputError(parameter: name, "weights must be finite and ≥ 0") }
        }
    }
}
