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
    /// The epilogue's and plain's default lists (the catalogue's `[tuning]`,
    /// in search order): what a scene that is not built in tunes of them.
    package static let epilogueDefaults = DefaultTuning.epilogue.parameters.map(\.name)
    package static let plainDefaults = DefaultTuning.plain.parameters.map(\.name)

    /// The default names for the scenes a corpus uses: each built-in scene's
    /// list (`DefaultTuning`), the union in order; for any other scene, the
    /// names of either list that can change its outcome
    /// (`Scene/tunableParameters`), or all of those when none is listed.
    package static func defaultNames(for scenes: [Scene]) -> [String] {
        var names: [String] = []
        func add(_ list: [String]) { for name in list where !names.contains(name) { names.append(name) } }
        for scene in scenes {
            let tunable = scene.tunableParameters.map(\.name)
            // A built-in scene's own list (any playground configuration uses
            // the playground's), without what this scene cannot use: a
            // one-tap tap times no second tap.
            if let list = DefaultTuning(rawValue: scene.playground != nil ? "playground" : scene.name) {
                add(list.parameters.map(\.name).filter(tunable.contains))
            } else {
                let listed = (epilogueDefaults + plainDefaults).filter(tunable.contains)
                add(listed.isEmpty ? tunable : listed)
            }
        }
        return names.isEmpty ? plainDefaults : names
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
    }

    package var parameters: [String]
    package var bounds: [String: Bounds]?

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
