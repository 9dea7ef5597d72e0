import Dispatch
import Recognizers
import Scenes
import TraceModel

// MARK: - The simulator

/// How a run measures.
package struct SimulationOptions: Sendable, Hashable, Codable {
    /// Smoothing temperature for the optimizer's surrogate (0: exact only).
    package var temperature: Double
    /// Slack around a label's window when matching recognitions to it.
    package var matchTolerance: Micros
    package var budgets: [LatencyBudget]
    /// Keep every label's outcome (for paired tests and reports).
    package var keepLabelOutcomes: Bool
    /// Keep every recognition (for `simulate --json` and debugging).
    package var keepRecognitions: Bool
    /// Threads to split sessions over (1: the calling thread only).
    package var threads: Int
    /// Compute spring settle times and overshoots (the costliest metric:
    /// a root search per release). Off, spring budgets have no observations.
    package var measureSprings: Bool

    package init(
        temperature: Double = 0, matchTolerance: Micros = 50 * .millisecond,
        budgets: [LatencyBudget] = LatencyBudget.defaults, keepLabelOutcomes: Bool = true,
        keepRecognitions: Bool = false, threads: Int = 1, measureSprings: Bool = true
    ) {
        self.measureSprings = measureSprings
        self.temperature = temperature
        self.matchTolerance = matchTolerance
        self.budgets = budgets
        self.keepLabelOutcomes = keepLabelOutcomes
        self.keepRecognitions = keepRecognitions
        self.threads = threads
    }
}

/// Replays sessions through their scenes and measures misfires and latency.
///
/// Each session is replayed on the scene its `scene` field names (a
/// built-in; `plain` when it names none) unless a scene is given here, which
/// then applies to every session. Parameter values: catalogue defaults,
/// then the scene's own, then the values assigned in `parameters`.
///
/// ```swift
/// let simulator = Simulator(scene: try Scene.builtIn(named: "epilogue"),
///                           parameters: try ParameterSet(["tabSwipe.directionalBias": 4]))
/// let result = try simulator.run(sessions: sessions)
/// result.misfireRate
/// result.latency["tap"]?.p95
/// ```
///
/// For repeated evaluation (the optimizer), compile once with
/// ``Corpus/init(sessions:)`` and call ``run(corpus:)``.
package struct Simulator: Sendable {
    /// Replays every session on this scene, whatever the sessions name.
    package var scene: Scene?
    /// Scenes sessions may name besides the built-ins (by `Scene.name`;
    /// these win over a built-in of the same name).
    package var library: [String: Scene]
    package var parameters: ParameterSet
    package var options: SimulationOptions

    package init(
        scene: Scene? = nil, library: [Scene] = [], parameters: ParameterSet = ParameterSet(),
        options: SimulationOptions = .init()
    ) {
        self.scene = scene
        self.library = Dictionary(library.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        self.parameters = parameters
        self.options = options
    }

    /// Replays the sessions (compiling them into a ``Corpus`` first).
    package func run(sessions: [Session]) throws -> SimulationResult {
        try run(corpus: Corpus(sessions: sessions))
    }

    /// Replays a compiled corpus.
    ///
    /// - Throws: `SceneError` when a session names an unknown scene or a
    ///   scene is invalid.
    package func run(corpus: Corpus) throws -> SimulationResult {
        result(of: try tally(corpus: corpus))
    }

    /// Replays a compiled corpus into a tally, not yet a result: the part
    /// of a run that one shard of a larger corpus contributes. Tallies of
    /// any partition of the sessions, merged in any order
    /// (``Tally/merge(_:)``), give the same ``result(of:)`` as one run over
    /// them all.
    ///
    /// `sessions` limits the replay to those sessions of the corpus (a
    /// shard's, ``Corpus/shard(_:of:)``).
    package func tally(corpus: Corpus, sessions: Range<Int>? = nil) throws -> Tally {
        let plan = try ReplayPlan(simulator: self, corpus: corpus)
        let range = sessions?.clamped(to: 0..<corpus.sessionCount) ?? 0..<corpus.sessionCount
        let threads = max(1, min(options.threads, range.count))
        if threads == 1 || sessions != nil { return plan.replay(corpus: corpus, sessions: range) }
        let chunks = ReplayPlan.split(corpus, into: threads)
        let parts = ParallelMap.map(chunks.count, width: chunks.count) { k in
            plan.replay(corpus: corpus, sessions: chunks[k])
        }
        return merged(parts)
    }

    /// `parts` merged, in their order (any order gives the same result).
    package func merged(_ parts: [Tally]) -> Tally {
        Tally(merging: parts, budgetCount: options.budgets.count)
    }

    /// The result of a (merged) tally: percentiles, springs and budgets.
    package func result(of tally: Tally) -> SimulationResult {
        tally.result(options: options, parameters: parameters)
    }
}

// MARK: - The replay itself

/// Arenas compiled once per run, one per scene used; each thread copies them.
struct ReplayPlan: Sendable {
    var arenas: [Arena] = []
    var names: [String] = []
    var ids: [[String]] = []
    /// Per scene, per recognizer: the target it claims exclusively (empty
    /// when no member does; see ``Matcher``).
    var exclusive: [[String?]] = []
    /// Per session: index into `arenas`.
    var sceneOf: [Int] = []
    var matcher: Matcher
    var options: SimulationOptions

    init(simulator: Simulator, corpus: Corpus) throws {
        options = simulator.options
        matcher = Matcher(tolerance: simulator.options.matchTolerance, temperature: simulator.options.temperature)
        var index: [String: Int] = [:]
        func compile(_ scene: Scene) throws -> Int {
            if let i = index[scene.name] { return i }
            arenas.append(try scene.arena(parameters: simulator.parameters, temperature: simulator.options.temperature))
            names.append(scene.name)
            ids.append(scene.recognizers.map(\.id))
            let claims = scene.recognizers.map { $0.exclusiveTarget ? $0.target : nil }
            exclusive.append(claims.contains { $0 != nil } ? claims : [])
            index[scene.name] = arenas.count - 1
            return arenas.count - 1
        }
        sceneOf.reserveCapacity(corpus.sessionCount)
        if let scene = simulator.scene, scene.screens.isEmpty {
            let i = try compile(scene)
            sceneOf = Array(repeating: i, count: corpus.sessionCount)
        } else if let scene = simulator.scene {
            // A scene of screens (the playground): each session on the
            // screen its own scene field names.
            for entry in corpus.entries {
                sceneOf.append(try compile(try scene.forSession(id: entry.id, scene: entry.scene)))
            }
        } else {
            for entry in corpus.entries {
                let name = entry.scene ?? "plain"
                if let i = index[name] {
                    sceneOf.append(i)
                } else {
                    let base = Scene.sceneAndScreen(name).scene
                    let scene = try simulator.library[name] ?? simulator.library[base] ?? Scene.builtIn(named: name)
                    sceneOf.append(try compile(try scene.forSession(id: entry.id, scene: name)))
                }
            }
        }
    }

    /// Contiguous ranges of sessions with about equal numbers of samples.
    static func split(_ corpus: Corpus, into parts: Int) -> [Range<Int>] {
        let total = max(1, corpus.touchCount + corpus.motionCount)
        var ranges: [Range<Int>] = []
        var start = 0, seen = 0
        for (i, entry) in corpus.entries.enumerated() {
            seen += entry.touches.count + entry.motion.count
            if ranges.count < parts - 1, seen * parts >= total * (ranges.count + 1) {
                ranges.append(start..<(i + 1))
                start = i + 1
            }
        }
        ranges.append(start..<corpus.sessionCount)
        return ranges
    }

    func replay(corpus: Corpus, sessions: Range<Int>) -> Tally {
        var arenas = self.arenas
        var tally = Tally(budgetCount: options.budgets.count)
        for s in sessions {
            let entry = corpus.entries[s]
            let k = sceneOf[s]
            ReplayPlan.replay(entry, corpus: corpus, arena: &arenas[k])
            tally.add(
                entry, scene: names[k], arena: arenas[k], ids: ids[k], exclusive: exclusive[k], matcher: matcher,
                options: options)
        }
        return tally
    }

    /// Feeds one session's touch and motion samples, merged in time order
    /// (touch first on equal times), to the arena.
    static func replay(_ entry: Corpus.Entry, corpus: Corpus, arena: inout Arena) {
        arena.beginSession(screenWidth: entry.screenWidth, screenHeight: entry.screenHeight)
        corpus.t.withUnsafeBufferPointer { t in
            corpus.x.withUnsafeBufferPointer { x in
                corpus.y.withUnsafeBufferPointer { y in
                    corpus.pointer.withUnsafeBufferPointer { pointer in
                        corpus.phase.withUnsafeBufferPointer { phase in
                            corpus.motionT.withUnsafeBufferPointer { motionT in
                                corpus.ax.withUnsafeBufferPointer { ax in
                                    corpus.ay.withUnsafeBufferPointer { ay in
                                        corpus.az.withUnsafeBufferPointer { az in
                                            arena.replay(
                                                touches: entry.touches, t: t, pointer: pointer, phase: phase, x: x, y: y,
                                                motion: entry.motion, motionT: motionT, ax: ax, ay: ay, az: az)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        arena.finishSession()
    }
}
