import Testing

@testable import GSL

@Suite struct SymmetricEigenTests {
    @Test func decomposesATwoByTwoMatrixInAscendingOrder() throws {
        let e = try SymmetricEigen(matrix: [2, 1, 1, 2], dimension: 2)
        #expect(abs(e.values[0] - 1) < 1e-12 && abs(e.values[1] - 3) < 1e-12)
        let v = Array(e.vector(1))
        #expect(abs(abs(v[0]) - 0.5.squareRoot()) < 1e-12 && abs(v[0] - v[1]) < 1e-12)
    }

    @Test func reconstructsTheMatrixFromOrthonormalVectors() throws {
        let n = 4
        let a: [Double] = [
            4, 1, -2, 0.5,
            1, 3, 0, -1,
            -2, 0, 5, 2,
            0.5, -1, 2, 6
        ]
        let e = try SymmetricEigen(matrix: a, dimension: n)
        for i in 0..<n {
            for j in 0..<n {
                // A = Σ λk vk vkᵀ, and the vectors are orthonormal.
                let entry = (0..<n).reduce(0.0) { $0 + e.values[$1] * e.vector($1)[$1 * n + i] * e.vector($1)[$1 * n + j] }
                #expect(abs(entry - a[i * n + j]) < 1e-10)
                let dot = (0..<n).reduce(0.0) { $0 + e.vector(i)[i * n + $1] * e.vector(j)[j * n + $1] }
                #expect(abs(dot - (i == j ? 1 : 0)) < 1e-12)
            }
        }
        #expect(zip(e.values, e.values.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func refusesAWrongLengthOrANonFiniteEntry() {
        #expect(throws: GSLError.self) { try SymmetricEigen(matrix: [1, 2, 3], dimension: 2) }
        #expect(throws: GSLError.self) { try SymmetricEigen(matrix: [1, .nan, .nan, 1], dimension: 2) }
    }
}
