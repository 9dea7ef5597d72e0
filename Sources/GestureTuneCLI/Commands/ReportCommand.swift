import ArgumentParser
import Foundation
import Scenes
import TraceStoreInterface
import Tuning

// MARK: - gesturetune report

/// Writes the report of a stored optimization run again — after a
/// gesturetune upgrade, or for an older run to compare with.
///
/// ```sh
/// gesturetune report --db demo.sqlite --run latest --out reports
/// ```
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the report of a stored optimization run (HTML, Markdown, JSON, Swift constants).",
        discussion: """
            Reads the run from the store, replays its held-out users once more with the \
            baseline and the tuned constants (for latency distributions, per-person rates \
            and example misfires), and writes report.html, report.md, report.json, \
            GestureConstants.swift, params.json and result.json into --out.
            """)

    @OptionGroup var store: StoreOptions

    @Option(name: .customLong("run"), help: ArgumentHelp("The run: latest or a run id.", valueName: "id"))
    var runID: String = "latest"

    @Option(help: ArgumentHelp("Output directory.", valueName: "dir"))
    var out: String = "reports"

    /// `latest` or a number: anything else is a usage error (exit 2), caught
    /// before the store is opened.
    func validate() throws {
        if runID != "latest", Int64(runID) == nil {
            throw ValidationError("--run takes latest or a run id (a number), not '\(runID)'.")
        }
    }

    func run() async throws {
        try await CLIFailure.guardingAsync {
            let (result, sessions) = try await store.withStore(.readOnly) { traceStore in
                (try await traceStore.optimizationRun(runID), try await traceStore.loadSessions())
            }
            let scene = try result.scene.map { try Scene.builtIn(named: $0) }
            try ReportOutput.write(result, sessions: sessions, scene: scene, corpus: store.location, to: out)
        }
        Console.out("wrote \(ReportOutput.files.map { "\(out)/\($0)" }.joined(separator: ", "))")
    }
}
