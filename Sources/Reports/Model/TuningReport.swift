import TraceModel

// MARK: - The report's input

/// Everything a tuning report shows, as plain data.
///
/// The optimizer's result is converted into this model once; the renderers
/// (``HTMLReport``, ``MarkdownReport``, ``SwiftConstantsFile``) only read it,
/// and `report.json` is this model encoded with sorted keys. The fields follow
/// the order a designer asks in: did it work, what changed, where it still
/// fails, what it costs, and how it was found.
///
/// ```swift
/// let report = TuningReport(title: "Library scene", verdict: verdict, constants: rows, …)
/// try ReportWriter.write(report, to: URL(fileURLWithPath: "reports"))
/// ```
package struct TuningReport: Codable, Sendable, Hashable {
    /// The headline, e.g. the scene or recognizer set tuned.
    package var title: String
    /// Did the misfire rate drop on held-out users, within budgets, significantly?
    package var verdict: Verdict
    /// The tuned constants, old → new.
    package var constants: [Constant]
    /// Misfires by kind and intent, and confusion matrices.
    package var misfires: Misfires
    /// Latency distributions per gesture against its budget.
    package var latency: [LatencyDistribution]
    /// Spring responses before and after.
    package var springs: [SpringComparison]
    /// One-parameter sweeps and the misfire/latency Pareto front.
    package var sensitivity: Sensitivity
    /// The optimizer's progress.
    package var search: [SearchStep]
    /// Worst remaining misfires and misfires the tuning fixed.
    package var examples: Examples
    /// Misfire rates by user and by device.
    package var breakdown: Breakdown
    /// What it ran on and how to run it again.
    package var run: RunInfo
    /// Agreement with the platform's own recognizers, when the held-out
    /// recordings carry them (shown right after the verdict).
    package var platform: PlatformComparison?
}

// MARK: - The data and the run

extension TuningReport {
    /// Enough about the run to reproduce it.
    package struct RunInfo: Codable, Sendable, Hashable {
        /// The corpus as named on the command line (store path or dataset name).
        package var corpus: String
        package var sessions: Int
        /// Labelled gestures in the corpus.
        package var gestures: Int
        package var split: Split
        package var seed: UInt64
        /// Simulator runs the optimizer spent.
        package var evaluations: Int
        /// Wall-clock duration of the search.
        package var seconds: Double
        /// What the optimizer minimised, in words.
        package var objective: String
        /// Search method, e.g. `GSL nmsimplex2, 4 restarts`.
        package var method: String
        /// Component → version (gesturetune, Swift, GSL, SQLite, …).
        package var versions: [String: String]
        /// The exact command that produced this report.
        package var commandLine: String
        /// ISO 8601 time of the run.
        package var generatedAt: String?
    }

    /// How users were divided: tuning never sees the held-out users.
    package struct Split: Codable, Sendable, Hashable {
        /// In words, e.g. `by user, 70 % train, seeded shuffle`.
        package var rule: String
        /// People with labelled gestures on each side: the people the
        /// misfire rates are about.
        package var trainUsers: [String]
        package var holdoutUsers: [String]
        package var trainGestures: Int
        package var holdoutGestures: Int
        /// Recordings without a single label on each side (a user id, or a
        /// session id for a recording without one): replayed, but nothing
        /// judges them, so they are no people of the rates (`nil` in
        /// reports written before they were told apart).
        package var trainUnlabelled: [String]?
        package var holdoutUnlabelled: [String]?
    }
}
