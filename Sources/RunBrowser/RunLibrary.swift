import Foundation
import Recognizers
import Reports
import Scenes
import Simulation
import TraceModel
import Tuning

// MARK: - The runs a server shows, and what it works out from them

/// The stored runs and the sessions they tuned on, read once when `serve`
/// starts (the server never touches the store again, so it cannot write
/// to it), and what each page needs worked out from them: the report's
/// held-out replay per run, replayed on first use and kept.
///
/// The runs come decoded (`OptimizationResult`): the adapter between the
/// store's run tables and the optimizer's result is the CLI's, as for
/// `gesturetune report`.
package actor RunLibrary {
    /// Newest first.
    package nonisolated let runs: [OptimizationResult]
    package nonisolated let sessions: [String: Session]
    /// How the store is named on pages (a path, or a URL without its password).
    package nonisolated let store: String
    /// The versions reports name.
    package nonisolated let versions: [String: String]
    private let allSessions: [Session]
    private let threads: Int
    private var analyses: [Int64: RunAnalysis] = [:]
    private var comparisons: [[Int64]: RunComparison] = [:]

    package init(
        runs: [OptimizationResult], sessions: [Session], store: String, versions: [String: String],
        threads: Int = OptimizerSettings().parallelism
    ) {
        self.runs = runs.sorted { ($0.run.id ?? 0) > ($1.run.id ?? 0) }
        allSessions = sessions
        self.sessions = Dictionary(sessions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.store = store
        self.versions = versions
        self.threads = threads
    }

    package nonisolated func run(_ id: Int64) -> OptimizationResult? { runs.first { $0.run.id == id } }

    /// Run `a` against run `b` (worked out once, then kept: pairing every
    /// held-out gesture of a large corpus takes a moment).
    package func comparison(_ a: Int64, _ b: Int64) throws -> RunComparison? {
        if let done = comparisons[[a, b]] { return done }
        guard let x = try analysis(a), let y = try analysis(b) else { return nil }
        let comparison = try RunComparison(x, y)
        comparisons[[a, b]] = comparison
        return comparison
    }

    /// The run's held-out replay and report (replayed once, then kept).
    package func analysis(_ id: Int64) throws -> RunAnalysis? {
        if let done = analyses[id] { return done }
        guard let result = run(id) else { return nil }
        let analysis = try RunAnalysis(result: result, sessions: allSessions, store: store, versions: versions, threads: threads)
        analyses[id] = analysis
        return analysis
    }
}

/// One run with its held-out people replayed (the report's replay).
package struct RunAnalysis: Sendable {
    package let result: OptimizationResult
    package let scene: Scene?
    package let replay: HoldoutReplay
    package let report: TuningReport

    init(result: OptimizationResult, sessions: [Session], store: String, versions: [String: String], threads: Int) throws {
        self.result = result
        scene = try result.scene.map { try Scene.builtIn(named: $0) }
        replay = try HoldoutReplay(result: result, sessions: sessions, scene: scene, threads: threads)
        report = TuningReport(optimization: result, replay: replay, corpus: store, versions: versions)
    }

    /// The values a side of the run replays with.
    package func parameters(tuned: Bool) throws -> ParameterSet {
        try ParameterSet(
            Dictionary(uniqueKeysWithValues: result.parameters.map { ($0.name, tuned ? $0.tuned : $0.baseline) }))
    }
}

// MARK: - The run list

/// One row of the run list (`GET /`, `GET /api/runs`).
package struct RunSummary: Codable, Sendable, Hashable {
    package var id: Int64
    package var createdAt: String
    package var scene: String
    package var corpusFingerprint: String
    package var sessions: Int
    package var holdoutLabels: Int
    package var seed: UInt
    package var evaluations: Int
    package var heldOutMisfiresBefore: Int
    package var heldOutMisfiresAfter: Int
    package var heldOutMisfireRateBefore: Double
    package var heldOutMisfireRateAfter: Double
    /// Budgets the tuned constants miss on the held-out people.
    package var budgetsMissed: Int
    package var verdict: String
    package var commandLine: String

    package init(_ r: OptimizationResult) {
        id = r.run.id ?? 0
        createdAt = r.run.createdAt
        scene = r.scene ?? "each session's own"
        corpusFingerprint = r.run.corpusFingerprint
        sessions = r.corpus.sessions
        holdoutLabels = r.corpus.holdoutLabels
        seed = r.seed
        evaluations = r.evaluations
        heldOutMisfiresBefore = r.baseline.holdout.misfires
        heldOutMisfiresAfter = r.tuned.holdout.misfires
        heldOutMisfireRateBefore = r.baseline.holdoutMisfireRate
        heldOutMisfireRateAfter = r.tuned.holdoutMisfireRate
        budgetsMissed = r.tuned.holdout.budgetViolations
        verdict = r.comparison.verdict.rawValue
        commandLine = r.run.commandLine
    }
}

// MARK: - Misfires, filtered

/// What the misfire explorer filters on (`?intent=&device=&user=&kind=&page=`).
package struct MisfireFilter: Sendable, Hashable, Codable {
    package var intent: String?
    package var device: String?
    package var user: String?
    /// `wrong`, `missed`, `dead-zone` or `spurious`.
    package var kind: String?
    /// From 1.
    package var page = 1

    package static let pageSize = 20

    package init(intent: String? = nil, device: String? = nil, user: String? = nil, kind: String? = nil, page: Int = 1) {
        self.intent = intent
        self.device = device
        self.user = user
        self.kind = kind
        self.page = max(1, page)
    }

    func admits(_ o: LabelOutcome) -> Bool {
        (intent == nil || o.intent.rawValue == intent) && (device == nil || o.device == device)
            && (user == nil || (o.user ?? "") == user) && (kind == nil || o.outcome.rawValue == kind)
    }
}

/// The held-out misfires left after tuning, grouped by pattern.
package struct MisfireListing: Sendable, Encodable {
    /// One pattern: what was meant, how it misfired, what fired instead.
    package struct Group: Sendable, Encodable {
        package var intent: String
        package var kind: String
        package var recognized: String?
        package var detail: String?
        package var count: Int
        package var people: Int
        /// The members on this page, with their touch paths.
        package var examples: [TuningReport.Example]
    }

    package var total: Int
    package var groups: [Group]
    package var page: Int
    package var pages: Int
    /// The values each filter can take, for the form.
    package var intents: [String], devices: [String], users: [String], kinds: [String]

    /// Every misfire of the tuned side that `filter` admits, the most common
    /// pattern first, `MisfireFilter.pageSize` to a page (a pattern may
    /// span pages).
    package init(_ analysis: RunAnalysis, sessions: [String: Session], filter: MisfireFilter) {
        let misfires = analysis.replay.tuned.labelOutcomes.filter { $0.outcome != .correct }
        intents = Set(misfires.map(\.intent.rawValue)).sorted()
        devices = Set(misfires.map(\.device)).sorted()
        users = Set(misfires.compactMap(\.user)).sorted()
        kinds = Set(misfires.map(\.outcome.rawValue)).sorted()
        let admitted = misfires.filter(filter.admits)
        struct Pattern: Hashable {
            var intent: String, kind: String, recognized: String?, detail: String?
        }
        var order: [Pattern] = []
        var members: [Pattern: [LabelOutcome]] = [:]
        for o in admitted {
            let p = Pattern(
                intent: o.intent.rawValue, kind: o.outcome.rawValue, recognized: o.recognized?.rawValue, detail: o.detail)
            if members[p] == nil { order.append(p) }
            members[p, default: []].append(o)
        }
        order.sort { (members[$0]?.count ?? 0) > (members[$1]?.count ?? 0) }
        let flat = order.flatMap { p in (members[p] ?? []).map { (p, $0) } }
        total = flat.count
        pages = max(1, (flat.count + MisfireFilter.pageSize - 1) / MisfireFilter.pageSize)
        page = min(filter.page, pages)
        let shown = flat.dropFirst((page - 1) * MisfireFilter.pageSize).prefix(MisfireFilter.pageSize)
        var groups: [Group] = []
        for (pattern, outcome) in shown {
            let all = members[pattern] ?? []
            let people = Set(all.map { $0.user ?? "session:" + $0.session }).count
            guard let misfire = analysis.replay.misfire(outcome, sessions: sessions, pattern: all),
                let example = TuningReport.example(misfire)
            else { continue }
            if groups.last?.intent == pattern.intent && groups.last?.kind == pattern.kind
                && groups.last?.recognized == pattern.recognized && groups.last?.detail == pattern.detail
            {
                groups[groups.count - 1].examples.append(example)
            } else {
                groups.append(
                    Group(
                        intent: pattern.intent, kind: pattern.kind, recognized: pattern.recognized, detail: pattern.detail,
                        count: all.count, people: people, examples: [example]))
            }
        }
        self.groups = groups
    }
}
