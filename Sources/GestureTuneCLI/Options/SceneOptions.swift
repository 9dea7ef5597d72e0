import ArgumentParser
import Foundation
import Recognizers
import Scenes
import Simulation
import TraceModel

// MARK: - Which scene, which constants

/// `--scene`, `--params` and `--budgets`: what every command that replays
/// sessions needs to know besides the store.
struct SceneOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A built-in scene (\(Scene.builtInNames.joined(separator: ", ")); tab-scroll:pages=N,edges=stop|wrap) or a scene file (YAML or JSON); "
                + "default: each session's own scene.", valueName: "name|file"))
    var scene: String?

    @Option(
        help: ArgumentHelp(
            "A JSON object of parameter name → value (see simulate --list-params), or preset:NAME, a source's variant ("
                + ParameterPreset.all.map(\.name).joined(separator: ", ") + ").", valueName: "file|preset:NAME"))
    var params: String?

    @Option(
        help: ArgumentHelp(
            "A JSON array of latency budgets ({gesture, measure, scope, percentile, limit}); default: the reference app's.",
            valueName: "file"))
    var budgets: String?

    /// The scene override, if any.
    func loadScene() throws -> Scene? {
        try scene.map(Self.scene)
    }

    /// A built-in scene by name, else a scene file at that path.
    static func scene(_ name: String) throws -> Scene {
        if Scene.namesBuiltIn(name) { return try Scene.builtIn(named: name) }
        if FileManager.default.fileExists(atPath: name) { return try Scene.load(path: name) }
        throw CLIFailure(
            "--scene \(name): not a built-in scene (\(Scene.builtInNames.joined(separator: ", "))) nor a file")
    }

    /// The parameter values from `--params` (the catalogue defaults without it).
    func loadParameters() throws -> ParameterSet {
        guard let params else { return ParameterSet() }
        return try Self.parameters(params).values
    }

    /// `--params`: a JSON file of name → value, or `preset:NAME`, one of
    /// the sources' variants (``ParameterPreset``), returned with it.
    static func parameters(_ argument: String) throws -> (values: ParameterSet, preset: ParameterPreset?) {
        let prefix = "preset:"
        guard argument.hasPrefix(prefix) else { return (try decode(ParameterSet.self, from: argument), nil) }
        let name = String(argument.dropFirst(prefix.count))
        guard let preset = ParameterPreset.named(name) else {
            throw CLIFailure(
                "--params \(argument): no such preset (\(ParameterPreset.all.map { prefix + $0.name }.joined(separator: ", ")))")
        }
        return (preset.parameters, preset)
    }

    /// The budgets from `--budgets` (the reference app's without it).
    func loadBudgets() throws -> [LatencyBudget] {
        guard let budgets else { return LatencyBudget.defaults }
        return try TuningInputOptions.loadBudgets(path: budgets)
    }

    /// Decodes a JSON file, naming the file (and the JSON path) when it fails.
    static func decode<T: Decodable>(_ type: T.Type, from path: String) throws -> T {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CLIFailure("\(path): cannot read: \(error.localizedDescription)")
        }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw CLIFailure("\(path): \(DecodingError.summary(of: error))")
        }
    }
}
