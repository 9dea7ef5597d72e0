import Foundation
import GestureTuneTestSupport
import Recognizers
import Simulation
import TraceImport
import TraceModel

// MARK: - A committed corpus, read once per suite

/// The sessions of every `.jsonl` file under `folder` (a path in the
/// package, such as `datasets/epilogue`), in file-name order.
func committedSessions(in folder: String) -> [Session] {
    let directory = TestPaths.inPackage(folder)
    let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
    return files.filter { $0.pathExtension == "jsonl" }
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
        .flatMap { (try? ImporterRegistry.readSessions(path: $0.path)) ?? [] }
}

/// `sessions` replayed on their own scenes with the catalogue's defaults
/// but for `overrides`, on two threads.
func replay(_ sessions: [Session], _ overrides: [String: Double] = [:]) throws -> SimulationResult {
    try Simulator(parameters: try ParameterSet(overrides), options: SimulationOptions(threads: 2))
        .run(sessions: sessions)
}
