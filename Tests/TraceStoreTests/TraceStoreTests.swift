import Digests
import Foundation
import GRDB
import GestureTuneTestSupport
import Testing
import TraceImport
import TraceModel
import TraceStoreInterface

@testable import TraceStore

// MARK: - Helpers

/// A file below `shared/fixtures` (the one search is the support target's).
func fixture(_ path: String) -> String { TestPaths.sharedFixture(path) }

let flutter = fixture("velocity/flutter-velocity.jsonl")

func temporaryDirectory() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gt-store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

func newStore() throws -> (TraceStore, URL) {
    let dir = try temporaryDirectory()
    return (try TraceStore(path: dir.appendingPathComponent("store.sqlite").path), dir)
}

func write(_ text: String, _ name: String, in dir: URL) throws -> String {
    let path = dir.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// What `body` throws, as the CLI prints it; `""` when it throws nothing.
func errorText(_ body: () async throws -> Void) async -> String {
    do {
        try await body()
        return ""
    } catch {
        return "\(error)"
    }
}

func report(_ outcome: IngestOutcome) -> IngestReport? {
    if case .imported(let report) = outcome { return report }
    return nil
}

// MARK: - Ingest and load

@Suite("Trace store")
struct TraceStoreTests {
    @Test("ingests the Flutter fixture with exact counts and loads it back unchanged")
    func fixtureRoundTrip() async throws {
        let (store, _) = try newStore()
        let result = try #require(report(try await store.ingest(path: flutter)))
        #expect(result.sessions == 2)
        #expect(result.strokes == 14)
        #expect(result.touches == 318)
        #expect(result.labels == 0 && result.motion == 0)
        #expect(result.format == "jsonl")
        let counts = try store.tableCounts()
        #expect(counts["sessions"] == 2 && counts["strokes"] == 14 && counts["touch_samples"] == 318)
        #expect(counts["devices"] == 1 && counts["users"] == 0 && counts["imports"] == 1)

        var collector = SessionCollector()
        _ = try CanonicalReader.read(try TraceInput(path: flutter), options: ImportOptions()) { collector.add($0) }
        #expect(try await store.loadSessions() == collector.sessions)
    }

    @Test("re-ingesting the same file is a no-op that says so")
    func idempotent() async throws {
        let (store, dir) = try newStore()
        _ = try await store.ingest(path: flutter)
        let before = try store.contentDigest()
        // The same bytes under another name are the same file.
        let copy = dir.appendingPathComponent("copy.jsonl").path
        try FileManager.default.copyItem(atPath: flutter, toPath: copy)
        for path in [flutter, copy] {
            guard case .alreadyImported(let name, _) = try await store.ingest(path: path) else {
                Issue.record("expected already imported")
                return
            }
            #expect(name == flutter)
        }
        #expect(try store.contentDigest() == before)
    }

    @Test("a session id already stored: same content is skipped, other content is an error")
    func sessionIdentity() async throws {
        let (store, dir) = try newStore()
        _ = try await store.ingest(path: flutter)
        let text = try String(contentsOfFile: flutter, encoding: .utf8)
        // Same sessions, different bytes (a trailing blank line): skipped as present.
        let same = try write(text + "\n\n", "same.jsonl", in: dir)
        let sameResult = try #require(report(try await store.ingest(path: same)))
        #expect(sameResult.sessions == 0 && sameResult.touches == 0)
        #expect(sameResult.sessionsAlreadyPresent == ["flutter-velocity", "flutter-velocity-interrupted"])
        #expect(try store.tableCounts()["sessions"] == 2)

        let before = try store.contentDigest()
        let changed = try write(text.replacingOccurrences(of: "\"x\":270.0", with: "\"x\":271.0"), "changed.jsonl", in: dir)
        let error = try await #require(throws: DuplicateSessionError.self) { try await store.ingest(path: changed) }
        #expect(
            error.description == "\(changed):1: session \"flutter-velocity\" is already in the store with different content (id)")
        #expect(try store.contentDigest() == before)
    }

    @Test("loads by scene, user and session id; one label per session stays with it")
    func filters() async throws {
        let (store, dir) = try newStore()
        var text = ""
        for (k, (user, scene)) in [("p1", "library"), ("p2", "library"), ("p1", "feed")].enumerated() {
            text +=
                #"{"type":"session","id":"s\#(k)","format":"gesturetune-trace/1","device":{"platform":"ios","screen":{"width":393,"height":852}},"user":"\#(user)","scene":"\#(scene)"}"#
                + "\n"
            text += #"{"type":"touch","t":0,"id":1,"phase":"began","x":\#(k),"y":0}"# + "\n"
            text += #"{"type":"motion","t":0.001,"ax":\#(k),"ay":0,"az":0}"# + "\n"
            text += #"{"type":"touch","t":0.1,"id":1,"phase":"ended","x":\#(k),"y":5}"# + "\n"
            text += #"{"type":"label","start":0,"end":0.1,"intent":"tap","target":"t\#(k)"}"# + "\n"
        }
        _ = try await store.ingest(path: try write(text, "three.jsonl", in: dir))
        #expect(try await store.loadSessions().map(\.id) == ["s0", "s1", "s2"])
        #expect(try await store.loadSessions(SessionFilter(scenes: ["library"])).map(\.id) == ["s0", "s1"])
        #expect(try await store.loadSessions(SessionFilter(users: ["p1"])).map(\.id) == ["s0", "s2"])
        let one = try await store.loadSessions(SessionFilter(sessionIDs: ["s1"]))
        #expect(one.map(\.id) == ["s1"])
        #expect(one.first?.touches.map(\.x) == [1, 1])
        #expect(one.first?.motion.map(\.ax) == [1])
        #expect(one.first?.labels.map(\.target) == ["t1"])
        #expect(one.first?.header.user == "p2" && one.first?.header.scene == "library")
        #expect(try await store.loadSessions(SessionFilter(scenes: ["nowhere"])).isEmpty)
    }

    @Test("sessions from several imports load in import order, each with its own samples")
    func severalImports() async throws {
        let (store, dir) = try newStore()
        _ = try await store.ingest(path: flutter)
        let extra = #"""
            {"type":"session","id":"two-pointers","format":"gesturetune-trace/1","device":{"platform":"ios","screen":{"width":393,"height":852}},"user":"u"}
            {"type":"touch","t":0,"id":1,"phase":"began","x":1,"y":1}
            {"type":"touch","t":0,"id":2,"phase":"began","x":9,"y":9}
            {"type":"touch","t":0.01,"id":1,"phase":"ended","x":2,"y":1}
            {"type":"touch","t":0.02,"id":1,"phase":"began","x":5,"y":5}
            {"type":"touch","t":0.03,"id":2,"phase":"cancelled","x":9,"y":8}
            {"type":"touch","t":0.04,"id":1,"phase":"ended","x":5,"y":6}
            """#
        _ = try await store.ingest(path: try write(extra, "extra.jsonl", in: dir))
        let sessions = try await store.loadSessions()
        #expect(sessions.map(\.id) == ["flutter-velocity", "flutter-velocity-interrupted", "two-pointers"])
        let last = try #require(sessions.last)
        #expect(last.touches.map(\.pointer) == [1, 2, 1, 1, 2, 1])
        #expect(last.strokes.map(\.samples.count) == [2, 2, 2])
        #expect(try store.tableCounts()["strokes"] == 17)
        let cancelled = try store.read { db in
            try Int.fetchOne(db, sql: "SELECT sample_count FROM strokes WHERE end_phase = 4")
        }
        #expect(cancelled == 2)
    }

    @Test("statistics of the Flutter fixture")
    func statistics() async throws {
        let (store, dir) = try newStore()
        _ = try await store.ingest(path: flutter)
        let labels = #"""
            {"type":"session","id":"l","format":"gesturetune-trace/1","device":{"platform":"ios","screen":{"width":1,"height":1}},"user":"u"}
            {"type":"touch","t":0.5,"id":0,"phase":"began","x":0.5,"y":0.5}
            {"type":"touch","t":0.5,"id":0,"phase":"ended","x":0.5,"y":0.5}
            {"type":"label","start":0,"end":1,"intent":"tap"}
            {"type":"label","start":1,"end":2,"intent":"tap"}
            {"type":"label","start":2,"end":3,"intent":"dismiss","direction":"down"}
            """#
        // A file of labels alone is refused (it holds no recording); this
        // one has a tap's two samples at one instant (no sampling interval).
        _ = try await store.ingest(path: try write(labels, "labels.jsonl", in: dir))
        let stats = try await store.statistics()
        #expect(stats.sessions == 3 && stats.users == 1 && stats.devices == 2)
        #expect(stats.pointers == 15 && stats.touches == 320 && stats.labels == 3)
        #expect(stats.intents == ["tap": 2, "dismiss": 1])
        let sampling = try #require(stats.sampling.first)
        #expect(stats.sampling.count == 1)
        #expect(sampling.intervalMs.p50 == 8) // Flutter's data samples at ~125 Hz
        let zeros = try zeroIntervals()
        #expect(sampling.intervalMs.count == 318 - 14 - zeros)
        #expect(stats.strokeDurationMs?.count == 15)
    }

    /// Successive samples of a stroke with equal times in the fixture.
    private func zeroIntervals() throws -> Int {
        var collector = SessionCollector()
        _ = try CanonicalReader.read(try TraceInput(path: flutter), options: ImportOptions()) { collector.add($0) }
        return collector.sessions.flatMap(\.strokes).map { stroke in
            zip(stroke.samples, stroke.samples.dropFirst()).filter { $0.t == $1.t }.count
        }.reduce(0, +)
    }

    @Test("CSV and JSONL of the same sessions store the same content")
    func csvEqualsJSONL() async throws {
        let (jsonlStore, dir) = try newStore()
        let (csvStore, _) = try newStore()
        let jsonl = #"""
            {"type":"session","id":"s","format":"gesturetune-trace/1","device":{"platform":"ios","screen":{"width":393,"height":852}},"user":"p"}
            {"type":"touch","t":0,"id":3,"phase":"began","x":1.5,"y":2,"force":0.5}
            {"type":"touch","t":0.0083,"id":3,"phase":"ended","x":1.5,"y":9,"radius":20}
            {"type":"label","start":0,"end":0.0083,"intent":"tap","note":"a, \"b\""}
            """#
        let csv = #"""
            session,t,id,phase,x,y,force,radius
            #session,"{""type"":""session"",""id"":""s"",""device"":{""platform"":""ios"",""screen"":{""width"":393,""height"":852}},""user"":""p""}"
            s,0,3,began,1.5,2,0.5,
            s,0.0083,3,ended,1.5,9,,20
            #label,s,0,0.0083,tap,,,,"a, ""b"""
            """#
        _ = try await jsonlStore.ingest(path: try write(jsonl, "a.jsonl", in: dir))
        _ = try await csvStore.ingest(path: try write(csv, "a.csv", in: dir))
        #expect(try await jsonlStore.loadSessions() == csvStore.loadSessions())
        let session = try #require(try await csvStore.loadSessions().first)
        #expect(session.labels.first?.note == "a, \"b\"")
        #expect(session.touches.last?.t == 8_300)
        // The same session from CSV into the JSONL store: same content hash, skipped.
        let again = try #require(report(try await jsonlStore.ingest(path: try write(csv, "b.csv", in: dir))))
        #expect(again.sessionsAlreadyPresent == ["s"])
    }

    @Test("opening migrates a new file to WAL with every table")
    func schema() async throws {
        let (store, _) = try newStore()
        let mode = try store.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        #expect(try store.tableCounts().count == TraceStore.tables.count)
        #expect(try store.integrityCheck() == "ok")
    }
}

// MARK: - Digests as text

/// Every digest the store writes goes through one hex spelling.
@Suite("hex digests")
struct HexTests {
    @Test func twoLowercaseDigitsAByte() {
        #expect([UInt8]([0x00, 0x0F, 0xA5, 0xFF, 0x10]).lowercaseHex == "000fa5ff10")
        #expect([UInt8]().lowercaseHex == "")
    }

    @Test func storeDigestsAreSixtyFourHexDigits() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hex-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let digest = try TraceStore(path: path).contentDigest()
        #expect(digest.count == 64 && digest.allSatisfy { "0123456789abcdef".contains($0) })
    }
}
