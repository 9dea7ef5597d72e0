import Recognizers
import Simulation
import Testing
import TraceModel

@testable import Tuning

// MARK: - The bound for new people: a bootstrap over people

@Suite("PeopleBootstrap")
struct PeopleBootstrapTests {
    /// `values[p]` observed on person `p` (named `p0`, `p1`, …).
    static func observed(_ values: [[Double]]) -> PersonObservations {
        let people = values.indices.map { "p\($0)" }
        let flat = values.flatMap { $0 }
        let persons = values.enumerated().flatMap { p, list in list.map { _ in Int32(p) } }
        return PersonObservations(people: people, values: flat, persons: persons)
    }

    @Test("each resample's percentile is the one Percentile of its group's gestures, a person drawn twice counting twice")
    func resampledPercentileIsTheExpandedSamples() throws {
        let values: [[Double]] = [[3, 9, 14, 2], [40, 41], [], [7, 7, 7, 8, 30], [12]]
        let data = Self.observed(values)
        let people = try PeopleBootstrap(people: data.people, groupSize: 5, resamples: 200, seed: 7)
        for percentile in [5.0, 50, 90, 95, 100] {
            let fast = people.resampled(data, percentile: percentile)
            for b in 0..<people.resamples {
                var group: [Double] = []
                for (p, list) in values.enumerated() {
                    for _ in 0..<people.count(person: p, resample: b) { group += list }
                }
                let expected = Percentile.of(sorted: group.sorted(), percentile) ?? -.infinity
                #expect(fast[b] == expected, "resample \(b), p\(percentile)")
            }
        }
    }

    @Test("a rate's bound is the confidence order statistic of each group's summed rate, bit for bit")
    func ratioBoundIsTheGroupsRate() throws {
        let people = (0..<37).map { "p\($0)" }
        let bootstrap = try PeopleBootstrap(people: people, groupSize: 11, resamples: 300, seed: 3)
        // Irregular rates, a person with no labels of the intent, one not named.
        var misfires: [String: Double] = [:], labels: [String: Double] = [:]
        for (k, person) in people.enumerated().dropLast() {
            misfires[person] = Double((k * 7919) % 13) / 3 - 1.1
            labels[person] = k % 5 == 0 ? 0 : Double(1 + (k * 31) % 17)
        }
        var expected: [Double] = (0..<bootstrap.resamples).map { r in
            var n = 0.0, d = 0.0
            for (p, person) in bootstrap.people.enumerated() {
                let c = Double(bootstrap.count(person: p, resample: r))
                guard c > 0 else { continue }
                n += c * (misfires[person] ?? 0)
                d += c * (labels[person] ?? 0)
            }
            return d > 0 ? n / d : 0
        }
        expected.sort()
        let bound = bootstrap.upperBound(ratio: misfires, over: labels)
        #expect(bound.bitPattern == expected[Int((0.95 * 300).rounded(.up)) - 1].bitPattern)
    }

    @Test("people who agree: every group sees the pooled percentile, and the bound is it")
    func identicalPeopleBoundIsThePercentile() throws {
        let one = (1...10).map(Double.init)
        let data = Self.observed(Array(repeating: one, count: 4))
        let people = try PeopleBootstrap(people: data.people)
        // Four copies of 1…10: rank 0.95 · 39 = 37.05 lies between two 10s.
        #expect(people.upperBound(data, percentile: 95) == 10)
        #expect(people.upperBound(data, percentile: 50) == 5.5)
        let budget = LatencyBudget(gesture: .pan, percentile: 95, limit: 10)
        #expect(people.holdProbability(data, budget: budget) == 1)
        #expect(people.holdProbability(data, budget: LatencyBudget(gesture: .pan, percentile: 95, limit: 9.9)) == 0)
    }

    @Test("people who differ: the bound and the share of groups meeting a limit, in numbers")
    func twoPeopleWhoDiffer() throws {
        // A's ten gestures at 1, B's at 100; groups of two draw AA, AB or BB
        // (1/4, 1/2, 1/4): a group's median is 1, 50.5 or 100.
        let data = Self.observed([Array(repeating: 1, count: 10), Array(repeating: 100, count: 10)])
        let people = try PeopleBootstrap(people: data.people, confidence: 0.95, resamples: 4_000, seed: 3)
        let medians = people.resampled(data, percentile: 50)
        #expect(Set(medians) == [1, 50.5, 100])
        let share = { (value: Double) in Double(medians.filter { $0 == value }.count) / Double(medians.count) }
        #expect(abs(share(1) - 0.25) < 0.03 && abs(share(50.5) - 0.5) < 0.03 && abs(share(100) - 0.25) < 0.03)
        // 95 % of groups: only 100 covers them; 70 %: 50.5 does (75 % are at most it).
        #expect(people.upperBound(data, percentile: 50) == 100)
        #expect(
            try PeopleBootstrap(people: data.people, confidence: 0.7, resamples: 4_000, seed: 3)
                .upperBound(data, percentile: 50) == 50.5)
        let budget = LatencyBudget(gesture: .pan, percentile: 50, limit: 60)
        #expect(abs(people.holdProbability(data, budget: budget) - 0.75) < 0.03)
        // The pooled median (50.5) meets the limit; one group in four does not.
        #expect(Percentile.of(sorted: data.values, 50) == 50.5)
    }

    @Test("a person without such gestures counts: groups that drew none meet any ceiling")
    func groupsWithoutTheGesture() throws {
        let data = PersonObservations(people: ["a", "b", "c"], values: [50, 60], persons: [0, 0])
        let people = try PeopleBootstrap(people: data.people, groupSize: 1, resamples: 3_000, seed: 5)
        let values = people.resampled(data, percentile: 95)
        #expect(values.allSatisfy { $0 == -.infinity || $0 == 59.5 })
        // One group in three draws a, whose p95 misses a 55 ms ceiling.
        let held = people.holdProbability(data, budget: LatencyBudget(gesture: .pan, percentile: 95, limit: 55))
        #expect(abs(held - 2.0 / 3.0) < 0.03)
        // Most groups make no such gesture: no bound at 50 %; at 95 % the bound is a's.
        #expect(
            try PeopleBootstrap(people: data.people, groupSize: 1, confidence: 0.5, seed: 5)
                .upperBound(data, percentile: 95) == nil)
        #expect(people.upperBound(data, percentile: 95) == 59.5)
    }

    @Test("deterministic: the same seed, the same bound, whatever order the people and observations came in")
    func deterministic() throws {
        let values: [[Double]] = [[5, 9, 31], [4, 4, 18, 22], [12, 13], [40]]
        let data = Self.observed(values)
        let shuffled = PersonObservations(
            people: data.people, values: data.values.reversed(), persons: data.persons.reversed())
        #expect(shuffled == data)
        let a = try PeopleBootstrap(people: data.people, seed: 11)
        let b = try PeopleBootstrap(people: data.people.reversed(), seed: 11)
        #expect(a.people == b.people)
        #expect(a.resampled(data, percentile: 95) == b.resampled(shuffled, percentile: 95))
        let other = try PeopleBootstrap(people: data.people, seed: 12)
        #expect(a.resampled(data, percentile: 95) != other.resampled(data, percentile: 95))
        #expect(throws: Bootstrap.Failure.self) { try PeopleBootstrap(people: []) }
        #expect(throws: Bootstrap.Failure.self) { try PeopleBootstrap(people: ["a"], confidence: 1) }
    }
}
