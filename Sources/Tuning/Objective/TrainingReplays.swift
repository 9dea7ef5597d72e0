import Simulation
import Synchronization

// MARK: - What the objective has already replayed

/// One exact replay of the training people: what the sweeps read of it.
///
/// The search replays at a surrogate temperature, the sweeps at 0, but the
/// temperature only smooths the surrogate: the recognitions, the exact
/// objective, the counts and the budgets' values are the same bit for bit,
/// so a sweep point the search (or another sweep) already replayed is read
/// back instead of replayed again.
package struct TrainingReplay: Sendable {
    package var values: SearchPoint
    package var exact: Double
    package var violations: [String: Double]
    /// The outcome counts (their soft-misfire share is the replayed
    /// temperature's, which no sweep reads).
    package var counts: OutcomeCounts
    package var budgets: [BudgetCheck]

    /// The evaluation at temperature 0 (where the surrogate is the exact value).
    package var evaluation: Evaluation { Evaluation(exact: exact, surrogate: exact, violations: violations) }
}

/// Every training replay of one ``TuningObjective``, by its rounded values.
///
/// Shared by the threads that evaluate at once, hence the lock. One
/// objective's budgets and space decide its violations, so each objective
/// (including one made by ``TuningObjective/with(space:effectiveBudgets:intentLimits:)``)
/// keeps its own.
final class TrainingReplays: Sendable {
    private let entries = Mutex<[[Double]: TrainingReplay]>([:])

    func replay(at key: [Double]) -> TrainingReplay? { entries.withLock { $0[key] } }

    func remember(_ replay: TrainingReplay, at key: [Double]) {
        entries.withLock { table in
            if table[key] == nil { table[key] = replay }
        }
    }

    /// Every replay kept, in a fixed order (by rounded values), so whatever
    /// reads them decides the same way however the threads interleaved.
    var all: [TrainingReplay] {
        entries.withLock { table in
            table.keys.sorted { $0.lexicographicallyPrecedes($1) }.compactMap { table[$0] }
        }
    }
}
