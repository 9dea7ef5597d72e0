import GSL
import Simulation

// MARK: - Budgets for people the tuning never saw: resampling people

/// How a budget's percentile varies from one group of people to another,
/// from a bootstrap over **people**: each resample draws a group of people
/// with replacement from those observed, keeps every gesture of each person
/// drawn (a person drawn twice counts twice), and takes the budget's
/// percentile over the group's gestures.
///
/// Design — why people, and why a bootstrap. A budget judges a percentile
/// of gestures, but the gestures of one person resemble each other: the
/// unit that varies between the training people and the people who will
/// use the app is the person. Treating gestures as independent (a
/// distribution-free order-statistic bound on the pooled sample) would
/// count one fast flicker's 40 swipes as 40 pieces of evidence and promise
/// far more than the data holds; person-wise folds would spend the few
/// people there are on re-running the search. The bootstrap over people
/// keeps each person whole and costs no replay: it reads the observations
/// the replay already made, tagged with their person
/// (`BudgetCheck.byPerson`).
///
/// ``upperBound(_:percentile:)`` is the `confidence` quantile of the
/// resampled percentiles (an order statistic, no interpolation): "p95 ≤ 10 pt
/// for new people, 95 % confidence" means that in at least 95 % of the
/// groups drawn, the group's p95 is at most 10 pt. A group that drew no
/// such gesture meets any ceiling and counts as met.
///
/// Deterministic: the people are taken sorted, the draws come from GSL's
/// Mersenne Twister seeded with `seed` and are drawn once, at init, and the
/// observations arrive in an order no thread or shard changes
/// (`PersonObservations`). The same draws judge every candidate of a search
/// (common random numbers), so the bound is a function of the constants
/// alone and a search compares like with like.
///
/// ```swift
/// let people = try PeopleBootstrap(people: data.trainUsers)
/// people.upperBound(check.byPerson!, percentile: 95)   // 9.4: p95 ≤ 9.4 for new people, 95 % confidence
/// people.holdProbability(check.byPerson!, budget: check.budget)   // 0.97
/// ```
package struct PeopleBootstrap: Sendable {
    /// The people resampled, sorted.
    package let people: [String]
    /// People per group drawn: by default as many as were observed (the
    /// bootstrap's own size).
    package let groupSize: Int
    /// The share of groups the bound holds for (0.95).
    package let confidence: Double
    /// How often each person was drawn in each resample, person by person:
    /// person `p`'s counts in resamples `0..<resamples` are at
    /// `p * resamples ..< (p + 1) * resamples`. Stored this way (and as
    /// `Double`) because a bound sums over people for every resample at
    /// once: the inner loop runs over resamples, independent sums the
    /// compiler can vectorize, each still added person by person in order,
    /// so every sum is bit for bit what a loop over one resample gives.
    private let drawn: [Double]
    /// The same counts resample by resample (resample `r`'s at
    /// `r * people.count ..< (r + 1) * people.count`): a percentile weighs
    /// one resample's group at a time.
    private let drawnByResample: [Int32]

    package let resamples: Int

    /// Resamples by default: 1,000 — the 95 % bound is then the 950th of
    /// 1,000 ordered percentiles, steady to a few tenths of a percent of
    /// its value, and a candidate's bounds cost well under a millisecond.
    package static let defaultResamples = 1_000

    /// - Throws: ``Bootstrap/Failure`` when there are no people, the group
    ///   or the resamples are empty, or the confidence is not inside (0, 1).
    package init(
        people: [String], groupSize: Int? = nil, confidence: Double = 0.95,
        resamples: Int = PeopleBootstrap.defaultResamples, seed: UInt = 1
    ) throws {
        let sorted = Array(Set(people)).sorted()
        guard !sorted.isEmpty else { throw Bootstrap.Failure.emptySample }
        let size = groupSize ?? sorted.count
        guard size > 0, resamples > 0, confidence > 0, confidence < 1 else {
            throw Bootstrap.Failure.invalidSettings("needs a group of at least one person, resamples > 0 and 0 < confidence < 1")
        }
        let rng = try RandomGenerator(seed: seed)
        var drawn = [Double](repeating: 0, count: sorted.count * resamples)
        for r in 0..<resamples {
            for _ in 0..<size { drawn[rng.uniformInt(below: sorted.count) * resamples + r] += 1 }
        }
        self.people = sorted
        self.groupSize = size
        self.confidence = confidence
        self.resamples = resamples
        self.drawn = drawn
        drawnByResample = (0..<resamples * sorted.count).map { k in
            Int32(drawn[(k % sorted.count) * resamples + k / sorted.count])
        }
    }

    /// How often resample `r` drew person `p` (an index into ``people``).
    func count(person p: Int, resample r: Int) -> Int { Int(drawnByResample[r * people.count + p]) }

    /// The `percentile` (0…100) of each resampled group's observations —
    /// the package's one percentile (`Percentile`, type 7) of the gestures
    /// the group made, a person drawn twice counting twice — or `-∞` for a
    /// group that made no such gesture.
    package func resampled(_ observed: PersonObservations, percentile: Double) -> [Double] {
        // Each observed person's column among ours, and their gesture counts.
        let column = Dictionary(uniqueKeysWithValues: people.enumerated().map { ($1, $0) })
        let columns = observed.people.map { column[$0] ?? -1 }
        var gestures = [Int](repeating: 0, count: observed.people.count)
        for person in observed.persons { gestures[Int(person)] += 1 }
        let p = min(max(percentile, 0), 100) / 100
        var weight = [Int](repeating: 0, count: observed.people.count)
        var percentiles = [Double](repeating: -.infinity, count: resamples)
        let n = people.count
        observed.values.withUnsafeBufferPointer { values in
            observed.persons.withUnsafeBufferPointer { persons in
                drawnByResample.withUnsafeBufferPointer { drawn in
                    for r in 0..<resamples {
                        var total = 0
                        for (k, c) in columns.enumerated() {
                            weight[k] = c >= 0 ? Int(drawn[r * n + c]) : 0
                            total += weight[k] * gestures[k]
                        }
                        if total > 0 {
                            percentiles[r] = Self.percentile(
                                p, of: values, persons: persons, weight: weight, total: total)
                        }
                    }
                }
            }
        }
        return percentiles
    }

    /// The `p` quantile (type 7) of a group's gestures: `values` ascending,
    /// `persons[k]` whose `values[k]` is, each person's gestures counted
    /// `weight[person]` times, `total` gestures in all.
    private static func percentile(
        _ p: Double, of values: UnsafeBufferPointer<Double>, persons: UnsafeBufferPointer<Int32>, weight: [Int], total: Int
    ) -> Double {
        // Ranks `below` and `below + 1` of the group's sorted gestures,
        // counted from the top (a high percentile's are near the top).
        let rank = p * Double(total - 1)
        let below = Int(rank.rounded(.down))
        let fraction = rank - Double(below)
        let lowFromTop = total - 1 - below, highFromTop = lowFromTop - 1
        var high: Double? = nil, seen = 0
        for k in stride(from: values.count - 1, through: 0, by: -1) {
            let w = weight[Int(persons[k])]
            guard w > 0 else { continue }
            if highFromTop >= seen, highFromTop < seen + w { high = values[k] }
            if lowFromTop < seen + w {
                let low = values[k]
                guard fraction > 0, let high else { return low }
                return low + (high - low) * fraction
            }
            seen += w
        }
        return -.infinity // unreachable: the ranks lie within the total
    }

    /// A rate over people — each person's `numerator` over their
    /// `denominator`, summed over a group — bounded above for a new group
    /// with ``confidence``: what protects an intent for new people, with
    /// the change of each person's misfires over their labels of the
    /// intent (a group without such labels changes nothing: 0). People
    /// not named count as neither.
    package func upperBound(ratio numerator: [String: Double], over denominator: [String: Double]) -> Double {
        upperBound(ratioOf: people.map { numerator[$0] ?? 0 }, over: people.map { denominator[$0] ?? 0 })
    }

    /// ``upperBound(ratio:over:)`` with each person's numerator and
    /// denominator in the order of ``people`` (finite values).
    package func upperBound(ratioOf top: [Double], over bottom: [Double]) -> Double {
        precondition(top.count == people.count && bottom.count == people.count, "one value per person")
        var n = [Double](repeating: 0, count: resamples), d = n
        let rows = resamples
        drawn.withUnsafeBufferPointer { drawn in
            n.withUnsafeMutableBufferPointer { n in
                d.withUnsafeMutableBufferPointer { d in
                    // A person not drawn adds 0 × their (finite) counts: the
                    // sums are those of the people drawn, in the same order.
                    for p in 0..<top.count {
                        let t = top[p], b = bottom[p], column = p * rows
                        for r in 0..<rows {
                            n[r] += drawn[column + r] * t
                            d[r] += drawn[column + r] * b
                        }
                    }
                }
            }
        }
        var ratios = zip(n, d).map { n, d in d > 0 ? n / d : 0 }
        ratios.sort()
        return ratios[max(Int((confidence * Double(ratios.count)).rounded(.up)) - 1, 0)]
    }

    /// The budget's percentile that a new group of ``groupSize`` people
    /// stays within with ``confidence``: the `confidence` order statistic
    /// of the resampled percentiles (`nil` when most groups make no such
    /// gesture).
    package func upperBound(_ observed: PersonObservations, percentile: Double) -> Double? {
        let sorted = resampled(observed, percentile: percentile).sorted()
        let index = max(Int((confidence * Double(sorted.count)).rounded(.up)) - 1, 0)
        let bound = sorted[index]
        return bound.isFinite ? bound : nil
    }

    /// The share of resampled groups that meet `budget` (both ends of a
    /// standard): how likely the budget is to hold for a new group of
    /// people like these.
    package func holdProbability(_ observed: PersonObservations, budget: LatencyBudget) -> Double {
        let high = resampled(observed, percentile: budget.percentile)
        let low = budget.standard ? resampled(observed, percentile: 100 - budget.percentile) : []
        var met = 0
        for (k, value) in high.enumerated() {
            // A group without the gesture sees nothing to miss.
            guard value.isFinite else {
                met += 1
                continue
            }
            if !budget.misses(value), !budget.standard || !budget.misses(low[k]) { met += 1 }
        }
        return Double(met) / Double(high.count)
    }
}
