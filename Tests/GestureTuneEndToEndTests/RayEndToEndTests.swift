import Foundation
import GestureTuneTestSupport
import Testing

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
    func evaluateServe() throws {
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
    func optimizeOnRay() throws {
        let (dir, db) = try Self.store()
        let common =
            ["optimize", "--db", db, "--seed", "1", "--max-evals", "16", "--sensitivity-points", "2", "--no-pareto"] + Self.split
        let here = try run(common + ["--out", dir.appendingPathComponent("here").path])
        #expect(here.status == 0, "\(here.stderr)")
        let one = try run(common + ["--out", dir.appendingPathComponent("one").path, "--ray", "local", "--shards", "1"])
        #expect(one.status == 0, "\(one.stderr)")

        // Four shards; once the workers answer, one of them is killed.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gesturetune)
        process.arguments = common + ["--out", dir.appendingPathComponent("four").path, "--ray", "local", "--shards", "4"]
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

        let reference = try Self.comparable(dir.appendingPathComponent("here"))
        #expect(NSDictionary(dictionary: try Self.comparable(dir.appendingPathComponent("one"))).isEqual(to: reference))
        #expect(NSDictionary(dictionary: try Self.comparable(dir.appendingPathComponent("four"))).isEqual(to: reference))
    }

    @Test("--ray with a Python that has no Ray, or an unreachable cluster: one line, exit 1")
    func unreachable() throws {
        let (_, db) = try Self.store()
        let bad = try run(
            ["evaluate", "--db", db, "--serve", "--ray", "127.0.0.1:1", "--shards", "2"], stdin: "{}\n")
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("gesturetune evaluate: the Ray"), "\(bad.stderr)")
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
