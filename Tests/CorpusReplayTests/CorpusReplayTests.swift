import Foundation
import Recognizers
import Simulation
import Testing
import TraceImport
import TraceModel

/// The committed synthetic corpus (`datasets/epilogue/`) replayed through the
/// `epilogue` scene at the catalogue defaults: what the default constants
/// get wrong, as documented in `datasets/README.md`.
@Suite(.serialized) struct CorpusReplayTests {
    static var directory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("datasets/epilogue")
    }

    static func corpus() throws -> [Session] {
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "jsonl" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        return try files.flatMap { try ImporterRegistry.readSessions(path: $0.path) }
    }

    @Test func theDefaultsOnTheCommittedCorpus() throws {
        let sessions = try Self.corpus()
        #expect(sessions.count == 320)
        let result = try Simulator(options: SimulationOptions(threads: 2)).run(sessions: sessions)
        print(result.summary())
        for intent in result.perIntent.keys.sorted() {
            print(intent, result.confusion[intent] ?? [:])
        }
    }
}
