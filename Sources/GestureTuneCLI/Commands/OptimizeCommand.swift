import ArgumentParser
import Foundation
import Recognizers
import Simulation
import TraceModel
import TraceStore
import Tuning

// MARK: - gesturetune optimize

extension TuningSearch.GlobalPhase: ExpressibleByArgument {}
extension TuningTarget: ExpressibleByArgument {}

struct OptimizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "optimize",
        abstract: "Tune recognizer constants for fewer misfires under latency budgets, validated on held-out users.",
        discussion: """
            Loads the store's sessions once, splits them by user (25% held out), and \
            searches the tuning space on the training users with GSL (Latin hypercube, \
            then Nelder-Mead on the simulator's soft-margin surrogate, cooling to the \
            exact counts), on two threads. Then measures the reference and the tuned \
            constants exactly on both splits (Clopper-Pearson intervals, McNemar on the \
            held-out labels), sweeps each constant's sensitivity and the misfire/latency \
            trade-off. Writes the report (report.html, report.md, report.json, GestureConstants.swift), params.json and result.json into DIR, and \
            stores the run in the store. Same seed, same result.
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var inputs: TuningInputOptions

    // Numeric options parse `.unconditional`ly: `--max-evals -5` is a value
    // that validation refuses, not a missing value followed by a flag `-5`.
    @Option(parsing: .unconditional, help: ArgumentHelp("Seed of every random choice.", valueName: "n"))
    var seed: UInt = 1

    @Option(name: .customLong("max-evals"), parsing: .unconditional, help: ArgumentHelp("Objective evaluations of the search.", valueName: "n"))
    var maxEvals: Int = 300

    @Option(help: ArgumentHelp(
        "The global phase before the GSL simplex refinement: coordinate line searches over each constant's range "
            + "(lines), a seeded Latin-hypercube multi-start (lhs) or gsl_siman annealing chains (siman).",
        valueName: "lines|lhs|siman"))
    var global: TuningSearch.GlobalPhase = .lines

    @Option(help: ArgumentHelp(
        "What to tune towards: the labels (intent: fewer misfires within the budgets) or the platform's own "
            + "recognitions on the same touches (platform: reproduce UIKit, for recordings that carry them, "
            + "such as iOS study exports; no budgets).",
        valueName: "intent|platform"))
    var target: TuningTarget = .intent

    @Option(help: ArgumentHelp(
        "How many points any intent's training misfire rate may rise above the reference constants' (a constraint "
            + "like the budgets, so no gesture is sacrificed for the average), or 'off'.",
        valueName: "points|off"))
    var intentMargin: String = "2"

    @Option(parsing: .unconditional, help: ArgumentHelp("Also run k-fold cross-validation by user (k more searches).", valueName: "k"))
    var folds: Int?

    @Option(help: ArgumentHelp("Output directory (report.html, report.md, GestureConstants.swift, params.json, result.json, …).", valueName: "dir"))
    var out: String = "gesturetune-optimize"

    @Option(parsing: .unconditional, help: ArgumentHelp("Points per sensitivity sweep (0: none).", valueName: "n"))
    var sensitivityPoints: Int = 15

    @Flag(help: "Skip the misfire/latency Pareto sweep.")
    var noPareto = false

    @Flag(help: "Print a JSON summary (baseline, tuned, params, evaluations, seconds, …) on standard output.")
    var json = false

    func validate() throws {
        if maxEvals < 1 { throw ValidationError("--max-evals must be at least 1.") }
        if let folds, folds < 2 { throw ValidationError("--folds must be at least 2.") }
        if sensitivityPoints < 0 { throw ValidationError("--sensitivity-points must be ≥ 0.") }
        if intentMargin != "off", !(Double(intentMargin).map { $0 >= 0 && $0 <= 100 } ?? false) {
            throw ValidationError("--intent-margin must be a number of points from 0 to 100, or 'off' (got '\(intentMargin)').")
        }
        try inputs.validateOptions()
    }

    func run() throws {
        // Read-only while reading (a read-only store can still be tuned on);
        // the run is stored at the end, with its reports written inside the
        // same transaction, so a failed report leaves no run behind.
        let traceStore = try store.open(.readOnly)
        let loaded = try CLIFailure.guarding { try inputs.load(from: traceStore) }
        let unsaved = try optimize(loaded, in: traceStore)
        let writable = try store.open(.readWrite)
        let result = try CLIFailure.guarding {
            try unsaved.saved(in: writable) { try write($0, sessions: loaded.sessions, scene: loaded.scene) }
        }
        if json {
            try printJSON(OptimizeSummary(result, out: out))
        } else {
            if result.target == .platform { Console.out(Self.calibrationText(result)) }
            Console.out(result.comparison.summary)
            Console.out("train misfire rate \(Self.percent(result.baseline.trainMisfireRate)) → \(Self.percent(result.tuned.trainMisfireRate)); "
                + "budgets missed on holdout \(result.baseline.budgetViolations) → \(result.tuned.budgetViolations)")
            Console.out("\(result.evaluations) evaluations in \(Console.fixed(result.seconds, 1)) s; run \(result.run.id.map(String.init) ?? "?"); "
                + "wrote \(ReportOutput.files.map { "\(out)/\($0)" }.joined(separator: ", "))")
        }
    }

    private func optimize(_ loaded: TuningInputOptions.Loaded, in traceStore: TraceStore) throws -> OptimizationResult {
        var settings = OptimizerSettings(
            tune: loaded.tune, bounds: loaded.bounds, budgets: loaded.budgets, weights: loaded.weights,
            relaxBrokenBudgets: inputs.relaxBudgets, budgetMargin: inputs.budgetMargin, seed: seed, maxEvaluations: maxEvals,
            holdoutFraction: inputs.holdoutFraction, folds: folds, sensitivityPoints: sensitivityPoints)
        settings.global = global
        settings.target = target
        settings.intentMargin = Double(intentMargin).map { $0 / 100 }
        if noPareto { settings.paretoFractions = [] }
        let bar = SearchProgressBar()
        var result = try CLIFailure.guarding {
            try Optimizer(settings: settings).run(sessions: loaded.sessions, scene: loaded.scene) { bar.update($0) }
        }
        bar.finish()
        result.run = RunInfo(commandLine: Self.commandLine(), createdAt: ISO8601DateFormatter().string(from: Date()),
                             corpusFingerprint: (try? traceStore.corpusFingerprint()) ?? "", store: store.path)
        return result
    }

    private func write(_ result: OptimizationResult, sessions: [Session], scene: Scene?) throws {
        try ReportOutput.write(result, sessions: sessions, scene: scene, corpus: store.path, to: out)
    }

    /// The command line, shell-quoted where needed.
    static func commandLine() -> String {
        CommandLine.arguments.map { arg in
            arg.allSatisfy({ $0.isLetter || $0.isNumber || "-_./=,:@".contains($0) }) && !arg.isEmpty
                ? arg : "'" + arg.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }

    static func percent(_ x: Double) -> String { Console.fixed(x * 100, 2) + "%" }

    /// `--target platform`: agreement before and after, and each fitted
    /// constant beside what UIKit documents.
    static func calibrationText(_ result: OptimizationResult) -> String {
        func agreement(_ side: Validation.Side, _ split: KeyPath<Validation.Side, SplitMeasurement>) -> String {
            side[keyPath: split].platformAgreement.map { percent($0.agreementRate) } ?? "—"
        }
        let decisions = result.tuned.holdout.platformAgreement?.decisions ?? 0
        var lines = [
            "Agreement with the platform's recognizers: held-out \(agreement(result.baseline, \.holdout)) → "
                + "\(agreement(result.tuned, \.holdout)) of \(decisions) decisions; "
                + "training \(agreement(result.baseline, \.train)) → \(agreement(result.tuned, \.train))",
            "fitted constants (UIKit documents · reference → fitted):",
        ]
        for change in result.parameters {
            let documented = UIKitDocumentedValues.values[change.name]
                .map { "\(Console.number($0.value)) \(change.unit) (\($0.source))" } ?? "none"
            lines.append("  \(change.name): \(documented) · \(Console.number(change.baseline)) → "
                + "\(Console.number(change.tuned)) \(change.unit)")
        }
        return lines.joined(separator: "\n")
    }
}

/// Pretty, key-sorted JSON on standard output; a non-finite number (an
/// objective the simulator could not compute) is written as a string
/// (`"inf"`, `"nan"`) rather than failing the command after its work.
func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf",
                                                                  nan: "nan")
    FileHandle.standardOutput.write(try encoder.encode(value) + Data("\n".utf8))
}

// MARK: - What --json prints

/// The summary `optimize --json` prints: the headline numbers; the full
/// result is in result.json.
struct OptimizeSummary: Encodable {
    struct Side: Encodable {
        var trainMisfireRate: Double
        var holdoutMisfireRate: Double
        var holdoutMisfireInterval: ProportionInterval?
        var trainObjective: Double
        var holdoutObjective: Double
        var trainMisfires: Int
        var holdoutMisfires: Int
        var budgetViolations: Int

        init(_ side: Validation.Side) {
            trainMisfireRate = side.trainMisfireRate
            holdoutMisfireRate = side.holdoutMisfireRate
            holdoutMisfireInterval = side.holdout.misfireInterval
            trainObjective = side.trainObjective
            holdoutObjective = side.holdoutObjective
            trainMisfires = side.train.misfires
            holdoutMisfires = side.holdout.misfires
            budgetViolations = side.budgetViolations
        }
    }

    var run: Int64?
    var baseline: Side
    var tuned: Side
    var params: ParameterValues
    var evaluations: Int
    var seconds: Double
    var seed: UInt
    var verdict: String
    var holdoutMcNemarP: Double
    var trainLabels: Int
    var holdoutLabels: Int
    var corpusFingerprint: String
    var out: String
    var target: TuningTarget
    /// `--target platform`: agreement rates and the fitted constants beside UIKit's documented values.
    var calibration: Calibration?

    struct Calibration: Encodable {
        struct Agreement: Encodable {
            var train: Double?
            var holdout: Double?
        }
        struct Constant: Encodable {
            var name: String
            var unit: String
            var uikitDocuments: UIKitDocumentedValues.Value?
            var reference: Double
            var fitted: Double
        }
        var baseline: Agreement
        var tuned: Agreement
        var holdoutDecisions: Int
        var constants: [Constant]
    }

    init(_ result: OptimizationResult, out: String) {
        run = result.run.id
        baseline = Side(result.baseline)
        tuned = Side(result.tuned)
        params = result.params
        evaluations = result.evaluations
        seconds = result.seconds
        seed = result.seed
        verdict = result.comparison.verdict.rawValue
        holdoutMcNemarP = result.comparison.holdoutTest.pValue
        trainLabels = result.corpus.trainLabels
        holdoutLabels = result.corpus.holdoutLabels
        corpusFingerprint = result.run.corpusFingerprint
        self.out = out
        target = result.target ?? .intent
        if target == .platform {
            func agreement(_ side: Validation.Side) -> Calibration.Agreement {
                .init(train: side.train.platformAgreement?.agreementRate, holdout: side.holdout.platformAgreement?.agreementRate)
            }
            calibration = Calibration(
                baseline: agreement(result.baseline), tuned: agreement(result.tuned),
                holdoutDecisions: result.tuned.holdout.platformAgreement?.decisions ?? 0,
                constants: result.parameters.map {
                    .init(name: $0.name, unit: $0.unit, uikitDocuments: UIKitDocumentedValues.values[$0.name],
                          reference: $0.baseline, fitted: $0.tuned)
                })
        }
    }
}

// MARK: - Options optimize and evaluate share

/// Scene, tuning space, budgets and weights: what defines the objective.
struct TuningInputOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Replay every session on this scene: a built-in name (epilogue, plain, study) or a YAML/JSON scene file (default: each session's own).",
        valueName: "name|file"))
    var scene: String?

    @Option(help: ArgumentHelp(
        "Parameters to tune: a comma-separated list (swipeActions.threshold,tabSwipe.directionalBias) or a tuning file "
            + "{\"parameters\": [names], \"bounds\": {name: {lower, upper}}} (default: the scene's set).",
        valueName: "list|file"))
    var tune: String?

    @Option(help: ArgumentHelp(
        "Budgets file: a JSON array of {gesture, measure (latency|response|recognition|haptic|settleTime|overshoot), "
            + "scope (all|immediate|waited), percentile, limit, exact (checked without the margin)} "
            + "(default: the reference app's budgets).", valueName: "file"))
    var budgets: String?

    @Option(help: ArgumentHelp(
        "Misfire weights file: {\"outcome\": {…}, \"intent\": {…}, \"fired\": {…}} (default: destructive gestures cost more).",
        valueName: "file"))
    var weights: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Share of users held out.", valueName: "fraction"))
    var holdoutFraction: Double = 0.25

    @Flag(help: ArgumentHelp(
        "Hold budgets the reference constants already miss to no worse than before instead of to their limits "
            + "(for budgets no constant can meet)."))
    var relaxBudgets = false

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "How far inside each budget the training users must stay, so that held-out users meet it too.",
        valueName: "fraction"))
    var budgetMargin: Double = TuningObjective.defaultBudgetMargin

    func validateOptions() throws {
        guard holdoutFraction > 0, holdoutFraction < 1 else {
            throw ValidationError("--holdout-fraction must be strictly between 0 and 1.")
        }
        guard budgetMargin >= 0, budgetMargin < 1 else {
            throw ValidationError("--budget-margin must be at least 0 and below 1.")
        }
    }

    /// Everything loaded and checked.
    struct Loaded {
        var sessions: [Session]
        var scene: Scene?
        var tune: [String]?
        var bounds: [String: ClosedRange<Double>]
        var budgets: [LatencyBudget]
        var weights: MisfireWeights
    }

    func loadDefinitions() throws -> Loaded {
        var loaded = Loaded(sessions: [], scene: nil, tune: nil, bounds: [:], budgets: LatencyBudget.defaults,
                            weights: .default)
        if let scene { loaded.scene = try SceneOptions.scene(scene) }
        if let tune {
            if FileManager.default.fileExists(atPath: tune) {
                let file = try TuningFile.load(path: tune)
                loaded.tune = file.parameters
                loaded.bounds = file.ranges
            } else {
                let names = tune.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                guard !names.isEmpty else { throw CLIFailure("--tune lists no parameters") }
                loaded.tune = names
            }
        }
        if let budgets { loaded.budgets = try Self.loadBudgets(path: budgets) }
        if let weights {
            let data = try Self.read(weights, what: "weights file")
            do { loaded.weights = try JSONDecoder().decode(MisfireWeights.self, from: data) }
            catch { throw CLIFailure("\(weights): not a weights file {\"outcome\": {…}, \"intent\": {…}, \"fired\": {…}}: \(error)") }
            try loaded.weights.validate()
        }
        return loaded
    }

    /// Definitions plus the sessions, loaded from the store once.
    func load(from store: TraceStore) throws -> Loaded {
        var loaded = try loadDefinitions()
        loaded.sessions = try store.loadSessions()
        guard !loaded.sessions.isEmpty else { throw CLIFailure("\(store.path): the store holds no sessions (gesturetune ingest FILE)") }
        return loaded
    }

    static func read(_ path: String, what: String) throws -> Data {
        do { return try Data(contentsOf: URL(fileURLWithPath: path)) }
        catch { throw CLIFailure("\(path): cannot read the \(what) (\(error.localizedDescription))") }
    }

    /// A JSON array of budgets; `measure` defaults to latency, `scope` to
    /// all, `percentile` to 95.
    static func loadBudgets(path: String) throws -> [LatencyBudget] {
        struct Entry: Decodable {
            var gesture: GestureKind
            var measure: LatencyBudget.Measure?
            var scope: LatencyBudget.Scope?
            var percentile: Double?
            var limit: Double
        }
        let data = try read(path, what: "budgets file")
        let entries: [Entry]
        do { entries = try JSONDecoder().decode([Entry].self, from: data) }
        catch {
            throw CLIFailure(
                "\(path): not a budgets file, a JSON array of {gesture, measure, scope, percentile, limit}: \(error)")
        }
        return try entries.enumerated().map { i, e in
            let percentile = e.percentile ?? 95
            guard e.limit.isFinite, e.limit > 0, percentile > 0, percentile <= 100 else {
                throw CLIFailure("\(path): budget [\(i)] needs limit > 0 and 0 < percentile ≤ 100 (limit)")
            }
            return LatencyBudget(gesture: e.gesture, measure: e.measure ?? .latency, scope: e.scope ?? .all,
                                 percentile: percentile, limit: e.limit)
        }
    }
}

// MARK: - Progress

/// `optimize [#####     ] 120/300 best 0.0412` on a terminal; silent otherwise.
final class SearchProgressBar {
    private let enabled = Console.stderrIsTerminal
    private var lastDraw = Date.distantPast
    private var drawn = false

    func update(_ p: Optimizer.Progress) {
        guard enabled, Date().timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = Date()
        drawn = true
        let fraction = p.maxEvaluations > 0 ? min(1, Double(p.evaluations) / Double(p.maxEvaluations)) : 0
        let width = 30
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        let best = p.bestObjective.map { Console.fixed($0, 4) } ?? "–"
        FileHandle.standardError.write(Data(
            "\r\u{1B}[Koptimize [\(bar)] \(p.evaluations)/\(p.maxEvaluations) best \(best) \(p.phase)".utf8))
    }

    func finish() {
        guard enabled, drawn else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
