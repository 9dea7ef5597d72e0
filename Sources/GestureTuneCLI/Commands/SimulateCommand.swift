import ArgumentParser
import Foundation
import Recognizers
import Scenes
import Simulation
import TraceModel
import TraceStoreInterface

// MARK: - gesturetune simulate

extension SplitSide: ExpressibleByArgument {}

/// Which sessions a command replays.
enum SplitChoice: String, ExpressibleByArgument, CaseIterable {
    case train, holdout, all

    /// The sessions on this side of the by-user split.
    func select(_ sessions: [Session]) -> [Session] {
        switch self {
        case .all: sessions
        case .train: splitByUser(sessions).train
        case .holdout: splitByUser(sessions).holdout
        }
    }
}

/// Replays the stored sessions through their scene's recognizers and
/// measures misfires and latency against the labels.
///
/// ```sh
/// gesturetune simulate --db demo.sqlite --split holdout
/// gesturetune simulate --params tuned.json --json | jq .misfireRate
/// gesturetune simulate --list-params
/// gesturetune simulate --scene epilogue --list-elements --json
/// ```
struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Replay stored sessions through the recognizers and count misfires and latency.",
        discussion: """
            Each label is correct, missed, wrong or a dead zone; recognitions outside \
            every label (or inside a `none` label) are spurious. Misfire rate = \
            (wrong + missed + dead zones + spurious) / labels. The split into train and \
            holdout is by user, the same every run. Which budgets no tunable constant can \
            make fail (fixed by design) is probed once per corpus, scene, constants and \
            budgets and kept in $GESTURETUNE_CACHE_DIR (else $XDG_CACHE_HOME/gesturetune or \
            ~/.cache/gesturetune; `off` probes every time): the same question again replays once.
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var sceneOptions: SceneOptions

    @Option(help: "Which sessions: the train or holdout side of the by-user split, or all.")
    var split: SplitChoice = .all

    @Flag(help: "Print every tunable parameter (name, unit, default, bounds) and exit.")
    var listParams = false

    @Flag(
        help:
            "Print each element of the --scene (id, kind, fingers, tab, and where it comes from: a source document's lines, a platform convention or ours) and exit."
    )
    var listElements = false

    @Flag(
        help:
            "Print one JSON object (labels, correct, missed, wrong, deadZones, spurious, misfireRate, latency, budgetViolations, …)."
    )
    var json = false

    func run() async throws {
        if listParams {
            if json { try Console.json(listParameters().map(ListedParameter.init)) } else { Console.out(parameterTable()) }
            return
        }
        do {
            if listElements {
                guard let scene = try sceneOptions.loadScene() else {
                    throw CLIFailure("--list-elements: name the scene (--scene NAME or a scene file)")
                }
                if json {
                    try Console.json(scene.recognizers.map(ListedElement.init))
                } else {
                    Console.out(elementTable(scene))
                }
                return
            }
            let scene = try sceneOptions.loadScene()
            let parameters = try sceneOptions.loadParameters()
            let budgets = try sceneOptions.loadBudgets()
            // The sessions, and (when the budget probe's findings are kept)
            // the store's fingerprint of them: the corpus's part of its key.
            let cacheDirectory = BudgetProbeCache.directory(environment: ProcessInfo.processInfo.environment)
            let (sessions, fingerprint) = try await store.withStore(.readOnly) { store in
                let sessions = split.select(try await store.loadSessions())
                guard cacheDirectory != nil else { return (sessions, String?.none) }
                return (sessions, try await store.corpusFingerprint(sessionIDs: Set(sessions.map(\.id))))
            }
            if sessions.isEmpty {
                throw CLIFailure("\(store.location): no sessions to replay (ingest recordings first, or check --split)")
            }
            var options = SimulationOptions()
            options.budgets = budgets
            options.threads = 2
            // Every label's outcome is printed with --json only; the
            // summary reads the counts.
            options.keepLabelOutcomes = json
            let simulator = Simulator(scene: scene, parameters: parameters, options: options)
            let corpus = Corpus(sessions: sessions)
            var result = try simulator.run(corpus: corpus)
            // Which budgets any of the scenes' tunable constants can make fail.
            let scenes =
                try scene.map { [$0] }
                ?? Set(sessions.map { $0.header.scene ?? Scene.plain.name }).sorted()
                .map { try Scene.builtIn(named: $0) }
            let probing = Parameter.allCases.filter(Set(scenes.flatMap(\.tunableParameters)).contains)
            let cache = cacheDirectory.flatMap { directory in
                fingerprint.map { BudgetProbeCache(directory: directory, corpusFingerprint: $0) }
            }
            result.budgets = try BudgetProbe.annotate(
                result.budgets, simulator: simulator, corpus: corpus, probing: probing, cache: cache)
            if json { try Console.json(result) } else { Console.out(result.summary()) }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            Console.error("\(error)")
            throw ExitCode.failure
        }
    }
}
