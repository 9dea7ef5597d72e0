import Foundation

// MARK: - Numbers as people read them

/// Number formatting shared by every renderer, so the HTML, the Markdown and
/// the Swift file agree to the digit.
///
/// ```swift
/// Format.percent(0.0312)        // "3.1 %"
/// Format.smart(0.35)            // "0.35"
/// Format.signed(-0.7)           // "−0.7"
/// ```
package enum Format {
    /// Fixed decimals, never `-0`, `–` for values that are not finite.
    package static func fixed(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite else { return "–" }
        var text = String(format: "%.\(max(0, digits))f", x)
        if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
            text.removeFirst()
        }
        return text
    }

    /// About four significant digits without exponent, trailing zeros dropped:
    /// `2.8`, `0.35`, `120`, `0.0125`.
    package static func smart(_ x: Double) -> String {
        guard x.isFinite else { return "–" }
        if x == 0 { return "0" }
        let magnitude = Int(floor(log10(abs(x))))
        let digits = min(8, max(0, 3 - magnitude))
        var text = fixed(x, digits)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    /// A fraction as a percentage: `0.0312` → `3.1 %`.
    package static func percent(_ fraction: Double, digits: Int = 1) -> String {
        fixed(fraction * 100, digits) + " %"
    }

    /// A signed change with a true minus sign: `+0.5`, `−0.7`, `0`.
    package static func signed(_ x: Double) -> String {
        guard x.isFinite else { return "–" }
        let text = smart(abs(x))
        if text == "0" { return "0" }
        return (x < 0 ? "\u{2212}" : "+") + text
    }

    /// A signed value with fixed decimals: `−2.1`, `+0.5`.
    package static func signedFixed(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite else { return "–" }
        let text = fixed(abs(x), digits)
        if text.allSatisfy({ $0 == "0" || $0 == "." }) { return text }
        return (x < 0 ? "\u{2212}" : "+") + text
    }

    /// A signed percentage change: `−20.0 %`.
    package static func signedPercent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return "–" }
        let text = fixed(abs(fraction) * 100, 1)
        if text == "0.0" { return "0.0 %" }
        return (fraction < 0 ? "\u{2212}" : "+") + text + " %"
    }

    /// A value with its unit: `80 pt`, `2.8 ×`, `0.35 s`, `0.85`.
    package static func value(_ x: Double, unit: String) -> String {
        unit.isEmpty ? smart(x) : smart(x) + " " + unit
    }

    /// A p-value as papers print it: `< 0.001`, `0.012`, `0.43`.
    package static func pValue(_ p: Double) -> String {
        guard p.isFinite else { return "–" }
        if p < 0.001 { return "< 0.001" }
        return p < 0.1 ? fixed(p, 3) : fixed(p, 2)
    }

    /// Milliseconds: `84 ms`, `8.5 ms`.
    package static func ms(_ x: Double) -> String {
        guard x.isFinite else { return "–" }
        return fixed(x, abs(x) >= 10 ? 0 : 1) + " ms"
    }

    /// A budget's value in its unit: milliseconds as ``ms(_:)``, anything
    /// else (overshoot in points) with up to three significant digits.
    package static func measure(_ x: Double, unit: String) -> String {
        guard unit != "ms" else { return ms(x) }
        guard x.isFinite else { return "–" }
        return fixed(x, abs(x) >= 10 ? 0 : 1) + (unit.isEmpty ? "" : " \(unit)")
    }

    /// SVG coordinates: one decimal is finer than any screen needs.
    static func coordinate(_ x: Double) -> String { fixed(x.isFinite ? x : 0, 1) }
}
