import Foundation
import GRDB
import Testing

// MARK: - Files the commands must not damage, and processes that race

@Suite("gesturetune and files that are not (yet) its stores")
struct StoreSafetyEndToEndTests {
    @Test("stats, ingest and simulate on another application's database exit 1 and leave it byte for byte")
    func foreignDatabase() throws {
        let dir = try scratch()
        let path = dir.appendingPathComponent("other-app.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql:
                    "CREATE TABLE imports (id INTEGER PRIMARY KEY, invoice TEXT); INSERT INTO imports (invoice) VALUES ('2026-001')"
            )
        }
        try queue.close()
        let before = FileManager.default.contents(atPath: path)
        for arguments in [["stats", "--db", path], ["ingest", "--db", path, flutterFixture], ["simulate", "--db", path]] {
            let result = try run(arguments)
            #expect(result.status == 1, "\(arguments[0])")
            #expect(result.stderr.contains("\(path): not a gesturetune store"), "\(arguments[0]): \(result.stderr)")
        }
        #expect(FileManager.default.contents(atPath: path) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["other-app.sqlite"])
    }

    @Test("processes creating the same fresh store at once all succeed, and every file is stored once")
    func concurrentCreation() throws {
        let dir = try scratch()
        let copies = try (0..<3).map { k -> String in
            // Different bytes (a comment line would not parse: a trailing blank line does), different imports.
            let path = dir.appendingPathComponent("copy-\(k).jsonl").path
            let text = try String(contentsOfFile: flutterFixture, encoding: .utf8) + String(repeating: "\n", count: k + 1)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        for round in 0..<4 {
            let db = dir.appendingPathComponent("fresh-\(round).sqlite").path
            let processes = try copies.map { file -> Process in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: gesturetune)
                process.arguments = ["ingest", "--db", db, file]
                let err = Pipe()
                process.standardOutput = FileHandle.nullDevice
                process.standardError = err
                try process.run()
                return process
            }
            for process in processes {
                process.waitUntilExit()
                let stderr = (process.standardError as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data()
                #expect(process.terminationStatus == 0, "round \(round): \(String(decoding: stderr, as: UTF8.self))")
            }
            let stats = try json(try run(["stats", "--db", db, "--json"]).stdout)
            #expect(stats["imports"] as? Int == 3, "round \(round)")
        }
    }

    @Test("a full disk: ingest names the input and leaves the store as it was; synth leaves no file (as root, on a 1 MiB tmpfs)")
    func fullDisk() throws {
        guard geteuid() == 0 else { return } // mounting needs root; nothing else can fill a disk safely
        let dir = try scratch()
        let small = dir.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
        guard system("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", small.path]) else { return } // no CAP_SYS_ADMIN
        defer { _ = system("/usr/bin/umount", [small.path]) }

        let big = dir.appendingPathComponent("big.jsonl").path
        #expect(try run(["synth", "--users", "8", "--sessions", "2", "--out", big]).status == 0)
        let synth = try run([
            "synth", "--users", "8", "--sessions", "2", "--out", small.appendingPathComponent("corpus.jsonl").path
        ])
        #expect(synth.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: small.path) == [], "no 0-byte or partial file")

        let db = small.appendingPathComponent("store.sqlite").path
        #expect(try run(["ingest", "--db", db, flutterFixture]).status == 0)
        let before = try run(["stats", "--db", db, "--json"]).stdout
        // Leave 64 KiB free: far less than the big file's samples need.
        let free = try #require(try FileManager.default.attributesOfFileSystem(forPath: small.path)[.systemFreeSize] as? Int)
        try Data(count: max(free - 65_536, 0)).write(to: small.appendingPathComponent("filler"))
        let full = try run(["ingest", "--db", db, big])
        #expect(full.status == 1)
        #expect(full.stderr.contains("\(big): not stored, the store is unchanged: database or disk is full"), "\(full.stderr)")
        #expect(try run(["stats", "--db", db, "--json"]).stdout == before)
    }

    /// Runs a system command; whether it succeeded.
    private func system(_ command: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
