import ArgumentParser
import Foundation
import RunBrowser
import StudyRecorder
import TraceStoreInterface
import Tuning

// MARK: - gesturetune serve

/// The team's read-only web app over a store's runs.
///
/// ```sh
/// gesturetune serve --db team.sqlite --port 0
/// ```
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a store's optimization runs as a read-only web app: runs, comparisons, misfires, session timelines.",
        discussion: """
            Reads every stored optimization run and the sessions once, closes the store, and serves \
            them over HTTP: the run list, each run's report, two runs compared, every held-out misfire \
            (filterable), and any session replayed with a run's constants and the reference, with each \
            recognizer's state over time. The first line on standard output is the URL. Only GET and \
            HEAD are answered (anything else 405); the store is opened read-only and never written. \
            On an address other than loopback it refuses to start without --token, which serves under \
            a random secret in the URL as `record` does. Ctrl-C stops.
            """)

    @OptionGroup var store: StoreOptions

    @Option(help: ArgumentHelp("The address to listen on (loopback unless --token).", valueName: "address"))
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: a free one, printed).")
    var port = 8090

    @Flag(help: "Serve under a random secret token in the URL (required off loopback).")
    var token = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port): not a port (0-65535)") }
    }

    func run() async throws {
        guard token || RunBrowserServer.isLoopback(host) else {
            Console.error(RunBrowserServer.tokenRequired(host: host))
            throw ExitCode.failure
        }
        let location = store.location
        let (runs, sessions) = try await CLIFailure.guardingAsync {
            try await store.withStore(.readOnly) { traceStore in
                (try await Self.optimizationRuns(in: traceStore), try await traceStore.loadSessions())
            }
        }
        let library = RunLibrary(runs: runs, sessions: sessions, store: location, versions: ReportOutput.versions)
        let secret = token ? StudyToken.random(bytes: 16) : nil
        let server = RunBrowserServer(library: library, options: .init(host: host, port: port, token: secret))
        let host = self.host
        do {
            try await server.run { event in
                switch event {
                case .listening(let port):
                    let hosts = host == "0.0.0.0" ? LocalAddresses.ipv4() : [host.contains(":") ? "[\(host)]" : host]
                    let path = secret.map { "/\($0)/" } ?? "/"
                    for url in hosts.map({ "http://\($0):\(port)\(path)" }) { Console.out(url) }
                    Console.out(
                        "serving \(runs.count) run\(runs.count == 1 ? "" : "s") and \(sessions.count) sessions of \(location), "
                            + "read-only; Ctrl-C stops")
                case .serverError(let line):
                    Console.error(line)
                }
            }
        } catch {
            Console.error("cannot serve on \(host):\(port): \(error)")
            throw ExitCode.failure
        }
    }

    /// Every stored optimization run, decoded, newest first.
    static func optimizationRuns(in store: any TraceStoreReader) async throws -> [OptimizationResult] {
        var records: [RunRecord] = []
        for summary in try await store.runSummaries(kind: RunRecord.optimizeKind) {
            if let id = summary.id, let record = try await store.run(id: id) { records.append(record) }
        }
        return try records.map { try OptimizationResult(record: $0) }
    }
}
