import ArgumentParser
import Foundation
import Recognizers
import Scenes
import Simulation
import TraceModel
import TraceStoreInterface
import Tuning

// MARK: - Options optimize and evaluate share

/// Scene, tuning space, budgets and weights: what defines the objective.
struct TuningInputOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Replay every session on this scene: a built-in name (\(Scene.builtInNames.joined(separator: ", "))) or a YAML/JSON scene file (default: each session's own).",
            valueName: "name|file"))
    var scene: String?

    @Option(
        help: ArgumentHelp(
            "Parameters to tune: a comma-separated list (swipeActions.threshold,tabSwipe.directionalBias) or a tuning file "
                + "{\"parameters\": [names], \"bounds\": {name: {lower, upper}}} (default: the scene's set).",
            valueName: "list|file"))
    var tune: String?

    @Option(
        help: ArgumentHelp(
            "Budgets file: a JSON array of {gesture, measure (latency|response|recognition|haptic|settleTime|overshoot), "
                + "scope (all|immediate|waited), percentile, limit, exact (checked without the margin)} "
                + "(default: the reference app's budgets).", valueName: "file"))
    var budgets: String?

    @Option(
        help: ArgumentHelp(
            "Misfire weights file: {\"outcome\": {…}, \"intent\": {…}, \"fired\": {…}} (default: destructive gestures cost more).",
            valueName: "file"))
    var weights: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Share of users held out.", valueName: "fraction"))
    var holdoutFraction: Double = 0.25

    @Flag(
        help: ArgumentHelp(
            "Hold budgets the reference constants already miss to no worse than before instead of to their limits "
                + "(for budgets no constant can meet)."))
    var relaxBudgets = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The confidence with which each budget must hold for people the tuning never saw (a bootstrap over "
                + "the training people); 0: the training people's percentiles only.",
            valueName: "fraction"))
    var budgetConfidence: Double = TuningObjective.defaultBudgetConfidence

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "A fixed margin inside each budget's limit, on top of the bound for new people (0; "
                + "0.05 with --budget-confidence 0 is the constraint before the bound, for comparison).",
            valueName: "fraction"))
    var budgetMargin: Double = 0

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "How many new people the bounds speak for: groups of this many are drawn from the training people "
                + "(default: as many as are held out).",
            valueName: "people"))
    var budgetGroup: Int?

    /// ``budgetConfidence``, `nil` for none.
    var confidence: Double? { budgetConfidence > 0 ? budgetConfidence : nil }

    func validateOptions() throws {
        guard holdoutFraction > 0, holdoutFraction < 1 else {
            throw ValidationError("--holdout-fraction must be strictly between 0 and 1.")
        }
        guard budgetConfidence >= 0, budgetConfidence < 1 else {
            throw ValidationError("--budget-confidence must be at least 0 and below 1.")
        }
        guard budgetMargin >= 0, budgetMargin < 1 else {
            throw ValidationError("--budget-margin must be at least 0 and below 1.")
        }
        if let budgetGroup, budgetGroup < 1 { throw ValidationError("--budget-group must be at least 1.") }
    }

    /// Everything loaded and checked.
    struct Loaded {
        var sessions: [Session]
        var scene: Scene?
        var tune: [String]?
        var bounds: [String: ClosedRange<Double>]
        var budgets: [LatencyBudget]
        var weights: MisfireWeights
        /// The preset `--params` named, if any.
        var preset: ParameterPreset?
    }

    func loadDefinitions() throws -> Loaded {
        var loaded = Loaded(
            sessions: [], scene: nil, tune: nil, bounds: [:], budgets: LatencyBudget.defaults,
            weights: .default)
        if let scene { loaded.scene = try SceneOptions.scene(scene) }
        if let tune {
            if FileManager.default.fileExists(atPath: tune) {
                let file = try TuningFile.load(path: tune)
                loaded.tune = file.parameters
                loaded.bounds = file.ranges
            } else {
                let names = tune.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                guard !names.isEmpty else { throw CLIFailure("--tune lists no parameters") }
                loaded.tune = names
            }
        }
        if let budgets { loaded.budgets = try Self.loadBudgets(path: budgets) }
        if let weights {
            let data = try Self.read(weights, what: "weights file")
            do { loaded.weights = try JSONDecoder().decode(MisfireWeights.self, from: data) } catch {
                throw CLIFailure("\(weights): not a weights file {\"outcome\": {…}, \"intent\": {…}, \"fired\": {…}}: \(error)")
            }
            try loaded.weights.validate()
        }
        return loaded
    }

    /// `optimize --params`: the reference constants — a source's variant
    /// (`preset:NAME`) or a JSON file — become the `--scene`'s values, the
    /// baseline the search starts from and the report compares against.
    static func applyReference(_ params: String, to loaded: inout Loaded) throws {
        guard var scene = loaded.scene else {
            throw CLIFailure("--params \(params): name the scene whose reference constants they are (--scene)")
        }
        let (values, preset) = try SceneOptions.parameters(params)
        // A run ships only the constants it tunes (GestureConstants.swift,
        // params.json, the stored run): a reference value the scene reads
        // but the run leaves untuned would be validated here and then go
        // back to the catalogue's in what ships. Refused, not dropped.
        let reads = Set(scene.tunableParameters.map(\.name))
        // Without --tune, a preset's constants the scene reads join the
        // default list: a variant's own switch (the tab session's rubber
        // band, which no default list tunes) is tuned from the preset's value
        // and ships with the rest.
        if loaded.tune == nil, let preset {
            let defaults = TuningSpace.defaultNames(for: [scene])
            let variant = preset.values.map(\.parameter.name).filter { reads.contains($0) && !defaults.contains($0) }
            if !variant.isEmpty { loaded.tune = defaults + variant }
        }
        let tuned = Set(loaded.tune ?? TuningSpace.defaultNames(for: [scene]))
        let untuned = values.overrides.keys.filter { reads.contains($0) && !tuned.contains($0) }.sorted()
        guard untuned.isEmpty else {
            throw CLIFailure(
                "--params \(params): sets \(untuned.joined(separator: ", ")), which this run does not tune; "
                    + "a run ships only what it tunes, so tune them too (--tune) or leave them out of the reference")
        }
        scene.parameters.merge(values.overrides) { _, new in new }
        loaded.scene = scene
        loaded.preset = preset
    }

    /// Definitions plus the sessions, loaded from the store once.
    func load(from store: any TraceStoring) async throws -> Loaded {
        var loaded = try loadDefinitions()
        loaded.sessions = try await store.loadSessions()
        guard !loaded.sessions.isEmpty else {
            throw CLIFailure("\(store.location): the store holds no sessions (gesturetune ingest FILE)")
        }
        return loaded
    }

    static func read(_ path: String, what: String) throws -> Data {
        do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw CLIFailure("\(path): cannot read the \(what) (\(error.localizedDescription))")
        }
    }

    /// A JSON array of budgets; `measure` defaults to latency, `scope` to
    /// all, `percentile` to 95.
    static func loadBudgets(path: String) throws -> [LatencyBudget] {
        struct Entry: Decodable {
            var gesture: GestureKind
            var measure: LatencyBudget.Measure?
            var scope: LatencyBudget.Scope?
            var percentile: Double?
            var limit: Double
        }
        let data = try read(path, what: "budgets file")
        let entries: [Entry]
        do { entries = try JSONDecoder().decode([Entry].self, from: data) } catch {
            throw CLIFailure(
                "\(path): not a budgets file, a JSON array of {gesture, measure, scope, percentile, limit}: \(error)")
        }
        return try entries.enumerated().map { i, e in
            let percentile = e.percentile ?? 95
            guard e.limit.isFinite, e.limit > 0, percentile > 0, percentile <= 100 else {
                throw CLIFailure("\(path): budget [\(i)] needs limit > 0 and 0 < percentile ≤ 100 (limit)")
            }
            return LatencyBudget(
                gesture: e.gesture, measure: e.measure ?? .latency, scope: e.scope ?? .all,
                percentile: percentile, limit: e.limit)
        }
    }
}
