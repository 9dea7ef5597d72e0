import Foundation
import Recognizers
import Scenes
import TraceModel

// MARK: - The search space, from the simulator's parameter catalogue

/// Builds the ``SearchSpace`` an optimization searches from the
/// recognizers' parameter catalogue: bounds, log scale and integer flags
/// come from the catalogue, the baseline from the scene.
///
/// The baseline of each parameter (``SearchDimension/defaultValue``) is the
/// value the scene ships with: the scene's own value where it sets one, the
/// catalogue default otherwise. That is the "before" every report compares
/// against.
///
/// ```swift
/// let space = try TuningSpace.space(names: TuningSpace.defaultNames(for: [.epilogue]), scene: .epilogue)
/// let custom = try TuningSpace.space(names: ["swipeActions.threshold"], bounds: ["swipeActions.threshold": 40 ... 150])
/// ```
package enum TuningSpace {
    /// The constants worth tuning in the reference app, in report order:
    /// the commit thresholds and projected-distance ("velocity") triggers of
    /// every swipe, the tab swipe's direction biases, momentum window and
    /// locks, the dismiss thresholds, the double-tap window, the long-press,
    /// drag and text-selection hold durations, and the two springs (names
    /// the catalogue lacks are skipped, see ``catalogued(_:)``). Slops, layout sizes and zoom limits are
    /// left alone: they are design decisions more than recognition ones.
    package static let epilogueDefaults = [
        "swipeActions.threshold", "swipeActions.projectedDistanceTrigger",
        "cardSwipe.deleteThreshold",
        "tabSwipe.projectedDistanceTrigger", "tabSwipe.distanceThreshold",
        "tabSwipe.directionalBias", "tabSwipe.momentumBias", "tabSwipe.momentumWindow",
        "tabSwipe.horizontalLock", "tabSwipe.verticalScrollLock",
        "dismiss.progressThreshold", "dismiss.velocityThreshold",
        "edgeSwipe.minimumDistance",
        "doubleTap.window", "longPress.minimumDuration",
        "drag.minimumDuration", "textSelect.pressDuration",
        "cardSwipe.springResponse", "cardSwipe.springDamping",
        "tabSwipe.springResponse", "tabSwipe.springDamping"
    ]

    /// `names` without those the catalogue does not have (yet): the
    /// default lists name constants of recognizers a catalogue may lack.
    package static func catalogued(_ names: [String]) -> [String] {
        names.filter { Recognizers.Parameter(name: $0) != nil }
    }

    /// For the `plain` scene (recordings without a UI): the tap family and
    /// the pan slop.
    package static let plainDefaults = [
        "tap.movementSlop", "tap.maxDuration", "doubleTap.window",
        "longPress.minimumDuration", "longPress.allowableMovement", "pan.slop"
    ]

    /// For the `study` scene (the iOS study app, fitted to UIKit with
    /// `--target platform`): the recognition constants of its tap, long
    /// press, swipes and pan — every one UIKit leaves undocumented is
    /// exactly what a calibration measures, and the two it documents
    /// (`longPress.*`) are fitted too, to show whether the platform keeps them.
    package static let studyDefaults = [
        "tap.movementSlop", "tap.maxDuration",
        "longPress.minimumDuration", "longPress.allowableMovement",
        "swipe.minimumDistance", "swipe.maximumDuration", "swipe.directionCone",
        "pan.slop"
    ]

    /// The playground's (`Scene.playground`, any configuration): what decides
    /// its recognizers — the taps' timing and slop, the hold, the swipe's
    /// distance, time and cone, the pan's slop, the two-finger slops and
    /// the back gesture. Not its spring back: no default budget judges it,
    /// so the misfire rate alone would move it at random (`--params` adds
    /// `springBack.response` and `springBack.damping`).
    package static let playgroundDefaults = [
        "tap.movementSlop", "tap.maxDuration",
        "doubleTap.window", "doubleTap.interTapSlop", "doubleTap.minimumGap",
        "longPress.minimumDuration", "longPress.allowableMovement",
        "swipe.minimumDistance", "swipe.maximumDuration", "swipe.directionCone",
        "pan.slop", "pinch.spanSlop", "rotation.slop",
        "edgeSwipe.edgeWidth", "edgeSwipe.minimumDistance"
    ]

    /// The default names for the scenes a corpus uses: each scene's list
    /// (epilogue's, plain's, study's or the playground's), the union in
    /// order; for any other scene, the
    /// names of either list that can change its outcome
    /// (`Scene/tunableParameters`), or all of those when none is listed.
    package static func defaultNames(for scenes: [Scene]) -> [String] {
        var names: [String] = []
        func add(_ list: [String]) { for name in list where !names.contains(name) { names.append(name) } }
        for scene in scenes {
            if scene.playground != nil {
                // Only what this configuration can use (a one-tap tap times no second tap).
                let tunable = Set(scene.tunableParameters.map(\.name))
                add(playgroundDefaults.filter(tunable.contains))
                continue
            }
            switch scene.name {
            case Scene.epilogue.name:
                // Only what the scene can use (and the catalogue has).
                let tunable = Set(scene.tunableParameters.map(\.name))
                add(epilogueDefaults.filter(tunable.contains))
            case Scene.plain.name: add(plainDefaults)
            case Scene.study.name: add(studyDefaults)
            default:
                let tunable = scene.tunableParameters.map(\.name)
                let listed = (epilogueDefaults + plainDefaults).filter(tunable.contains)
                add(listed.isEmpty ? tunable : listed)
            }
        }
        return catalogued(names.isEmpty ? plainDefaults : names)
    }

    /// A space over `names`, each with the catalogue's bounds (or the given
    /// override; the playground's press duration within the app's stepper),
    /// scale and integer flag, and its default taken from `scene` when the
    /// scene sets the parameter.
    ///
    /// - Throws: ``TuningInputError`` for an unknown name, a duplicate, or
    ///   bounds that are invalid, leave the catalogue's range, or exclude
    ///   the baseline value.
    package static func space(
        names: [String], bounds: [String: ClosedRange<Double>] = [:],
        scene: Scene? = nil
    ) throws(TuningInputError) -> SearchSpace {
        for name in bounds.keys where !names.contains(name) {
            throw TuningInputError(parameter: name, "bounds are given for a parameter that is not tuned")
        }
        let parameters = try names.map { name throws(TuningInputError) -> SearchDimension in
            guard let catalogued = Recognizers.Parameter(name: name) else {
                throw TuningInputError(parameter: name, "unknown parameter (see `gesturetune evaluate --print-space`)")
            }
            let spec = catalogued.spec
            let baseline = scene?.parameters[name] ?? spec.defaultValue
            var range = spec.lower...spec.upper
            // The playground's long press is set with the app's stepper,
            // 0.25–3 s (003_3bd7d55b26cb2476.txt:50): no tuned value leaves it.
            if scene?.playground != nil, name == Recognizers.Parameter.longPressMinimumDuration.name {
                range = Scene.playgroundPressDurations.clamped(to: range)
            }
            if let custom = bounds[name] {
                guard custom.lowerBound >= spec.lower, custom.upperBound <= spec.upper else {
                    throw TuningInputError(
                        parameter: name,
                        "bounds \(custom.lowerBound)…\(custom.upperBound) leave the catalogue's \(spec.lower)…\(spec.upper)")
                }
                range = custom
            }
            return try SearchDimension(
                name, unit: spec.unit, default: baseline, range: range,
                scale: spec.logScale && range.lowerBound > 0 ? .log : .linear,
                isInteger: spec.integer)
        }
        return try SearchSpace(parameters)
    }

    /// Every catalogue parameter as a tunable one (for `--print-space --all`).
    package static func catalogue() -> [SearchDimension] {
        Recognizers.Parameter.allCases.compactMap { p in
            let s = p.spec
            return try? SearchDimension(
                s.name, unit: s.unit, default: s.defaultValue, range: s.lower...s.upper,
                scale: s.logScale && s.lower > 0 ? .log : .linear, isInteger: s.integer)
        }
    }
}

// MARK: - Tuning files

/// What to tune, as a JSON file for `gesturetune optimize --tune-file`:
///
/// ```json
/// {
///   "parameters": ["swipeActions.threshold", "tabSwipe.directionalBias"],
///   "bounds": { "swipeActions.threshold": { "lower": 40, "upper": 150 } }
/// }
/// ```
///
/// `bounds` is optional and may narrow any tuned parameter's range inside
/// the catalogue's.
package struct TuningFile: Sendable, Hashable, Codable {
    package struct Bounds: Sendable, Hashable, Codable {
        package var lower: Double
        package var upper: Double
        package init(lower: Double, upper: Double) {
            self.lower = lower
            self.upper = upper
        }
    }

    package var parameters: [String]
    package var bounds: [String: Bounds]?

    package init(parameters: [String], bounds: [String: Bounds]? = nil) {
        self.parameters = parameters
        self.bounds = bounds
    }

    /// Reads and checks a tuning file.
    ///
    /// - Throws: ``TuningInputError`` naming the file for unreadable or
    ///   malformed JSON, or bounds with lower ≥ upper.
    package static func load(path: String) throws(TuningInputError) -> TuningFile {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw TuningInputError(parameter: "", "\(path): cannot read the tuning file (\(error.localizedDescription))")
        }
        let file: TuningFile
        do { file = try JSONDecoder().decode(TuningFile.self, from: data) } catch {
            throw TuningInputError(
                parameter: "",
                "\(path): not a tuning file {\"parameters\": [names], \"bounds\": {name: {lower, upper}}}: \(DecodingError.summary(of: error))"
            )
        }
        guard !file.parameters.isEmpty else {
            throw TuningInputError(parameter: "", "\(path): the tuning file lists no parameters")
        }
        for (name, b) in file.bounds ?? [:] {
            guard b.lower.isFinite, b.upper.isFinite, b.lower < b.upper else {
                throw TuningInputError(parameter: name, "\(path): bounds need finite lower < upper")
            }
        }
        return file
    }

    /// The bounds as ranges.
    package var ranges: [String: ClosedRange<Double>] {
        (bounds ?? [:]).compactMapValues { $0.lower < $0.upper ? $0.lower...$0.upper : nil }
    }
}
