import Foundation
import Simulation
import Synchronization

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
/// one line per request (its id, a tab, the request's JSON) and one line
/// per shard's answer (the request's id, the shard, its tally's JSON) over
/// pipes; each answer is decoded as it arrives, beside the shards still
/// replaying and the other answers being decoded.
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
    /// What the requesting threads, the reader of the bridge's output and
    /// the decoders of its answers share.
    private let state = Mutex(State())
    /// Signalled once the bridge said its shards are loaded, or ended.
    private let started = DispatchSemaphore(value: 0)
    private let bridgeFile: URL
    /// A local head's own folder (its logs and sockets), removed on close.
    private let rayFolder: URL
    /// The bridge's standard error without `verbose`: Ray's own chatter,
    /// read only for the last words of a bridge that did not start.
    private let bridgeLog: URL?
    /// This run's token: in the environment of every process it starts.
    private let token = UUID().uuidString

    private struct State {
        /// The requests asked and not yet taken back, by id.
        var asked: [Int: Asked] = [:]
        var readyLine: Data?
        /// Why the bridge's output ended, once it has.
        var ended: String?
        var nextID = 0
        var firstFailure: ClusterError?
    }

    /// One request's answers, shard by shard, as they are decoded.
    private struct Asked {
        var parts: [Tally?]
        var failure: ClusterError?
        var missing: Int
        /// Signalled once, when every part is in, or the request or the bridge failed.
        let done = DispatchSemaphore(value: 0)
        var signalled = false

        init(shards: Int) {
            parts = Array(repeating: nil, count: shards)
            missing = shards
        }

        mutating func finish() {
            guard !signalled else { return }
            signalled = true
            done.signal()
        }
    }

    /// Why the run cannot go on, once something beyond a retry failed.
    package var failure: ClusterError? { state.withLock { $0.firstFailure } }

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
            // An empty file to open for writing; if it cannot be made, opening it throws.
            _ = FileManager.default.createFile(atPath: bridgeLog.path, contents: nil)
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
        if process.isRunning {
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
        let (first, failure) = state.withLock { s in
            let first = s.firstFailure == nil
            if first { s.firstFailure = error }
            return (first, s.firstFailure ?? error)
        }
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
        // `ID<tab>request`: the bridge passes the request's bytes on as they
        // are, without decoding and encoding them again.
        let body = try Tally.wireEncoder().encode(request)
        let asked = Asked(shards: shards)
        let id = try state.withLock { s throws(ClusterError) in
            if let failure = s.firstFailure { throw failure }
            if let ended = s.ended { throw ClusterError("the Ray bridge ended: \(ended)") }
            let id = s.nextID
            s.nextID += 1
            s.asked[id] = asked
            var line = Data("\(id)\t".utf8)
            line.append(body)
            line.append(UInt8(ascii: "\n"))
            do { try input.write(contentsOf: line) } catch {
                s.asked[id] = nil
                throw ClusterError("the Ray bridge stopped reading (\(error.localizedDescription))")
            }
            return id
        }
        asked.done.wait()
        let (answered, ended) = state.withLock { s in (s.asked.removeValue(forKey: id), s.ended) }
        if let failure = answered?.failure { throw failure }
        guard let parts = answered?.parts, parts.allSatisfy({ $0 != nil }) else {
            throw ClusterError("the Ray bridge ended: \(ended ?? "no reply")")
        }
        return Tally(merging: parts.compactMap { $0 }, budgetCount: request.options.budgets.count)
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

    /// `{"error": "..."}`: the bridge's word on a request it could not answer.
    private struct BridgeFailure: Decodable { var error: String }

    /// Decodes shard `shard`'s answer to request `id` (on a thread of its
    /// own: the reader goes on reading the next) and files it.
    private func decodeAnswer(id: Int, shard: Int, json: Data) {
        let part: Result<Tally, ClusterError>
        do {
            switch try Tally.wireDecoder().decode(WorkerReply.self, from: json) {
            case .tally(let tally): part = .success(tally)
            case .failure(let message): part = .failure(ClusterError("shard \(shard + 1)/\(shards): \(message)"))
            }
        } catch {
            part = .failure(ClusterError("an unreadable reply from the Ray bridge (\(error))"))
        }
        state.withLock { s in
            guard var asked = s.asked[id], asked.parts.indices.contains(shard), asked.parts[shard] == nil else { return }
            switch part {
            case .success(let tally):
                asked.parts[shard] = tally
                asked.missing -= 1
                if asked.missing == 0 { asked.finish() }
            case .failure(let error):
                asked.failure = asked.failure ?? error
                asked.finish()
            }
            s.asked[id] = asked
        }
    }

    // MARK: - The bridge's output

    private func waitForReadyLine(deadline seconds: Double) throws -> Data {
        _ = started.wait(timeout: .now() + seconds)
        let (line, why) = state.withLock { s in (s.readyLine, s.ended ?? "not ready after \(Int(seconds)) s") }
        if let line { return line }
        let message = "the Ray cluster did not start: \(why)\(lastWords.map { ": \($0)" } ?? "")"
        close()
        throw ClusterError(message)
    }

    /// Reads the bridge's lines until it closes its output: the first is
    /// the ready line, the others carry their request's id and shard.
    private func readReplies() {
        // Raw reads into one buffer, each byte looked at once (memchr): an
        // answer is a line of hundreds of kilobytes, and rescanning a
        // growing `Data` for its end cost more than the replay it carries.
        let fd = output.fileDescriptor
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var line = Data()
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            chunk.withUnsafeBufferPointer { bytes in
                guard let base = bytes.baseAddress else { return }
                var start = 0
                while start < count, let newline = memchr(base + start, 0x0A, count - start) {
                    let end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(newline))
                    line.append(base + start, count: end - start)
                    deliver(line)
                    line = Data()
                    start = end + 1
                }
                line.append(base + start, count: count - start)
            }
        }
        // Its output ends as it exits: a moment to say how it ended.
        let giveUp = Date().addingTimeInterval(1)
        while process.isRunning, Date() < giveUp { usleep(10_000) }
        if !process.isRunning { return bridgeExited(process) }
        end("the bridge closed its output")
    }

    /// The bridge's end, seen when it happens: its output may stay open in
    /// the processes it started (a local head), so its end of file may never come.
    private func bridgeExited(_ bridge: Process) {
        let how =
            bridge.terminationReason == .uncaughtSignal
            ? "killed by signal \(bridge.terminationStatus)" : "exit status \(bridge.terminationStatus)"
        end("the bridge (pid \(bridge.processIdentifier)) exited (\(how))")
    }

    /// No more answers will come: every request waiting, and a start
    /// waiting for the ready line, learns why.
    private func end(_ why: String) {
        state.withLock { s in
            s.ended = s.ended ?? why
            for id in s.asked.keys { s.asked[id]?.finish() }
        }
        started.signal()
    }

    private func deliver(_ line: Data) {
        // `{"fatal": why}`: the bridge saw the run end (a local head gone).
        struct Fatal: Decodable { var fatal: String }
        if line.starts(with: Array("{\"fatal\"".utf8)), let fatal = try? JSONDecoder().decode(Fatal.self, from: line) {
            return end(fatal.fatal)
        }
        let first = state.withLock { s in
            guard s.readyLine == nil else { return false }
            s.readyLine = line
            return true
        }
        if first {
            started.signal()
            return
        }
        guard let (id, shard, json) = Self.answer(line) else { return }
        guard let shard else {
            // The bridge could not answer the request at all.
            let why = (try? JSONDecoder().decode(BridgeFailure.self, from: json))?.error ?? "no reason given"
            return state.withLock { s in
                s.asked[id]?.failure = ClusterError("a shard failed: \(why)")
                s.asked[id]?.finish()
            }
        }
        DispatchQueue.global().async { self.decodeAnswer(id: id, shard: shard, json: json) }
    }

    /// `12<tab>0<tab>{…}` → (12, 0, the JSON); `12<tab>failed<tab>{…}` →
    /// (12, nil, the JSON).
    static func answer(_ line: Data) -> (id: Int, shard: Int?, json: Data)? {
        let fields = line.split(separator: UInt8(ascii: "\t"), maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3, let id = Int(String(decoding: fields[0], as: UTF8.self)) else { return nil }
        let shard = String(decoding: fields[1], as: UTF8.self)
        guard shard == "failed" || Int(shard) != nil else { return nil }
        return (id, Int(shard), Data(fields[2]))
    }
}

/// A cluster that cannot start or answer: one line for the user.
package struct ClusterError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
