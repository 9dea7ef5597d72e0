import Foundation
import Testing

@testable import GSL

@Suite struct MinimizerTests {
    @Test(arguments: Minimizer.Algorithm.allCases)
    func findsTheRosenbrockMinimum(algorithm: Minimizer.Algorithm) throws {
        let result = try Minimizer.minimize(
            from: [-1.2, 1],
            options: .init(stepSizes: [0.5], sizeTolerance: 1e-10, maxIterations: 10_000, algorithm: algorithm)
        ) { x in
            let a = 1 - x[0], b = x[1] - x[0] * x[0]
            return a * a + 100 * b * b
        }
        #expect(result.converged)
        #expect(abs(result.point[0] - 1) < 1e-4)
        #expect(abs(result.point[1] - 1) < 1e-4)
        #expect(result.value < 1e-8)
        #expect(result.evaluations > result.iterations)
    }

    @Test func findsAShiftedQuadraticMinimum() throws {
        let centre = [3.0, -2.0, 0.5, 10.0]
        let result = try Minimizer.minimize(
            from: [0, 0, 0, 0], options: .init(stepSizes: [1], sizeTolerance: 1e-9, maxIterations: 20_000)
        ) { x in
            zip(x, centre).enumerated().reduce(7.0) { sum, item in
                let d = item.element.0 - item.element.1
                return sum + Double(item.offset + 1) * d * d
            }
        }
        for (found, expected) in zip(result.point, centre) { #expect(abs(found - expected) < 1e-3) }
        #expect(abs(result.value - 7) < 1e-6)
    }

    @Test func stopsWhenAskedAndKeepsTheBestPoint() throws {
        var calls = 0
        let result = try Minimizer.minimize(
            from: [5, 5], options: .init(stepSizes: [1], sizeTolerance: 1e-12, maxIterations: 10_000),
            shouldStop: { calls >= 30 },
            { x in
                calls += 1
                return x[0] * x[0] + x[1] * x[1]
            })
        #expect(result.stopReason == .stopRequested)
        #expect(result.evaluations == calls)
        #expect(calls < 40)
        #expect(result.value == result.point[0] * result.point[0] + result.point[1] * result.point[1])
        #expect(result.value < 50)
    }

    @Test func rejectsBadInputWithAnError() {
        #expect(throws: GSLError.self) {
            try Minimizer.minimize(from: [], options: .init(stepSizes: [1])) { _ in 0 }
        }
        #expect(throws: GSLError.self) {
            try Minimizer.minimize(from: [1, 2, 3], options: .init(stepSizes: [1, 2])) { _ in 0 }
        }
        #expect(throws: GSLError.self) {
            try Minimizer.minimize(from: [1], options: .init(stepSizes: [1])) { _ in .nan }
        }
    }

    @Test func nonFiniteValuesMidwayEndTheRunGracefully() throws {
        let result = try Minimizer.minimize(from: [0.5], options: .init(stepSizes: [1], maxIterations: 100)) { x in
            x[0] < 0 ? .infinity : (x[0] - 0.2) * (x[0] - 0.2)
        }
        #expect(result.value.isFinite)
        #expect(result.point[0] >= 0)
    }
}
