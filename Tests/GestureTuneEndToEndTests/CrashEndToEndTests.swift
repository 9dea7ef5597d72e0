import Foundation
import GRDB
import GestureTuneTestSupport
import Testing
import TraceStore

// MARK: - Killed mid-import

@Suite("gesturetune ingest killed mid-import")
struct CrashEndToEndTests {
    /// A canonical file of `sessions` × `strokes` × 50 samples.
    private func bigFile(at path: String, sessions: Int, strokesPerSession: Int, prefix: String = "big") throws -> Int {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        var samples = 0
        for s in 0..<sessions {
            var text =
                #"{"type":"session","id":"\#(prefix)-\#(s)","format":"gesturetune-trace/1","device":{"platform":"android","screen":{"width":412,"height":915}}}"#
                + "\n"
            var t = 0
            for _ in 0..<strokesPerSession {
                for k in 0..<50 {
                    let phase = k == 0 ? "began" : (k == 49 ? "ended" : "moved")
                    text +=
                        #"{"type":"touch","t":\#(Double(t) / 1e6),"id":1,"phase":"\#(phase)","x":\#(100 + k),"y":\#(200 + 2 * k)}"#
                        + "\n"
                    t += 8000
                    samples += 1
                }
            }
            try handle.write(contentsOf: Data(text.utf8))
        }
        return samples
    }

    private func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    @Test("SIGKILL during a large import leaves the store consistent; a re-run completes it")
    func killed() throws {
        let dir = try scratch()
        let db = dir.appendingPathComponent("crash.sqlite").path
        #expect(try run(["ingest", "--db", db, flutterFixture]).status == 0)
        let big = dir.appendingPathComponent("big.jsonl").path
        let samples = try bigFile(at: big, sessions: 200, strokesPerSession: 100) // 1,000,000 samples

        let process = Process()
        process.executableURL = URL(fileURLWithPath: gesturetune)
        process.arguments = ["ingest", "--db", db, big]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let walStart = fileSize(db + "-wal")
        try process.run()
        // Kill it once it is visibly writing (the WAL grows with spilled pages),
        // or after 1.5 s at the latest.
        let deadline = Date().addingTimeInterval(1.5)
        while process.isRunning && Date() < deadline && fileSize(db + "-wal") < walStart + (2 << 20) {
            usleep(5000)
        }
        #expect(process.isRunning, "the import finished before it could be killed; make the file larger")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)

        let check = try run(["stats", "--db", db, "--json"])
        #expect(check.status == 0, "\(check.stderr)")
        let stats = try json(check.stdout)
        #expect(stats["sessions"] as? Int == 2)
        #expect(stats["touches"] as? Int == 318)
        #expect(try sqlite(db, "PRAGMA integrity_check") == "ok")
        #expect(try sqlite(db, "SELECT COUNT(*) FROM imports") == "1")

        let rerun = try run(["ingest", "--db", db, big])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let after = try json(try run(["stats", "--db", db, "--json"]).stdout)
        #expect(after["sessions"] as? Int == 202)
        #expect(after["touches"] as? Int == 318 + samples)
        #expect(after["pointers"] as? Int == 14 + 200 * 100)
        #expect(try sqlite(db, "PRAGMA integrity_check") == "ok")
    }

    @Test(
        "kill -9 at seeded random points of a multi-file ingest: after every kill the store is intact and each file is all or nothing"
    )
    func killedAtRandomPoints() throws {
        let dir = try scratch()
        let db = dir.appendingPathComponent("kills.sqlite").path
        let files = try (0..<5).map { k -> (path: String, samples: Int) in
            let path = dir.appendingPathComponent("part-\(k).jsonl").path
            return (path, try bigFile(at: path, sessions: 20, strokesPerSession: 50, prefix: "part\(k)"))
        }
        // Seeded, so a failure can be replayed: SplitMix64 of 16.
        var random = SeededRandom(seed: 16)
        func nextDelay() -> useconds_t {
            useconds_t(10_000 + random.next() % 700_000) // 10 ms … 0.71 s
        }
        // Five kills that land mid-ingest, however fast the machine: a round
        // that finishes before its kill does not count, and a store that
        // holds everything is started afresh.
        var kills = 0
        for _ in 0..<20 where kills < 5 {
            if (try? sqlite(db, "SELECT COUNT(*) FROM imports")) == "5" {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: db + suffix) }
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: gesturetune)
            process.arguments = ["ingest", "--db", db] + files.map(\.path)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(nextDelay())
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                kills += 1
            }
            process.waitUntilExit()
            try checkAllOrNothing(db, files: files)
        }
        #expect(kills == 5, "the ingest kept finishing before its kill; make the files larger")

        let rerun = try run(["ingest", "--db", db] + files.map(\.path))
        #expect(rerun.status == 0, "\(rerun.stderr)")
        try checkAllOrNothing(db, files: files)
        #expect(try sqlite(db, "SELECT COUNT(*) FROM imports") == "5")
        #expect(try sqlite(db, "SELECT COUNT(*) FROM touch_samples") == String(files.map(\.samples).reduce(0, +)))
    }

    /// SQLite's integrity check, then per file: all its sessions and samples
    /// with its import row, or nothing of it; no import left pending.
    private func checkAllOrNothing(_ db: String, files: [(path: String, samples: Int)]) throws {
        guard FileManager.default.fileExists(atPath: db) else { return } // killed before the store existed
        #expect(try sqlite(db, "PRAGMA integrity_check") == "ok")
        #expect(try sqlite(db, "SELECT COUNT(*) FROM imports WHERE sha256 LIKE 'pending:%'") == "0")
        #expect(
            try sqlite(
                db,
                """
                SELECT COUNT(*) FROM sessions s WHERE touch_count != (SELECT COUNT(*) FROM touch_samples WHERE session = s.id)
                """) == "0")
        for (k, file) in files.enumerated() {
            let imported = try sqlite(db, "SELECT COUNT(*) FROM imports WHERE file_name = '\(file.path)'")
            let sessions = try sqlite(db, "SELECT COUNT(*) FROM sessions WHERE name LIKE 'part\(k)-%'")
            let samples = try sqlite(
                db,
                """
                SELECT COUNT(*) FROM touch_samples WHERE session IN (SELECT id FROM sessions WHERE name LIKE 'part\(k)-%')
                """)
            if imported == "1" {
                #expect(sessions == "20" && samples == String(file.samples), "part \(k) is partly stored")
            } else {
                #expect(imported == "0" && sessions == "0" && samples == "0", "part \(k) left traces without its import")
            }
        }
    }

    /// Asks the store (opened afresh, as a new process would) about the file.
    private func sqlite(_ db: String, _ sql: String) throws -> String {
        let store = try TraceStore(path: db)
        return try store.read { db in try String.fetchAll(db, sql: sql).joined(separator: "\n") }
    }
}
