import Foundation
import Testing
import TraceStore
import TraceStoreInterface
import Tuning

@testable import GestureTuneCLI

// MARK: - Runs in the store: the CLI's adapter between results and run tables

@Suite("stored optimization runs")
struct StoredRunTests {
    @Test("runs are stored with parameters, history and result, and reload; latest is the newest")
    func storedRuns() async throws {
        // A small synthetic corpus, ingested by the real commands, loaded in-process.
        let directory = try scratch()
        let corpus = directory.appendingPathComponent("small.jsonl").path
        let path = directory.appendingPathComponent("runs.sqlite").path
        #expect(
            try run(["synth", "--seed", "7", "--users", "12", "--devices", "2", "--sessions", "1", "--out", corpus]).status == 0)
        #expect(try run(["ingest", "--db", path, corpus]).status == 0)
        let store = try TraceStore(path: path)
        let sessions = try await store.loadSessions()
        #expect(try await store.latestRun() == nil)

        func settings(seed: UInt, evaluations: Int) -> OptimizerSettings {
            OptimizerSettings(
                tune: ["tabSwipe.distanceThreshold"], budgets: [], seed: seed, maxEvaluations: evaluations,
                sensitivityPoints: 0, paretoFractions: [], bootstrapResamples: 0)
        }
        var first = try Optimizer(settings: settings(seed: 1, evaluations: 12)).run(sessions: sessions, scene: nil)
        first.run = RunInfo(
            commandLine: "gesturetune optimize --max-evals 12", createdAt: "2026-11-23T11:00:00Z",
            corpusFingerprint: try await store.corpusFingerprint())
        first = try await first.saved(in: store)
        var second = try Optimizer(settings: settings(seed: 2, evaluations: 15)).run(sessions: sessions, scene: nil)
        second.run = RunInfo(commandLine: "gesturetune optimize --seed 2", createdAt: "2026-11-23T11:05:00Z")
        second = try await second.saved(in: store)
        #expect(first.run.id == 1 && second.run.id == 2)

        let latest = try #require(try await store.latestRun())
        #expect(latest.id == 2)
        #expect(latest.seed == 2)
        #expect(latest.commandLine == "gesturetune optimize --seed 2")
        #expect(latest.evaluations == second.evaluations)
        #expect(latest.history.count == second.history.count)
        #expect(latest.parameters.map(\.name) == ["tabSwipe.distanceThreshold"])
        #expect(latest.parameters.first?.tuned == second.params["tabSwipe.distanceThreshold"])
        #expect(latest.tunedHoldoutMisfireRate == second.tuned.holdoutMisfireRate)

        let reloaded = try OptimizationResult(record: try #require(try await store.run(id: 1)))
        #expect(reloaded.run.id == 1)
        #expect(reloaded.params == first.params)
        #expect(reloaded.history == first.history)
        #expect(try reloaded.jsonData() == (try first.jsonData()))
        #expect(try await store.runSummaries(kind: RunRecord.optimizeKind).map(\.id) == [2, 1])
        #expect(try await store.run(id: 99) == nil)
    }
}
