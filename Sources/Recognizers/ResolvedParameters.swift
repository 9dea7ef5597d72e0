import Foundation
import GesturePhysics
import TraceModel

// MARK: - Parameters resolved for the hot path

/// A ``ParameterSet`` turned into the form the recognizers compare against:
/// durations as integer microseconds (exact window comparisons), slops also
/// squared (no square root per sample), angles as tangents and cosines.
///
/// Built once per evaluation, never per sample. A plain struct of numbers:
/// no references, so passing it around costs no reference counting.
package struct ResolvedParameters: Sendable {
    package let parameters: ParameterSet

    // Tap family
    let tapSlop2: Double
    let tapMaxDuration: Micros
    let doubleTapWindow: Micros
    let doubleTapInterTapSlop2: Double
    let doubleTapMinimumGap: Micros
    let longPressMinimumDuration: Micros
    let longPressMovement2: Double
    // Pan and scroll
    let panSlop2: Double
    let scrollSlop2: Double
    /// tan(axis angle): a vertical scroll accepts |dx| ≤ this × |dy|.
    let scrollAxisTangent: Double
    // Swipe actions
    let swipeActionsSlop: Double
    let swipeActionsThreshold: Double
    let swipeActionsProjectedTrigger: Double
    let swipeActionsMaxDistance: Double
    let swipeActionsResistanceDistance: Double
    let swipeActionsMaxResistance: Double
    /// The leftward translation at which the resisted offset reaches the
    /// threshold, where the haptic fires (∞: the hard stop comes first).
    let swipeActionsHapticTranslation: Double
    let swipeActionsButtonWidth: Double
    let swipeActionsActionDelay: Double
    // Cards
    let cardSwipeSlop: Double
    let cardSwipeDeleteThreshold: Double
    let cardSwipeRotationDivisor: Double
    let cardSwipeSpringResponse: Double
    let cardSwipeSpringDamping: Double
    // Tabs
    let tabSwipeSlop2: Double
    let tabSwipeProjectedTrigger: Double
    let tabSwipeDistanceThreshold: Double
    let tabSwipeBias: Double
    let tabSwipeMomentumBias: Double
    let tabSwipeMomentumWindow: Micros
    let tabSwipeHorizontalLock: Micros
    let tabSwipeVerticalScrollLock: Micros
    let tabSwipeSpringResponse: Double
    let tabSwipeSpringDamping: Double
    // Dismiss
    let dismissSlop: Double
    let dismissProgressDistance: Double
    let dismissProgressThreshold: Double
    let dismissVelocityThreshold: Double
    // Pinch and rotation
    let pinchSpanSlop: Double
    let pinchMinScale: Double
    let pinchMaxScale: Double
    let pinchDoubleTapScale: Double
    let rotationSlop: Double // radians
    let rotationSnap: Double // radians
    // Edge, multi-finger, shake
    let edgeWidth: Double
    let edgeMinimumDistance: Double
    let multiSwipeTouchCount: Int
    let multiSwipeConeCosine: Double
    let multiSwipeMinimumVelocity: Double
    let swipeMinimumDistance: Double
    let swipeMaximumDuration: Micros
    /// tan(direction cone): inside while |across| ≤ this × along.
    let swipeConeTangent: Double
    /// cos(direction cone), for the smoothed one-shot check at recognition.
    let swipeConeCosine: Double
    let shakeThreshold: Double
    let shakeReversals: Int
    let shakeWindow: Micros
    let shakeDebounce: Micros
    // Drag and drop, text selection, transform, press feedback
    let dragMinimumDuration: Micros
    let dragMovement2: Double
    let dragEdgeBand: Double
    let dragAutoScrollSpeed: Double
    let textSelectPressDuration: Micros
    let textSelectMovement2: Double
    let textSelectMenuDelay: Micros
    let transformPanSlop2: Double
    let transformSpanSlop: Double
    let transformRotationSlop: Double // radians
    let pressFeedbackMinimumDuration: Micros
    // The note menu and the action pills
    let noteMenuEntranceScale: Double
    let noteMenuBackdropLinger: Micros
    let noteMenuWidth: Double, noteMenuHeight: Double, noteMenuEdgeMargin: Double
    let actionPillSize: Double, actionPillSpacing: Double
    // Shared
    /// Multiplies a velocity (pt/s) into UIKit's projected distance (pt).
    let projectionFactor: Double

    package init(_ p: ParameterSet = ParameterSet()) {
        parameters = p
        func us(_ s: Double) -> Micros { Micros(seconds: s) ?? 0 }
        func sq(_ v: Double) -> Double { v * v }
        let degrees = Double.pi / 180
        tapSlop2 = sq(p[.tapMovementSlop])
        tapMaxDuration = us(p[.tapMaxDuration])
        doubleTapWindow = us(p[.doubleTapWindow])
        doubleTapInterTapSlop2 = sq(p[.doubleTapInterTapSlop])
        doubleTapMinimumGap = us(p[.doubleTapMinimumGap])
        longPressMinimumDuration = us(p[.longPressMinimumDuration])
        longPressMovement2 = sq(p[.longPressAllowableMovement])
        panSlop2 = sq(p[.panSlop])
        scrollSlop2 = sq(p[.scrollSlop])
        scrollAxisTangent = tan(p[.scrollAxisAngle] * degrees)
        swipeActionsSlop = p[.swipeActionsSlop]
        swipeActionsThreshold = p[.swipeActionsThreshold]
        swipeActionsProjectedTrigger = p[.swipeActionsProjectedDistanceTrigger]
        swipeActionsMaxDistance = p[.swipeActionsMaxDistance]
        swipeActionsResistanceDistance = p[.swipeActionsResistanceDistance]
        swipeActionsMaxResistance = p[.swipeActionsMaxResistance]
        swipeActionsHapticTranslation = ResolvedParameters.translation(
            atResistedOffset: p[.swipeActionsThreshold], distance: p[.swipeActionsResistanceDistance],
            maxResistance: p[.swipeActionsMaxResistance], hardStop: p[.swipeActionsMaxDistance])
        swipeActionsButtonWidth = p[.swipeActionsButtonWidth]
        swipeActionsActionDelay = p[.swipeActionsActionDelay]
        cardSwipeSlop = p[.cardSwipeSlop]
        cardSwipeDeleteThreshold = p[.cardSwipeDeleteThreshold]
        cardSwipeRotationDivisor = p[.cardSwipeRotationDivisor]
        cardSwipeSpringResponse = p[.cardSwipeSpringResponse]
        cardSwipeSpringDamping = p[.cardSwipeSpringDamping]
        tabSwipeSlop2 = sq(p[.tabSwipeSlop])
        tabSwipeProjectedTrigger = p[.tabSwipeProjectedDistanceTrigger]
        tabSwipeDistanceThreshold = p[.tabSwipeDistanceThreshold]
        tabSwipeBias = p[.tabSwipeDirectionalBias]
        tabSwipeMomentumBias = p[.tabSwipeMomentumBias]
        tabSwipeMomentumWindow = us(p[.tabSwipeMomentumWindow])
        tabSwipeHorizontalLock = us(p[.tabSwipeHorizontalLock])
        tabSwipeVerticalScrollLock = us(p[.tabSwipeVerticalScrollLock])
        tabSwipeSpringResponse = p[.tabSwipeSpringResponse]
        tabSwipeSpringDamping = p[.tabSwipeSpringDamping]
        dismissSlop = p[.dismissSlop]
        dismissProgressDistance = p[.dismissProgressDistance]
        dismissProgressThreshold = p[.dismissProgressThreshold]
        dismissVelocityThreshold = p[.dismissVelocityThreshold]
        pinchSpanSlop = p[.pinchSpanSlop]
        pinchMinScale = p[.pinchMinScale]
        pinchMaxScale = p[.pinchMaxScale]
        pinchDoubleTapScale = p[.pinchDoubleTapScale]
        rotationSlop = p[.rotationSlop] * degrees
        rotationSnap = p[.rotationSnapAngle] * degrees
        edgeWidth = p[.edgeSwipeEdgeWidth]
        edgeMinimumDistance = p[.edgeSwipeMinimumDistance]
        // Counts: rounded and kept in a sane range whatever the optimizer sets.
        func count(_ v: Double) -> Int { v.isFinite ? Int(min(max(v.rounded(), 1), 100)) : 1 }
        multiSwipeTouchCount = count(p[.multiSwipeTouchCount])
        multiSwipeConeCosine = cos(p[.multiSwipeDirectionCone] * degrees)
        multiSwipeMinimumVelocity = p[.multiSwipeMinimumVelocity]
        swipeMinimumDistance = p[.swipeMinimumDistance]
        swipeMaximumDuration = us(p[.swipeMaximumDuration])
        swipeConeTangent = tan(p[.swipeDirectionCone] * degrees)
        swipeConeCosine = cos(p[.swipeDirectionCone] * degrees)
        shakeThreshold = p[.shakeThreshold]
        shakeReversals = count(p[.shakeReversals])
        shakeWindow = us(p[.shakeWindow])
        shakeDebounce = us(p[.shakeDebounce])
        dragMinimumDuration = us(p[.dragMinimumDuration])
        dragMovement2 = sq(p[.dragAllowableMovement])
        dragEdgeBand = p[.dragEdgeBand]
        dragAutoScrollSpeed = p[.dragAutoScrollSpeed]
        textSelectPressDuration = us(p[.textSelectPressDuration])
        textSelectMovement2 = sq(p[.textSelectAllowableMovement])
        textSelectMenuDelay = us(p[.textSelectMenuDelay])
        transformPanSlop2 = sq(p[.transformPanSlop])
        transformSpanSlop = p[.transformSpanSlop]
        transformRotationSlop = p[.transformRotationSlop] * degrees
        pressFeedbackMinimumDuration = us(p[.pressFeedbackMinimumDuration])
        noteMenuEntranceScale = p[.noteMenuEntranceScale]
        noteMenuBackdropLinger = us(p[.noteMenuBackdropLinger])
        noteMenuWidth = p[.noteMenuWidth]
        noteMenuHeight = p[.noteMenuHeight]
        noteMenuEdgeMargin = p[.noteMenuEdgeMargin]
        actionPillSize = p[.actionPillSize]
        actionPillSpacing = p[.actionPillSpacing]
        let rate = p[.projectionDecelerationRate]
        projectionFactor = Projection.restingDistance(velocity: 1, rate: DecelerationRate(perMillisecond: rate))
    }

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
