import CGSL

// MARK: - Derivative-free minimization

/// Nelder–Mead simplex minimization of a Swift function, over GSL's
/// `gsl_multimin_fminimizer` (`nmsimplex2`, `nmsimplex2rand`).
///
/// The objective may be noisy or piecewise flat (a misfire count is); the
/// simplex needs no derivatives. The minimizer stops when the simplex is
/// smaller than ``Options/sizeTolerance`` (`gsl_multimin_test_size`), after
/// ``Options/maxIterations``, when `shouldStop` says so, or when GSL reports
/// that it cannot continue (e.g. the function returned a non-finite value).
/// Whatever the reason, the result is the best point the function was ever
/// evaluated at, not merely the simplex centre.
///
/// ```swift
/// let result = try Minimizer.minimize(
///     from: [-1.2, 1],
///     options: .init(stepSizes: [0.5, 0.5], sizeTolerance: 1e-8, maxIterations: 5_000)
/// ) { x in
///     let a = 1 - x[0], b = x[1] - x[0] * x[0]
///     return a * a + 100 * b * b
/// }
/// result.point   // ≈ [1, 1]
/// ```
package enum Minimizer {
    /// Which simplex algorithm to use.
    package enum Algorithm: String, Sendable, Hashable, Codable, CaseIterable {
        /// `nmsimplex2`: the initial simplex is axis-aligned around the start.
        case nelderMead
        /// `nmsimplex2rand`: a randomly oriented initial simplex (GSL seeds its
        /// orientation deterministically), useful for restarts.
        case nelderMeadRandomized
    }

    /// When to stop.
    package struct Options: Sendable, Hashable {
        /// Initial simplex step per coordinate (or one value for all).
        package var stepSizes: [Double]
        /// Stop when the simplex's characteristic size falls below this.
        package var sizeTolerance: Double
        /// Stop after this many iterations.
        package var maxIterations: Int
        package var algorithm: Algorithm

        package init(
            stepSizes: [Double], sizeTolerance: Double = 1e-6, maxIterations: Int = 1_000,
            algorithm: Algorithm = .nelderMead
        ) {
            self.stepSizes = stepSizes
            self.sizeTolerance = sizeTolerance
            self.maxIterations = maxIterations
            self.algorithm = algorithm
        }
    }

    /// Why the minimizer stopped.
    package enum StopReason: String, Sendable, Hashable, Codable {
        case converged, maxIterations, stopRequested, cannotProgress
    }

    /// The outcome of one minimization.
    package struct Result: Sendable, Hashable {
        /// The best point evaluated.
        package var point: [Double]
        /// The function value at ``point``.
        package var value: Double
        package var iterations: Int
        /// How many times the function was called.
        package var evaluations: Int
        /// The simplex size when it stopped.
        package var simplexSize: Double
        package var stopReason: StopReason
        package var converged: Bool { stopReason == .converged }
    }

    /// Minimizes `function` starting from `start`.
    ///
    /// - Parameters:
    ///   - start: The first point; its length is the dimension.
    ///   - options: Step sizes, tolerance, iteration limit, algorithm.
    ///   - shouldStop: Asked after every iteration; `true` ends the search
    ///     (e.g. when an evaluation budget is spent).
    ///   - function: The objective. Called on this thread only.
    /// - Throws: `GSLError` when the inputs are invalid (empty start, wrong
    ///   number of step sizes) or the function is not finite at the start.
    package static func minimize(
        from start: [Double],
        options: Options,
        shouldStop: () -> Bool = { false },
        _ function: ([Double]) -> Double
    ) throws -> Result {
        GSLLibrary.prepare()
        let n = start.count
        guard n > 0 else {
            throw GSLError(code: Int32(GSL_EINVAL), function: "Minimizer.minimize", message: "empty starting point")
        }
        let steps: [Double]
        if options.stepSizes.count == n {
            steps = options.stepSizes
        } else if options.stepSizes.count == 1 {
            steps = Array(repeating: options.stepSizes[0], count: n)
        } else {
            throw GSLError(
                code: Int32(GSL_EBADLEN), function: "Minimizer.minimize",
                message: "\(options.stepSizes.count) step sizes for \(n) coordinates")
        }

        let type = options.algorithm == .nelderMead ? cgsl_multimin_nmsimplex2() : cgsl_multimin_nmsimplex2rand()
        guard let minimizer = gsl_multimin_fminimizer_alloc(type, n) else {
            throw GSLError(code: Int32(GSL_ENOMEM), function: "gsl_multimin_fminimizer_alloc")
        }
        defer { gsl_multimin_fminimizer_free(minimizer) }
        let x = try Vector(start)
        let stepVector = try Vector(steps)

        return try withoutActuallyEscaping(function) { function in
            let context = MinimizerContext(dimension: n, function: function)
            let unmanaged = Unmanaged.passRetained(context)
            defer { unmanaged.release() }
            var gslFunction = gsl_multimin_function(
                f: { vector, params in
                    guard let vector, let params else { return .nan }
                    let context = Unmanaged<MinimizerContext>.fromOpaque(params).takeUnretainedValue()
                    return context.evaluate(vector)
                },
                n: n,
                params: unmanaged.toOpaque())

            try GSLError.check(
                gsl_multimin_fminimizer_set(minimizer, &gslFunction, x.pointer, stepVector.pointer),
                "gsl_multimin_fminimizer_set")

            var iterations = 0
            var size = gsl_multimin_fminimizer_size(minimizer)
            var reason = StopReason.maxIterations
            while iterations < options.maxIterations {
                if shouldStop() {
                    reason = .stopRequested
                    break
                }
                let status = gsl_multimin_fminimizer_iterate(minimizer)
                iterations += 1
                if status != Int32(GSL_SUCCESS) {
                    reason = .cannotProgress
                    break
                }
                size = gsl_multimin_fminimizer_size(minimizer)
                if gsl_multimin_test_size(size, options.sizeTolerance) == Int32(GSL_SUCCESS) {
                    reason = .converged
                    break
                }
            }
            guard let best = context.bestPoint else {
                throw GSLError(
                    code: Int32(GSL_EBADFUNC), function: "Minimizer.minimize",
                    message: "the function was never finite")
            }
            return Result(
                point: best, value: context.bestValue, iterations: iterations,
                evaluations: context.evaluations, simplexSize: size, stopReason: reason)
        }
    }
}

// MARK: - Callback context

/// What the C callback needs: the Swift function and the best point so far.
/// It reaches the callback through GSL's `params` pointer.
private final class MinimizerContext {
    let function: ([Double]) -> Double
    var scratch: [Double]
    var bestPoint: [Double]?
    var bestValue = Double.infinity
    var evaluations = 0

    init(dimension: Int, function: @escaping ([Double]) -> Double) {
        self.function = function
        self.scratch = Array(repeating: 0, count: dimension)
    }

    func evaluate(_ vector: UnsafePointer<gsl_vector>) -> Double {
        for i in scratch.indices { scratch[i] = cgsl_vector_at(vector, i) }
        let value = function(scratch)
        evaluations += 1
        if value.isFinite, value < bestValue || bestPoint == nil {
            bestValue = value
            bestPoint = scratch
        }
        return value
    }
}

// MARK: - Owned GSL vector

/// A `gsl_vector` freed with its owner.
final class Vector {
    let pointer: UnsafeMutablePointer<gsl_vector>

    init(_ values: [Double]) throws {
        guard let vector = gsl_vector_alloc(values.count) else {
            throw GSLError(code: Int32(GSL_ENOMEM), function: "gsl_vector_alloc")
        }
        for (i, value) in values.enumerated() { cgsl_vector_put(vector, i, value) }
        pointer = vector
    }

    deinit { gsl_vector_free(pointer) }
}
