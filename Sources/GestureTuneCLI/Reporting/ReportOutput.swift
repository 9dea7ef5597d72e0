import Foundation
import GSL
import Recognizers
import Reports
import Scenes
import TraceModel
import TraceStore
import Tuning

// MARK: - Writing a run's files

/// What `optimize` and `report` write into their output directory: the tuned
/// parameters, the optimizer's full result, and the report (HTML, Markdown,
/// the report model as JSON, and the Swift constants).
enum ReportOutput {
    /// The files written, in the order a reader wants them.
    static let files = ["report.html", "report.md", "GestureConstants.swift", "params.json", "result.json", "report.json"]

    /// The gesturetune version reports name.
    static let version = "0.1.0"

    static var versions: [String: String] {
        var versions = ["gesturetune": version, "GSL": gslVersion, "SQLite": TraceStore.sqliteVersion]
        #if compiler(>=6.3)
            versions["Swift"] = "6.3"
        #elseif compiler(>=6.2)
            versions["Swift"] = "6.2"
        #else
            versions["Swift"] = "6"
        #endif
        return versions
    }

    /// Writes every file for `result` into `directory` (created if needed).
    ///
    /// `result.json` is the optimizer's own result (the store keeps the same;
    /// what outside scripts read); `report.json` is the report model the HTML and
    /// Markdown are rendered from (with the verdict's derived judgements).
    ///
    /// With `preset` (the run started from a source's variant, `--params
    /// preset:NAME`), the constants section says which reference values
    /// are the preset's, with their lines.
    static func write(
        _ result: OptimizationResult, sessions: [Session], scene: Scene?, corpus: String, to directory: String,
        preset: ParameterPreset? = nil
    ) throws {
        let url = URL(fileURLWithPath: directory, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        // The held-out people replayed by Tuning at the optimizer's parallelism;
        // Reports only turns the values into its model and renders.
        let replay = try HoldoutReplay(
            result: result, sessions: sessions, scene: scene,
            threads: OptimizerSettings().parallelism)
        var report = TuningReport(optimization: result, replay: replay, corpus: corpus, versions: versions)
        if let preset {
            for (i, constant) in report.constants.enumerated() {
                guard let value = preset.values.first(where: { $0.parameter.name == constant.name }),
                    value.value == constant.old
                else { continue }
                report.constants[i].provenance = value.provenance
            }
            report.title += " against \(preset.name)"
        }
        try ReportWriter.write(report, to: url)
        try result.params.jsonData().write(to: url.appendingPathComponent("params.json"), options: .atomic)
        try result.jsonData().write(to: url.appendingPathComponent("result.json"), options: .atomic)
    }
}
