import Foundation
import GestureTuneTestSupport
import Testing
import TraceStore
import TraceStoreInterface

// MARK: - Evaluations on a real Ray cluster

/// `--ray local` against this process's threads: the same answers to the
/// last bit. A real Ray head on 127.0.0.1 (pinned `ray` from PyPI, usage
/// statistics off), started by the run itself; `make test` installs Ray
/// and sets `GESTURETUNE_TEST_RAY` (scripts/ensure-ray.sh), so CI runs
/// these. Without it the suite is skipped, saying so.
@Suite(
    "gesturetune --ray, end to end", .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["GESTURETUNE_TEST_RAY"] != nil, "set GESTURETUNE_TEST_RAY (make test does)"))
struct RayEndToEndTests {
    /// Five people of the committed corpus, half of them held out: a split
    /// by user with people on both sides, small enough for a debug build.
    private static func store() throws -> (dir: URL, db: String) {
        let dir = try scratch()
        let db = dir.appendingPathComponent("ray.sqlite").path
        let ingest = try run(["ingest", "--db", db, TestPaths.inPackage("datasets/epilogue/epilogue-u00-u04.jsonl").path])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        return (dir, db)
    }

    @Test("evaluate --serve: 50 parameter sets answered the same here and on 4 Ray shards")
    func evaluateServe() async throws {
        let (_, db) = try Self.store()
        let space = try #require(
            try JSONSerialization.jsonObject(
                with: Data(run(["evaluate", "--db", db, "--print-space", "--json"] + Self.split).stdout.utf8))
                as? [[String: Any]])
        var random = SeededRandom(seed: 50)
        var lines: [String] = []
        for k in 0..<50 {
            var params: [String: Double] = [:]
            for p in space.prefix(6) {
                let name = try #require(p["name"] as? String)
                let low = try #require(p["lowerBound"] as? Double), high = try #require(p["upperBound"] as? Double)
                params[name] = low + (high - low) * random.uniform()
            }
            let object: [String: Any] = ["params": params, "split": k % 5 == 4 ? "holdout" : "train"]
            lines.append(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        }
        let requests = lines.joined(separator: "\n") + "\n"
        let here = try run(["evaluate", "--db", db, "--serve"] + Self.split, stdin: requests)
        let ray = try run(["evaluate", "--db", db, "--serve", "--ray", "local", "--shards", "4"] + Self.split, stdin: requests)
        #expect(here.status == 0, "\(here.stderr)")
        #expect(ray.status == 0, "\(ray.stderr)")
        let answers = here.stdout.split(separator: "\n")
        #expect(answers.count == 50 && !answers.contains { $0.contains("\"error\"") })
        #expect(ray.stdout == here.stdout, "every answer byte for byte")
    }

    static let split = ["--holdout-fraction", "0.5"]

    /// result.json without what differs between any two runs: times, the
    /// command line, where the store was.
    private static func comparable(_ directory: URL) throws -> [String: Any] {
        var result = try json(
            String(decoding: try Data(contentsOf: directory.appendingPathComponent("result.json")), as: UTF8.self))
        result.removeValue(forKey: "seconds")
        result.removeValue(forKey: "phaseSeconds")
        result.removeValue(forKey: "run")
        return result
    }

    @Test("optimize --seed 1: the same result here, on 1 shard, and on 4 shards with a worker killed (kill -9) mid-run")
    func optimizeOnRay() async throws {
        let (dir, db) = try Self.store()
        let common =
            ["optimize", "--db", db, "--seed", "1", "--max-evals", "16", "--sensitivity-points", "2", "--no-pareto"] + Self.split
        let here = try run(common + ["--out", dir.appendingPathComponent("here").path])
        #expect(here.status == 0, "\(here.stderr)")
        let one = try run(common + ["--out", dir.appendingPathComponent("one").path, "--ray", "local", "--shards", "1"])
        #expect(one.status == 0, "\(one.stderr)")

        // Without --verbose, none of Ray's own chatter.
        #expect(!one.stderr.contains("pid=") && !one.stderr.contains("ray-bridge"), "\(one.stderr)")

        // Four shards; once the workers answer, one of them is killed.
        let mark = UUID().uuidString
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gesturetune)
        process.arguments =
            common + ["--out", dir.appendingPathComponent("four").path, "--ray", "local", "--shards", "4", "--verbose"]
        process.environment = ProcessInfo.processInfo.environment.merging([Self.markName: mark]) { $1 }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        nonisolated(unsafe) var errData = Data()
        let reader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        try process.run()
        var killed: Int32?
        let giveUp = Date().addingTimeInterval(300)
        while process.isRunning, killed == nil, Date() < giveUp {
            usleep(500_000)
            // A worker at work: its CPU time shows it has loaded its shard and
            // replays. A fixed share of the whole run would not do: a quarter
            // of this small store costs a worker about 1 s of CPU over the
            // whole run on a fast machine, so a threshold near that may never
            // be passed; 0.3 s is passed early, with most requests to come.
            if let pid = Self.worker(shard: "3/4", db: db), Self.cpuSeconds(pid) > 0.3 {
                kill(pid, SIGKILL)
                killed = pid
            }
        }
        process.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        let stderr = String(decoding: errData, as: UTF8.self)
        #expect(killed != nil, "a worker was found and killed mid-run")
        #expect(process.terminationStatus == 0, "\(stderr)")
        #expect(stderr.contains("died; starting it again"), "the bridge restarted the killed worker: \(stderr)")
        #expect(Self.processes(marked: mark).isEmpty, "no process of the run is left")

        let reference = try Self.comparable(dir.appendingPathComponent("here"))
        #expect(NSDictionary(dictionary: try Self.comparable(dir.appendingPathComponent("one"))).isEqual(to: reference))
        #expect(NSDictionary(dictionary: try Self.comparable(dir.appendingPathComponent("four"))).isEqual(to: reference))
    }

    /// Issue 37: `kill -9` of the bridge 10 s into a run let `optimize`
    /// exit 0 with every evaluation `inf`, store that run and leave Ray's
    /// processes behind. Now the bridge or the local head lost stops the
    /// run: exit 1, one line, no run stored, no report, nothing left.
    @Test(
        "a killed bridge or Ray head stops optimize: exit 1, one line, nothing stored or written, no process left",
        arguments: ["bridge", "head"])
    func aLostBridgeOrHeadStopsTheRun(victim: String) async throws {
        let (dir, db) = try Self.store()
        let out = dir.appendingPathComponent("out")
        let mark = UUID().uuidString
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gesturetune)
        process.arguments =
            ["optimize", "--db", db, "--seed", "1", "--max-evals", "400", "--no-pareto", "--out", out.path]
            + Self.split + ["--ray", "local", "--shards", "2"]
        process.environment = ProcessInfo.processInfo.environment.merging([Self.markName: mark]) { $1 }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        nonisolated(unsafe) var errData = Data()
        let reader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        try process.run()
        var killed: Int32?
        let giveUp = Date().addingTimeInterval(300)
        while process.isRunning, killed == nil, Date() < giveUp {
            usleep(500_000)
            // Once a worker is at work, as in the worker's case.
            guard let worker = Self.worker(shard: "2/2", db: db), Self.cpuSeconds(worker) > 0.3 else { continue }
            let target = Self.processes(marked: mark).first { pid in
                let arguments = Self.arguments(pid)
                return victim == "bridge"
                    ? arguments.contains { $0.hasSuffix(".py") && $0.contains("gesturetune-ray-") }
                    : (arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } == "gcs_server")
            }
            if let target {
                kill(target, SIGKILL)
                killed = target
            }
        }
        let exitBy = Date().addingTimeInterval(120)
        while process.isRunning, Date() < exitBy { usleep(100_000) }
        #expect(!process.isRunning, "optimize ended within 2 minutes of the kill")
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        let stderr = String(decoding: errData, as: UTF8.self)
        #expect(killed != nil, "the \(victim) was found and killed mid-run")
        #expect(process.terminationStatus == 1, "\(stderr)")
        let lines = stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(stderr)")
        #expect(stderr.hasPrefix("gesturetune optimize: the run on Ray stopped: "), "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("result.json").path))
        #expect(try await TraceStore(path: db, access: .readOnly).latestRun() == nil, "no run stored")
        usleep(500_000)
        let left = Self.processes(marked: mark)
        #expect(left.isEmpty, "no process of the run is left: \(left.map { "\($0) \(Self.arguments($0).prefix(3))" })")
    }

    /// The variable a test puts in a run's environment: every process the
    /// run starts inherits it, which is how the test finds them all.
    static let markName = "GESTURETUNE_TEST_MARK"

    /// The processes whose environment holds `mark` (the run's, and only them).
    private static func processes(marked mark: String) -> [Int32] {
        let wanted = Array("\(markName)=\(mark)".utf8)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name -> Int32? in
            guard let pid = Int32(name), pid != getpid(),
                let environment = FileManager.default.contents(atPath: "/proc/\(name)/environ"),
                environment.split(separator: 0).contains(where: { $0.elementsEqual(wanted) })
            else { return nil }
            // A zombie has ended: only its parent's wait is missing.
            let stat = (try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8)) ?? ""
            let state = stat.split(separator: ")").last?.split(separator: " ").first
            return state == "Z" ? nil : pid
        }
    }

    private static func arguments(_ pid: Int32) -> [String] {
        let raw = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
        return raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("--ray with a Python that has no Ray, or an unreachable cluster: one line, exit 1")
    func unreachable() async throws {
        let (_, db) = try Self.store()
        let bad = try run(
            ["evaluate", "--db", db, "--serve", "--ray", "127.0.0.1:1", "--shards", "2"], stdin: "{}\n")
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("gesturetune evaluate: the Ray"), "\(bad.stderr)")

        // A Python without Ray (the real one, without its site packages),
        // with a `ray` folder beside the bridge's file, as an earlier Ray
        // run leaves `/tmp/ray`: the folder must not pass for the package.
        let folder = try scratch()
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let python = try #require(
            searchPath.split(separator: ":").map { "\($0)/python3" }.first(where: FileManager.default.isExecutableFile))
        let wrapper = folder.appendingPathComponent("python3")
        try Data("#!/bin/sh\nexec \(python) -S \"$@\"\n".utf8).write(to: wrapper)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        try FileManager.default.createDirectory(
            at: FileManager.default.temporaryDirectory.appendingPathComponent("ray"), withIntermediateDirectories: true)
        let path = folder.path + ":" + searchPath
        let noRay = try run(
            ["evaluate", "--db", db, "--serve", "--ray", "local", "--shards", "1"], stdin: "{}\n",
            environment: ["PATH": path])
        #expect(noRay.status == 1)
        #expect(noRay.stderr.contains("No module named 'ray'"), "\(noRay.stderr)")
        #expect(noRay.stderr.split(separator: "\n").count == 1, "one line: \(noRay.stderr)")
    }

    /// The pid of the worker process serving `shard` of the store `db`.
    private static func worker(shard: String, db: String) -> Int32? {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for name in processes {
            guard let pid = Int32(name),
                let raw = FileManager.default.contents(atPath: "/proc/\(name)/cmdline")
            else { continue }
            let arguments = raw.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if arguments.contains("--serve"), arguments.contains(shard), arguments.contains(db) { return pid }
        }
        return nil
    }

    /// User + system CPU seconds of a process (from /proc/PID/stat).
    private static func cpuSeconds(_ pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command: state is field 3; utime and stime are fields 14 and 15.
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
