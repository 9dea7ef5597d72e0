import Foundation

// MARK: - One dimension of the search

/// A constant the optimizer may change — a threshold, a spring constant, a
/// bias — as the search sees it: its unit, default and the range it may
/// move in. Built from a catalogue entry (Recognizers' `ParameterSpec`), or
/// declared directly for a search that is not about recognizers.
///
/// Parameters whose plausible values span orders of magnitude (a velocity
/// threshold from 50 to 5000 pt/s) are searched on a ``Scale/log`` scale, so
/// that the search spends as much effort between 50 and 500 as between 500
/// and 5000. Integer parameters (a sample count, a pixel slop) are searched in
/// a continuous relaxation and rounded at every evaluation.
///
/// ```swift
/// let trigger = try SearchDimension("tabSwipe.fastTrigger", unit: "pt/s",
///                                    default: 700, range: 100 ... 3000, scale: .log)
/// ```
package struct SearchDimension: Sendable, Hashable, Codable {
    /// How the search moves along this parameter.
    package enum Scale: String, Sendable, Hashable, Codable, CaseIterable {
        /// Equal steps in the value.
        case linear
        /// Equal steps in the logarithm of the value (bounds must be positive).
        case log
    }

    /// Dotted name, `recognizer.constant` (`tabSwipe.fastTrigger`).
    package var name: String
    /// Unit for reports (`pt`, `pt/s`, `ms`, `samples`).
    package var unit: String
    /// The value shipped today; the baseline the optimizer must beat.
    package var defaultValue: Double
    package var lowerBound: Double
    package var upperBound: Double
    package var scale: Scale
    /// Whether only whole numbers are meaningful.
    package var isInteger: Bool

    /// A validated parameter.
    ///
    /// - Throws: ``TuningInputError`` when the range is empty or not finite, the
    ///   default lies outside it, a log scale has a bound ≤ 0, or an integer
    ///   parameter has fractional bounds or default.
    package init(
        _ name: String, unit: String, default defaultValue: Double, range: ClosedRange<Double>,
        scale: Scale = .linear, isInteger: Bool = false
    ) throws(TuningInputError) {
        self.name = name
        self.unit = unit
        self.defaultValue = defaultValue
        self.lowerBound = range.lowerBound
        self.upperBound = range.upperBound
        self.scale = scale
        self.isInteger = isInteger
        try validate()
    }

    /// Checks the rules listed in ``init(_:unit:default:range:scale:isInteger:)``
    /// (also after decoding).
    package func validate() throws(TuningInputError) {
        guard !name.isEmpty else { throw TuningInputError(parameter: name, "a parameter needs a name") }
        guard lowerBound.isFinite, upperBound.isFinite, lowerBound < upperBound else {
            throw TuningInputError(parameter: name, "the range \(lowerBound)…\(upperBound) must be finite with lower < upper")
        }
        guard defaultValue >= lowerBound, defaultValue <= upperBound else {
            throw TuningInputError(parameter: name, "the default \(defaultValue) lies outside \(lowerBound)…\(upperBound)")
        }
        if scale == .log, lowerBound <= 0 {
            throw TuningInputError(parameter: name, "a log-scale parameter needs a positive lower bound")
        }
        if isInteger, [lowerBound, upperBound, defaultValue].contains(where: { $0 != $0.rounded() }) {
            throw TuningInputError(parameter: name, "an integer parameter needs whole-number bounds and default")
        }
    }

    // MARK: - Values

    /// `value` moved into the range and, for integer parameters, rounded.
    package func clamp(_ value: Double) -> Double {
        guard !value.isNaN else { return defaultValue }
        let bounded = min(max(value, lowerBound), upperBound)
        return isInteger ? bounded.rounded() : bounded
    }

    // MARK: - Unit-interval coordinate

    /// The interval the unit coordinate spans. For integers it reaches half a
    /// step past each bound, so that after rounding every whole number owns an
    /// equally wide share of the unit interval (the end values too).
    var relaxedRange: (lower: Double, upper: Double) {
        isInteger ? (lowerBound - 0.5, upperBound + 0.5) : (lowerBound, upperBound)
    }

    /// The value at unit coordinate `u` (clamped to [0, 1]), on this
    /// parameter's scale, clamped and rounded.
    package func value(atUnit u: Double) -> Double {
        let t = u.isNaN ? 0.5 : min(max(u, 0), 1)
        let (lower, upper) = relaxedRange
        let raw: Double
        switch scale {
        case .linear: raw = lower + t * (upper - lower)
        case .log:
            // exp(log(x)) need not be x; the ends must be the bounds exactly.
            raw = t == 0 ? lower : t == 1 ? upper : exp(log(lower) + t * (log(upper) - log(lower)))
        }
        return clamp(raw)
    }

    /// The unit coordinate of `value` (clamped first); the inverse of
    /// ``value(atUnit:)`` up to rounding. An integer maps to the centre of
    /// the share of the interval that rounds to it.
    package func unitCoordinate(of value: Double) -> Double {
        let v = clamp(value)
        let (lower, upper) = relaxedRange
        let t: Double
        switch scale {
        case .linear: t = (v - lower) / (upper - lower)
        case .log: t = (log(v) - log(lower)) / (log(upper) - log(lower))
        }
        return min(max(t, 0), 1)
    }
}

// MARK: - Errors

/// A search dimension, a search space, a point, a tuning file or misfire
/// weights that cannot be used (Tuning's input errors; a name the
/// recognizers' catalogue does not know is a `CatalogueError`).
package struct TuningInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter concerned (empty when the problem is the whole set).
    package var parameter: String
    package var message: String

    package init(parameter: String, _ message: String) {
        self.parameter = parameter
        self.message = message
    }

    package var description: String { parameter.isEmpty ? message : "\(message) (\(parameter))" }
}
