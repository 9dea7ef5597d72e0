import CGSL

// MARK: - Random numbers

/// A seeded, deterministic random number generator over GSL's Mersenne
/// Twister (`gsl_rng_mt19937`), with GSL's distributions (`gsl_ran_*`).
///
/// The same seed always gives the same sequence, on every platform GSL runs
/// on; that is what makes searches, bootstraps and synthetic data
/// reproducible. A generator is not thread-safe: give each thread its own
/// (``clone()`` or a different seed).
///
/// ```swift
/// let rng = try RandomGenerator(seed: 42)
/// let x = rng.uniform()                  // [0, 1)
/// let k = rng.uniformInt(below: 6)       // 0…5
/// let g = rng.gaussian(mean: 0, standardDeviation: 2)
/// ```
package final class RandomGenerator: RandomNumberGenerator {
    /// The underlying `gsl_rng`, for passing to GSL routines.
    package let pointer: UnsafeMutablePointer<gsl_rng>
    /// The seed this generator started from.
    package let seed: UInt

    /// A Mersenne Twister seeded with `seed` (`gsl_rng_set`).
    ///
    /// GSL's mt19937 keeps only the low 32 bits of the seed, and seed 0 means
    /// its default seed 4357: seeds `1` and `1 + 2³²` give the same sequence.
    /// Use ``init(seed:stream:)`` to derive many generators from one seed.
    package init(seed: UInt) throws {
        GSLLibrary.prepare()
        guard let rng = gsl_rng_alloc(cgsl_rng_mt19937()) else {
            throw GSLError(code: Int32(GSL_ENOMEM), function: "gsl_rng_alloc")
        }
        gsl_rng_set(rng, seed)
        self.pointer = rng
        self.seed = seed
    }

    /// Generator number `stream` of a family derived from `seed`, e.g. one
    /// per synthetic user, so that each user's data is the same whichever
    /// order or thread generates it. Both numbers are mixed (SplitMix64) into
    /// the 32-bit seed mt19937 uses, so neighbouring seeds and streams give
    /// unrelated sequences.
    package convenience init(seed: UInt, stream: UInt) throws {
        try self.init(seed: UInt(Self.mixedSeed(UInt64(seed), UInt64(stream))))
    }

    /// SplitMix64's finalizer over both inputs, folded to 32 bits (never 0,
    /// which GSL would replace by its default seed).
    static func mixedSeed(_ seed: UInt64, _ stream: UInt64) -> UInt32 {
        func splitMix(_ x: UInt64) -> UInt64 {
            var z = x &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let z = splitMix(splitMix(seed) ^ stream)
        let folded = UInt32(truncatingIfNeeded: z ^ (z >> 32))
        return folded == 0 ? 1 : folded
    }

    private init(cloning other: RandomGenerator) throws {
        guard let rng = gsl_rng_clone(other.pointer) else {
            throw GSLError(code: Int32(GSL_ENOMEM), function: "gsl_rng_clone")
        }
        self.pointer = rng
        self.seed = other.seed
    }

    deinit { gsl_rng_free(pointer) }

    /// An independent generator in exactly this generator's current state.
    package func clone() throws -> RandomGenerator { try RandomGenerator(cloning: self) }

    // MARK: - Raw and uniform draws

    /// 64 random bits (two 32-bit Mersenne Twister outputs), so the generator
    /// also works with Swift's `Int.random(in:using:)` and `shuffled(using:)`.
    package func next() -> UInt64 {
        let high = UInt64(gsl_rng_get(pointer)) & 0xFFFF_FFFF
        let low = UInt64(gsl_rng_get(pointer)) & 0xFFFF_FFFF
        return high << 32 | low
    }

    /// One raw 32-bit Mersenne Twister output (`gsl_rng_get`).
    @inlinable package func nextUInt32() -> UInt32 { UInt32(truncatingIfNeeded: gsl_rng_get(pointer)) }

    /// Uniform in [0, 1).
    @inlinable package func uniform() -> Double { gsl_rng_uniform(pointer) }

    /// Uniform in (0, 1): never exactly zero, for logarithms.
    @inlinable package func uniformPositive() -> Double { gsl_rng_uniform_pos(pointer) }

    /// Uniform in [lower, upper).
    @inlinable package func uniform(_ lower: Double, _ upper: Double) -> Double {
        lower + (upper - lower) * gsl_rng_uniform(pointer)
    }

    /// Uniform integer in `0 ..< n`. `n` must be in `1 ... 2³²`; it is a
    /// programming error otherwise, like `Int.random(in:)` on an empty range.
    @inlinable package func uniformInt(below n: Int) -> Int {
        precondition(n > 0 && n <= 1 << 32, "uniformInt(below:) needs 1 ≤ n ≤ 2^32, got \(n)")
        return Int(gsl_rng_uniform_int(pointer, UInt(n)))
    }

    // MARK: - Distributions

    /// Normal with mean 0 (`gsl_ran_gaussian_ziggurat`, the fast method).
    @inlinable package func gaussian(standardDeviation sigma: Double = 1) -> Double {
        gsl_ran_gaussian_ziggurat(pointer, sigma)
    }

    /// Normal with the given mean and standard deviation.
    @inlinable package func gaussian(mean: Double, standardDeviation sigma: Double) -> Double {
        mean + gsl_ran_gaussian_ziggurat(pointer, sigma)
    }

    /// Log-normal: `exp(N(zeta, sigma))` (`gsl_ran_lognormal`).
    @inlinable package func lognormal(zeta: Double, sigma: Double) -> Double {
        gsl_ran_lognormal(pointer, zeta, sigma)
    }

    /// Exponential with the given mean (`gsl_ran_exponential`).
    @inlinable package func exponential(mean: Double) -> Double {
        gsl_ran_exponential(pointer, mean)
    }

    /// Gamma with shape `a` and scale `b` (`gsl_ran_gamma`).
    @inlinable package func gamma(shape a: Double, scale b: Double) -> Double {
        gsl_ran_gamma(pointer, a, b)
    }

    /// Beta(a, b) on [0, 1] (`gsl_ran_beta`).
    @inlinable package func beta(_ a: Double, _ b: Double) -> Double {
        gsl_ran_beta(pointer, a, b)
    }

    /// `true` with probability `p` (`gsl_ran_bernoulli`).
    @inlinable package func bernoulli(_ p: Double) -> Bool {
        gsl_ran_bernoulli(pointer, p) == 1
    }

    /// Poisson with the given mean (`gsl_ran_poisson`).
    @inlinable package func poisson(mean: Double) -> Int {
        Int(gsl_ran_poisson(pointer, mean))
    }

    // MARK: - Sampling and shuffling

    /// `count` elements drawn WITH replacement (`gsl_ran_sample`), e.g. a
    /// bootstrap resample. Empty when `elements` is empty.
    package func sample<T>(_ elements: [T], count: Int) -> [T] {
        guard !elements.isEmpty, count > 0 else { return [] }
        return sampleIndices(count: count, from: elements.count).map { elements[$0] }
    }

    /// `count` elements drawn with replacement, copied by `gsl_ran_sample`
    /// straight from the array (no index array) for plain values such as
    /// `Double`: the fast path for bootstraps over large samples. Draws the
    /// same sequence as the generic version.
    package func sample<T: BitwiseCopyable>(_ elements: [T], count: Int) -> [T] {
        guard !elements.isEmpty, count > 0 else { return [] }
        return [T](unsafeUninitializedCapacity: count) { dest, initialized in
            elements.withUnsafeBytes { src in
                gsl_ran_sample(
                    pointer, UnsafeMutableRawPointer(dest.baseAddress), count,
                    UnsafeMutableRawPointer(mutating: src.baseAddress), elements.count, MemoryLayout<T>.stride)
            }
            initialized = count
        }
    }

    /// `count` indices in `0 ..< n` drawn with replacement.
    package func sampleIndices(count: Int, from n: Int) -> [Int] {
        guard n > 0, count > 0 else { return [] }
        var source = Array(0..<n)
        var result = [Int](repeating: 0, count: count)
        source.withUnsafeMutableBytes { src in
            result.withUnsafeMutableBytes { dest in
                gsl_ran_sample(pointer, dest.baseAddress, count, src.baseAddress, n, MemoryLayout<Int>.stride)
            }
        }
        return result
    }

    /// `count` distinct elements WITHOUT replacement, in their original order
    /// (`gsl_ran_choose`). All of them when `count ≥ elements.count`.
    package func choose<T>(_ elements: [T], count: Int) -> [T] {
        let k = min(max(count, 0), elements.count)
        guard k > 0 else { return [] }
        if k == elements.count { return elements }
        var source = Array(0..<elements.count)
        var chosen = [Int](repeating: 0, count: k)
        source.withUnsafeMutableBytes { src in
            chosen.withUnsafeMutableBytes { dest in
                // gsl_ran_choose only fails when k > n, excluded above.
                _ = gsl_ran_choose(pointer, dest.baseAddress, k, src.baseAddress, elements.count, MemoryLayout<Int>.stride)
            }
        }
        return chosen.map { elements[$0] }
    }

    /// A uniformly random permutation of `0 ..< n` (`gsl_ran_shuffle`).
    package func permutation(of n: Int) -> [Int] {
        var indices = Array(0..<max(n, 0))
        guard n > 1 else { return indices }
        indices.withUnsafeMutableBytes { buffer in
            gsl_ran_shuffle(pointer, buffer.baseAddress, n, MemoryLayout<Int>.stride)
        }
        return indices
    }

    /// Shuffles `elements` in place, uniformly (GSL's Fisher–Yates).
    package func shuffle<T>(_ elements: inout [T]) {
        guard elements.count > 1 else { return }
        let order = permutation(of: elements.count)
        let original = elements
        for (position, index) in order.enumerated() { elements[position] = original[index] }
    }
}
