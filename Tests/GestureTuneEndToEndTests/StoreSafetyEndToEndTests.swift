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
            try db.execute(sql: "CREATE TABLE imports (id INTEGER PRIMARY KEY, invoice TEXT); INSERT INTO imports (invoice) VALUES ('2026-001')")
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
}
