// MARK: - The search's history and result

/// Which part of the search made an evaluation.
public enum SearchPhase: String, Sendable, Hashable, Codable {
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
public struct SearchRecord: Sendable, Hashable, Codable {
    /// 1-based evaluation number (the x axis of "objective vs evaluations").
    public var index: Int
    public var phase: SearchPhase
    /// Refinement round (0-based), or 0 outside refinement.
    public var round: Int
    /// The surrogate temperature the objective was called with.
    public var temperature: Double
    public var values: ParameterValues
    public var evaluation: Evaluation
    /// The best ``Evaluation/exact`` among feasible evaluations so far
    /// (`nil` while none is feasible).
    public var bestExactSoFar: Double?
}

/// Reported after each batch of evaluations.
public struct SearchProgress: Sendable, Hashable {
    public var phase: SearchPhase
    public var evaluations: Int
    public var maxEvaluations: Int
    public var temperature: Double
    /// The best record so far by the exact objective.
    public var best: SearchRecord?
}

/// The outcome of a search.
public struct SearchResult: Sendable, Hashable, Codable {
    /// The best evaluated point by the EXACT objective (feasible first).
    public var best: SearchRecord
    /// The defaults' evaluation, when the search included them.
    public var baseline: SearchRecord?
    /// Every evaluation, in order.
    public var history: [SearchRecord]
    /// Requests answered from the memo instead of the objective.
    public var memoHits: Int

    /// Objective evaluations used (never more than the budget).
    public var evaluations: Int { history.count }
}
