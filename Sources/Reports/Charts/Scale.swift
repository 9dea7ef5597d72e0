import Foundation

// MARK: - Scales and nice ticks

/// Maps a data interval onto a pixel interval, linearly.
///
/// ```swift
/// let x = LinearScale(domain: 0...100, range: 50...650)
/// x(50)   // 350
/// ```
package struct LinearScale: Sendable, Hashable {
    package var domain: ClosedRange<Double>
    /// Pixel interval; `range.lowerBound` is where `domain.lowerBound` lands,
    /// unless `flipped` (SVG y grows downwards, charts' y upwards).
    package var range: ClosedRange<Double>
    package var flipped: Bool = false

    package func callAsFunction(_ value: Double) -> Double {
        let span = domain.upperBound - domain.lowerBound
        let unit = span > 0 ? (value - domain.lowerBound) / span : 0.5
        let width = range.upperBound - range.lowerBound
        return flipped ? range.upperBound - unit * width : range.lowerBound + unit * width
    }
}

/// Axis ticks at round numbers (1, 2, 2.5 or 5 × 10ⁿ), after Heckbert's
/// "Nice numbers for graph labels" (Graphics Gems, 1990).
package struct NiceTicks: Sendable, Hashable {
    /// The domain widened to whole ticks.
    package var domain: ClosedRange<Double>
    package var step: Double
    package var values: [Double]

    /// Ticks covering `lower…upper` with about `count` of them.
    ///
    /// ```swift
    /// NiceTicks(lower: 3, upper: 97, count: 5).values   // [0, 20, 40, 60, 80, 100]
    /// ```
    package init(lower: Double, upper: Double, count: Int = 5) {
        var lo = lower.isFinite ? lower : 0
        var hi = upper.isFinite ? upper : 1
        if lo > hi { swap(&lo, &hi) }
        if hi - lo < 1e-12 * max(1, abs(hi)) {
            // A flat series still needs an axis: open it around the value.
            let pad = lo == 0 ? 1 : abs(lo) * 0.1
            lo -= pad
            hi += pad
        }
        let step = NiceTicks.nice((hi - lo) / Double(max(1, count - 1)), round: true)
        let first = (lo / step).rounded(.down) * step
        let last = (hi / step).rounded(.up) * step
        self.step = step
        self.domain = first...last
        // Round each tick to the step's decimals, so 3 × 0.2 is 0.6, not
        // 0.6000000000000001 (labels and tests compare what people read).
        let power = pow(10, Double(NiceTicks.decimals(step: step)))
        var values: [Double] = []
        var index = 0.0
        while true {
            let value = first + index * step
            if value > last + step * 1e-9 || values.count > 50 { break }
            let snapped = (value * power).rounded() / power
            values.append(snapped == 0 ? 0 : snapped)
            index += 1
        }
        self.values = values
    }

    /// Decimals needed to print every tick distinctly.
    package var decimals: Int { NiceTicks.decimals(step: step) }

    static func decimals(step: Double) -> Int {
        guard step > 0, step.isFinite else { return 0 }
        var digits = max(0, -Int(floor(log10(step) + 1e-9)))
        // 2.5 × 10ⁿ steps need one more digit below 10 (0.25, not 0.3), none above (25).
        while digits < 12 {
            let scaled = step * pow(10, Double(digits))
            if abs(scaled - scaled.rounded()) < 1e-6 { break }
            digits += 1
        }
        return digits
    }

    package func label(_ value: Double) -> String { Format.fixed(value, decimals) }

    static func nice(_ x: Double, round: Bool) -> Double {
        guard x > 0, x.isFinite else { return 1 }
        let exponent = floor(log10(x))
        let fraction = x / pow(10, exponent)
        let niceFraction: Double
        if round {
            niceFraction = fraction < 1.5 ? 1 : fraction < 2.25 ? 2 : fraction < 3 ? 2.5 : fraction < 7 ? 5 : 10
        } else {
            niceFraction = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
        }
        return niceFraction * pow(10, exponent)
    }
}
