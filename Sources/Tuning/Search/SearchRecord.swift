// MARK: - The search's history and result

/// Which part of the search made an evaluation.
package enum SearchPhase: String, Sendable, Hashable, Codable {
    /// The defaults (the baseline).
    case defaults
    /// Latin-hypercube sampling or annealing.
    case global
    /// Nelder–Mead refinement.
    case refinement
    /// The random-search baseline.
    case random
}

/// One evaluation, in the order the search accounts for them.
///
/// The order is fixed by the seed, not by which thread finished first:
/// parallel work is recorded in the order it was planned.
package struct SearchRecord: Sendable, Hashable, Codable {
    /// 1-based evaluation number (the x axis of "objective vs evaluations").
    package var index: Int
    package var phase: SearchPhase
    /// Refinement round (0-based), or 0 outside refinement.
    package var round: Int
    /// The surrogate temperature the objective was called with.
    package var temperature: Double
    package var values: SearchPoint
    package var evaluation: Evaluation
    /// The best ``Evaluation/exact`` among feasible evaluations so far
    /// (`nil` while none is feasible).
    package var bestExactSoFar: Double?
}

/// Reported after each batch of evaluations.
package struct SearchProgress: Sendable, Hashable {
    package var phase: SearchPhase
    package var evaluations: Int
    package var maxEvaluations: Int
    package var temperature: Double
    /// The best record so far by the exact objective.
    package var best: SearchRecord?
}

/// The outcome of a search.
package struct SearchResult: Sendable, Hashable, Codable {
    /// The best evaluated point by the EXACT objective (feasible first).
    package var best: SearchRecord
    /// The defaults' evaluation, when the search included them.
    package var baseline: SearchRecord?
    /// Every evaluation, in order.
    package var history: [SearchRecord]
    /// Requests answered from the memo instead of the objective.
    package var memoHits: Int

    /// Objective evaluations used (never more than the budget).
    package var evaluations: Int { history.count }
}
