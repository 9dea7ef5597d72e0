import Foundation

// MARK: - Randomness a failing test can replay

/// SplitMix64: a pseudo-random source that is the same on every machine and
/// every run for a seed, so a property test or a sample that fails can be
/// replayed from its seed. A `RandomNumberGenerator`, so `shuffled(using:)`
/// and `Int.random(in:using:)` take it too.
package struct SeededRandom: RandomNumberGenerator {
    package var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    package mutating func uniform() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// Standard normal (Box–Muller).
    package mutating func normal() -> Double {
        let u = max(uniform(), 1e-12), v = uniform()
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}
