import Foundation
import Testing

// MARK: - Stores with ordinary permissions, and stores another process holds

/// A store handed around read-only, read by a user who may not write it
/// or its directory; and a store another writer holds while `ingest` wants it.
@Suite("the store: read-only for other users, busy with another writer", .serialized)
struct StoreAccessEndToEndTests {
    /// `chmod 444` in a directory the reader cannot write, read by a user
    /// who is not root: `stats` and `simulate` work (they failed with
    /// "attempt to write a readonly database"), and leave nothing behind,
    /// also where the directory is writable (readers left `-wal`/`-shm`
    /// files owned by themselves).
    @Test func aStoreAnotherUserCannotWriteIsReadAndNothingIsLeftBehind() throws {
        guard geteuid() == 0 else { return } // another user needs root to become
        let dir = try scratch()
        let db = dir.appendingPathComponent("study.sqlite").path
        #expect(try run(["ingest", "--db", db, flutterFixture]).status == 0)
        let owner = try run(["stats", "--db", db, "--json"])
        #expect(owner.status == 0)
        let afterOwner = try listing(dir)
        #expect(afterOwner == ["study.sqlite"], "the owner's stats left files: \(afterOwner)")

        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: db)
        for directoryMode in [0o755, 0o777] {
            try FileManager.default.setAttributes([.posixPermissions: directoryMode], ofItemAtPath: dir.path)
            let stats = try runAsNobody(["stats", "--db", db, "--json"])
            #expect(stats.status == 0, "directory \(String(directoryMode, radix: 8)): \(stats.stderr)")
            #expect(stats.stdout == owner.stdout)
            let simulate = try runAsNobody(["simulate", "--db", db, "--json"])
            #expect(simulate.status == 0, "\(simulate.stderr)")
            let afterReaders = try listing(dir)
            #expect(
                afterReaders == ["study.sqlite"],
                "directory \(String(directoryMode, radix: 8)): files left behind: \(afterReaders)")
        }
        // Writing stays refused, saying which commands still work.
        let ingest = try runAsNobody(["ingest", "--db", db, flutterFixture])
        #expect(ingest.status == 1)
        #expect(ingest.stderr.contains("the store cannot be written"), "\(ingest.stderr)")
        #expect(try listing(dir) == ["study.sqlite"])
    }

    /// `sqlite3` holding a write transaction: `ingest` says it waits and
    /// for whom, then gives up in one line naming the file, the store, the
    /// holder and what to do; the store is unchanged, and the same ingest
    /// succeeds once the holder is done.
    @Test func aStoreHeldByAnotherWriterIsWaitedForThenNamed() throws {
        let dir = try scratch()
        let db = dir.appendingPathComponent("lab.sqlite").path
        #expect(try run(["ingest", "--db", db, flutterFixture]).status == 0)
        let before = try run(["stats", "--db", db, "--json"]).stdout
        let session = dir.appendingPathComponent("session.jsonl").path
        try RecordServer.session("busy-1", user: "P01", taps: 2).write(toFile: session, atomically: true, encoding: .utf8)

        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        holder.arguments = [db]
        let commands = Pipe(), answers = Pipe()
        holder.standardInput = commands
        holder.standardOutput = answers
        try holder.run()
        commands.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\nSELECT 'held';\n".utf8))
        var said = Data()
        while !said.contains(Data("held".utf8)) {
            let chunk = answers.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += chunk
        }

        let started = Date()
        let busy = try run(["ingest", "--db", db, "--lock-wait", "1", session])
        let waited = Date().timeIntervalSince(started)
        #expect(busy.status == 1)
        #expect(waited >= 0.9 && waited < 8, "gave up after \(waited) s")
        let lines = busy.stderr.split(separator: "\n").map(String.init)
        let who = "process \(holder.processIdentifier) (sqlite3)"
        #expect(lines.first == "gesturetune ingest: \(db): held by \(who); waiting up to 1 s for it to finish", "\(lines)")
        #expect(
            lines.last
                == "gesturetune ingest: \(session): not imported: \(db) is busy: \(who) holds its write lock and did not "
                + "let go within 1 s; the store is unchanged: run the command again once it has finished, or end it",
            "\(lines)")
        #expect(lines.count == 2, "\(lines)")

        try commands.fileHandleForWriting.close() // sqlite3 rolls back and exits
        holder.waitUntilExit()
        #expect(try run(["stats", "--db", db, "--json"]).stdout == before)
        #expect(try run(["ingest", "--db", db, session]).status == 0)
    }

    private func listing(_ dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    }

    /// gesturetune as `nobody` (the test runs as root).
    private func runAsNobody(_ arguments: [String]) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
        process.arguments = ["-u", "nobody", "--", gesturetune] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        try process.run()
        nonisolated(unsafe) var errData = Data()
        let reader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        return RunResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
