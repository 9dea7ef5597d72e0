// MARK: - Bookkeeping shared by every phase

/// Identifies one objective call: the rounded, clamped values and the
/// temperature (the surrogate depends on it; the exact value does not, but
/// the objective returns both together).
struct EvaluationKey: Hashable, Sendable {
    var coordinates: [Double]
    var temperature: Double
}

/// An evaluation made by a job, not yet recorded.
struct FreshEvaluation: Sendable {
    var values: SearchPoint
    var key: EvaluationKey
    var evaluation: Evaluation
}

/// What a job hands back: its new evaluations in the order it made them.
struct JobOutcome: Sendable {
    var fresh: [FreshEvaluation] = []
    var memoHits = 0
}

/// The search's single source of truth, updated on the calling thread only:
/// the memo, the ordered history, the best record and the budget.
struct SearchLedger {
    let space: SearchSpace
    let maxEvaluations: Int
    private(set) var memo: [EvaluationKey: Evaluation] = [:]
    private(set) var history: [SearchRecord] = []
    private(set) var bestIndex: Int?
    private(set) var bestFeasibleExact: Double?
    var memoHits = 0

    var remaining: Int { max(maxEvaluations - history.count, 0) }
    var best: SearchRecord? { bestIndex.map { history[$0] } }

    func key(for values: SearchPoint, temperature: Double) -> EvaluationKey {
        EvaluationKey(coordinates: space.key(for: values), temperature: temperature)
    }

    mutating func record(_ fresh: FreshEvaluation, phase: SearchPhase, round: Int) {
        precondition(history.count < maxEvaluations, "the search planned more evaluations than its budget")
        if memo[fresh.key] == nil { memo[fresh.key] = fresh.evaluation }
        let evaluation = fresh.evaluation
        if evaluation.isFeasible, evaluation.exact.orInfinity < (bestFeasibleExact ?? .infinity) {
            bestFeasibleExact = evaluation.exact
        }
        history.append(
            SearchRecord(
                index: history.count + 1, phase: phase, round: round,
                temperature: fresh.key.temperature, values: fresh.values,
                evaluation: evaluation, bestExactSoFar: bestFeasibleExact))
        if bestIndex.map({ evaluation.isBetter(than: history[$0].evaluation) }) ?? true {
            bestIndex = history.count - 1
        }
    }

    /// Records a job's evaluations in the job's order, up to the budget.
    mutating func absorb(_ outcome: JobOutcome, phase: SearchPhase, round: Int) {
        memoHits += outcome.memoHits
        for fresh in outcome.fresh where remaining > 0 { record(fresh, phase: phase, round: round) }
    }

    /// Up to `count` distinct parameter sets, best first by the exact
    /// objective (ties: lower surrogate, then earlier).
    func bestDistinct(_ count: Int) -> [SearchPoint] {
        let order = history.indices.sorted { a, b in
            let (x, y) = (history[a].evaluation, history[b].evaluation)
            if x.isBetter(than: y) { return true }
            if y.isBetter(than: x) { return false }
            return a < b
        }
        var seen = Set<[Double]>()
        var result: [SearchPoint] = []
        for i in order where result.count < count {
            let values = history[i].values
            if seen.insert(space.key(for: values)).inserted { result.append(values) }
        }
        return result
    }
}

// MARK: - Evaluating inside a job

/// Evaluates points for one job (an annealing chain, a simplex run, a batch)
/// on a worker thread: answers repeats from the ledger's memo (a read-only
/// snapshot) or its own, and refuses new points once its budget is spent.
final class JobEvaluator {
    let space: SearchSpace
    let objective: SearchObjective
    let temperature: Double
    let penaltyWeight: Double
    let budget: Int
    private let snapshot: [EvaluationKey: Evaluation]
    private var local: [EvaluationKey: Evaluation] = [:]
    private(set) var outcome = JobOutcome()
    /// A new point was refused because the budget is spent.
    private(set) var refused = false

    init(
        space: SearchSpace, objective: @escaping SearchObjective, temperature: Double, penaltyWeight: Double,
        budget: Int, memo: [EvaluationKey: Evaluation]
    ) {
        self.space = space
        self.objective = objective
        self.temperature = temperature
        self.penaltyWeight = penaltyWeight
        self.budget = budget
        self.snapshot = memo
    }

    /// The evaluation at `values`, or `nil` when it would exceed the budget.
    func evaluate(_ values: SearchPoint) -> Evaluation? {
        let key = EvaluationKey(coordinates: space.key(for: values), temperature: temperature)
        if let known = local[key] ?? snapshot[key] {
            outcome.memoHits += 1
            return known
        }
        guard outcome.fresh.count < budget else {
            refused = true
            return nil
        }
        let evaluation = objective(space.clamped(values), temperature)
        local[key] = evaluation
        outcome.fresh.append(FreshEvaluation(values: space.clamped(values), key: key, evaluation: evaluation))
        return evaluation
    }

    /// A huge but finite score for refused points: GSL stops on non-finite
    /// values, and a refused point must simply never look attractive.
    static let refusedScore = 1e300

    /// The search score at a unit-cube point. Points outside the cube are
    /// evaluated on its boundary, plus a pull back proportional to the
    /// squared distance, so the simplex does not drift along a flat outside.
    func score(atUnit point: [Double]) -> Double {
        // Once spent, answer at once: an annealing chain may still have
        // thousands of steps of its schedule to run through.
        if refused { return Self.refusedScore }
        var outside = 0.0
        let clamped = point.map { u -> Double in
            let c = u.isNaN ? 0.5 : min(max(u, 0), 1)
            outside += (u.isNaN ? 1 : (u - c) * (u - c))
            return c
        }
        guard let evaluation = evaluate(space.values(atUnitPoint: clamped)) else { return Self.refusedScore }
        let score = evaluation.searchScore(penaltyWeight: penaltyWeight)
        guard score.isFinite else { return Self.refusedScore }
        return score + (abs(score) + 1) * 10 * outside
    }
}
