import Foundation
import GesturePhysics
import TraceModel

// MARK: - The forms a constant is resolved into

/// The conversions a catalogue entry's `resolved` names (`parameters.toml`),
/// which the generated initializer applies once per evaluation.
extension ResolvedParameters {
    /// A length compared with squared distances: no square root per sample.
    static func squared(_ value: Double) -> Double { value * value }

    /// Seconds as whole microseconds, the trace's clock: window comparisons
    /// are exact. Out-of-range values (never within the catalogue's bounds)
    /// resolve to 0.
    static func micros(_ seconds: Double) -> Micros { Micros(seconds: seconds) ?? 0 }

    /// Degrees as radians. `degrees × (π / 180)`, in that order, so every
    /// resolved angle is bit-identical whichever form reads it.
    static func radians(_ degrees: Double) -> Double { degrees * (Double.pi / 180) }

    /// tan of an angle in degrees: a cone or axis test `|across| ≤ this × along`.
    static func tangent(_ degrees: Double) -> Double { tan(radians(degrees)) }

    /// cos of an angle in degrees: a cone test on a dot product.
    static func cosine(_ degrees: Double) -> Double { cos(radians(degrees)) }

    /// A count (fingers, reversals): rounded and kept in a sane range
    /// whatever the optimizer sets.
    static func count(_ value: Double) -> Int { value.isFinite ? Int(min(max(value.rounded(), 1), 100)) : 1 }
}

// MARK: - Derived values

extension ResolvedParameters {
    /// `swipeActionsHapticTranslation`: where the row's resisted offset
    /// passes the threshold (``translation(atResistedOffset:distance:maxResistance:hardStop:)``).
    static func hapticTranslation(_ p: ParameterSet) -> Double {
        translation(
            atResistedOffset: p[.swipeActionsThreshold], distance: p[.swipeActionsResistanceDistance],
            maxResistance: p[.swipeActionsMaxResistance], hardStop: p[.swipeActionsMaxDistance])
    }

    /// `projectionFactor`: UIKit's resting distance of a 1 pt/s release.
    static func projectionFactor(_ p: ParameterSet) -> Double {
        Projection.restingDistance(
            velocity: 1, rate: DecelerationRate(perMillisecond: p[.projectionDecelerationRate]))
    }
}

// MARK: - Reading the resolved values

extension ResolvedParameters {
    /// UIKit's projected distance for a release velocity (pt/s → pt): what
    /// `predictedEndTranslation − translation` measures.
    package func projectedDistance(velocity: Double) -> Double { velocity * projectionFactor }

    /// The reference app's resisted offset of a swiped row for a translation
    /// `t`: `t × (1 − min(|t| / resistanceDistance, maxResistance))`, held
    /// within ± `swipeActions.maxDistance` (its hard stop).
    @inline(__always)
    package func swipeActionsOffset(translation t: Double) -> Double {
        swipeActionsOffset(from: 0, translation: t)
    }

    /// The reading app's offset of a row dragged by `t` from `initial` (its
    /// open offset, or 0): `initialOffset + translation × resistance`, the
    /// clamp applied to that sum — an open row dragged further left stops at
    /// −`swipeActions.maxDistance` as a closed one does.
    @inline(__always)
    package func swipeActionsOffset(from initial: Double, translation t: Double) -> Double {
        let shown = initial + t * (1 - min(abs(t) / swipeActionsResistanceDistance, swipeActionsMaxResistance))
        return min(max(shown, -swipeActionsMaxDistance), swipeActionsMaxDistance)
    }

    /// The translation (≥ 0) whose resisted offset is `offset`: the inverse
    /// of ``swipeActionsOffset(translation:)``, which grows monotonically
    /// while `maxResistance ≤ 0.5`. Below the knee (translation
    /// `maxResistance × distance`) the offset is `t − t²/distance`, so
    /// `t = (distance − √(distance² − 4·distance·offset)) / 2`; past it,
    /// `offset / (1 − maxResistance)`. With 80 pt, 400 pt and 0.5:
    /// t(1 − t/400) = 80 gives t ≈ 110.557 pt. Infinite when the hard stop
    /// keeps the offset below `offset`.
    static func translation(atResistedOffset offset: Double, distance: Double, maxResistance: Double, hardStop: Double)
        -> Double
    {
        guard offset <= hardStop else { return .infinity }
        let c = min(max(maxResistance, 0), 0.5)
        let knee = c * distance
        if offset <= knee * (1 - c) {
            return (distance - max(0, distance * distance - 4 * distance * offset).squareRoot()) / 2
        }
        return offset / (1 - c)
    }
}
