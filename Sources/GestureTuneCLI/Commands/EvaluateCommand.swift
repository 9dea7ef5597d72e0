import ArgumentParser
import Cluster
import Foundation
import Recognizers
import Scenes
import Simulation
import TraceModel
import TraceStoreInterface
import Tuning

// MARK: - gesturetune evaluate

struct EvaluateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "The exact objective of one parameter set: what optimize minimizes, for any outside optimizer.",
        discussion: """
            Replays the train (default) or holdout split with the parameters in FILE (a JSON \
            object name → value; missing names keep their baseline; `latest` or `run:ID` \
            takes a stored run's tuned parameters) and prints the weighted misfire objective, \
            budget violations and counts. --print-space prints the tuning space (names, \
            bounds, scale, integer, baseline): the named store's (--db), as optimize would \
            search it, else the epilogue scene's. --serve loads the corpus once and answers \
            one JSON line per request on standard input: a parameter object, or \
            {"params": {…}, "split": "holdout"}. --ray fans each evaluation out on a Ray \
            cluster's shards (the same answers); --serve --shard K/N is such a shard's \
            worker (started by --ray, not by hand).
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var inputs: TuningInputOptions
    @OptionGroup var cluster: ClusterOptions

    @Option(help: ArgumentHelp("Parameter set: a JSON file, latest, or run:ID.", valueName: "file"))
    var params: String?

    @Option(help: ArgumentHelp("Which users to replay: train or holdout.", valueName: "split"))
    var split: SplitChoice = .train

    @Flag(help: "Print the tuning space of the store named by --db (with --json: a JSON array) and exit.")
    var printSpace = false

    @Flag(help: "Answer one parameter set per standard-input line with one JSON line each.")
    var serve = false

    @Option(
        help: ArgumentHelp(
            "With --serve: be shard K of N of a Ray cluster's workers, answering partial tallies.", valueName: "K/N"))
    var shard: ShardSpec?

    @Flag(help: "Print JSON.")
    var json = false

    /// `K/N`: shard K (from 1) of N.
    struct ShardSpec: ExpressibleByArgument {
        var index: Int
        var count: Int

        init?(argument: String) {
            let parts = argument.split(separator: "/")
            guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n else {
                return nil
            }
            index = k
            count = n
        }
    }

    enum SplitChoice: String, ExpressibleByArgument, CaseIterable {
        case train, holdout
        var side: SplitSide { self == .train ? .train : .holdout }
    }

    func validate() throws {
        try inputs.validateOptions()
        try cluster.validateOptions()
        if shard != nil, !serve || cluster.ray != nil {
            throw ValidationError("--shard is a worker's: give it with --serve and without --ray.")
        }
        if !printSpace, !serve, params == nil {
            throw ValidationError("Give --params FILE (or --print-space, or --serve).")
        }
    }

    func run() async throws {
        if printSpace {
            try await printTheSpace()
            return
        }
        if let shard {
            let loaded = try await store.withStore(.readOnly) { traceStore in
                try await CLIFailure.guardingAsync { try await inputs.load(from: traceStore) }
            }
            try serveShard(shard, loaded: loaded)
            return
        }
        let (given, loaded) = try await store.withStore(.readOnly) { traceStore in
            var given: Given?
            if let params { given = try await CLIFailure.guardingAsync { try await Self.given(params, store: traceStore) } }
            return (given, try await CLIFailure.guardingAsync { try await inputs.load(from: traceStore) })
        }
        let remote = try cluster.start(store: store, inputs: inputs, sessions: loaded.sessions)
        defer { remote?.close() }
        let objective = try CLIFailure.guarding { () throws -> TuningObjective in
            let space = try Self.space(loaded, sessions: loaded.sessions, including: given?.values.names ?? [])
            let data = try TuningData(sessions: loaded.sessions, holdoutFraction: inputs.holdoutFraction)
            return try TuningObjective(
                data: data, space: space, scene: loaded.scene, weights: loaded.weights,
                budgets: loaded.budgets, relaxBrokenBudgets: inputs.relaxBudgets,
                budgetConfidence: inputs.confidence, budgetGroup: inputs.budgetGroup,
                budgetMargin: inputs.budgetMargin, remote: remote)
        }
        if serve {
            try serveRequests(objective, remote: remote)
            return
        }
        let values = try CLIFailure.guarding { try Self.values(given, space: objective.space) }
        let answer = try CLIFailure.guarding { try Self.answer(objective, values: values, split: split.side) }
        try ClusterOptions.requireIntact(remote)
        if json {
            try Console.json(answer)
        } else {
            Console.out(
                "\(split.rawValue): objective \(Console.fixed(answer.objective, 5)) (weighted misfires per label); "
                    + "misfire rate \(OptimizeCommand.percent(answer.misfireRate)) (\(answer.misfires) of \(answer.labels) labels)"
            )
            let broken: [String] = answer.violations.keys.sorted().map { key in
                let excess: Double = answer.violations[key] ?? 0
                return "\(key) +\(Console.fixed(excess * 100, 1))%"
            }
            let feasible = answer.feasible ? "yes" : "no"
            let tail = broken.isEmpty ? "" : "; " + broken.joined(separator: ", ")
            Console.out("feasible \(feasible); budgets missed (nominal) \(answer.budgetViolations)\(tail)")
        }
    }

    // MARK: - The space

    /// The space `--tune` (or the scene's default set) names, widened by
    /// every other catalogue parameter the `--params` values set: what
    /// `simulate --params` accepts, evaluate accepts (a run tuned on another
    /// scene, `doubleTap.minimumGap` from `--list-params`).
    static func space(
        _ loaded: TuningInputOptions.Loaded, sessions: [Session]?, including names: [String]
    ) throws -> SearchSpace {
        let base = try space(loaded, sessions: sessions)
        let extra = names.filter { base.parameter(named: $0) == nil }.sorted()
        guard !extra.isEmpty else { return base }
        return try TuningSpace.space(names: base.parameters.map(\.name) + extra, bounds: loaded.bounds, scene: loaded.scene)
    }

    static func space(_ loaded: TuningInputOptions.Loaded, sessions: [Session]?) throws -> SearchSpace {
        var settings = OptimizerSettings()
        settings.tune = loaded.tune
        settings.bounds = loaded.bounds
        let sessions = sessions ?? []
        if loaded.scene == nil, sessions.isEmpty {
            // No store read (--print-space): the epilogue scene's set, the shipped corpus's.
            return try TuningSpace.space(
                names: loaded.tune ?? TuningSpace.defaultNames(for: [.epilogue]),
                bounds: loaded.bounds)
        }
        return try Optimizer(settings: settings).space(sessions: sessions, scene: loaded.scene)
    }

    /// The space `evaluate` would search on the store named by `--db` (or
    /// `$GESTURETUNE_DB`): its sessions' scene's set, as `optimize` would
    /// tune it. Without a store named, nothing is read and the space is the
    /// epilogue scene's (or `--scene`'s), the shipped corpus's.
    private func printTheSpace() async throws {
        let space: SearchSpace
        if store.isNamed {
            let loaded = try await store.withStore(.readOnly) { traceStore in
                try await CLIFailure.guardingAsync { try await inputs.load(from: traceStore) }
            }
            space = try CLIFailure.guarding { try Self.space(loaded, sessions: loaded.sessions) }
        } else {
            let definitions = try CLIFailure.guarding { try inputs.loadDefinitions() }
            space = try CLIFailure.guarding { try Self.space(definitions, sessions: nil) }
        }
        try printTheSpace(space)
    }

    private func printTheSpace(_ space: SearchSpace) throws {
        if json {
            try Console.json(space.parameters)
            return
        }
        for p in space.parameters {
            Console.out(
                "\(p.name)  \(number(p.defaultValue)) \(p.unit)  [\(number(p.lowerBound)) … \(number(p.upperBound))]"
                    + (p.scale == .log ? " log" : "") + (p.isInteger ? " integer" : ""))
        }
    }

    private func number(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e12 ? String(Int(x)) : String(x) }

    // MARK: - Parameters

    /// The values `--params` gives, as read (checked against a space later).
    struct Given {
        var reference: String
        var values: SearchPoint
        var json: Data
    }

    /// A parameter file, or a stored run's tuned values (`latest`, `run:ID`).
    static func given(_ reference: String, store: any TraceStoring) async throws -> Given {
        let json: Data
        if reference == "latest" || reference.hasPrefix("run:") {
            let result = try await store.optimizationRun(reference == "latest" ? "latest" : String(reference.dropFirst(4)))
            json = try result.params.jsonData()
        } else {
            json = try TuningInputOptions.read(reference, what: "parameter file")
        }
        let values: SearchPoint
        do { values = try JSONDecoder().decode(SearchPoint.self, from: json) } catch {
            throw CLIFailure("\(reference): not a JSON object of parameter names to numbers: \(error.localizedDescription)")
        }
        if let unknown = values.names.first(where: { Recognizers.Parameter(name: $0) == nil }) {
            throw CLIFailure("\(reference): unknown parameter (see simulate --list-params) (\(unknown))")
        }
        return Given(reference: reference, values: values, json: json)
    }

    /// The given values, checked against the space (bounds, names).
    static func values(_ given: Given?, space: SearchSpace) throws -> SearchPoint {
        guard let given else { return space.clamped(SearchPoint([:])) }
        do { return try space.decode(json: given.json) } catch { throw CLIFailure("\(given.reference): \(error)") }
    }

    // MARK: - Answers

    struct Answer: Encodable {
        var split: String
        /// Weighted misfire cost per label (what optimize minimizes).
        var objective: Double
        /// Objective + 1000 × total relative budget excess: one number for
        /// optimizers without constraints.
        var penalized: Double
        var feasible: Bool
        var totalViolation: Double
        /// Relative excess of each missed budget (the limits the search uses).
        var violations: [String: Double]
        /// Budgets missed at their nominal limits.
        var budgetViolations: Int
        var misfireRate: Double
        var misfires: Int
        var labels: Int
        var counts: OutcomeCounts
        var params: SearchPoint
    }

    static let penaltyWeight = 1_000.0

    static func answer(_ objective: TuningObjective, values: SearchPoint, split: SplitSide) throws -> Answer {
        guard let r = objective.evaluateDetailed(values, temperature: 0, on: split, threads: 2) else {
            throw CLIFailure("the simulator rejected the parameter set")
        }
        let nominal = zip(r.budgets, objective.budgets).filter { check, budget in
            check.value.map(budget.misses) ?? false
        }.count
        let e = r.evaluation
        return Answer(
            split: split.rawValue, objective: e.exact, penalized: e.exact + penaltyWeight * e.totalViolation,
            feasible: e.isFeasible, totalViolation: e.totalViolation, violations: e.violations,
            budgetViolations: nominal, misfireRate: r.counts.misfireRate, misfires: r.counts.misfires,
            labels: r.counts.labels, counts: r.counts, params: objective.space.clamped(values))
    }

    // MARK: - --serve

    private func serveRequests(_ objective: TuningObjective, remote: RayCluster?) throws {
        // One reply a line, with the same number rules as every --json (Console.encoder).
        let encoder = Console.encoder(pretty: false)
        try Self.answerLines(
            encoder, halt: { try ClusterOptions.requireIntact(remote) },
            reply: { line in
                let (values, side) = try Self.request(line, space: objective.space, defaultSplit: split.side)
                return try encoder.encode(try Self.answer(objective, values: values, split: side))
            })
    }

    /// One reply line per non-empty request line on standard input, until
    /// it ends; a request that fails answers `{"error": …}` and the next is
    /// read. Both --serve loops (answers and a shard's tallies) use it.
    /// `halt` throws when no later answer can be trusted (the Ray cluster
    /// behind them failed): the loop stops before answering.
    private static func answerLines(
        _ encoder: JSONEncoder, halt: () throws -> Void = {}, reply: (String) throws -> Data
    ) throws {
        while let line = readLine(strippingNewline: true) {
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let data: Data
            do { data = try reply(line) } catch {
                data = (try? encoder.encode(["error": "\(error)"])) ?? Data("{\"error\":\"unencodable\"}".utf8)
            }
            try halt()
            FileHandle.standardOutput.write(data + Data("\n".utf8))
        }
    }

    // MARK: - --serve --shard K/N

    /// A Ray worker: loads the store once, splits it by user as the run
    /// does, and answers each ``ReplayRequest`` line with its shard's
    /// partial tally, one JSON line each (`{"error": …}` when it cannot).
    /// The first line says the shard is loaded and what it holds.
    private func serveShard(_ shard: ShardSpec, loaded: TuningInputOptions.Loaded) throws {
        let data = try CLIFailure.guarding {
            try TuningData(sessions: loaded.sessions, holdoutFraction: inputs.holdoutFraction)
        }
        let everyone = Corpus(sessions: loaded.sessions)
        func corpus(_ side: SplitSide?) -> Corpus { side.map(data.corpus) ?? everyone }
        let k = shard.index - 1, n = shard.count
        let encoder = Tally.wireEncoder(), decoder = Tally.wireDecoder()
        let ready = RayCluster.ShardReady(
            shard: shard.index, shards: n, sessions: loaded.sessions.count,
            train: data.train.shard(k, of: n).count, holdout: data.holdout.shard(k, of: n).count)
        FileHandle.standardOutput.write(try encoder.encode(ready) + Data("\n".utf8))
        try Self.answerLines(encoder) { line in
            let request = try decoder.decode(ReplayRequest.self, from: Data(line.utf8))
            let simulator = Simulator(
                scene: loaded.scene, parameters: try ParameterSet(request.parameters), options: request.options)
            let c = corpus(request.split)
            return try encoder.encode(try simulator.tally(corpus: c, sessions: c.shard(k, of: n)))
        }
    }

    /// One request line: a parameter object, or `{"params": {…}, "split": …}`.
    static func request(_ line: String, space: SearchSpace, defaultSplit: SplitSide) throws -> (SearchPoint, SplitSide) {
        let data = Data(line.utf8)
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CLIFailure("a request is one JSON object per line")
        }
        if let params = object["params"] as? [String: Any] {
            var side = defaultSplit
            if let name = object["split"] as? String {
                guard let s = SplitChoice(rawValue: name) else { throw CLIFailure("split must be train or holdout") }
                side = s.side
            }
            let inner = try JSONSerialization.data(withJSONObject: params)
            return (try space.decode(json: inner), side)
        }
        return (try space.decode(json: data), defaultSplit)
    }
}
