import Foundation
import GSL
import Testing

@testable import Tuning

// MARK: - A synthetic misfire problem with a known answer

/// Gestures that must NOT trigger (negatives) and gestures that must
/// (positives), each a single measured number. A recognizer triggers when the
/// number reaches its threshold θ, so the misfire count
/// `#{negatives ≥ θ} + #{positives < θ}` is a step function of θ, like the
/// real objective. Its surrogate replaces each step by a sigmoid of the
/// margin over the temperature.
struct ThresholdProblem: Sendable {
    let negatives: [Double]
    let positives: [Double]
    let range: ClosedRange<Double>

    init(
        seed: UInt, count: Int, negative: (mean: Double, sd: Double), positive: (mean: Double, sd: Double),
        range: ClosedRange<Double>, integer: Bool = false
    ) throws {
        let rng = try RandomGenerator(seed: seed)
        func draw(_ d: (mean: Double, sd: Double)) -> Double {
            let x = rng.gaussian(mean: d.mean, standardDeviation: d.sd)
            return integer ? x.rounded() : x
        }
        negatives = (0..<count / 2).map { _ in draw(negative) }
        positives = (0..<count - count / 2).map { _ in draw(positive) }
        self.range = range
    }

    func misfires(_ threshold: Double) -> Int {
        negatives.count { $0 >= threshold } + positives.count { $0 < threshold }
    }

    func surrogate(_ threshold: Double, temperature: Double) -> Double {
        guard temperature > 0 else { return Double(misfires(threshold)) }
        func sigmoid(_ z: Double) -> Double { 1 / (1 + exp(-z)) }
        return negatives.reduce(0) { $0 + sigmoid(($1 - threshold) / temperature) }
            + positives.reduce(0) { $0 + sigmoid((threshold - $1) / temperature) }
    }

    /// The best count over the allowed range, by exhaustive scan: the count
    /// only changes at data values, so the range's lower end and every data
    /// value inside it cover every distinct count.
    func bestCount(integerThresholds: Bool = false, from lower: Double? = nil) -> Int {
        let low = lower ?? range.lowerBound
        var candidates = [low, range.upperBound] + (negatives + positives).filter { $0 > low && $0 <= range.upperBound }
        if integerThresholds { candidates = candidates.map { $0.rounded(.up) }.filter { $0 <= range.upperBound } }
        return candidates.map(misfires).min() ?? Int.max
    }
}

/// Counts objective calls and the most that ever ran at once.
final class CallMeter: @unchecked Sendable {
    private let lock = NSLock()
    private var inFlight = 0
    private(set) var calls = 0
    private(set) var maxConcurrent = 0

    func measure<T>(_ body: () -> T) -> T {
        lock.withLock {
            calls += 1
            inFlight += 1
            maxConcurrent = max(maxConcurrent, inFlight)
        }
        defer { lock.withLock { inFlight -= 1 } }
        return body()
    }
}

// MARK: - Tests

@Suite struct SearchTests {
    static let problem = try! ThresholdProblem(seed: 1, count: 200, negative: (0, 1), positive: (2, 1), range: -3...5)
    static let counts = try! ThresholdProblem(
        seed: 2, count: 100, negative: (10, 4), positive: (24, 6),
        range: 0...50, integer: true)

    static func oneDimensional() throws -> SearchSpace {
        try SearchSpace([SearchDimension("gate.threshold", unit: "pt", default: -2, range: -3...5)])
    }

    static func twoDimensional() throws -> SearchSpace {
        try SearchSpace([
            SearchDimension("gate.threshold", unit: "pt", default: -2, range: -3...5),
            SearchDimension("gate.samples", unit: "samples", default: 45, range: 0...50, isInteger: true)
        ])
    }

    static func objective(_ meter: CallMeter, feasibleFrom minimum: Double? = nil) -> SearchObjective {
        { values, temperature in
            meter.measure {
                let theta = values["gate.threshold"] ?? .nan
                var exact = Double(problem.misfires(theta))
                var surrogate = problem.surrogate(theta, temperature: temperature)
                if let k = values["gate.samples"] {
                    exact += Double(counts.misfires(k))
                    // The integer data's spread is ~5, the real one's ~1.
                    surrogate += counts.surrogate(k, temperature: 5 * temperature)
                }
                var violations: [String: Double] = [:]
                if let minimum { violations["latency.budget"] = minimum - theta }
                return Evaluation(exact: exact, surrogate: surrogate, violations: violations)
            }
        }
    }

    @Test func findsTheExactOptimumOfAStepFunction() throws {
        let meter = CallMeter()
        let search = ParameterSearch(space: try Self.oneDimensional(), configuration: .init(maxEvaluations: 120, seed: 1))
        let result = try search.run(objective: Self.objective(meter))
        let optimum = Self.problem.bestCount()
        #expect(result.best.evaluation.exact == Double(optimum))
        #expect(result.evaluations <= 120)
        #expect(meter.calls == result.evaluations)
        #expect(meter.maxConcurrent <= 2)
        #expect(result.baseline?.evaluation.exact ?? 0 > Double(optimum) + 50) // the defaults are poor
        #expect(result.best.values["gate.threshold"].map { Self.problem.misfires($0) } == optimum)
    }

    @Test(arguments: [SearchConfiguration.GlobalPhase.latinHypercube, .annealing(SearchConfiguration.defaultAnnealing)])
    func findsTheJointOptimumWithAnIntegerParameter(global: SearchConfiguration.GlobalPhase) throws {
        let meter = CallMeter()
        let configuration = SearchConfiguration(maxEvaluations: 300, seed: 5, global: global)
        let result = try ParameterSearch(space: try Self.twoDimensional(), configuration: configuration)
            .run(objective: Self.objective(meter))
        let optimum = Self.problem.bestCount() + Self.counts.bestCount(integerThresholds: true)
        #expect(result.best.evaluation.exact == Double(optimum))
        #expect(result.evaluations <= 300)
        #expect(meter.calls == result.evaluations)
        #expect(result.best.values["gate.samples"].map { $0 == $0.rounded() } == true)
        #expect(result.history.contains { $0.phase == .global })
        #expect(result.history.contains { $0.phase == .refinement })
    }

    @Test(arguments: 1...4 as ClosedRange<UInt>)
    func findsTheOptimumWhateverTheSeed(seed: UInt) throws {
        for global in [SearchConfiguration.GlobalPhase.latinHypercube, .annealing(SearchConfiguration.defaultAnnealing)] {
            let configuration = SearchConfiguration(maxEvaluations: 300, seed: seed, global: global)
            let result = try ParameterSearch(space: try Self.twoDimensional(), configuration: configuration)
                .run(objective: Self.objective(CallMeter()))
            #expect(
                result.best.evaluation.exact == Double(Self.problem.bestCount() + Self.counts.bestCount(integerThresholds: true)))
        }
    }

    @Test func survivesAnObjectiveThatIsSometimesUndefined() throws {
        // NaN where the threshold is negative: those points must never win,
        // and the search must still find the best defined point.
        let meter = CallMeter()
        let inner = Self.objective(meter)
        let objective: SearchObjective = { values, temperature in
            (values["gate.threshold"] ?? 0) < 0 ? Evaluation(exact: .nan, surrogate: .nan) : inner(values, temperature)
        }
        let result = try ParameterSearch(space: try Self.oneDimensional(), configuration: .init(maxEvaluations: 120, seed: 2))
            .run(objective: objective)
        #expect(result.best.evaluation.exact == Double(Self.problem.bestCount(from: 0)))
        #expect(result.history.contains { $0.evaluation.exact.isNaN })
        #expect(result.evaluations <= 120)
    }

    @Test func isDeterministicForASeedOnOneOrTwoThreads() throws {
        for global in [SearchConfiguration.GlobalPhase.latinHypercube, .annealing(SearchConfiguration.defaultAnnealing)] {
            var configuration = SearchConfiguration(maxEvaluations: 150, seed: 42, global: global, parallelism: 2)
            let space = try Self.twoDimensional()
            let first = try ParameterSearch(space: space, configuration: configuration).run(
                objective: Self.objective(CallMeter()))
            let second = try ParameterSearch(space: space, configuration: configuration).run(
                objective: Self.objective(CallMeter()))
            configuration.parallelism = 1
            let serial = try ParameterSearch(space: space, configuration: configuration).run(
                objective: Self.objective(CallMeter()))
            #expect(first.history == second.history)
            #expect(first.history == serial.history)
            #expect(first == second)
            configuration.seed = 43
            let other = try ParameterSearch(space: space, configuration: configuration).run(
                objective: Self.objective(CallMeter()))
            #expect(other.history != first.history)
        }
    }

    @Test func neverExceedsTheBudget() throws {
        let space = try Self.twoDimensional()
        for budget in [1, 2, 3, 7, 20, 61] {
            for global in [
                SearchConfiguration.GlobalPhase.latinHypercube, .annealing(SearchConfiguration.defaultAnnealing), .none
            ] {
                let meter = CallMeter()
                let configuration = SearchConfiguration(maxEvaluations: budget, seed: UInt(budget), global: global)
                let search = ParameterSearch(space: space, configuration: configuration)
                let result = try search.run(objective: Self.objective(meter))
                #expect(result.evaluations <= budget)
                #expect(meter.calls == result.evaluations)
                let random = try search.randomSearch(objective: Self.objective(meter))
                #expect(random.evaluations <= budget)
            }
        }
    }

    @Test func historyIsOrderedAndTracksTheBestExactValue() throws {
        var reports: [SearchProgress] = []
        let result = try ParameterSearch(space: try Self.twoDimensional(), configuration: .init(maxEvaluations: 200, seed: 3))
            .run(objective: Self.objective(CallMeter())) { reports.append($0) }
        #expect(result.history.map(\.index) == Array(1...result.history.count))
        var best = Double.infinity
        for record in result.history {
            best = min(best, record.evaluation.exact)
            #expect(record.bestExactSoFar == best)
        }
        #expect(result.best.evaluation.exact == best)
        #expect(result.history.first?.phase == .defaults)
        // Temperatures only fall.
        let temperatures = result.history.map(\.temperature)
        #expect(zip(temperatures, temperatures.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(temperatures.last == SearchConfiguration().finalTemperature)
        #expect(!reports.isEmpty)
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.evaluations <= $1.evaluations })
        #expect(reports.last?.evaluations == result.evaluations)
        #expect(reports.last?.best == result.best)
    }

    @Test func constraintViolationsKeepTheBestFeasible() throws {
        // A latency budget forbids thresholds below 1.0, where the unconstrained
        // optimum lies.
        let minimum = 1.2
        let unconstrained = Self.problem.bestCount()
        let constrained = Self.problem.bestCount(from: minimum)
        #expect(constrained > unconstrained)
        let meter = CallMeter()
        let result = try ParameterSearch(space: try Self.oneDimensional(), configuration: .init(maxEvaluations: 150, seed: 9))
            .run(objective: Self.objective(meter, feasibleFrom: minimum))
        #expect(result.best.evaluation.isFeasible)
        #expect(result.best.evaluation.exact == Double(constrained))
        #expect((result.best.values["gate.threshold"] ?? 0) >= minimum)
        #expect(result.history.contains { !$0.evaluation.isFeasible && $0.evaluation.exact < Double(constrained) })
    }

    @Test func identicalRoundedPointsAreEvaluatedOnce() throws {
        // Five possible values: no search can need more than five calls per
        // temperature, and random search (one temperature) finds all five.
        let space = try SearchSpace([SearchDimension("pan.samples", unit: "", default: 3, range: 1...5, isInteger: true)])
        let meter = CallMeter()
        let objective: SearchObjective = { values, _ in
            meter.measure { Evaluation(exact: abs((values["pan.samples"] ?? 0) - 4)) }
        }
        let random = try ParameterSearch(space: space, configuration: .init(maxEvaluations: 100, seed: 1))
            .randomSearch(objective: objective)
        #expect(random.evaluations == 5)
        #expect(meter.calls == 5)
        #expect(Set(random.history.map { $0.values["pan.samples"] ?? 0 }) == [1, 2, 3, 4, 5])
        #expect(random.best.values["pan.samples"] == 4)
        #expect(random.memoHits > 0)

        let full = try ParameterSearch(space: space, configuration: .init(maxEvaluations: 100, seed: 1))
            .run(objective: objective)
        let calls = Dictionary(
            grouping: full.history, by: { EvaluationKeyForTest(values: $0.values, temperature: $0.temperature) })
        #expect(calls.values.allSatisfy { $0.count <= 2 }) // ≤ 2: two parallel runs may overlap
        #expect(full.best.values["pan.samples"] == 4)
        #expect(full.memoHits > 0)
    }

    @Test func randomSearchIsDeterministicAndSearchBeatsIt() throws {
        let space = try Self.twoDimensional()
        let configuration = SearchConfiguration(maxEvaluations: 150, seed: 11)
        let a = try ParameterSearch(space: space, configuration: configuration).randomSearch(
            objective: Self.objective(CallMeter()))
        let b = try ParameterSearch(space: space, configuration: configuration).randomSearch(
            objective: Self.objective(CallMeter()))
        #expect(a == b)
        #expect(a.evaluations == 150)
        #expect(a.history.dropFirst().allSatisfy { $0.phase == .random })
        let guided = try ParameterSearch(space: space, configuration: configuration).run(objective: Self.objective(CallMeter()))
        #expect(guided.best.evaluation.exact <= a.best.evaluation.exact)
    }

    @Test func rejectsUnusableConfigurations() throws {
        let space = try Self.oneDimensional()
        for configuration in [
            SearchConfiguration(maxEvaluations: 0), SearchConfiguration(parallelism: 3),
            SearchConfiguration(globalFraction: 1.5), SearchConfiguration(stepShrink: 0)
        ] {
            #expect(throws: SearchError.self) {
                try ParameterSearch(space: space, configuration: configuration).run(objective: Self.objective(CallMeter()))
            }
        }
    }
}

struct EvaluationKeyForTest: Hashable {
    var values: SearchPoint
    var temperature: Double
}

@Suite struct SearchBatchEvaluationTests {
    @Test func evaluatesKnownPointsInOrder() throws {
        let meter = CallMeter()
        let search = ParameterSearch(space: try SearchTests.oneDimensional())
        let points: [SearchPoint] = (0..<9).map { ["gate.threshold": Double($0) - 3] } + [["gate.threshold": 99]]
        let evaluations = search.evaluate(points, objective: SearchTests.objective(meter))
        #expect(
            evaluations.map(\.exact) == (0..<9).map { Double(SearchTests.problem.misfires(Double($0) - 3)) }
                + [Double(SearchTests.problem.misfires(5))]) // 99 is clamped to the bound 5
        #expect(meter.calls == 10)
        #expect(meter.maxConcurrent <= 2)
    }
}
