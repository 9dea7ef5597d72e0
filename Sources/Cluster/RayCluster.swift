import Foundation
import Simulation

// MARK: - Evaluations fanned out on Ray

/// Replays on a Ray cluster: one actor per shard of the corpus keeps a warm
/// `gesturetune evaluate --serve --shard K/N` worker; each request is sent
/// to every shard and their partial tallies come back merged in shard
/// order — bit for bit the tally of one local replay (`Tally` sums are
/// exact), so the search, the budgets and the reports above it cannot tell
/// where it ran.
///
/// Ray is reached through a small Python bridge (`Resources/ray-bridge.py`,
/// embedded in the binary and written to a temporary file when a cluster
/// starts): Ray's client API is Python, and one long-lived bridge process
/// keeps its startup (seconds) out of every evaluation. The bridge speaks
/// one line per request (its id, a tab, the request's JSON) and one JSON
/// line per reply over pipes.
///
/// **No result without its evaluations.** A worker that dies is started
/// again by the bridge and its request asked again (an evaluation is a pure
/// function); anything beyond that — the bridge gone, the local head gone,
/// a shard failing past its retries — is the cluster's ``failure``: every
/// later request fails at once, and the command stops the run with that one
/// line instead of storing a search whose evaluations never happened.
/// Everything the run started (the bridge, a local head, the workers)
/// carries a token in its environment and is ended when the cluster closes
/// or fails, and by the bridge when the coordinator dies.
///
/// ```swift
/// let cluster = try RayCluster(address: "local", shards: 4, worker: workerArguments)
/// let objective = try TuningObjective(data: data, space: space, remote: cluster)
/// ```
package final class RayCluster: RemoteReplay, @unchecked Sendable {
    package let shards: Int
    /// The worker processes' ids as the bridge started them (for tests that
    /// kill one).
    package private(set) var workerPIDs: [Int32] = []
    /// What each worker said when its shard was loaded (its sessions).
    package private(set) var workersReady: [ShardReady] = []

    private let process = Process()
    private let input: FileHandle
    private let output: FileHandle
    private let condition = NSCondition()
    private var replies: [Int: Data] = [:]
    private var readyLine: Data?
    private var ended: String?
    private var nextID = 0
    private let bridgeFile: URL
    /// A local head's own folder (its logs and sockets), removed on close.
    private let rayFolder: URL
    /// The bridge's standard error without `verbose`: Ray's own chatter,
    /// read only for the last words of a bridge that did not start.
    private let bridgeLog: URL?
    /// This run's token: in the environment of every process it starts.
    private let token = UUID().uuidString
    private var firstFailure: ClusterError?

    /// Why the run cannot go on, once something beyond a retry failed.
    package var failure: ClusterError? {
        condition.lock()
        defer { condition.unlock() }
        return firstFailure
    }

    /// What a worker prints once its shard is loaded.
    package struct ShardReady: Sendable, Codable, Hashable {
        package var shard: Int
        package var shards: Int
        /// Sessions in the store the worker read (every worker must read the
        /// same store as the coordinator).
        package var sessions: Int
        /// Sessions of its shard per side of the split.
        package var train: Int
        package var holdout: Int

        package init(shard: Int, shards: Int, sessions: Int, train: Int, holdout: Int) {
            self.shard = shard
            self.shards = shards
            self.sessions = sessions
            self.train = train
            self.holdout = holdout
        }
    }

    /// Starts the bridge and waits until every shard is loaded.
    ///
    /// - Parameters:
    ///   - address: `local` (a Ray head on 127.0.0.1 for this run, usage
    ///     statistics off) or the address of a running cluster.
    ///   - shards: how many shards the corpus is split into, one worker each.
    ///   - worker: the worker's command line without `--shard`
    ///     (`[gesturetune, evaluate, --serve, --db, …]`).
    ///   - python: the Python that has Ray (`python3` on the `PATH`).
    ///   - deadline: seconds to wait for Ray and the shards to load.
    ///   - verbose: Ray's own messages (its notices, the workers' output
    ///     prefixed `(Shard pid=…)`, the bridge's restarts) on standard
    ///     error; without it they are kept off it.
    package init(
        address: String, shards: Int, worker: [String], python: String = "python3", deadline: Double = 300,
        verbose: Bool = false
    ) throws {
        guard shards >= 1 else { throw ClusterError("--shards must be at least 1") }
        self.shards = shards
        let name = "gesturetune-ray-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        bridgeFile = FileManager.default.temporaryDirectory.appendingPathComponent(name + ".py")
        // Short and under /tmp: Ray's socket paths must fit in 107 bytes.
        rayFolder = URL(fileURLWithPath: "/tmp/gtray-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))")
        bridgeLog = verbose ? nil : FileManager.default.temporaryDirectory.appendingPathComponent(name + ".log")
        try Data(PackageResources.ray_bridge_py).write(to: bridgeFile)
        let stdin = Pipe(), stdout = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [python, bridgeFile.path, "--address", address, "--shards", String(shards), "--temp-dir", rayFolder.path]
            + (verbose ? ["--verbose"] : []) + ["--"] + worker
        var environment = ProcessInfo.processInfo.environment
        environment["RAY_USAGE_STATS_ENABLED"] = "0"
        environment["GESTURETUNE_RAY_RUN"] = token
        process.environment = environment
        process.standardInput = stdin
        process.standardOutput = stdout
        if let bridgeLog {
            FileManager.default.createFile(atPath: bridgeLog.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: bridgeLog)
        } else {
            process.standardError = FileHandle.standardError
        }
        input = stdin.fileHandleForWriting
        output = stdout.fileHandleForReading
        process.terminationHandler = { [weak self] bridge in self?.bridgeExited(bridge) }
        // A request written to a bridge that died is an error to report, not SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        do { try process.run() } catch {
            removeFiles()
            throw ClusterError("cannot start \(python) for the Ray bridge (\(error.localizedDescription))")
        }
        // The reader holds the cluster until the bridge's output ends: call
        // close() when done (the CLI does, on every path).
        let reader = Thread { self.readReplies() }
        reader.start()
        let ready = try waitForReadyLine(deadline: deadline)
        struct Ready: Decodable {
            var ready: [ShardReady]?
            var pids: [Int32]?
            var error: String?
        }
        let parsed = try? JSONDecoder().decode(Ready.self, from: ready)
        guard let parsed, parsed.error == nil, let workers = parsed.ready, let pids = parsed.pids else {
            close()
            throw ClusterError(
                "the Ray workers did not start: \(parsed?.error ?? String(decoding: ready, as: UTF8.self))")
        }
        workersReady = workers
        workerPIDs = pids
    }

    /// Ends the bridge (and a local Ray head with it), then every process
    /// of the run still running, whatever became of the bridge.
    package func close() {
        condition.lock()
        let running = process.isRunning
        condition.unlock()
        if running {
            try? input.close()
            let giveUp = Date().addingTimeInterval(20)
            while process.isRunning, Date() < giveUp { usleep(50_000) }
            if process.isRunning { process.terminate() }
        }
        endRunProcesses()
        removeFiles()
    }

    /// Stops the run at its first failure: the bridge and every process of
    /// the run are ended at once, and every later request fails.
    private func fail(_ error: ClusterError) -> ClusterError {
        condition.lock()
        let first = firstFailure == nil
        if first { firstFailure = error }
        let failure = firstFailure!
        condition.unlock()
        if first {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            endRunProcesses()
        }
        return failure
    }

    /// SIGKILL to every process that carries this run's token (found in
    /// `/proc/PID/environ`): the bridge, a local head's processes, the
    /// actors and their workers. A head whose bridge was killed would
    /// otherwise stay, listening on loopback.
    private func endRunProcesses() {
        // The bridge leads a process group of its own (Process starts it
        // so), and what Ray starts below it stays in that group even once
        // orphaned: the raylet's agents (DashboardAgent, RuntimeEnvAgent)
        // do not carry the token, and outlived a killed bridge or head.
        let bridge = process.processIdentifier
        if bridge > 0 { kill(-bridge, SIGKILL) }
        let marker = Array("GESTURETUNE_RAY_RUN=\(token)".utf8)
        // Pass after pass until one finds none left (3 s at most): a raylet
        // killed mid-start may have forked its agents (DashboardAgent,
        // RuntimeEnvAgent) just before, and they show up after a pass.
        for _ in 0..<30 {
            var found = false
            let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            for name in names {
                guard let pid = Int32(name), pid != getpid(),
                    let environment = FileManager.default.contents(atPath: "/proc/\(name)/environ"),
                    environment.split(separator: 0).contains(where: { $0.elementsEqual(marker) }),
                    !Self.hasEnded(pid)
                else { continue }
                kill(pid, SIGKILL)
                found = true
            }
            if !found { return }
            usleep(100_000)
        }
    }

    /// Whether `pid` has ended and waits only for its parent to reap it (a
    /// zombie: `Z` in `/proc/PID/stat`), or is gone.
    private static func hasEnded(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    /// The last line the bridge wrote to its log (a Python without Ray:
    /// `ModuleNotFoundError: No module named 'ray'`).
    private var lastWords: String? {
        guard let bridgeLog, let text = try? String(contentsOf: bridgeLog, encoding: .utf8) else { return nil }
        return text.split(whereSeparator: \.isNewline).last.map { String($0.prefix(300)) }
    }

    private func removeFiles() {
        try? FileManager.default.removeItem(at: bridgeFile)
        if let bridgeLog { try? FileManager.default.removeItem(at: bridgeLog) }
        try? FileManager.default.removeItem(at: rayFolder)
    }

    // MARK: - Requests

    package func tally(_ request: ReplayRequest) throws -> Tally {
        do {
            return try ask(request)
        } catch let error as ClusterError {
            throw fail(error)
        } catch {
            throw fail(ClusterError("\(error)"))
        }
    }

    private func ask(_ request: ReplayRequest) throws -> Tally {
        let body = try Tally.wireEncoder().encode(request)
        condition.lock()
        if let firstFailure {
            condition.unlock()
            throw firstFailure
        }
        if let ended {
            condition.unlock()
            throw ClusterError("the Ray bridge ended: \(ended)")
        }
        let id = nextID
        nextID += 1
        // `ID<tab>request`: the bridge passes the request's bytes on as they
        // are, without decoding and encoding them again.
        var line = Data("\(id)\t".utf8)
        line.append(body)
        line.append(contentsOf: Array("\n".utf8))
        do { try input.write(contentsOf: line) } catch {
            condition.unlock()
            throw ClusterError("the Ray bridge stopped reading (\(error.localizedDescription))")
        }
        while replies[id] == nil, ended == nil { condition.wait() }
        let reply = replies.removeValue(forKey: id)
        let failure = ended
        condition.unlock()
        guard let reply else { throw ClusterError("the Ray bridge ended: \(failure ?? "no reply")") }
        let decoded: BridgeReply
        do { decoded = try Tally.wireDecoder().decode(BridgeReply.self, from: reply) } catch {
            throw ClusterError("an unreadable reply from the Ray bridge (\(error))")
        }
        if let error = decoded.error { throw ClusterError("a shard failed: \(error)") }
        guard let parts = decoded.parts, parts.count == shards else {
            throw ClusterError("\(decoded.parts?.count ?? 0) shards answered of \(shards)")
        }
        let tallies = try parts.enumerated().map { k, part -> Tally in
            switch part {
            case .tally(let tally): return tally
            case .failure(let message): throw ClusterError("shard \(k + 1)/\(shards): \(message)")
            }
        }
        return Tally(merging: tallies, budgetCount: request.options.budgets.count)
    }

    /// `{"id": n, "parts": [...]}` or `{"id": n, "error": "..."}`.
    private struct BridgeReply: Decodable {
        var id: Int
        var parts: [WorkerReply]?
        var error: String?
    }

    /// A worker answers a tally, or `{"error": "..."}`.
    private enum WorkerReply: Decodable {
        case tally(Tally)
        case failure(String)

        private enum Keys: String, CodingKey { case error }

        init(from decoder: any Decoder) throws {
            if let error = try? decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .error) {
                self = .failure(error)
            } else {
                self = .tally(try Tally(from: decoder))
            }
        }
    }

    // MARK: - The bridge's output

    private func waitForReadyLine(deadline seconds: Double) throws -> Data {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        while readyLine == nil, ended == nil, condition.wait(until: deadline) {}
        let line = readyLine, why = ended ?? "not ready after \(Int(seconds)) s"
        condition.unlock()
        if let line { return line }
        let message = "the Ray cluster did not start: \(why)\(lastWords.map { ": \($0)" } ?? "")"
        close()
        throw ClusterError(message)
    }

    /// Reads reply lines until the bridge closes its output: the first is
    /// the ready line, the others carry their request's id.
    private func readReplies() {
        // Raw reads into one buffer, scanned once each: a reply is a line of
        // hundreds of kilobytes, and rescanning a growing `Data` for its end
        // cost more than the replay it carries.
        let fd = output.fileDescriptor
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var line: [UInt8] = []
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            chunk.withUnsafeBufferPointer { bytes in
                var start = 0
                for i in 0..<count where bytes[i] == UInt8(ascii: "\n") {
                    line.append(contentsOf: bytes[start..<i])
                    deliver(Data(line))
                    line.removeAll(keepingCapacity: true)
                    start = i + 1
                }
                line.append(contentsOf: bytes[start..<count])
            }
        }
        // Its output ends as it exits: a moment to say how it ended.
        let giveUp = Date().addingTimeInterval(1)
        while process.isRunning, Date() < giveUp { usleep(10_000) }
        if !process.isRunning { return bridgeExited(process) }
        condition.lock()
        ended = ended ?? "the bridge closed its output"
        condition.broadcast()
        condition.unlock()
    }

    /// The bridge's end, seen when it happens: its output may stay open in
    /// the processes it started (a local head), so its end of file may never come.
    private func bridgeExited(_ bridge: Process) {
        let how =
            bridge.terminationReason == .uncaughtSignal
            ? "killed by signal \(bridge.terminationStatus)" : "exit status \(bridge.terminationStatus)"
        condition.lock()
        ended = ended ?? "the bridge (pid \(bridge.processIdentifier)) exited (\(how))"
        condition.broadcast()
        condition.unlock()
    }

    private func deliver(_ line: Data) {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        // `{"fatal": why}`: the bridge saw the run end (a local head gone).
        struct Fatal: Decodable { var fatal: String }
        if line.starts(with: Array("{\"fatal\"".utf8)), let fatal = try? JSONDecoder().decode(Fatal.self, from: line) {
            ended = fatal.fatal
            return
        }
        guard readyLine != nil else {
            readyLine = line
            return
        }
        // The id is the reply's first field: read it without decoding the
        // tallies twice.
        struct ID: Decodable { var id: Int }
        if let id = Self.leadingID(line) ?? (try? JSONDecoder().decode(ID.self, from: line))?.id {
            replies[id] = line
        }
    }

    /// `{"id": 12, …` → 12.
    static func leadingID(_ line: Data) -> Int? {
        let prefix = Array("{\"id\": ".utf8)
        guard line.count > prefix.count, line.prefix(prefix.count).elementsEqual(prefix) else { return nil }
        var value = 0, any = false
        for byte in line.dropFirst(prefix.count) {
            guard byte >= 48, byte <= 57 else { break }
            value = value * 10 + Int(byte - 48)
            any = true
        }
        return any ? value : nil
    }
}

/// A cluster that cannot start or answer: one line for the user.
package struct ClusterError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
