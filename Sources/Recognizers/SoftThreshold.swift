import Foundation

// MARK: - Smoothed threshold comparisons (the optimizer's surrogate)

/// The comparator every key threshold decision goes through.
///
/// *Key* decisions are the one-shot ones that settle an outcome: a release
/// (distance, projected distance, progress, velocity), the direction
/// decision when a slop is passed (directional bias, axis angle, dominance),
/// the second tap's distance, a tap's movement at the lift. Per-sample
/// crossing checks (has the finger passed the slop yet?) stay plain
/// comparisons: the sample on which a slop is crossed always lies a hair
/// past it, so its margin says nothing about whether the outcome could flip.
///
/// Exact counts of misfires are a step function of the parameters: a local
/// optimizer sees flat plateaus. With a temperature `τ > 0` each comparison
/// also remembers how close it came to going the other way, as a margin
/// relative to the threshold, `|value − threshold| / |threshold|`. The arena
/// keeps the smallest margin of each contact; matching turns it into a soft
/// count (``softContribution(correct:margin:temperature:)``): a correct label
/// decided by a hair counts almost ½ a misfire, a misfire by a hair almost ½,
/// so the sum moves continuously as a threshold sweeps past a decision.
///
/// With `τ = 0` the comparison is the plain `>` plus one well-predicted
/// branch on a constant: the exact replay pays nothing else.
///
/// ```swift
/// var compare = SoftThreshold(temperature: 0.1)
/// compare.exceeds(85, 80)     // true, margin 0.0625 remembered
/// compare.closestMargin       // 0.0625
/// ```
package struct SoftThreshold: Sendable {
    package let temperature: Double
    /// Smallest relative margin since the last ``reset()``.
    package private(set) var closestMargin: Double = .infinity

    package init(temperature: Double = 0) {
        self.temperature = temperature.isFinite && temperature > 0 ? temperature : 0
    }

    @inline(__always)
    package mutating func reset() { closestMargin = .infinity }

    /// `value > threshold`, remembering the margin when smoothing is on.
    @inline(__always)
    package mutating func exceeds(_ value: Double, _ threshold: Double) -> Bool {
        if temperature > 0 { note(value, threshold) }
        return value > threshold
    }

    /// `value < threshold`, remembering the margin when smoothing is on.
    @inline(__always)
    package mutating func below(_ value: Double, _ threshold: Double) -> Bool {
        if temperature > 0 { note(value, threshold) }
        return value < threshold
    }

    @inline(never)
    mutating func note(_ value: Double, _ threshold: Double) {
        let scale = max(abs(threshold), 1e-9)
        let margin = abs(value - threshold) / scale
        if margin < closestMargin { closestMargin = margin }
    }

    /// The soft misfire count of one decision: `σ(−m/τ)` when it was correct
    /// (the chance it flips), `1 − σ(−m/τ)` when it misfired. Both are ½ at
    /// margin 0, so the total is continuous where a decision flips.
    package static func softContribution(correct: Bool, margin: Double, temperature: Double) -> Double {
        guard temperature > 0 else { return correct ? 0 : 1 }
        let flip = margin.isFinite ? 1 / (1 + exp(margin / temperature)) : 0
        return correct ? flip : 1 - flip
    }
}
