// MARK: - Tunable parameters

/// Every constant the recognizers use, by name: the optimizer's search space.
///
/// Names read `recognizer.parameter` (`tabSwipe.directionalBias`); each has a
/// unit, a default, where that default comes from (``Provenance``), bounds
/// the optimizer stays within, and whether it is searched on a log scale or
/// as an integer.
///
/// ```swift
/// Parameter(name: "tap.movementSlop")?.spec.defaultValue   // 10
/// listParameters().count                                    // the whole catalogue
/// ```
package enum Parameter: Int, CaseIterable, Sendable, Hashable, Codable {
    // Tap, double tap, long press
    case tapMovementSlop, tapMaxDuration
    case doubleTapWindow, doubleTapInterTapSlop, doubleTapMinimumGap
    case longPressMinimumDuration, longPressAllowableMovement
    // Pan and scroll
    case panSlop, scrollSlop, scrollAxisAngle
    // Swipe actions (note rows)
    case swipeActionsSlop, swipeActionsThreshold, swipeActionsProjectedDistanceTrigger
    case swipeActionsMaxDistance, swipeActionsResistanceDistance, swipeActionsMaxResistance, swipeActionsButtonWidth
    case swipeActionsSpringResponse, swipeActionsSpringDamping, swipeActionsActionDelay
    // Card stack
    case cardSwipeSlop, cardSwipeDeleteThreshold, cardSwipeRotationDivisor
    case cardSwipeSpringResponse, cardSwipeSpringDamping
    // Tabs
    case tabSwipeSlop, tabSwipeProjectedDistanceTrigger, tabSwipeDistanceThreshold
    case tabSwipeDirectionalBias, tabSwipeMomentumBias, tabSwipeMomentumWindow
    case tabSwipeHorizontalLock, tabSwipeVerticalScrollLock
    case tabSwipeSpringResponse, tabSwipeSpringDamping
    // Interactive dismiss
    case dismissSlop, dismissProgressDistance, dismissProgressThreshold, dismissVelocityThreshold
    case dismissSpringResponse, dismissSpringDamping, dismissSnapBackResponse, dismissSnapBackDamping
    // Pinch and rotation
    case pinchSpanSlop, pinchMinScale, pinchMaxScale, pinchDoubleTapScale
    case pinchSpringResponse, pinchSpringDamping, pinchDoubleTapSpringResponse, pinchDoubleTapSpringDamping
    case rotationSlop, rotationSnapAngle, rotationSnapSpringResponse, rotationSnapSpringDamping
    // Edge swipe, multi-finger swipe, one-direction swipe, shake
    case edgeSwipeEdgeWidth, edgeSwipeMinimumDistance
    case multiSwipeTouchCount, multiSwipeDirectionCone, multiSwipeMinimumVelocity
    case swipeMinimumDistance, swipeMaximumDuration, swipeDirectionCone
    case shakeThreshold, shakeReversals, shakeWindow, shakeDebounce
    // Drag and drop, text selection, transform, press feedback
    case dragMinimumDuration, dragAllowableMovement, dragEdgeBand, dragAutoScrollSpeed
    case textSelectPressDuration, textSelectAllowableMovement, textSelectMenuDelay
    case transformPanSlop, transformSpanSlop, transformRotationSlop
    case pressFeedbackMinimumDuration, pressFeedbackItemScale, pressFeedbackButtonScale
    // The note rows' custom context menu, the text selection's action pills
    case noteMenuEntranceScale, noteMenuEntranceResponse, noteMenuEntranceDamping
    case noteMenuDismissResponse, noteMenuDismissDamping, noteMenuBackdropLinger
    case noteMenuWidth, noteMenuHeight, noteMenuEdgeMargin
    case actionPillSize, actionPillSpacing, actionPillPressedScale, actionPillSpringResponse, actionPillSpringDamping
    // Shared
    case projectionDecelerationRate
    // Spring back to identity (the playground's pinch, rotation and transform;
    // last, so the cases before keep their raw values)
    case springBackResponse, springBackDamping

    /// The dotted name (`tabSwipe.directionalBias`).
    package var name: String { spec.name }

    /// Looks a parameter up by its dotted name.
    package init?(name: String) {
        guard let found = Parameter.byName[name] else { return nil }
        self = found
    }

    private static let byName: [String: Parameter] = {
        var table: [String: Parameter] = [:]
        for parameter in Parameter.allCases { table[parameter.spec.name] = parameter }
        return table
    }()

    package init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let parameter = Parameter(name: name) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath, debugDescription: "unknown parameter \(name)"))
        }
        self = parameter
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}

/// One catalogue entry: what a parameter means and where it may go.
package struct ParameterSpec: Sendable, Hashable, Codable {
    package var name: String
    package var unit: String
    package var defaultValue: Double
    package var lower: Double
    package var upper: Double
    /// Searched on a log scale (durations and ratios that span decades).
    package var logScale: Bool
    /// Only integer values make sense (a number of fingers or reversals).
    package var integer: Bool
    /// Where the default comes from: a source document, a named platform
    /// convention, or ours with the reason (``Provenance``).
    package var provenance: Provenance
    package var description: String

    package init(
        _ name: String, _ unit: String, _ defaultValue: Double, _ lower: Double, _ upper: Double,
        log: Bool = false, integer: Bool = false, source provenance: Provenance, _ description: String
    ) {
        self.provenance = provenance
        self.name = name
        self.unit = unit
        self.defaultValue = defaultValue
        self.lower = lower
        self.upper = upper
        self.logScale = log
        self.integer = integer
        self.description = description
    }

    /// Whether `value` is finite, within bounds and (if integer) whole.
    package func accepts(_ value: Double) -> Bool {
        value.isFinite && value >= lower && value <= upper && (!integer || value.rounded() == value)
    }
}

/// The whole catalogue, in declaration order (what `--list-params` prints).
package func listParameters() -> [ParameterSpec] { Parameter.allCases.map(\.spec) }
