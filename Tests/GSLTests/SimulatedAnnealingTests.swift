import Foundation
import Testing

@testable import GSL

@Suite struct SimulatedAnnealingTests {
    /// A function with a dozen local minima on [-10, 10]; its global minimum
    /// is found independently by a dense scan, not hard-coded.
    static func bumpy(_ x: Double) -> Double { sin(5 * x) + 0.1 * (x - 1) * (x - 1) + 0.3 * cos(13 * x) }

    static func scanMinimum() -> (x: Double, f: Double) {
        var best = (x: 0.0, f: Double.infinity)
        for i in 0...2_000_000 {
            let x = -10 + Double(i) * 1e-5
            let f = bumpy(x)
            if f < best.f { best = (x, f) }
        }
        return best
    }

    static let parameters = SimulatedAnnealing.Parameters(
        iterationsPerTemperature: 200, stepSize: 1.5, boltzmann: 1,
        initialTemperature: 2, coolingFactor: 1.05, minimumTemperature: 1e-3)

    static func anneal(seed: UInt, from start: Double) throws -> SimulatedAnnealing.Result {
        let rng = try RandomGenerator(seed: seed)
        return try SimulatedAnnealing.minimize(
            from: [start], parameters: parameters, using: rng,
            energy: { x in abs(x[0]) > 10 ? 1e9 : bumpy(x[0]) },
            step: { x, rng, size in x[0] += rng.uniform(-size, size) })
    }

    @Test func findsTheGlobalMinimumAmongLocalOnes() throws {
        let truth = Self.scanMinimum()
        // The start sits in a local minimum far from the global one.
        let result = try Self.anneal(seed: 1, from: 8)
        #expect(abs(result.point[0] - truth.x) < 0.05)
        #expect(result.energy - truth.f < 0.01)
        #expect(result.evaluations == Self.parameters.evaluationCount)
    }

    @Test func isDeterministicForASeed() throws {
        let a = try Self.anneal(seed: 9, from: 3)
        let b = try Self.anneal(seed: 9, from: 3)
        #expect(a == b)
    }

    @Test func twoSolvesOnTwoThreadsKeepTheirOwnContexts() throws {
        // Each solve minimizes a different function; if a callback ever saw the
        // other solve's context, one answer would be wrong.
        let targets = [-3.0, 4.0]
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let target = targets[index]
            guard let rng = try? RandomGenerator(seed: UInt(index + 1)),
                let result = try? SimulatedAnnealing.minimize(
                    from: [0], parameters: Self.parameters, using: rng,
                    energy: { x in (x[0] - target) * (x[0] - target) },
                    step: { x, rng, size in x[0] += rng.uniform(-size, size) })
            else { return }
            results.set(index, result.point[0])
        }
        #expect(abs((try #require(results.get(0))) - targets[0]) < 0.05)
        #expect(abs((try #require(results.get(1))) - targets[1]) < 0.05)
    }

    @Test func rejectsAnInvalidSchedule() throws {
        let rng = try RandomGenerator(seed: 1)
        #expect(throws: GSLError.self) {
            try SimulatedAnnealing.minimize(
                from: [0], parameters: .init(coolingFactor: 0.9), using: rng,
                energy: { _ in 0 }, step: { _, _, _ in })
        }
    }
}

/// Two result slots written from two threads.
final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: Double] = [:]
    func set(_ index: Int, _ value: Double) { lock.withLock { values[index] = value } }
    func get(_ index: Int) -> Double? { lock.withLock { values[index] } }
}
