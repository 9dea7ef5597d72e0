import GesturePhysics
import Recognizers
import TraceModel

// MARK: - Accumulating a run

/// Counts and observations of part of a run; tallies of the threads are
/// merged, then ``result(options:parameters:)`` computes percentiles, springs
/// and budgets once.
struct Tally: Sendable {
    var sessions = 0
    var touchSamples = 0
    var motionSamples = 0
    var scenes: [String: Int] = [:]
    var recognitions = 0
    var byGesture: [GestureKind: Int] = [:]
    var drops: [Drop.Reason: Int] = [:]
    var total = OutcomeCounts()
    var perIntent: [String: OutcomeCounts] = [:]
    var confusion: [String: [String: Int]] = [:]
    var perUser: [String: OutcomeCounts] = [:]
    var perDevice: [String: OutcomeCounts] = [:]
    var latency: [GestureKind: [Double]] = [:]
    var haptic: [Double] = []
    /// Spring releases: gesture, distance to travel, velocity, response, damping.
    var springs: [SpringRelease] = []
    var outcomes: [LabelOutcome] = []
    var log: [SessionRecognition] = []

    struct SpringRelease: Sendable {
        var gesture: GestureKind
        var distance: Double
        var velocity: Double
        var response: Double
        var damping: Double
    }

    static let noUser = "(no user)"

    mutating func add(
        _ entry: Corpus.Entry, scene: String, arena: Arena, ids: [String], matcher: Matcher, options: SimulationOptions
    ) {
        sessions += 1
        touchSamples += entry.touches.count
        motionSamples += entry.motion.count
        scenes[scene, default: 0] += 1
        recognitions += arena.recognitions.count
        let tuning = arena.tuning.parameters
        for r in arena.recognitions {
            byGesture[r.kind, default: 0] += 1
            latency[r.kind, default: []].append(Double(r.latency) / 1000)
            if r.kind == .swipeActions, r.hapticLatency >= 0 { haptic.append(Double(r.hapticLatency) / 1000) }
            switch r.kind {
            case .cardSwipe:
                springs.append(SpringRelease(
                    gesture: .cardSwipe, distance: r.springDistance, velocity: r.releaseVelocity,
                    response: tuning[.cardSwipeSpringResponse], damping: tuning[.cardSwipeSpringDamping]))
            case .tabSwipe:
                springs.append(SpringRelease(
                    gesture: .tabSwipe, distance: r.springDistance, velocity: r.releaseVelocity,
                    response: tuning[.tabSwipeSpringResponse], damping: tuning[.tabSwipeSpringDamping]))
            default: break
            }
            if options.keepRecognitions {
                log.append(SessionRecognition(
                    session: entry.id, recognizerID: ids.indices.contains(r.recognizer) ? ids[r.recognizer] : "?",
                    recognition: r))
            }
        }
        for d in arena.drops { drops[d.reason, default: 0] += 1 }

        let match = matcher.match(
            entry, recognitions: arena.recognitions, drops: arena.drops, contacts: arena.contacts)
        let user = entry.user ?? Tally.noUser
        for o in match.outcomes {
            var c = OutcomeCounts()
            c.labels = 1
            c.count(o.outcome)
            c.softMisfires = o.softMisfires
            let row = o.intent.rawValue
            switch o.outcome {
            case .correct, .wrong: bump(row, o.recognized.map { $0.intent.rawValue } ?? "nothing")
            case .missed: bump(row, "nothing")
            case .deadZone: bump(row, "dead-zone")
            case .spurious: break
            }
            count(c, intent: row, user: user, device: entry.deviceKey)
            if options.keepLabelOutcomes { outcomes.append(o) }
        }
        for r in match.spuriousInNone {
            var c = OutcomeCounts()
            c.spurious = 1
            bump(Intent.none.rawValue, r.kind.intent.rawValue)
            count(c, intent: Intent.none.rawValue, user: user, device: entry.deviceKey)
        }
        for (r, soft) in match.spurious {
            var c = OutcomeCounts()
            c.spurious = 1
            c.softMisfires = soft
            bump("unlabelled", r.kind.intent.rawValue)
            count(c, intent: "unlabelled", user: user, device: entry.deviceKey)
        }
        if match.extra > 0 {
            var c = OutcomeCounts()
            c.extra = match.extra
            total.add(c)
        }
    }

    private mutating func bump(_ row: String, _ column: String) {
        confusion[row, default: [:]][column, default: 0] += 1
    }

    private mutating func count(_ c: OutcomeCounts, intent: String, user: String, device: String) {
        total.add(c)
        perIntent[intent, default: OutcomeCounts()].add(c)
        perUser[user, default: OutcomeCounts()].add(c)
        perDevice[device, default: OutcomeCounts()].add(c)
    }

    mutating func merge(_ o: Tally) {
        sessions += o.sessions
        touchSamples += o.touchSamples
        motionSamples += o.motionSamples
        scenes.merge(o.scenes, uniquingKeysWith: +)
        recognitions += o.recognitions
        byGesture.merge(o.byGesture, uniquingKeysWith: +)
        drops.merge(o.drops, uniquingKeysWith: +)
        total.add(o.total)
        for (k, v) in o.perIntent { perIntent[k, default: OutcomeCounts()].add(v) }
        for (row, columns) in o.confusion {
            for (column, n) in columns { confusion[row, default: [:]][column, default: 0] += n }
        }
        for (k, v) in o.perUser { perUser[k, default: OutcomeCounts()].add(v) }
        for (k, v) in o.perDevice { perDevice[k, default: OutcomeCounts()].add(v) }
        latency.merge(o.latency, uniquingKeysWith: +)
        haptic += o.haptic
        springs += o.springs
        outcomes += o.outcomes
        log += o.log
    }

    // MARK: - Summary

    func result(options: SimulationOptions, parameters: ParameterSet) -> SimulationResult {
        var latencyStats: [String: Distribution] = [:]
        for (kind, values) in latency { latencyStats[kind.rawValue] = Distribution(values) }

        // Springs: settle time and overshoot of every release, per gesture.
        var settle: [GestureKind: [Double]] = [:], overshoot: [GestureKind: [Double]] = [:]
        var springParameters: [GestureKind: (Double, Double)] = [:]
        for s in springs {
            let spring = Spring(response: s.response, dampingFraction: s.damping)
            // The distance is signed along the axis; the physics wants the
            // velocity on the same axis, positive towards the target.
            let settleSeconds = spring.settleTime(distance: s.distance, initialVelocity: s.velocity)
            if settleSeconds.isFinite { settle[s.gesture, default: []].append(settleSeconds * 1000) }
            overshoot[s.gesture, default: []].append(spring.overshoot(distance: s.distance, initialVelocity: s.velocity))
            springParameters[s.gesture] = (s.response, s.damping)
        }
        let springReports = springParameters.sorted { $0.key.rawValue < $1.key.rawValue }.map { gesture, spring in
            SpringReport(
                gesture: gesture, response: spring.0, dampingFraction: spring.1,
                settleTime: Distribution(settle[gesture] ?? []), overshoot: Distribution(overshoot[gesture] ?? []))
        }

        let budgets = options.budgets.map { budget -> BudgetCheck in
            let values: [Double] = switch budget.measure {
            case .latency: latency[budget.gesture] ?? []
            case .haptic: budget.gesture == .swipeActions ? haptic : []
            case .settleTime: settle[budget.gesture] ?? []
            case .overshoot: overshoot[budget.gesture] ?? []
            }
            guard !values.isEmpty else {
                return BudgetCheck(budget: budget, count: 0, value: nil, overLimit: 0, passed: true)
            }
            let value = Distribution.percentile(values.sorted(), budget.percentile)
            return BudgetCheck(
                budget: budget, count: values.count, value: value,
                overLimit: values.filter { $0 > budget.limit }.count, passed: value <= budget.limit)
        }

        return SimulationResult(
            scenes: scenes, parameters: parameters.overrides, temperature: options.temperature,
            sessions: sessions, touchSamples: touchSamples, motionSamples: motionSamples,
            recognitions: recognitions,
            recognitionsByGesture: Dictionary(uniqueKeysWithValues: byGesture.map { ($0.rawValue, $1) }),
            drops: Dictionary(uniqueKeysWithValues: drops.map { ($0.rawValue, $1) }),
            total: total, perIntent: perIntent, confusion: confusion, perUser: perUser, perDevice: perDevice,
            latency: latencyStats, hapticLatency: Distribution(haptic), springs: springReports, budgets: budgets,
            labelOutcomes: outcomes, recognitionLog: log)
    }
}
