// MARK: - What the objective returns

/// The outcome of simulating one parameter set: the number the optimizer
/// must minimize, a smooth stand-in for it, and any broken constraints.
///
/// A misfire count is a step function of a threshold: flat almost
/// everywhere, so a simplex sees no slope. The objective therefore also
/// returns a ``surrogate``, e.g. a sum of sigmoids of the signed margins
/// `σ(margin / T)` that tends to the count as the temperature `T` goes to 0.
/// The search descends the surrogate, lowering `T` as it goes, but always
/// judges points by the ``exact`` value.
///
/// ```swift
/// Evaluation(exact: 7, surrogate: 7.8, violations: ["latency.p95": 4.5])
/// ```
package struct Evaluation: Sendable, Hashable, Codable {
    /// The true objective (e.g. misfires + misses), lower is better.
    package var exact: Double
    /// A smoothed version of ``exact`` at the temperature the objective was
    /// called with.
    package var surrogate: Double
    /// How far each constraint is broken (e.g. `"latency.p95": ms over the
    /// budget`); zero or negative means satisfied.
    package var violations: [String: Double]

    /// - Parameters:
    ///   - exact: The objective at temperature 0.
    ///   - surrogate: Defaults to `exact` for objectives without a smooth version.
    ///   - violations: How far each constraint is broken.
    package init(exact: Double, surrogate: Double? = nil, violations: [String: Double] = [:]) {
        self.exact = exact
        self.surrogate = surrogate ?? exact
        self.violations = violations
    }

    /// The sum of positive violations, summed in name order so that the
    /// floating-point total does not depend on dictionary order.
    package var totalViolation: Double {
        violations.keys.sorted().reduce(0) { $0 + max(violations[$1] ?? 0, 0) }
    }

    /// No constraint is broken.
    package var isFeasible: Bool { totalViolation == 0 }

    /// Whether this evaluation is strictly better than `other` by the EXACT
    /// objective: feasible beats infeasible, a smaller violation beats a
    /// larger one, then a smaller ``exact``; the surrogate only breaks ties.
    package func isBetter(than other: Evaluation) -> Bool {
        let (v, w) = (totalViolation, other.totalViolation)
        if v != w { return v < w }
        let (e, f) = (exact.orInfinity, other.exact.orInfinity)
        if e != f { return e < f }
        return surrogate.orInfinity < other.surrogate.orInfinity
    }

    /// What the search descends: the surrogate plus a penalty per unit of
    /// constraint violation.
    func searchScore(penaltyWeight: Double) -> Double {
        surrogate.orInfinity + penaltyWeight * totalViolation
    }
}

/// The function the search minimizes. It receives the parameter values and
/// the surrogate temperature (≥ 0; lower means closer to the exact count)
/// and may be called from up to ``SearchConfiguration/parallelism`` threads
/// at once, so it must not share mutable state without a lock.
package typealias SearchObjective = @Sendable (_ values: SearchPoint, _ temperature: Double) -> Evaluation

extension Double {
    /// NaN sorts last.
    var orInfinity: Double { isNaN ? .infinity : self }
}
