import CGSL

// MARK: - Simulated annealing

/// Simulated annealing over GSL's `gsl_siman_solve`, on a point in ℝⁿ with a
/// Swift energy and a Swift step.
///
/// ## How the Swift context reaches the callbacks
///
/// `gsl_siman_solve` passes no user pointer to its callbacks: the energy gets
/// only the configuration (`xp`) and the step only the rng and `xp`. A global
/// or thread-local "current context" would work only as long as GSL calls back
/// on the calling thread and nobody nests solves; a lock-protected registry
/// would need an index stored somewhere anyway. So the context travels INSIDE
/// the configuration: every configuration buffer is laid out as
///
/// ```
/// [ context pointer | x₀ | x₁ | … | xₙ₋₁ ]     (fixed size, copied by memcpy)
/// ```
///
/// GSL copies configurations with `memcpy` (fixed `element_size`), so every
/// copy (current, candidate, best) carries the same pointer, and each
/// callback finds its own solve's context without any shared state. Two
/// solves on two threads never see each other's context, with no lock at all.
/// The context is retained for the duration of the (synchronous) solve.
///
/// ```swift
/// let rng = try RandomGenerator(seed: 7)
/// let result = try SimulatedAnnealing.minimize(
///     from: [3.0], parameters: .init(stepSize: 1), using: rng,
///     energy: { x in cos(3 * x[0]) + 0.1 * x[0] * x[0] },
///     step: { x, rng, size in x[0] += rng.uniform(-size, size) })
/// ```
package enum SimulatedAnnealing {
    /// GSL's annealing schedule (`gsl_siman_params_t`), with its field names
    /// spelled out.
    package struct Parameters: Sendable, Hashable, Codable {
        /// `n_tries`: kept for completeness; `gsl_siman_solve` does not use it
        /// (see ``evaluationCount``).
        package var tries: Int
        /// `iters_fixed_T`: steps tried at each temperature.
        package var iterationsPerTemperature: Int
        /// `step_size`: passed to the step function.
        package var stepSize: Double
        /// `k`: Boltzmann constant; acceptance is `exp(-ΔE / (k T))`.
        package var boltzmann: Double
        /// `t_initial`.
        package var initialTemperature: Double
        /// `mu_t`: the temperature is divided by this after each level.
        package var coolingFactor: Double
        /// `t_min`: the schedule ends once the temperature falls below this.
        package var minimumTemperature: Double

        package init(
            tries: Int = 200, iterationsPerTemperature: Int = 100, stepSize: Double = 1,
            boltzmann: Double = 1, initialTemperature: Double = 0.008,
            coolingFactor: Double = 1.003, minimumTemperature: Double = 2e-6
        ) {
            self.tries = tries
            self.iterationsPerTemperature = iterationsPerTemperature
            self.stepSize = stepSize
            self.boltzmann = boltzmann
            self.initialTemperature = initialTemperature
            self.coolingFactor = coolingFactor
            self.minimumTemperature = minimumTemperature
        }

        /// The number of temperature levels GSL will run (it divides the
        /// temperature by ``coolingFactor`` after each level and stops below
        /// ``minimumTemperature``).
        package var temperatureLevels: Int {
            guard coolingFactor > 1, initialTemperature > 0, minimumTemperature > 0 else { return 0 }
            var t = initialTemperature
            var levels = 0
            repeat {
                levels += 1
                t /= coolingFactor
            } while t >= minimumTemperature && levels < Int(Int32.max)
            return levels
        }

        /// Exactly how many energy evaluations a solve makes: one for the
        /// start, then ``iterationsPerTemperature`` per level.
        package var evaluationCount: Int { 1 + temperatureLevels * iterationsPerTemperature }

        var gsl: gsl_siman_params_t {
            gsl_siman_params_t(
                n_tries: Int32(clamping: tries), iters_fixed_T: Int32(clamping: iterationsPerTemperature),
                step_size: stepSize, k: boltzmann, t_initial: initialTemperature,
                mu_t: coolingFactor, t_min: minimumTemperature)
        }
    }

    /// The outcome of one annealing run.
    package struct Result: Sendable, Hashable {
        /// The lowest-energy point visited.
        package var point: [Double]
        package var energy: Double
        /// How many times the energy was evaluated.
        package var evaluations: Int
    }

    /// Anneals from `start`.
    ///
    /// - Parameters:
    ///   - start: The first configuration; its length is the dimension.
    ///   - parameters: The schedule.
    ///   - rng: Drives acceptance and is handed to `step`; the run is
    ///     deterministic for the generator's state.
    ///   - energy: The function to minimize.
    ///   - step: Moves a configuration in place, given the rng and step size.
    /// - Throws: `GSLError` for an empty start or an invalid schedule.
    package static func minimize(
        from start: [Double],
        parameters: Parameters,
        using rng: RandomGenerator,
        energy: ([Double]) -> Double,
        step: (inout [Double], RandomGenerator, Double) -> Void
    ) throws -> Result {
        GSLLibrary.prepare()
        let n = start.count
        guard n > 0 else {
            throw GSLError(code: Int32(GSL_EINVAL), function: "SimulatedAnnealing.minimize", message: "empty starting point")
        }
        guard parameters.coolingFactor > 1, parameters.initialTemperature > 0, parameters.minimumTemperature > 0,
            parameters.iterationsPerTemperature > 0, parameters.boltzmann > 0
        else {
            throw GSLError(
                code: Int32(GSL_EINVAL), function: "SimulatedAnnealing.minimize",
                message: "the schedule needs coolingFactor > 1, positive temperatures, iterations and k")
        }

        return withoutActuallyEscaping(energy) { energy in
            withoutActuallyEscaping(step) { step in
                let context = AnnealingContext(dimension: n, rng: rng, energy: energy, step: step)
                let unmanaged = Unmanaged.passRetained(context)
                defer { unmanaged.release() }

                let size = Configuration.byteCount(dimension: n)
                let x0 = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<Double>.alignment)
                defer { x0.deallocate() }
                Configuration.write(context: unmanaged.toOpaque(), point: start, to: x0)

                gsl_siman_solve(
                    rng.pointer, x0,
                    { xp in
                        guard let xp else { return .nan }
                        return Configuration.context(of: xp).evaluate(xp)
                    },
                    { _, xp, stepSize in
                        guard let xp else { return }
                        Configuration.context(of: xp).step(xp, stepSize)
                    },
                    { xp, yp in
                        guard let xp, let yp else { return 0 }
                        let n = Configuration.context(of: xp).dimension
                        var sum = 0.0
                        for i in 0..<n {
                            let d = Configuration.coordinate(i, of: xp) - Configuration.coordinate(i, of: yp)
                            sum += d * d
                        }
                        return sum.squareRoot()
                    },
                    nil, nil, nil, nil, size, parameters.gsl)

                return Result(
                    point: context.bestPoint ?? start, energy: context.bestEnergy,
                    evaluations: context.evaluations)
            }
        }
    }
}

// MARK: - Configuration layout

/// `[context pointer | n doubles]`, the buffer GSL copies around.
private enum Configuration {
    static let header = MemoryLayout<UnsafeMutableRawPointer>.stride

    static func byteCount(dimension n: Int) -> Int { header + n * MemoryLayout<Double>.stride }

    static func write(context: UnsafeMutableRawPointer, point: [Double], to xp: UnsafeMutableRawPointer) {
        xp.storeBytes(of: context, as: UnsafeMutableRawPointer.self)
        for (i, value) in point.enumerated() {
            xp.storeBytes(of: value, toByteOffset: header + i * MemoryLayout<Double>.stride, as: Double.self)
        }
    }

    static func context(of xp: UnsafeMutableRawPointer) -> AnnealingContext {
        Unmanaged<AnnealingContext>.fromOpaque(xp.load(as: UnsafeMutableRawPointer.self)).takeUnretainedValue()
    }

    static func coordinate(_ i: Int, of xp: UnsafeMutableRawPointer) -> Double {
        xp.load(fromByteOffset: header + i * MemoryLayout<Double>.stride, as: Double.self)
    }

    static func read(_ xp: UnsafeMutableRawPointer, into point: inout [Double]) {
        for i in point.indices { point[i] = coordinate(i, of: xp) }
    }

    static func write(_ point: [Double], into xp: UnsafeMutableRawPointer) {
        for (i, value) in point.enumerated() {
            xp.storeBytes(of: value, toByteOffset: header + i * MemoryLayout<Double>.stride, as: Double.self)
        }
    }
}

// MARK: - Callback context

private final class AnnealingContext {
    let dimension: Int
    let rng: RandomGenerator
    let energy: ([Double]) -> Double
    let stepFunction: (inout [Double], RandomGenerator, Double) -> Void
    var scratch: [Double]
    var bestPoint: [Double]?
    var bestEnergy = Double.infinity
    var evaluations = 0

    init(
        dimension: Int, rng: RandomGenerator, energy: @escaping ([Double]) -> Double,
        step: @escaping (inout [Double], RandomGenerator, Double) -> Void
    ) {
        self.dimension = dimension
        self.rng = rng
        self.energy = energy
        self.stepFunction = step
        self.scratch = Array(repeating: 0, count: dimension)
    }

    func evaluate(_ xp: UnsafeMutableRawPointer) -> Double {
        Configuration.read(xp, into: &scratch)
        let value = energy(scratch)
        evaluations += 1
        if value < bestEnergy || bestPoint == nil {
            bestEnergy = value
            bestPoint = scratch
        }
        return value
    }

    func step(_ xp: UnsafeMutableRawPointer, _ size: Double) {
        Configuration.read(xp, into: &scratch)
        stepFunction(&scratch, rng, size)
        Configuration.write(scratch, into: xp)
    }
}
