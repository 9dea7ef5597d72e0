import Foundation
import GSL
import Simulation

// MARK: - Joint moves: a covariance matrix adaptation evolution strategy

/// CMA-ES (Hansen, *The CMA Evolution Strategy: A Tutorial*, 2016: weighted
/// recombination, cumulative step-size adaptation, rank-one and rank-μ
/// covariance updates) in the unit cube of a ``SearchSpace``, for the
/// constants that act together.
///
/// ## Why, after the line searches
///
/// The line searches move one constant at a time. On real people's
/// recordings the constants couple: a tab swipe's directional bias, its
/// distance and velocity triggers and the scroll lock decide the same
/// strokes together, so the best move is often along a diagonal no axis
/// shows. CMA-ES learns those diagonals: it samples a population around a
/// mean from a multivariate normal whose covariance it adapts to the steps
/// that paid off, the way Optuna's CMA-ES sampler does, here deterministic
/// for a seed (GSL's Mersenne Twister) and ranking by the search's own
/// order (feasible first, then the surrogate at a fixed low temperature,
/// then the exact objective).
///
/// ## Anytime
///
/// The plan never depends on the budget: generation `g` samples the same
/// points whatever the budget, and the budget only stops the run. A run
/// with more evaluations therefore evaluates every point of a shorter one
/// first, and its best is never worse.
///
/// Points that leave the cube are reflected back into it before they are
/// evaluated, and the reflected point is what the update learns from.
/// When the distribution has shrunk below ``minimumSpread`` or
/// ``stallGenerations`` generations bring nothing better, it restarts from
/// the best point so far with the initial spread.
struct CovarianceSearch {
    let dimension: Int
    /// Population per generation: 4 + ⌊3 ln n⌋.
    let populationSize: Int
    let parentCount: Int
    let weights: [Double]
    let effectiveParents: Double
    let cumulationSigma, dampingSigma, cumulationC, rankOneRate, rankMuRate: Double
    let expectedNorm: Double
    let initialSpread: Double
    /// Restart once σ times the largest axis is below this (unit cube).
    var minimumSpread = 1e-3
    var stallGenerations: Int

    private(set) var mean: [Double]
    private(set) var sigma: Double
    private var covariance: [Double]
    private var pathSigma: [Double]
    private var pathC: [Double]
    private var axes: [Double] // B, column-major
    private var scales: [Double] // D
    private(set) var generation = 0
    private var generationsSinceRestart = 0

    /// - Parameters:
    ///   - start: The first mean, a unit-cube point.
    ///   - spread: The initial σ in unit-cube units.
    init(start: [Double], spread: Double) {
        let n = start.count
        dimension = n
        let lambda = 4 + Int((3 * log(Double(n))).rounded(.down))
        populationSize = lambda
        parentCount = lambda / 2
        let raw = (1...(lambda / 2)).map { log(Double(lambda + 1) / 2) - log(Double($0)) }
        let total = raw.reduce(0, +)
        weights = raw.map { $0 / total }
        let mu = 1 / weights.reduce(0) { $0 + $1 * $1 }
        effectiveParents = mu
        let nd = Double(n)
        cumulationSigma = (mu + 2) / (nd + mu + 5)
        dampingSigma = 1 + 2 * max(0, ((mu - 1) / (nd + 1)).squareRoot() - 1) + cumulationSigma
        cumulationC = (4 + mu / nd) / (nd + 4 + 2 * mu / nd)
        rankOneRate = 2 / ((nd + 1.3) * (nd + 1.3) + mu)
        rankMuRate = min(1 - rankOneRate, 2 * (mu - 2 + 1 / mu) / ((nd + 2) * (nd + 2) + mu))
        expectedNorm = nd.squareRoot() * (1 - 1 / (4 * nd) + 1 / (21 * nd * nd))
        initialSpread = spread
        stallGenerations = 10 + Int((30 * nd / Double(populationSize)).rounded(.up))
        mean = start
        sigma = spread
        covariance = Self.identity(n)
        pathSigma = Array(repeating: 0, count: n)
        pathC = Array(repeating: 0, count: n)
        axes = Self.identity(n)
        scales = Array(repeating: 1, count: n)
    }

    static func identity(_ n: Int) -> [Double] {
        var m = [Double](repeating: 0, count: n * n)
        for i in 0..<n { m[i * n + i] = 1 }
        return m
    }

    /// The next generation's points (in the cube), drawn from `rng`.
    func sample(using rng: RandomGenerator) -> [[Double]] {
        let n = dimension
        return (0..<populationSize).map { _ in
            let z = (0..<n).map { _ in rng.gaussian(standardDeviation: 1) }
            var x = mean
            for k in 0..<n {
                let step = sigma * scales[k] * z[k]
                for i in 0..<n { x[i] += axes[k * n + i] * step }
            }
            return x.map(reflectIntoUnitInterval)
        }
    }

    /// Learns from a generation: `points` as sampled, `order` their indices
    /// best first; restarts from `best` when the distribution has shrunk or
    /// stalled.
    mutating func update(points: [[Double]], order: [Int], improved: Bool, restartAt best: [Double]) {
        let n = dimension
        let old = mean
        let steps = order.prefix(parentCount).map { i in (0..<n).map { (points[i][$0] - old[$0]) / sigma } }
        var yw = [Double](repeating: 0, count: n)
        for (w, y) in zip(weights, steps) { for i in 0..<n { yw[i] += w * y[i] } }
        for i in 0..<n { mean[i] = old[i] + sigma * yw[i] }

        // C^(-1/2) y_w = B D^-1 Bᵀ y_w
        var whitened = [Double](repeating: 0, count: n)
        for k in 0..<n {
            var dot = 0.0
            for i in 0..<n { dot += axes[k * n + i] * yw[i] }
            dot /= scales[k]
            for i in 0..<n { whitened[i] += axes[k * n + i] * dot }
        }
        let cs = cumulationSigma
        let sigmaGain = (cs * (2 - cs) * effectiveParents).squareRoot()
        for i in 0..<n { pathSigma[i] = (1 - cs) * pathSigma[i] + sigmaGain * whitened[i] }
        let norm = pathSigma.reduce(0) { $0 + $1 * $1 }.squareRoot()
        generation += 1
        generationsSinceRestart += 1
        let hsig =
            norm / (1 - pow(1 - cs, 2 * Double(generationsSinceRestart))).squareRoot()
            < (1.4 + 2 / (Double(n) + 1)) * expectedNorm
        let cc = cumulationC
        let cGain = (cc * (2 - cc) * effectiveParents).squareRoot()
        for i in 0..<n { pathC[i] = (1 - cc) * pathC[i] + (hsig ? cGain * yw[i] : 0) }
        let c1 = rankOneRate, cmu = rankMuRate
        let keep = 1 - c1 - cmu + (hsig ? 0 : c1 * cc * (2 - cc))
        for i in 0..<n {
            for j in 0...i {
                var rankMu = 0.0
                for (w, y) in zip(weights, steps) { rankMu += w * y[i] * y[j] }
                let value = keep * covariance[i * n + j] + c1 * pathC[i] * pathC[j] + cmu * rankMu
                covariance[i * n + j] = value
                covariance[j * n + i] = value
            }
        }
        sigma *= exp((cs / dampingSigma) * (norm / expectedNorm - 1))
        sigma = min(sigma, 1)

        if improved { stalled = 0 } else { stalled += 1 }
        let decomposed = try? SymmetricEigen(matrix: covariance, dimension: n)
        if let e = decomposed, e.values.allSatisfy({ $0 > 0 && $0.isFinite }) {
            axes = e.vectors
            scales = e.values.map { $0.squareRoot() }
        }
        let widest = sigma * (scales.max() ?? 1)
        if decomposed == nil || widest < minimumSpread || stalled >= stallGenerations {
            restart(at: best)
        }
    }

    private var stalled = 0

    private mutating func restart(at point: [Double]) {
        let n = dimension
        mean = point
        sigma = initialSpread
        covariance = Self.identity(n)
        axes = Self.identity(n)
        scales = Array(repeating: 1, count: n)
        pathSigma = Array(repeating: 0, count: n)
        pathC = Array(repeating: 0, count: n)
        generationsSinceRestart = 0
        stalled = 0
    }
}

// MARK: - Driving generations against the objective

extension CovarianceSearch {
    /// One evaluation of the run.
    struct Step: Sendable {
        var generation: Int
        var values: SearchPoint
        var evaluation: Evaluation
    }

    /// What a run of generations did: every fresh evaluation in order, and
    /// the best point by the run's ranking (the start when nothing beat it).
    struct Burst: Sendable {
        var steps: [Step]
        var best: SearchPoint
        var bestEvaluation: Evaluation
        var improved: Bool
    }

    /// Up to `generations` generations from `start`, stopping early when
    /// `budget` fresh evaluations are spent: each generation's points
    /// evaluated `parallelism` at a time at `temperature`, repeats answered
    /// from a memo, ranked by `better`. `stream` picks the random stream, so
    /// successive bursts of one search draw different points.
    static func run(
        space: SearchSpace, from start: SearchPoint, known startEvaluation: Evaluation,
        spread: Double, generations: Int, temperature: Double, budget: Int, seed: UInt, stream: UInt,
        parallelism: Int, better: (Evaluation, Evaluation) -> Bool, objective: SearchObjective,
        progress: ((_ spent: Int, _ best: Evaluation) -> Void)? = nil
    ) throws -> Burst {
        var burst = Burst(steps: [], best: start, bestEvaluation: startEvaluation, improved: false)
        guard budget > 0, space.dimension > 0 else { return burst }
        let rng = try RandomGenerator(seed: seed, stream: stream)
        var strategy = CovarianceSearch(start: space.unitPoint(for: start), spread: spread)
        var memo: [[Double]: Evaluation] = [space.key(for: start): startEvaluation]
        var bestPoint = space.unitPoint(for: start)
        for _ in 0..<generations where burst.steps.count < budget {
            let points = strategy.sample(using: rng)
            let candidates = points.map { space.clamped(space.values(atUnitPoint: $0)) }
            var fresh: [Int] = []
            var planned = Set<[Double]>()
            for (i, values) in candidates.enumerated() {
                let key = space.key(for: values)
                if memo[key] == nil, planned.insert(key).inserted { fresh.append(i) }
            }
            let evaluated = Array(fresh.prefix(budget - burst.steps.count))
            let results = ParallelMap.map(evaluated.count, width: max(1, min(parallelism, 2))) { k in
                objective(candidates[evaluated[k]], temperature)
            }
            for (i, evaluation) in zip(evaluated, results) {
                memo[space.key(for: candidates[i])] = evaluation
                burst.steps.append(Step(generation: strategy.generation, values: candidates[i], evaluation: evaluation))
            }
            // The budget ran out inside this generation: nothing left to learn for.
            guard evaluated.count == fresh.count else { break }
            let evaluations = candidates.map { memo[space.key(for: $0)]! }
            let order = evaluations.indices.sorted { a, b in
                better(evaluations[a], evaluations[b]) || (!better(evaluations[b], evaluations[a]) && a < b)
            }
            let leader = order[0]
            let improved = better(evaluations[leader], burst.bestEvaluation)
            if improved {
                burst.best = candidates[leader]
                burst.bestEvaluation = evaluations[leader]
                burst.improved = true
                bestPoint = points[leader]
            }
            strategy.update(points: points, order: order, improved: improved, restartAt: bestPoint)
            progress?(burst.steps.count, burst.bestEvaluation)
        }
        return burst
    }
}
