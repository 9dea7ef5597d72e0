import ArgumentParser
import Foundation
import Scenes
import StudyRecorder
import TraceModel

// MARK: - gesturetune record

struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Run a gesture study on phones: serve the study page and store the labelled sessions.",
        discussion: """
            Starts an HTTP server and prints the participant URL for every local address, with a \
            random per-study token in it. Participants on the same network open it on their phones, \
            give a participant code (never a name) and their dominant hand, and perform the prompted \
            gestures; each session is validated like `ingest` and stored in one transaction. Ctrl-C \
            stops: everything received is committed. --export-page writes the same page for offline \
            use instead (the participant saves a file that `ingest` reads).
            """)

    @OptionGroup var store: StoreOptions

    @Option(
        help: ArgumentHelp(
            "The scene the study draws its targets and tasks from (built in: \(Scene.builtInNames.joined(separator: ", ")), or a file).",
            valueName: "name|file"))
    var scene = "epilogue"

    @Option(help: "The port to listen on (0: a free one, printed).")
    var port = 8080

    @Option(help: ArgumentHelp("The address to listen on (0.0.0.0: every interface).", valueName: "address"))
    var bind = "0.0.0.0"

    @Option(help: "Trials per participant, practice excluded (default: each task twice).")
    var trials: Int?

    @Option(help: "Seed of the trial order (mixed with each participant's code).")
    var seed: UInt64 = 1

    @Option(help: "Practice trials before the recorded ones (not stored).")
    var practice = 2

    @Option(help: "Trials per session: the page sends a session each time this many are done.")
    var trialsPerSession = 6

    @Option(
        help: ArgumentHelp(
            "Only tasks with these intents, comma-separated (e.g. tap,double-tap,long-press,swipe-actions,scroll).",
            valueName: "list"))
    var intents: String?

    @Option(help: "The largest upload accepted, in KiB (larger: 413).")
    var maxUploadKb = 8192

    @Option(help: "Requests per minute one address may make (more: 429).")
    var rateLimit = 300

    @Option(help: "Seconds a connection may take to send its first request head (then it is closed).")
    var headTimeout = 10.0

    @Option(help: "Seconds a request may take to send its whole body after its head (then it is closed, nothing stored).")
    var bodyTimeout = 60.0

    @Option(help: "Seconds an idle keep-alive connection is kept after its last response.")
    var idleTimeout = 15.0

    @Option(
        help: ArgumentHelp(
            "Connections held at once; more wait until one closes (default: 512, fewer under a low open-files limit).",
            valueName: "n"))
    var maxConnections: Int?

    @Option(help: "Seconds uploads in flight may still finish after Ctrl-C or SIGTERM before their connections are closed.")
    var shutdownGrace = 3.0

    @Option(help: ArgumentHelp("Write the offline study page to this file and exit (no server).", valueName: "file"))
    var exportPage: String?

    @Flag(help: "Print events (listening, stored, refused, stopped) as JSON Lines on standard output.")
    var json = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port): not a port (0-65535)") }
        if let trials, trials < 1 { throw ValidationError("--trials \(trials): at least 1") }
        guard practice >= 0 else { throw ValidationError("--practice \(practice): not negative") }
        guard trialsPerSession >= 1 else { throw ValidationError("--trials-per-session \(trialsPerSession): at least 1") }
        guard maxUploadKb >= 1 else { throw ValidationError("--max-upload-kb \(maxUploadKb): at least 1") }
        guard rateLimit >= 1 else { throw ValidationError("--rate-limit \(rateLimit): at least 1") }
        for (flag, seconds) in [
            ("--head-timeout", headTimeout), ("--body-timeout", bodyTimeout), ("--idle-timeout", idleTimeout)
        ] where !(seconds > 0 && seconds <= 86_400) {
            throw ValidationError("\(flag) \(seconds): more than 0 and at most 86400 seconds")
        }
        guard shutdownGrace >= 0 && shutdownGrace <= 3_600 else {
            throw ValidationError("--shutdown-grace \(shutdownGrace): 0 to 3600 seconds")
        }
        if let maxConnections, maxConnections < 1 {
            throw ValidationError("--max-connections \(maxConnections): at least 1")
        }
        _ = try intentSet()
    }

    private func intentSet() throws -> Set<Intent>? {
        guard let intents else { return nil }
        return Set(
            try intents.split(separator: ",").map { word in
                let name = word.trimmingCharacters(in: .whitespaces)
                guard let intent = Intent(rawValue: name) else {
                    throw ValidationError(
                        "--intents: unknown intent \"\(name)\" (known: \(Intent.allCases.map(\.rawValue).joined(separator: ", ")))"
                    )
                }
                return intent
            })
    }

    private var limits: StudyServer.Limits {
        StudyServer.Limits(
            headTimeout: .seconds(headTimeout), bodyTimeout: .seconds(bodyTimeout), idleTimeout: .seconds(idleTimeout),
            maxConnections: maxConnections ?? StudyServer.Limits.defaultMaxConnections,
            shutdownGrace: .seconds(shutdownGrace))
    }

    func run() async throws {
        let scene = try CLIFailure.guarding { try SceneOptions.scene(self.scene) }
        let study = StudyToken.random(bytes: 4)
        func configuration(upload: String?) -> StudyConfiguration {
            StudyConfiguration(
                study: study, scene: scene, uploadPath: upload, seed: seed, trials: trials, practice: practice,
                trialsPerSession: trialsPerSession, intents: try? intentSet())
        }

        if let exportPage {
            try CLIFailure.guarding {
                let page = try StudyPage(configuration(upload: nil))
                try Data(page.html.utf8).write(to: URL(fileURLWithPath: exportPage))
            }
            Console.out(
                "wrote \(exportPage): the offline study page for scene \(scene.name) (study \(study)); "
                    + "participants save a session file that `gesturetune ingest` reads")
            return
        }

        let failure: (any Error)? = try await store.withStore { traceStore in
            let token = StudyToken.random(bytes: 16)
            let server = try CLIFailure.guarding {
                StudyServer(
                    token: token,
                    page: try StudyPage(configuration(upload: "/study/\(token)/sessions")),
                    ingester: UploadIngester(store: traceStore, scene: scene.name, screens: scene.screens),
                    options: .init(
                        host: bind, port: port, maxUploadBytes: maxUploadKb * 1024, requestsPerMinute: rateLimit,
                        limits: limits))
            }
            let monitor = StudyMonitor(
                json: json, study: study, scene: scene.name, db: store.location, host: bind, pagePath: server.pagePath)

            var failure: (any Error)?
            do { try await server.run(onEvent: monitor.handle) } catch { failure = error }
            monitor.finish(server.tally.snapshot)
            return failure
        }
        if let failure {
            Console.error("cannot serve the study on \(bind):\(port): \(failure)")
            throw ExitCode.failure
        }
    }
}
