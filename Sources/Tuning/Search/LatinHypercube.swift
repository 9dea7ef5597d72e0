import GSL

// MARK: - Latin-hypercube sampling

/// Latin-hypercube points in the unit cube: each axis is cut into `count`
/// equal strata, and each stratum of each axis holds exactly one point, at a
/// uniformly random position inside it. Space-filling along every single
/// parameter even with few points, unlike independent uniform draws.
///
/// ```swift
/// let points = LatinHypercube.sample(count: 10, dimension: 3, using: rng)
/// ```
package enum LatinHypercube {
    package static func sample(count: Int, dimension: Int, using rng: RandomGenerator) -> [[Double]] {
        guard count > 0, dimension > 0 else { return [] }
        var points = Array(repeating: [Double](repeating: 0, count: dimension), count: count)
        for d in 0..<dimension {
            let strata = rng.permutation(of: count)
            for i in 0..<count {
                points[i][d] = (Double(strata[i]) + rng.uniform()) / Double(count)
            }
        }
        return points
    }
}
