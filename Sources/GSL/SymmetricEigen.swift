import CGSL

// MARK: - Eigen-decomposition of a symmetric matrix

/// The eigenvalues and orthonormal eigenvectors of a real symmetric matrix,
/// over GSL's `gsl_eigen_symmv` (Householder tridiagonalisation, then
/// implicit QL), sorted by ascending eigenvalue (`gsl_eigen_symmv_sort`)
/// so the result does not depend on the order GSL finds them in.
///
/// A covariance-matrix search (`CovarianceSearch` in Tuning) samples
/// `m + σ·B·D·z` and needs `B` and `D` of its covariance every generation.
///
/// ```swift
/// let e = try SymmetricEigen(matrix: [2, 1,
///                                    1, 2], dimension: 2)
/// e.values        // [1, 3]
/// e.vector(1)     // ≈ [0.707, 0.707]
/// ```
package struct SymmetricEigen: Sendable, Hashable {
    package let dimension: Int
    /// Ascending.
    package let values: [Double]
    /// Column-major: eigenvector `k` is `vectors[k*n ..< (k+1)*n]`.
    package let vectors: [Double]

    /// - Parameters:
    ///   - matrix: `dimension × dimension` values, row-major (symmetric, so
    ///     column-major is the same); only the lower triangle is read.
    ///   - dimension: The matrix's number of rows and columns.
    /// - Throws: `GSLError` for a wrong length or a non-finite entry.
    package init(matrix: [Double], dimension: Int) throws {
        GSLLibrary.prepare()
        let n = dimension
        guard n > 0, matrix.count == n * n else {
            throw GSLError(
                code: Int32(GSL_EBADLEN), function: "SymmetricEigen",
                message: "\(matrix.count) entries for a \(n) × \(n) matrix")
        }
        guard matrix.allSatisfy(\.isFinite) else {
            throw GSLError(code: Int32(GSL_EDOM), function: "SymmetricEigen", message: "a matrix entry is not finite")
        }
        guard let a = gsl_matrix_alloc(n, n), let v = gsl_matrix_alloc(n, n), let eval = gsl_vector_alloc(n),
            let work = gsl_eigen_symmv_alloc(n)
        else { throw GSLError(code: Int32(GSL_ENOMEM), function: "gsl_eigen_symmv_alloc") }
        defer {
            gsl_matrix_free(a)
            gsl_matrix_free(v)
            gsl_vector_free(eval)
            gsl_eigen_symmv_free(work)
        }
        for i in 0..<n { for j in 0..<n { cgsl_matrix_put(a, i, j, matrix[i * n + j]) } }
        try GSLError.check(gsl_eigen_symmv(a, eval, v, work), "gsl_eigen_symmv")
        try GSLError.check(gsl_eigen_symmv_sort(eval, v, GSL_EIGEN_SORT_VAL_ASC), "gsl_eigen_symmv_sort")
        self.dimension = n
        values = (0..<n).map { cgsl_vector_at(eval, $0) }
        var columns = [Double](repeating: 0, count: n * n)
        for k in 0..<n { for i in 0..<n { columns[k * n + i] = cgsl_matrix_at(v, i, k) } }
        vectors = columns
    }

    /// Eigenvector `k` (unit length), for ``values``[k].
    package func vector(_ k: Int) -> ArraySlice<Double> { vectors[(k * dimension)..<((k + 1) * dimension)] }
}
