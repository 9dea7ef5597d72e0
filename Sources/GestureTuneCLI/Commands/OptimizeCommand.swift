import ArgumentParser
import Cluster
import Foundation
import Recognizers
import Scenes
import Simulation
import TraceModel
import TraceStoreInterface
import Tuning

// MARK: - gesturetune optimize

extension TuningSearch.GlobalPhase: ExpressibleByArgument {}
extension TuningTarget: ExpressibleByArgument {}

struct OptimizeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "optimize",
        abstract: "Tune recognizer constants for fewer misfires under latency budgets, validated on held-out users.",
        discussion: """
            Loads the store's sessions once, splits them by user (25% held out), and \
            searches the tuning space on the training users (line searches over each \
            constant, then CMA-ES joint moves over GSL's eigen-decomposition, on the \
            simulator's soft-margin surrogate cooling to the exact counts), on two \
            threads; more evaluations never give a worse answer. Then measures the reference and the tuned \
            constants exactly on both splits (Clopper-Pearson intervals, McNemar on the \
            held-out labels), sweeps each constant's sensitivity and the misfire/latency \
            trade-off. Writes the report (report.html, report.md, report.json, GestureConstants.swift), params.json and result.json into DIR, and \
            stores the run in the store. Same seed, same result.
            """)

    @OptionGroup var store: StoreOptions
    @OptionGroup var inputs: TuningInputOptions
    @OptionGroup var cluster: ClusterOptions

    // Numeric options parse `.unconditional`ly: `--max-evals -5` is a value
    // that validation refuses, not a missing value followed by a flag `-5`.
    @Option(parsing: .unconditional, help: ArgumentHelp("Seed of every random choice.", valueName: "n"))
    var seed: UInt = 1

    @Option(
        name: .customLong("max-evals"), parsing: .unconditional,
        help: ArgumentHelp("Objective evaluations of the search.", valueName: "n"))
    var maxEvals: Int = 300

    @Option(
        help: ArgumentHelp(
            "The global phase: coordinate line searches over each constant's range, then CMA-ES joint moves "
                + "(lines), or a seeded Latin-hypercube multi-start (lhs) or gsl_siman annealing chains (siman), "
                + "each then refined with GSL's simplex.",
            valueName: "lines|lhs|siman"))
    var global: TuningSearch.GlobalPhase = .lines

    @Option(
        help: ArgumentHelp(
            "What to tune towards: the labels (intent: fewer misfires within the budgets) or the platform's own "
                + "recognitions on the same touches (platform: reproduce UIKit, for recordings that carry them, "
                + "such as iOS study exports; no budgets).",
            valueName: "intent|platform"))
    var target: TuningTarget = .intent

    @Option(
        help: ArgumentHelp(
            "How many points any intent's training misfire rate may rise above the reference constants' (a constraint "
                + "like the budgets, so no gesture is sacrificed for the average), or 'off'.",
            valueName: "points|off"))
    var intentMargin: String = "2"

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Also run k-fold cross-validation by user (k more searches).", valueName: "k")
    )
    var folds: Int?

    @Option(
        help: ArgumentHelp(
            "Output directory (report.html, report.md, GestureConstants.swift, params.json, result.json, …).", valueName: "dir"))
    var out: String = "gesturetune-optimize"

    @Option(parsing: .unconditional, help: ArgumentHelp("Points per sensitivity sweep (0: none).", valueName: "n"))
    var sensitivityPoints: Int = 15

    @Flag(help: "Skip the misfire/latency Pareto sweep.")
    var noPareto = false

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Evaluations per level of the Pareto sweep and for the intent-protection search "
                + "(default: a fifth of --max-evals, at least 40).", valueName: "n"))
    var paretoEvals: Int?

    @Option(
        help: ArgumentHelp(
            "The reference constants, which the run compares against and starts from: preset:NAME, a source's variant ("
                + ParameterPreset.all.map(\.name).joined(separator: ", ")
                + "), or a JSON object of parameter name → value; they become the --scene's values (default: the scene's own).",
            valueName: "file|preset:NAME"))
    var params: String?

    @Flag(help: "Print a JSON summary (baseline, tuned, params, evaluations, seconds, …) on standard output.")
    var json = false

    func validate() throws {
        try cluster.validateOptions()
        if maxEvals < 1 { throw ValidationError("--max-evals must be at least 1.") }
        if let folds, folds < 2 { throw ValidationError("--folds must be at least 2.") }
        if sensitivityPoints < 0 { throw ValidationError("--sensitivity-points must be ≥ 0.") }
        if let paretoEvals, paretoEvals < 1 { throw ValidationError("--pareto-evals must be at least 1.") }
        if intentMargin != "off", !(Double(intentMargin).map { $0 >= 0 && $0 <= 100 } ?? false) {
            throw ValidationError("--intent-margin must be a number of points from 0 to 100, or 'off' (got '\(intentMargin)').")
        }
        try inputs.validateOptions()
        // Ray's workers build their scene from --scene alone.
        if params != nil, cluster.ray != nil { throw ValidationError("--params does not combine with --ray yet.") }
    }

    func run() async throws {
        // Read-only while reading (a read-only store can still be tuned on);
        // the run is stored at the end, with its reports written inside the
        // same transaction, so a failed report leaves no run behind.
        let (loaded, fingerprint) = try await store.withStore(.readOnly) { traceStore in
            var loaded = try await CLIFailure.guardingAsync { try await inputs.load(from: traceStore) }
            if let params { try CLIFailure.guarding { try TuningInputOptions.applyReference(params, to: &loaded) } }
            // Of the sessions just loaded (another writer may add more meanwhile).
            return (loaded, (try? await traceStore.corpusFingerprint()) ?? "")
        }
        let remote = try cluster.start(store: store, inputs: inputs, sessions: loaded.sessions)
        defer { remote?.close() }
        let unsaved = try optimize(loaded, fingerprint: fingerprint, remote: remote)
        try ClusterOptions.requireIntact(remote)
        let out = self.out, corpus = store.location, sessions = loaded.sessions, scene = loaded.scene
        let preset = loaded.preset
        let result = try await store.withStore(.readWrite) { writable in
            try await CLIFailure.guardingAsync {
                try await unsaved.saved(in: writable) {
                    try ReportOutput.write($0, sessions: sessions, scene: scene, corpus: corpus, to: out, preset: preset)
                }
            }
        }
        if json {
            try Console.json(OptimizeSummary(result, out: out))
        } else {
            if result.target == .platform { Console.out(Self.calibrationText(result)) }
            Console.out(result.comparison.summary)
            Console.out(
                "train misfire rate \(Self.percent(result.baseline.trainMisfireRate)) → \(Self.percent(result.tuned.trainMisfireRate)); "
                    + "budgets missed on holdout \(result.baseline.budgetViolations) → \(result.tuned.budgetViolations)")
            Console.out(
                "\(result.evaluations) evaluations in \(Console.fixed(result.seconds, 1)) s; run \(result.run.id.map(String.init) ?? "?"); "
                    + "wrote \(ReportOutput.files.map { "\(out)/\($0)" }.joined(separator: ", "))")
        }
    }

    private func optimize(
        _ loaded: TuningInputOptions.Loaded, fingerprint: String, remote: (any RemoteReplay)?
    ) throws -> OptimizationResult {
        var settings = OptimizerSettings(
            tune: loaded.tune, bounds: loaded.bounds, budgets: loaded.budgets, weights: loaded.weights,
            relaxBrokenBudgets: inputs.relaxBudgets, budgetConfidence: inputs.confidence, budgetMargin: inputs.budgetMargin,
            seed: seed, maxEvaluations: maxEvals,
            holdoutFraction: inputs.holdoutFraction, folds: folds, sensitivityPoints: sensitivityPoints)
        settings.global = global
        settings.budgetGroup = inputs.budgetGroup
        settings.target = target
        settings.intentMargin = Double(intentMargin).map { $0 / 100 }
        if noPareto { settings.paretoFractions = [] }
        settings.paretoEvaluationsPerLevel = paretoEvals
        settings.remote = remote
        let bar = ProgressBar(label: "optimize")
        var result = try CLIFailure.guarding {
            do {
                return try Optimizer(settings: settings).run(sessions: loaded.sessions, scene: loaded.scene) { p in
                    bar.update(
                        done: p.evaluations, total: p.maxEvaluations,
                        detail:
                            "\(p.evaluations)/\(p.maxEvaluations) best \(p.bestObjective.map { Console.fixed($0, 4) } ?? "–") \(p.phase)"
                    )
                }
            } catch {
                // A search that failed because the cluster did says so.
                try ClusterOptions.requireIntact(remote)
                throw error
            }
        }
        bar.finish()
        result.run = RunInfo(
            commandLine: Self.commandLine(), createdAt: ISO8601DateFormatter().string(from: Date()),
            corpusFingerprint: fingerprint, store: store.location)
        return result
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
            "fitted constants (UIKit documents · reference → fitted):"
        ]
        for change in result.parameters {
            let documented =
                Parameter.documentedByUIKit[change.name]
                .map { "\(Console.number($0.value)) \(change.unit) (\($0.source))" } ?? "none"
            lines.append(
                "  \(change.name): \(documented) · \(Console.number(change.baseline)) → "
                    + "\(Console.number(change.tuned)) \(change.unit)")
        }
        return lines.joined(separator: "\n")
    }
}
