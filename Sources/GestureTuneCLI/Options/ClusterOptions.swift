import ArgumentParser
import Cluster
import Foundation
import Simulation
import TraceModel

// MARK: - --ray and --shards

/// Where evaluations run: this process's threads (default), or the shards
/// of a Ray cluster, one warm `evaluate --serve --shard K/N` worker each.
/// The answer is the same to the last bit either way.
struct ClusterOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Fan evaluations out on Ray: local (a Ray head on 127.0.0.1 for this run) or a running cluster's address "
                + "(every node must reach the store and this binary at the same paths).",
            valueName: "local|address"))
    var ray: String?

    @Option(help: ArgumentHelp("With --ray: shards of the corpus, one warm worker each (default: 2).", valueName: "n"))
    var shards: Int?

    @Flag(help: "With --ray: Ray's own messages (its notices, the workers' output, restarts) on standard error.")
    var verbose = false

    func validateOptions() throws {
        if let shards, !(1...1024).contains(shards) { throw ValidationError("--shards must be between 1 and 1024.") }
        if ray == nil, shards != nil { throw ValidationError("--shards needs --ray (local or a cluster's address).") }
        if let ray, ray.isEmpty { throw ValidationError("--ray takes local or a cluster's address.") }
        if ray == nil, verbose { throw ValidationError("--verbose needs --ray (it shows Ray's own messages).") }
    }

    /// Throws the cluster's failure, if the run lost what it cannot retry
    /// (the bridge, the local head, a shard past its retries): a result
    /// without its evaluations is neither stored nor reported.
    static func requireIntact(_ remote: (any RemoteReplay)?) throws {
        if let failure = (remote as? RayCluster)?.failure {
            throw CLIFailure("the run on Ray stopped: \(failure); nothing was stored")
        }
    }

    /// Starts the cluster for a run over the store's `sessions`, checking
    /// that every worker read the same sessions and splits them as this run
    /// does; `nil` without `--ray`. The caller closes it.
    func start(
        store: StoreOptions, inputs: TuningInputOptions, sessions: [Session]
    ) throws -> RayCluster? {
        guard let ray else { return nil }
        // A PostgreSQL store is the same URL on every node; a file, the same absolute path.
        let db =
            store.path.hasPrefix("postgres://") || store.path.hasPrefix("postgresql://") ? store.path : Self.absolute(store.path)
        var worker = [Self.executable, "evaluate", "--serve", "--db", db]
        worker += ["--holdout-fraction", String(inputs.holdoutFraction)]
        if let scene = inputs.scene {
            worker += ["--scene", FileManager.default.fileExists(atPath: scene) ? Self.absolute(scene) : scene]
        }
        let cluster = try CLIFailure.guarding {
            try RayCluster(address: ray, shards: shards ?? 2, worker: worker, verbose: verbose)
        }
        let (train, holdout) = splitByUser(sessions, holdoutFraction: inputs.holdoutFraction)
        let ready = cluster.workersReady
        guard ready.allSatisfy({ $0.sessions == sessions.count }),
            ready.map(\.train).reduce(0, +) == train.count, ready.map(\.holdout).reduce(0, +) == holdout.count
        else {
            cluster.close()
            throw CLIFailure(
                "the Ray workers read \(ready.map(\.sessions)) sessions where this run has \(sessions.count): "
                    + "every node must read the same store")
        }
        return cluster
    }

    /// This binary, for the workers (the same build answers the same).
    static var executable: String {
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        return FileManager.default.isExecutableFile(atPath: own) ? own : CommandLine.arguments[0]
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
