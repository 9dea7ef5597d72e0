import GesturePhysics
import Recognizers
import Scenes
import Simulation
import TraceModel

// MARK: - The held-out people, replayed with everything kept

/// The held-out sessions of a run replayed with the reference and with the
/// tuned constants, keeping every recognition and every label's outcome:
/// what a report shows beyond the run's counts — every latency observation,
/// the springs at the speeds people released them, the misfires with their
/// touch paths, the rates per person and per device.
///
/// Design: this is validation work (the same split, the same simulator), so
/// it lives in Tuning, and what it hands on is plain values (numbers,
/// strings, `TraceModel` samples). `Reports` turns them into its model
/// and renders; it never runs the simulator, so it depends on neither
/// `Simulation` nor `GesturePhysics`. The run itself does not keep these
/// (result.json would carry every recognition); `gesturetune report --run`
/// replays again from the store, which costs milliseconds.
///
/// ```swift
/// let replay = try HoldoutReplay(result: result, sessions: sessions, scene: scene, threads: settings.parallelism)
/// let report = try TuningReport(optimization: result, replay: replay, corpus: "datasets/epilogue")
/// ```
package struct HoldoutReplay: Sendable {
    // MARK: Plain values for the report

    /// One point of a spring's motion: position as a fraction of the
    /// distance to rest (0 at release, 1 at rest), `t` seconds after release.
    package struct CurvePoint: Sendable, Hashable {
        package var t: Double
        package var value: Double
    }

    /// How one spring moves after a release.
    package struct SpringCurve: Sendable, Hashable {
        /// Every 10 ms over 1.2 s.
        package var points: [CurvePoint]
        /// Seconds until the motion stays within the settle tolerance.
        package var settleTime: Double
        /// Largest excursion past rest, as a fraction of the distance.
        package var overshoot: Double
    }

    /// A tuned spring released at one speed seen in the data.
    package struct SpringRelease: Sendable, Hashable {
        /// `tabSwipe`, `cardSwipe`.
        package var spring: String
        /// `typical` (median release speed) or `fast` (95th percentile); `from
        /// rest` for a spring the app starts without the finger's velocity.
        package var velocityName: String
        /// Points per second towards rest.
        package var releaseVelocity: Double
        package var baseline: SpringCurve
        package var tuned: SpringCurve
    }

    /// One misfired label with the touches around it.
    package struct Misfire: Sendable, Hashable {
        package var sessionID: String
        package var user: String?
        package var device: Device
        package var label: Label
        /// The simulator's outcome (`wrong`, `missed`, `dead-zone`, `spurious`).
        package var outcome: String
        /// What fired instead, or `nil`.
        package var recognized: String?
        package var recognizedAt: Micros?
        /// Touch samples from 150 ms before the label to 150 ms after.
        package var path: [TouchSample]
        /// The simulator's note on what happened (a gesture that began and
        /// sprang back, a lock that swallowed it).
        package var detail: String?
        /// How many held-out gestures, of how many people, share this
        /// example's pattern (intent, kind of misfire, what fired).
        package var sharedBy: PatternShare
    }

    /// How common an example's pattern is.
    package struct PatternShare: Sendable, Hashable {
        package var gestures: Int
        package var people: Int
    }

    /// Misfires and labels of one person or device, before and after.
    package struct GroupCounts: Sendable, Hashable {
        package var group: String
        package var baselineMisfires: Int
        package var baselineLabels: Int
        package var tunedMisfires: Int
        package var tunedLabels: Int
    }

    /// The scene names the run tuned: its override, else every session's own.
    package let scenes: [String]
    /// The people on each side of the run's split with at least one
    /// labelled gesture, and apart the recordings nothing labels (a user
    /// id, or the session id when a recording names no user), all sorted.
    package let trainPeople: [String], trainUnlabelled: [String]
    package let holdoutPeople: [String], holdoutUnlabelled: [String]
    /// Misfires left after tuning, at most `examplesPerGroup`: one per
    /// pattern, spread over people (`examples(baseline:tuned:sessions:limit:)`).
    package let remaining: [Misfire]
    /// Misfires before tuning that tuning fixed, likewise.
    package let fixed: [Misfire]
    package let byUser: [GroupCounts]
    package let byDevice: [GroupCounts]
    package let springs: [SpringRelease]

    /// Every label's outcome and every recognition, with the reference and
    /// the tuned constants (what `serve` filters, pairs and links to sessions).
    package let baseline: SimulationResult
    package let tuned: SimulationResult

    // MARK: Replaying

    /// Replays the run's held-out people.
    ///
    /// - Parameters:
    ///   - result: The optimization run whose reference and tuned constants are replayed.
    ///   - sessions: All sessions the run was given; the held-out ones are
    ///     chosen by the run's own split (`splitByUser(_:holdoutFraction:)`
    ///     at its holdout fraction), as ``TuningData`` chose them.
    ///   - scene: The scene override the run used (`nil`: each session's own).
    ///   - threads: Replay threads (the optimizer's parallelism).
    ///   - examplesPerGroup: How many remaining and fixed misfires to keep.
    package init(
        result: OptimizationResult, sessions: [Session], scene: Scene?, threads: Int,
        examplesPerGroup: Int = 6
    ) throws {
        let sides = splitByUser(sessions, holdoutFraction: result.corpus.holdoutFraction)
        let holdout = sides.holdout
        (trainPeople, trainUnlabelled) = Self.people(sides.train)
        (holdoutPeople, holdoutUnlabelled) = Self.people(holdout)
        var options = SimulationOptions(keepLabelOutcomes: true, keepRecognitions: true, threads: threads)
        options.budgets = result.budgets.map(\.budget)
        func replay(_ value: (ParameterChange) -> Double) throws -> SimulationResult {
            let values = Dictionary(uniqueKeysWithValues: result.parameters.map { ($0.name, value($0)) })
            return try Simulator(scene: scene, parameters: try ParameterSet(values), options: options).run(sessions: holdout)
        }
        baseline = try replay(\.baseline)
        tuned = try replay(\.tuned)
        scenes =
            result.scene.map { [$0] }
            ?? Set(sessions.map { $0.header.scene ?? Scene.plain.name }).sorted()
        let byID = Dictionary(holdout.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        (remaining, fixed) = Self.examples(baseline: baseline, tuned: tuned, sessions: byID, limit: examplesPerGroup)
        byUser = Self.groups(baseline.perUser, tuned.perUser)
        byDevice = Self.groups(baseline.perDevice, tuned.perDevice)
        springs = Self.springs(result: result, log: baseline)
    }

    /// Every observation a latency or recognition budget covers, ms, with
    /// the reference (`baseline: true`) or the tuned constants.
    package func times(for budget: LatencyBudget, baseline useBaseline: Bool) -> [Double] {
        (useBaseline ? baseline : tuned).recognitionLog.compactMap { budget.observation(of: $0.recognition) }
    }

    // MARK: Springs

    /// Each spring the scene animates, released at a typical (median) and a
    /// fast (95th percentile) speed seen in the data, over the median travel,
    /// with the reference and the tuned response and damping.
    static func springs(result: OptimizationResult, log: SimulationResult) -> [SpringRelease] {
        // The springs the report draws, each as the simulator measures it:
        // the card's and the tab page's from rest (a spring that kept the
        // finger's velocity would be drawn at a typical and a fast release).
        var releases: [SpringRelease] = []
        for spring in [AnimatedSpring.tabSwipe, .cardSwipe] {
            // Only where the simulator measured this spring: the animation
            // patterns' card swipes drive springs of their own.
            guard log.springs.contains(where: { $0.spring == spring.name }) else { continue }
            let released = log.recognitionLog.map(\.recognition).filter {
                $0.kind == spring.gesture && abs($0.springDistance) > 1
            }
            guard !released.isEmpty else { continue }
            // Speed towards the target: positive moves the view home.
            let speeds = released.map { $0.releaseVelocity * ($0.springDistance < 0 ? -1 : 1) }.sorted()
            let distance = Percentile.of(sorted: released.map { abs($0.springDistance) }.sorted(), 50) ?? 0
            /// Baseline and tuned value; the catalogue default twice when the run did not tune it.
            func values(_ parameter: Parameter) -> (Double, Double) {
                if let change = result.parameters.first(where: { $0.name == parameter.name }) {
                    return (change.baseline, change.tuned)
                }
                return (parameter.spec.defaultValue, parameter.spec.defaultValue)
            }
            let response = values(spring.response), damping = values(spring.damping)
            let speedsSeen =
                spring.keepsVelocity
                ? [("typical", Percentile.of(sorted: speeds, 50) ?? 0), ("fast", Percentile.of(sorted: speeds, 95) ?? 0)]
                : [("from rest", 0.0)]
            for (label, speed) in speedsSeen {
                func motion(_ r: Double, _ z: Double) -> SpringCurve {
                    curve(Spring(response: r, dampingFraction: z), distance: distance, velocity: speed)
                }
                releases.append(
                    SpringRelease(
                        spring: spring.name, velocityName: label, releaseVelocity: speed,
                        baseline: motion(response.0, damping.0), tuned: motion(response.1, damping.1)))
            }
        }
        return releases
    }

    /// Position over 1.2 s as a fraction of the distance to the target (0
    /// at release, 1 at rest), with the settle time (s) and the overshoot
    /// as a fraction of the distance: what the report's charts draw against
    /// a "rest" line at 1.
    static func curve(_ spring: Spring, distance: Double, velocity: Double) -> SpringCurve {
        let scale = distance != 0 ? 1 / distance : 1
        let points = stride(from: 0.0, through: 1.2, by: 0.01).map { t in
            CurvePoint(
                t: t, value: (distance + spring.state(after: t, displacement: -distance, velocity: velocity).displacement) * scale
            )
        }
        return SpringCurve(
            points: points, settleTime: spring.settleTime(distance: distance, initialVelocity: velocity),
            overshoot: spring.overshootFraction(distance: distance, initialVelocity: velocity))
    }

    // MARK: Examples

    /// The misfires left after tuning and the ones it fixed: one example
    /// per pattern (intent, kind of misfire, what fired), the pattern most
    /// people share first, each from a person not shown yet where the
    /// pattern allows, so the examples spread over people instead of
    /// following the first session's order.
    static func examples(baseline: SimulationResult, tuned: SimulationResult, sessions: [String: Session], limit: Int)
        -> (remaining: [Misfire], fixed: [Misfire])
    {
        func key(_ o: LabelOutcome) -> String { "\(o.session)#\(o.label)" }
        let before = Dictionary(baseline.labelOutcomes.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
        let remaining = tuned.labelOutcomes.filter { $0.outcome != .correct }
        let fixed = tuned.labelOutcomes.filter { $0.outcome == .correct }.compactMap { before[key($0)] }
            .filter { $0.outcome != .correct }
        return (
            spread(remaining, log: tuned, sessions: sessions, limit: limit),
            spread(fixed, log: baseline, sessions: sessions, limit: limit)
        )
    }

    /// Up to `limit` examples of `outcomes`: first one per pattern (most
    /// people, then most gestures, first), then further ones of the same
    /// patterns from people not shown yet.
    private static func spread(
        _ outcomes: [LabelOutcome], log: SimulationResult, sessions: [String: Session],
        limit: Int
    ) -> [Misfire] {
        struct Pattern: Hashable {
            var intent: Intent
            var outcome: Outcome
            var recognized: GestureKind?
            var detail: String?
        }
        func person(_ o: LabelOutcome) -> String { o.user ?? "session:" + o.session }
        var order: [Pattern] = []
        var members: [Pattern: [LabelOutcome]] = [:]
        for o in outcomes {
            let pattern = Pattern(intent: o.intent, outcome: o.outcome, recognized: o.recognized, detail: o.detail)
            if members[pattern] == nil { order.append(pattern) }
            members[pattern, default: []].append(o)
        }
        let people = members.mapValues { Set($0.map(person)).count }
        let ranked = order.enumerated().sorted { a, b in
            let (pa, pb) = (people[a.element] ?? 0, people[b.element] ?? 0)
            let (na, nb) = (members[a.element]?.count ?? 0, members[b.element]?.count ?? 0)
            return (pa, na, -a.offset) > (pb, nb, -b.offset)
        }.map(\.element)
        var result: [Misfire] = []
        var shown = Set<String>(), used = Set<String>()
        // Pass 1: a new person for each pattern where it has one; pass 2:
        // more of the common patterns, still from people not shown.
        for pass in 0..<2 {
            for pattern in ranked where result.count < limit {
                let group = members[pattern] ?? []
                let fresh = group.first { !shown.contains(person($0)) && !used.contains("\($0.session)#\($0.label)") }
                let share = PatternShare(gestures: group.count, people: people[pattern] ?? 1)
                guard let pick = fresh ?? (pass == 0 ? group.first : nil),
                    let example = misfire(pick, log: log, sessions: sessions, sharedBy: share)
                else { continue }
                result.append(example)
                shown.insert(person(pick))
                used.insert("\(pick.session)#\(pick.label)")
            }
        }
        return result
    }

    static func misfire(
        _ outcome: LabelOutcome, log: SimulationResult, sessions: [String: Session],
        sharedBy: PatternShare
    ) -> Misfire? {
        guard outcome.outcome != .correct, let session = sessions[outcome.session], session.labels.indices.contains(outcome.label)
        else { return nil }
        let label = session.labels[outcome.label]
        let margin = 150 * Micros.millisecond
        let path = session.touches.filter { $0.t >= label.start - margin && $0.t <= label.end + margin }
        let recognizedAt = outcome.recognized.flatMap { kind in
            log.recognitionLog.first {
                $0.session == outcome.session && $0.recognition.kind == kind
                    && $0.recognition.recognized >= label.start - margin && $0.recognition.recognized <= label.end + margin
            }?.recognition.recognized
        }
        return Misfire(
            sessionID: session.id, user: session.header.user, device: session.header.device, label: label,
            outcome: outcome.outcome.rawValue, recognized: outcome.recognized?.rawValue, recognizedAt: recognizedAt,
            path: path, detail: outcome.detail, sharedBy: sharedBy)
    }

    // MARK: People

    /// The people of one side — users with at least one labelled gesture
    /// — and, apart, the recordings nothing labels (a user id, or the
    /// session id when a recording names no user), both sorted.
    static func people(_ sessions: [Session]) -> (labelled: [String], unlabelled: [String]) {
        var labelled = Set<String>(), seen = Set<String>()
        for session in sessions {
            let key = session.header.user ?? session.id
            seen.insert(key)
            if !session.labels.isEmpty { labelled.insert(key) }
        }
        return (labelled.sorted(), seen.subtracting(labelled).sorted())
    }

    // MARK: Per person and device

    static func groups(_ before: [String: OutcomeCounts], _ after: [String: OutcomeCounts]) -> [GroupCounts] {
        Set(before.keys).union(after.keys).sorted().map { group in
            let b = before[group] ?? OutcomeCounts(), a = after[group] ?? OutcomeCounts()
            return GroupCounts(
                group: group, baselineMisfires: b.misfires, baselineLabels: b.labels,
                tunedMisfires: a.misfires, tunedLabels: a.labels)
        }
    }
}

// MARK: - The platform's documented values

extension TuningTarget {
    /// What UIKit documents for the constants `--target platform` fits, by
    /// parameter name (value, and where it is documented): what reports set
    /// the fitted values beside.
    package static var documentedPlatformValues: [String: DocumentedValue] { Parameter.documentedByUIKit }
}
