import Recognizers

// MARK: - The sources' baselines and variants

/// A named set of constants a source writes beside the design it shipped:
/// the tab session's "before" design, its four easy adjustments. The
/// catalogue's defaults stay the shipped design; a preset is what a
/// designer compares against (`--params preset:NAME` in `simulate` and
/// `optimize`: the preset's values are the run's reference constants).
/// Every value says where it comes from, as the catalogue's do: the lines
/// of its document, or ours where the preset needs a value no line writes.
///
/// ```swift
/// ParameterPreset.named("tab-session-before")?.parameters[.tabSwipeDistanceThreshold]   // 50
/// ```
package struct ParameterPreset: Sendable, Hashable {
    /// One constant of the preset.
    package struct Value: Sendable, Hashable {
        package var parameter: Parameter
        package var value: Double
        package var provenance: Provenance
    }

    /// `tab-session-before`.
    package var name: String
    /// What it is, in words.
    package var summary: String
    /// The lines of the section that proposes it.
    package var provenance: Provenance
    package var values: [Value]

    /// The catalogue's defaults with the preset's values assigned.
    package var parameters: ParameterSet {
        var set = ParameterSet()
        for value in values { set[value.parameter] = value.value }
        return set
    }

    /// Where the value of `parameter` comes from under this preset: the
    /// preset's own provenance for its values, the catalogue's for the rest.
    package func provenance(of parameter: Parameter) -> Provenance {
        values.first { $0.parameter == parameter }?.provenance ?? parameter.spec.provenance
    }

    /// The preset called `name`, if any.
    package static func named(_ name: String) -> ParameterPreset? { all.first { $0.name == name } }

    /// Every preset, in the order the sources write them.
    package static let all: [ParameterPreset] = [
        tabSessionBefore, horizontalMoreDominant, swipesEasierToTrigger, slowerSpring, longerMomentumWindow,
        rubberBandAtEdges
    ]

    /// The tab session's design before it: a drag decided once, on release,
    /// past 50 px, the tabs swapped by a `.spring(response: 0.3)`, with no
    /// velocity trigger, bias, momentum or locks (all four were added). The
    /// interactive offset it replaced is not modelled: the tab swipe still
    /// tracks the finger.
    static let tabSessionBefore = ParameterPreset(
        name: "tab-session-before",
        summary:
            "the tab session's design before it: a discrete swipe decided on release past 50 px, a .spring(response: 0.3), and none of the velocity trigger, bias, momentum or locks it added",
        provenance: .cite(.tabSession, 30, 41, 48),
        values: [
            Value(parameter: .tabSwipeDistanceThreshold, value: 50, provenance: .cite(.tabSession, 13, 41)),
            Value(
                parameter: .tabSwipeProjectedDistanceTrigger, value: Parameter.tabSwipeProjectedDistanceTrigger.spec.upper,
                provenance: .ours(
                    "the design before decides on distance alone (001_f8e9ba9022a96da8.txt:40-41); the catalogue's largest trigger, the nearest to none"
                )),
            Value(
                parameter: .tabSwipeDirectionalBias, value: Parameter.tabSwipeDirectionalBias.spec.upper,
                provenance: .ours(
                    "the directional bias was added (001_f8e9ba9022a96da8.txt:22); the catalogue's largest, the nearest to none"
                )),
            Value(
                parameter: .tabSwipeMomentumWindow, value: 0,
                provenance: .ours("the momentum mode was added (001_f8e9ba9022a96da8.txt:21): no window")),
            Value(
                parameter: .tabSwipeHorizontalLock, value: 0,
                provenance: .ours("the locks were added with the interactive design (001_f8e9ba9022a96da8.txt:237-250): none")),
            Value(
                parameter: .tabSwipeVerticalScrollLock, value: 0,
                provenance: .ours("the scroll locking was added (001_f8e9ba9022a96da8.txt:23): none")),
            Value(parameter: .tabSwipeSpringResponse, value: 0.3, provenance: .cite(.tabSession, 48)),
            Value(
                parameter: .tabSwipeSpringDamping, value: 0.825,
                provenance: .platform("SwiftUI's default damping fraction for a spring given only its response, 0.825"))
        ])

    /// "Make horizontal more dominant": bias 4 and 8 in momentum.
    static let horizontalMoreDominant = ParameterPreset(
        name: "tab-session-horizontal-dominant",
        summary: "the tab session's easy adjustment: horizontal more dominant (bias 4.0, 8.0 in momentum)",
        provenance: .cite(.tabSession, 427, 429),
        values: [
            Value(parameter: .tabSwipeDirectionalBias, value: 4, provenance: .cite(.tabSession, 429)),
            Value(parameter: .tabSwipeMomentumBias, value: 8, provenance: .cite(.tabSession, 429))
        ])

    /// "Make swipes easier to trigger": 50 and 80.
    static let swipesEasierToTrigger = ParameterPreset(
        name: "tab-session-easier-swipes",
        summary: "the tab session's easy adjustment: swipes easier to trigger (fast trigger 50, distance 80)",
        provenance: .cite(.tabSession, 432, 434, 435),
        values: [
            Value(parameter: .tabSwipeProjectedDistanceTrigger, value: 50, provenance: .cite(.tabSession, 434)),
            Value(parameter: .tabSwipeDistanceThreshold, value: 80, provenance: .cite(.tabSession, 435))
        ])

    /// "Slower, more fluid animations": response 0.5, damping 0.8.
    static let slowerSpring = ParameterPreset(
        name: "tab-session-slower-spring",
        summary: "the tab session's easy adjustment: a slower, more fluid spring (response 0.5 s, damping 0.8)",
        provenance: .cite(.tabSession, 438, 440),
        values: [
            Value(parameter: .tabSwipeSpringResponse, value: 0.5, provenance: .cite(.tabSession, 440)),
            Value(parameter: .tabSwipeSpringDamping, value: 0.8, provenance: .cite(.tabSession, 440))
        ])

    /// "Longer momentum window": 1.2 s.
    static let longerMomentumWindow = ParameterPreset(
        name: "tab-session-longer-momentum",
        summary: "the tab session's easy adjustment: a longer momentum window (1.2 s)",
        provenance: .cite(.tabSession, 443, 445),
        values: [Value(parameter: .tabSwipeMomentumWindow, value: 1.2, provenance: .cite(.tabSession, 445))])

    /// The first of the tab session's next steps, "rubber banding at
    /// boundaries": past the first and last tab the page follows the finger
    /// at 0.3 of its translation (70 % resistance) instead of not at all,
    /// and springs back at the lift.
    ///
    /// Its other two are not presets. The page indicator dots
    /// (001_f8e9ba9022a96da8.txt:519-529) are drawn, not touched: nothing
    /// to recognize. Swipe-through (531-537) lands
    /// `Int(distance / (0.5 × screen width))` tabs away: a finger's
    /// translation stays under one screen width, so that is 0 or 1 tab —
    /// never the three tabs in one gesture the step is for — and 0 for a
    /// committed swipe shorter than half the screen, which would undo the
    /// fast trigger it sits beside (86-91). Read as written it adds only
    /// a half-screen distance rule; read as meant it needs a translation
    /// no finger on the screen makes. Left out, said here.
    static let rubberBandAtEdges = ParameterPreset(
        name: "tab-session-rubber-band",
        summary:
            "the tab session's next step: rubber banding at its first and last tab (the page follows the finger at 0.3 and springs back) instead of blocking the swipe",
        provenance: .cite(.tabSession, 510, 515),
        values: [Value(parameter: .tabSwipeEdgeRubberBand, value: 0.3, provenance: .cite(.tabSession, 515))])
}
