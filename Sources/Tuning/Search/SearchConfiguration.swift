import Foundation
import GSL

// MARK: - How to search

/// Settings for ``ParameterSearch``.
///
/// ```swift
/// var configuration = SearchConfiguration(maxEvaluations: 400, seed: 7)
/// configuration.global = .annealing(.init(iterationsPerTemperature: 10, stepSize: 0.1,
///                                         initialTemperature: 5, coolingFactor: 1.2,
///                                         minimumTemperature: 0.05))
/// ```
package struct SearchConfiguration: Sendable, Hashable {
    /// How the first, global phase explores the space.
    package enum GlobalPhase: Sendable, Hashable {
        /// A Latin-hypercube sample of the unit cube: every parameter's range
        /// is cut into as many strata as samples and each stratum is hit once.
        /// Independent points, so it parallelizes perfectly and its cost is
        /// known in advance: the default.
        case latinHypercube
        /// GSL simulated annealing chains (`gsl_siman_solve`) on the surrogate,
        /// one chain per ``SearchConfiguration/annealingChains``, the chains
        /// running side by side. Better than sampling when good regions are
        /// narrow and reached by walking downhill, but each chain is
        /// sequential. The schedule's `stepSize` is in unit-cube units.
        case annealing(SimulatedAnnealing.Parameters)
        /// No global phase: refine from the defaults only.
        case none
    }

    /// Hard limit on objective evaluations (memoized repeats are free).
    package var maxEvaluations: Int = 400
    /// Seeds every random choice; same seed, same search.
    package var seed: UInt = 1
    package var global: GlobalPhase = .latinHypercube
    /// Share of ``maxEvaluations`` the global phase may use.
    package var globalFraction: Double = 0.3
    /// Independent annealing chains (for ``GlobalPhase/annealing(_:)``).
    package var annealingChains: Int = 2
    /// Evaluate the defaults first, as the baseline to beat.
    package var includeDefaults: Bool = true
    /// Surrogate temperature of the global phase.
    package var initialTemperature: Double = 1
    /// Surrogate temperature of the last refinement rounds.
    package var finalTemperature: Double = 0.01
    /// Nelder–Mead rounds over which the temperature falls from initial to
    /// final; more rounds follow at the final temperature while they improve.
    package var refinementRounds: Int = 4
    /// Simplex runs per round, started from the best distinct points so far;
    /// they run side by side.
    package var startsPerRound: Int = 2
    /// Initial simplex step in unit-cube units, shrunk by ``stepShrink`` each round.
    package var initialStep: Double = 0.15
    package var stepShrink: Double = 0.5
    /// Simplex size (unit cube) at which a run counts as converged.
    package var sizeTolerance: Double = 1e-3
    package var maxIterationsPerRun: Int = 500
    /// Search-score cost of one unit of constraint violation.
    package var penaltyWeight: Double = 1_000
    /// Threads evaluating the objective at once (1 or 2; the machine has 2
    /// cores). The result does not depend on it.
    package var parallelism: Int = 2

    /// The schedule used by `.annealing` when none is tuned: about 30
    /// temperature levels of 10 steps of σ = 0.1 of each range.
    package static let defaultAnnealing = SimulatedAnnealing.Parameters(
        iterationsPerTemperature: 10, stepSize: 0.1, boltzmann: 1, initialTemperature: 5,
        coolingFactor: 1.2, minimumTemperature: 0.05)

    /// The surrogate temperature of refinement round `round` (0-based).
    func temperature(round: Int) -> Double {
        let rounds = max(refinementRounds, 1)
        guard round < rounds, initialTemperature > 0, finalTemperature > 0 else { return finalTemperature }
        let t = Double(round + 1) / Double(rounds)
        return initialTemperature * pow(finalTemperature / initialTemperature, t)
    }
}
