// MARK: - Rubber banding

/// Resistance applied when content is dragged past where it may go.
///
/// ## UIKit-style rubber band
/// Past a bound, the content follows the finger less and less:
///
///     shown = bound + c·o / (1 + c·|o| / dimension)
///
/// where
/// - `bound` is the limit the content may reach freely (the edge of the
///   scrollable range, in points along the drag axis),
/// - `o` is the **overshoot**: how far the finger has dragged the content
///   beyond that bound (raw position − bound, signed),
/// - `dimension` is the size of the view along the drag axis (the "limit" of
///   the classic `limit + c·o/(1 + c·o/limit)` formula's denominator): the
///   banded excess approaches it asymptotically and never reaches it,
/// - `c` = 0.55 is the coefficient: the first points of overshoot move at
///   55 % of the finger's speed.
///
/// ```swift
/// RubberBand.dampedOvershoot(100, dimension: 800)     // 51.4…: half-speed at first
/// RubberBand.dampedOvershoot(10_000, dimension: 800)  // 698.4…: never reaches 800
/// RubberBand.position(-60, range: 0...1_200, dimension: 800)  // −31.69…
/// ```
///
/// When the free range is a translation limit of the gesture itself (a sheet
/// that may be dragged `limit` points, then resists), the bound and the
/// dimension are the same number and the formula reads
/// `limit + c·o/(1 + c·o/limit)` with `o = |t| − limit`: that is
/// ``limitedTranslation(_:limit:coefficient:)``.
///
/// ```swift
/// RubberBand.limitedTranslation(150, limit: 100)   // 100 + 27.5/1.275 = 121.568…
/// ```
///
/// ## The reference app's linear resistance
/// The reference app instead scales a drag translation `t` by
/// `1 − min(|t|/(2·max), 0.5)`, where `max` is the distance at which the
/// resistance saturates: at `|t| = 0` the content follows fully, at
/// `|t| ≥ max` it moves at half the finger's translation.
///
/// ```swift
/// RubberBand.linearResistance(translation: 50, maxDistance: 100)   // 0.75
/// RubberBand.linearlyResisted(translation: 50, maxDistance: 100)   // 37.5
/// ```
package enum RubberBand {
    /// UIKit's coefficient.
    package static let standardCoefficient = 0.55

    /// The shown excess for an overshoot `o` beyond the bound:
    /// `c·o / (1 + c·|o|/dimension)`, signed like `o`. Returns `c·o` when
    /// `dimension` is not positive (no asymptote to approach).
    @inlinable
    package static func dampedOvershoot(
        _ overshoot: Double, dimension: Double, coefficient: Double = standardCoefficient
    ) -> Double {
        let linear = coefficient * overshoot
        guard dimension > 0 else { return linear }
        return linear / (1 + abs(linear) / dimension)
    }

    /// The shown position for a raw (finger-driven) `position`: unchanged
    /// inside `range`, rubber-banded beyond either end.
    @inlinable
    package static func position(
        _ position: Double, range: ClosedRange<Double>, dimension: Double,
        coefficient: Double = standardCoefficient
    ) -> Double {
        if position < range.lowerBound {
            return range.lowerBound
                + dampedOvershoot(position - range.lowerBound, dimension: dimension, coefficient: coefficient)
        }
        if position > range.upperBound {
            return range.upperBound
                + dampedOvershoot(position - range.upperBound, dimension: dimension, coefficient: coefficient)
        }
        return position
    }

    /// A translation `t` that moves freely up to `limit` points either way and
    /// is rubber-banded beyond, using `limit` as the dimension too:
    /// `sign(t)·(limit + c·o/(1 + c·o/limit))` with `o = |t| − limit`.
    /// Unchanged when `limit` is not positive.
    @inlinable
    package static func limitedTranslation(
        _ translation: Double, limit: Double, coefficient: Double = standardCoefficient
    ) -> Double {
        let magnitude = abs(translation)
        guard limit > 0, magnitude > limit else { return translation }
        let banded = limit + dampedOvershoot(magnitude - limit, dimension: limit, coefficient: coefficient)
        return translation < 0 ? -banded : banded
    }

    /// The reference app's factor `1 − min(|t|/(2·max), 0.5)` for a
    /// translation `t` and a saturation distance `max` > 0 (0.5, full
    /// resistance, when `max` is not positive).
    @inlinable
    package static func linearResistance(translation: Double, maxDistance: Double) -> Double {
        guard maxDistance > 0 else { return 0.5 }
        return 1 - Swift.min(abs(translation) / (2 * maxDistance), 0.5)
    }

    /// `translation · linearResistance(translation, maxDistance)`.
    @inlinable
    package static func linearlyResisted(translation: Double, maxDistance: Double) -> Double {
        translation * linearResistance(translation: translation, maxDistance: maxDistance)
    }
}
