import GesturePhysics
import Recognizers
import TraceModel

// MARK: - Accumulating a run

/// Counts and observations of part of a run; tallies of the threads (or of
/// a corpus's shards, replayed anywhere) are merged, then
/// ``result(options:parameters:)`` computes percentiles, springs and budgets
/// once.
///
/// Merging is order-free: counts are integers, the smoothed misfires an
/// ``ExactSum``, and every observation list is read as a multiset (sorted
/// before a percentile or a mean is taken), so any partition of the
/// sessions, merged in any order, gives the same result bit for bit — apart
/// from the order of ``SimulationResult/labelOutcomes`` and
/// ``SimulationResult/recognitionLog``, which follow the merge.
package struct Tally: Sendable {
    var sessions = 0
    var touchSamples = 0
    var motionSamples = 0
    var scenes: [String: Int] = [:]
    var recognitions = 0
    /// Indexed by ``GestureKind/ordinal`` (arrays: no hashing per recognition).
    var byGesture = [Int](repeating: 0, count: GestureKind.allCases.count)
    var drops: [Drop.Reason: Int] = [:]
    var total = OutcomeCounts()
    /// Rows: label intents by ``Intent/ordinal``, then `unlabelled`. Arrays, not
    /// dictionaries: every label updates them, and hashing showed in profiles.
    var perIntent = [OutcomeCounts](repeating: OutcomeCounts(), count: Tally.rows)
    /// `rows × columns`: columns are intents by ordinal, then `nothing`, `dead-zone`.
    var confusion = [Int](repeating: 0, count: Tally.rows * Tally.columns)
    var perUser: [String: OutcomeCounts] = [:]
    /// Every person replayed (``personKey(user:session:)``), in the order
    /// first seen: observations name theirs by index here (one lookup per
    /// session, not per observation).
    var people: [String] = []
    var personSlots: [String: Int32] = [:]
    /// The person of the session being added.
    var person: Int32 = 0
    /// Per person (index into ``people``), labels and misfires per intent
    /// row (``Intent/ordinal``; the `unlabelled` row is no intent's): what
    /// protecting each intent for new people resamples.
    var personIntents: [[IntentCount]] = []
    var perDevice: [String: OutcomeCounts] = [:]
    var latency = [[Double]](repeating: [], count: GestureKind.allCases.count)
    /// Per budget of the options (same order): what each recognition
    /// contributed (``LatencyBudget/observation(of:)``), ms.
    var budgetObservations: [[Double]]
    /// Per budget, each observation's person (index into ``people``).
    var budgetPeople: [[Int32]]
    /// Haptic delays (ms) per kind, by ``GestureKind/ordinal``: the swipe
    /// actions' from the threshold crossing, press feedback's from
    /// touch-down, a tap's from its last lift.
    var haptics = [[Double]](repeating: [], count: GestureKind.allCases.count)
    /// Each haptic's person, as ``haptics``.
    var hapticPeople = [[Int32]](repeating: [], count: GestureKind.allCases.count)
    /// Drags: auto-scroll distance (pt, absolute).
    var autoScroll: [Double] = []
    /// Text selections: wait from the lift to the action menu (ms).
    var menuWait: [Double] = []
    /// Feedback is measured, not matched: recognitions without it.
    var matched: [Recognition] = []
    /// The latest session's matches (buffers reused by the next session).
    var match = Matcher.SessionMatch()
    /// Per spring (a few): the settle time and overshoot of every release,
    /// measured as the release is tallied — on the thread (or shard) that
    /// replayed it, not after the merge: a root search per release is a
    /// fifth of a replay, and done in the merged tally it left the second
    /// thread idle.
    var springs: [SpringMetrics] = []
    /// The index in ``springs`` of the latest release's spring: releases
    /// come in runs of one spring, so most need no search.
    private var latestSpring = -1
    /// Per timing-curve animation (the playground's ease-out return), the
    /// same measures as ``springs``'.
    var curves: [CurveMetrics] = []
    var outcomes: [LabelOutcome] = []
    /// Labels by intent, outcome and what fired: what a weighted cost needs,
    /// kept whether or not the per-label list is.
    var labelCells = LabelCellTable()
    var log: [SessionRecognition] = []
    /// Sessions that carry the platform's own recognitions, compared with ours.
    var agreement = AgreementTally()

    /// An empty tally for a run checking `budgetCount` budgets.
    package init(budgetCount: Int) {
        budgetObservations = Array(repeating: [], count: budgetCount)
        budgetPeople = Array(repeating: [], count: budgetCount)
    }

    /// The index of `key` in ``people``, added when new.
    mutating func slot(of key: String) -> Int32 {
        if let known = personSlots[key] { return known }
        let slot = Int32(people.count)
        people.append(key)
        personSlots[key] = slot
        personIntents.append(Array(repeating: IntentCount(), count: Tally.intents.count))
        return slot
    }

    /// `parts` merged, in their order (any order gives the same result).
    package init(merging parts: [Tally], budgetCount: Int) {
        self.init(budgetCount: budgetCount)
        for part in parts { merge(part) }
    }

    /// One spring's releases, measured.
    struct SpringMetrics: Sendable, Equatable, Codable {
        /// Which of the gesture's springs (``SpringReport/spring``): the
        /// gesture's name, or a name of its own where a gesture has two.
        var spring: String
        /// The gesture, response and damping of its latest release.
        var gesture: GestureKind
        var response: Double
        var damping: Double
        var releases = Settling()
    }

    /// One timing-curve animation's releases, measured as a spring's are.
    struct CurveMetrics: Sendable, Equatable, Codable {
        /// Which animation (``CurveReport/curve``): its gesture's name.
        var curve: String
        var gesture: GestureKind
        /// The curve's name and control points, and the duration of its
        /// latest release (s).
        var timing: String
        var controlPoints: [Double]
        var duration: Double
        var releases = Settling()
    }

    /// How an animation's releases settled — a spring's or a timing
    /// curve's alike, so that a settle or overshoot budget judges either.
    struct Settling: Sendable, Equatable {
        /// Settle time of each release that settles (ms).
        var settle: [Double] = []
        /// Whose each settle time is (index into ``Tally/people``).
        var settlePeople: [Int32] = []
        /// Overshoot of each release whose target is on screen (pt).
        var overshoot: [Double] = []
        /// Whose each overshoot is (index into ``Tally/people``).
        var overshootPeople: [Int32] = []

        /// One release's settle time (s; not recorded when it never settles)
        /// and overshoot (pt; nil when its target is off screen).
        mutating func record(settleSeconds: Double, overshoot: Double?, person: Int32) {
            if settleSeconds.isFinite {
                settle.append(settleSeconds * 1000)
                settlePeople.append(person)
            }
            if let overshoot {
                self.overshoot.append(overshoot)
                overshootPeople.append(person)
            }
        }

        /// Another part's releases appended, its people as this tally's
        /// (`slots`: their index here, by their index there).
        mutating func append(_ other: Settling, slots: [Int32]) {
            settle += other.settle
            settlePeople += other.settlePeople.map { slots[Int($0)] }
            overshoot += other.overshoot
            overshootPeople += other.overshootPeople.map { slots[Int($0)] }
        }
    }

    static let noUser = "(no user)"
    static let intents = Intent.allCases
    static let unlabelled = intents.count
    static let rows = intents.count + 1
    static let nothing = intents.count
    static let deadZone = intents.count + 1
    static let columns = intents.count + 2

    static func rowName(_ row: Int) -> String { row < intents.count ? intents[row].rawValue : "unlabelled" }
    static func columnName(_ column: Int) -> String {
        column < intents.count ? intents[column].rawValue : column == nothing ? "nothing" : "dead-zone"
    }

    mutating func add(
        _ entry: Corpus.Entry, scene: String, arena: Arena, ids: [String], exclusive: [String?] = [],
        matcher: Matcher, options: SimulationOptions
    ) {
        sessions += 1
        person = slot(of: personKey(user: entry.user, session: entry.id))
        touchSamples += entry.touches.count
        motionSamples += entry.motion.count
        scenes[scene, default: 0] += 1
        recognitions += arena.recognitions.count
        let tuning = arena.parameters
        for r in arena.recognitions {
            byGesture[r.kind.ordinal] += 1
            latency[r.kind.ordinal].append(Double(r.latency) / 1000)
            let opensContextMenu = r.kind == .longPress && (arena.options(of: r.recognizer)?.action.opensContextMenu ?? false)
            for (i, budget) in options.budgets.enumerated() {
                if let value = budget.observation(of: r, opensContextMenu: opensContextMenu) {
                    budgetObservations[i].append(value)
                    budgetPeople[i].append(person)
                }
            }
            switch r.kind {
            case .swipeActions, .tap, .doubleTap, .pressFeedback:
                if r.hapticLatency >= 0 {
                    haptics[r.kind.ordinal].append(Double(r.hapticLatency) / 1000)
                    hapticPeople[r.kind.ordinal].append(person)
                }
            case .drag: if r.committed { autoScroll.append(abs(r.value)) }
            case .textSelect: if r.committed, r.hapticLatency >= 0 { menuWait.append(Double(r.hapticLatency) / 1000) }
            default: break
            }
            if options.measureSprings {
                let member = arena.options(of: r.recognizer) ?? RecognizerOptions()
                measureSpring(of: r, member: member, tuning: tuning)
            }
            if options.keepRecognitions {
                log.append(
                    SessionRecognition(
                        session: entry.id, recognizerID: ids.indices.contains(r.recognizer) ? ids[r.recognizer] : "?",
                        recognition: r))
            }
        }
        for d in arena.drops { drops[d.reason, default: 0] += 1 }

        matched.removeAll(keepingCapacity: true)
        for r in arena.recognitions where !r.kind.isFeedback { matched.append(r) }
        agreement.add(entry, recognitions: matched, tolerance: matcher.tolerance)
        matcher.match(
            entry, recognitions: matched, drops: arena.drops, contacts: arena.contacts,
            exclusive: exclusive, into: &match)
        count(match, of: entry, keepLabelOutcomes: options.keepLabelOutcomes)
    }

    /// A session's labels and spurious recognitions, as matched, into the
    /// confusion matrix, the per-intent, per-person and per-device counts
    /// and the label cells the objective reads.
    private mutating func count(_ match: Matcher.SessionMatch, of entry: Corpus.Entry, keepLabelOutcomes: Bool) {
        var session = OutcomeCounts()
        for m in match.labels {
            let intent = entry.labels[m.label].intent
            var c = OutcomeCounts()
            c.labels = 1
            c.count(m.outcome)
            c.softMisfires = m.softMisfires
            let row = intent.ordinal
            switch m.outcome {
            case .correct, .wrong: bump(row, m.recognized.map { $0.intent.ordinal } ?? Tally.nothing)
            case .missed: bump(row, Tally.nothing)
            case .deadZone: bump(row, Tally.deadZone)
            case .spurious: break
            }
            perIntent[row].add(c)
            personIntents[Int(person)][row].labels += 1
            personIntents[Int(person)][row].misfires += c.misfires
            session.add(c)
            labelCells.add(intent: intent, outcome: m.outcome, recognized: m.recognized, softMisfires: m.softMisfires)
            if keepLabelOutcomes {
                let label = entry.labels[m.label]
                outcomes.append(
                    LabelOutcome(
                        session: entry.id, label: m.label, user: entry.user, device: entry.deviceKey,
                        intent: label.intent, direction: label.direction, target: label.target, start: label.start,
                        end: label.end, outcome: m.outcome, recognized: m.recognized,
                        recognizedDirection: m.recognizedDirection, detail: m.detail,
                        latencyMilliseconds: m.latencyMilliseconds, softMisfires: m.softMisfires))
            }
        }
        for kind in match.spuriousInNone {
            var c = OutcomeCounts()
            c.spurious = 1
            bump(Intent.none.ordinal, kind.intent.ordinal)
            perIntent[Intent.none.ordinal].add(c)
            personIntents[Int(person)][Intent.none.ordinal].misfires += 1
            session.add(c)
        }
        for (kind, soft) in match.spurious {
            var c = OutcomeCounts()
            c.spurious = 1
            c.softMisfires = soft
            bump(Tally.unlabelled, kind.intent.ordinal)
            perIntent[Tally.unlabelled].add(c)
            session.add(c)
        }
        session.extra += match.extra
        total.add(session)
        perUser[entry.user ?? Tally.noUser, default: OutcomeCounts()].add(session)
        perDevice[entry.deviceKey, default: OutcomeCounts()].add(session)
    }

    /// The spring a release drives, if any: which one is the scene's rule
    /// (the member's action, whether the gesture committed); its constants
    /// and whether it keeps the finger's velocity are its description's.
    private mutating func measureSpring(of r: Recognition, member: RecognizerOptions, tuning: ParameterSet) {
        // A deleted card's target is off screen: overshoot past a target
        // no one sees is not measured.
        func release(_ spring: AnimatedSpring, distance: Double? = nil, targetOnScreen: Bool = true) {
            let k = springIndex(spring.name, gesture: spring.gesture)
            springs[k].gesture = spring.gesture
            let physics = spring.spring(tuning)
            springs[k].response = spring.physical ? physics.response : tuning[spring.response]
            springs[k].damping = spring.physical ? physics.dampingFraction : tuning[spring.damping]
            // The distance is signed along the axis; the physics wants the
            // velocity on the same axis, positive towards the target.
            let distance = distance ?? r.springDistance
            let velocity = spring.initialVelocity(releaseVelocity: r.releaseVelocity, distance: distance)
            springs[k].releases.record(
                settleSeconds: physics.settleTime(distance: distance, initialVelocity: velocity),
                overshoot: targetOnScreen ? physics.overshoot(distance: distance, initialVelocity: velocity) : nil,
                person: person)
        }
        switch r.kind {
        case .swipeActions:
            // The row settles at its open offset or at rest, both on screen.
            release(.swipeActions)
        case .cardSwipe where member.action == .draggableCard:
            // The animation patterns' card: a spring each way, from rest; off screen when it flies.
            release(r.committed ? .draggableCardFlyOff : .draggableCardSnapBack, targetOnScreen: !r.committed)
        case .cardSwipe where member.action == .velocityPreservingCard:
            release(.velocityPreservingCard, targetOnScreen: !r.committed)
        case .cardSwipe:
            // A deleted card flies off screen.
            release(.cardSwipe, targetOnScreen: !r.committed)
        case .tabSwipe:
            release(.tabSwipe)
        case .dismiss:
            // The exit carries a dismissed sheet off the bottom (not
            // seen to overshoot); the snap-back returns a kept one to
            // rest, on screen.
            if r.committed { release(.dismissExit, targetOnScreen: false) } else { release(.dismissSnapBack) }
        case .pinch where member.action == .returnToIdentity, .rotation where member.action == .returnToIdentity,
            .transform where member.action == .returnToIdentity:
            // Along a timing curve, not a spring.
            measureCurve(.returnToIdentity(after: r.kind), distance: r.springDistance, tuning: tuning)
        case .rotation:
            // The snap to a multiple of rotation.snapAngle.
            release(.rotationSnap)
        case .pinch:
            // Back within 1…5× after the fingers took the image past a
            // limit (0 inside them).
            release(.pinch)
        case .doubleTap where member.action == .toggleZoom:
            release(.doubleTapZoom)
        case .longPress where member.action == .openNoteMenu:
            release(.noteMenu)
        case .tap where member.action == .dismissNoteMenu && r.springDistance != 0:
            // The menu fades out as it shrinks: not seen to overshoot.
            release(.noteMenuDismiss, targetOnScreen: false)
        case .pressFeedback where member.pressStyle == .pill && r.committed:
            // The pill scales down when pressed and back when released:
            // its edge travels (1 − pressed scale) × half its side each
            // way — one release measured per press.
            release(.actionPill, distance: (1 - tuning[.actionPillPressedScale]) * tuning[.actionPillSize] / 2)
        default: break
        }
    }

    /// A release along a timing curve that carries its view `distance`
    /// points back: settle time and overshoot as a spring's are measured;
    /// no velocity enters (the curve runs its duration whatever the finger did).
    private mutating func measureCurve(_ animation: AnimatedCurve, distance: Double, tuning: ParameterSet) {
        let duration = tuning[animation.duration]
        let curve = animation.curve
        let k: Int
        if let known = curves.firstIndex(where: { $0.curve == animation.name }) {
            k = known
        } else {
            curves.append(
                CurveMetrics(
                    curve: animation.name, gesture: animation.gesture, timing: curve.name,
                    controlPoints: [curve.x1, curve.y1, curve.x2, curve.y2], duration: duration))
            k = curves.count - 1
        }
        curves[k].duration = duration
        curves[k].releases.record(
            settleSeconds: curve.settleTime(distance: distance, duration: duration),
            overshoot: curve.overshoot(distance: distance), person: person)
    }

    /// The index of the spring `name` in ``springs``, added when first
    /// released: found among the few seen so far, the latest first, rather
    /// than by hashing every release's name.
    private mutating func springIndex(_ name: String, gesture: GestureKind) -> Int {
        if latestSpring >= 0, springs[latestSpring].spring == name { return latestSpring }
        if let known = springs.firstIndex(where: { $0.spring == name }) {
            latestSpring = known
        } else {
            springs.append(SpringMetrics(spring: name, gesture: gesture, response: 0, damping: 0))
            latestSpring = springs.count - 1
        }
        return latestSpring
    }

    private mutating func bump(_ row: Int, _ column: Int) {
        confusion[row * Tally.columns + column] += 1
    }

    package mutating func merge(_ o: Tally) {
        sessions += o.sessions
        touchSamples += o.touchSamples
        motionSamples += o.motionSamples
        scenes.merge(o.scenes, uniquingKeysWith: +)
        recognitions += o.recognitions
        for k in byGesture.indices { byGesture[k] += o.byGesture[k] }
        drops.merge(o.drops, uniquingKeysWith: +)
        total.add(o.total)
        for k in perIntent.indices { perIntent[k].add(o.perIntent[k]) }
        for k in confusion.indices { confusion[k] += o.confusion[k] }
        for (k, v) in o.perUser { perUser[k, default: OutcomeCounts()].add(v) }
        for (k, v) in o.perDevice { perDevice[k, default: OutcomeCounts()].add(v) }
        for k in latency.indices { latency[k] += o.latency[k] }
        // The other tally's people by their index here.
        let slots = o.people.map { slot(of: $0) }
        for (k, counts) in o.personIntents.enumerated() {
            let here = Int(slots[k])
            for row in counts.indices {
                personIntents[here][row].labels += counts[row].labels
                personIntents[here][row].misfires += counts[row].misfires
            }
        }
        for (i, values) in o.budgetObservations.enumerated() {
            budgetObservations[i] += values
            budgetPeople[i] += o.budgetPeople[i].map { slots[Int($0)] }
        }
        for k in haptics.indices {
            haptics[k] += o.haptics[k]
            hapticPeople[k] += o.hapticPeople[k].map { slots[Int($0)] }
        }
        autoScroll += o.autoScroll
        menuWait += o.menuWait
        // A later part's latest release of a spring is the latest of all.
        for theirs in o.springs {
            let k = springIndex(theirs.spring, gesture: theirs.gesture)
            springs[k].gesture = theirs.gesture
            springs[k].response = theirs.response
            springs[k].damping = theirs.damping
            springs[k].releases.append(theirs.releases, slots: slots)
        }
        for theirs in o.curves {
            if let k = curves.firstIndex(where: { $0.curve == theirs.curve }) {
                curves[k].duration = theirs.duration
                curves[k].releases.append(theirs.releases, slots: slots)
            } else {
                var added = theirs
                added.releases = Settling()
                added.releases.append(theirs.releases, slots: slots)
                curves.append(added)
            }
        }
        outcomes += o.outcomes
        labelCells.merge(o.labelCells)
        log += o.log
        agreement.merge(o.agreement)
    }

    // MARK: - Summary

    package func result(options: SimulationOptions, parameters: ParameterSet) -> SimulationResult {
        let latency = self.latency
        let kinds = GestureKind.allCases
        let latencyDistributions = ParallelMap.map(kinds.count, width: options.threads) { k in
            Distribution(latency[kinds[k].ordinal])
        }
        var latencyStats: [String: Distribution] = [:]
        for (k, kind) in kinds.enumerated() { latencyStats[kind.rawValue] = latencyDistributions[k] }

        // Springs, by name; each one's settle times and overshoots were
        // measured as its releases were tallied. (Distribution sorts, so
        // the order releases were merged in changes no figure.)
        let springReports = springs.sorted { $0.spring < $1.spring }.map { spring in
            SpringReport(
                gesture: spring.gesture, spring: spring.spring, response: spring.response,
                dampingFraction: spring.damping, settleTime: Distribution(spring.releases.settle),
                overshoot: Distribution(spring.releases.overshoot))
        }
        let curveReports = curves.sorted { $0.curve < $1.curve }.map { curve in
            CurveReport(
                gesture: curve.gesture, curve: curve.curve, timing: curve.timing, controlPoints: curve.controlPoints,
                duration: curve.duration, settleTime: Distribution(curve.releases.settle),
                overshoot: Distribution(curve.releases.overshoot))
        }
        let budgets = budgetChecks(options.budgets, threads: options.threads)
        let (intentsByPerson, perIntentByName, confusionByName) = namedCounts()
        return SimulationResult(
            scenes: scenes, parameters: parameters.overrides, temperature: options.temperature,
            sessions: sessions, touchSamples: touchSamples, motionSamples: motionSamples,
            recognitions: recognitions,
            recognitionsByGesture: Dictionary(
                uniqueKeysWithValues: GestureKind.allCases.compactMap { kind in
                    byGesture[kind.ordinal] > 0 ? (kind.rawValue, byGesture[kind.ordinal]) : nil
                }),
            drops: Dictionary(uniqueKeysWithValues: drops.map { ($0.rawValue, $1) }),
            total: total, perIntent: perIntentByName, confusion: confusionByName, perUser: perUser, perDevice: perDevice,
            latency: latencyStats, hapticLatency: Distribution(haptics[GestureKind.swipeActions.ordinal]),
            haptics: Dictionary(
                uniqueKeysWithValues: GestureKind.allCases.compactMap { kind in
                    Distribution(haptics[kind.ordinal]).map { (kind.rawValue, $0) }
                }),
            dragAutoScroll: Distribution(autoScroll), selectionMenuWait: Distribution(menuWait),
            springs: springReports, curves: curveReports, budgets: budgets, platformAgreement: agreement.result,
            labelOutcomes: outcomes, labelCells: labelCells.list, recognitionLog: log, intentsByPerson: intentsByPerson)
    }

    /// Each budget judged on its observations, with their people (sorted,
    /// so no merge order changes a figure).
    private func budgetChecks(_ budgetList: [LatencyBudget], threads: Int) -> [BudgetCheck] {
        // A gesture's settle and overshoot budgets judge the animation
        // named after it: its spring, or its timing curve.
        func named(_ gesture: GestureKind) -> Settling {
            springs.first { $0.spring == gesture.rawValue }?.releases
                ?? curves.first { $0.curve == gesture.rawValue }?.releases ?? Settling()
        }

        // People sorted, and each tally index's place among them: the
        // observations' people in an order no merge changes.
        let order = people.indices.sorted { people[$0] < people[$1] }
        var rank = [Int32](repeating: 0, count: people.count)
        for (place, k) in order.enumerated() { rank[k] = Int32(place) }
        let sortedPeople = order.map { people[$0] }
        let ranks = rank

        // Each budget's observations and their people; then the checks,
        // each a sort of its own, on the replay's threads (done one after
        // another they were the larger part of what a merged evaluation
        // leaves to one thread).
        let observations = budgetList.enumerated().map { i, budget -> ([Double], [Int32]) in
            switch budget.measure {
            case .latency, .recognition, .response: (budgetObservations[i], budgetPeople[i])
            case .haptic:
                budget.scope != .waited
                    ? (haptics[budget.gesture.ordinal], hapticPeople[budget.gesture.ordinal]) : ([], [])
            // A gesture's budget judges the spring named after it.
            case .settleTime:
                budget.scope != .waited
                    ? (named(budget.gesture).settle, named(budget.gesture).settlePeople) : ([], [])
            case .overshoot:
                budget.scope != .waited
                    ? (named(budget.gesture).overshoot, named(budget.gesture).overshootPeople) : ([], [])
            }
        }
        return ParallelMap.map(budgetList.count, width: threads) { i -> BudgetCheck in
            let budget = budgetList[i]
            let (values, persons) = observations[i]
            guard !values.isEmpty else {
                return BudgetCheck(budget: budget, count: 0, value: nil, overLimit: 0, passed: true)
            }
            let observed = PersonObservations(
                people: sortedPeople, values: values, persons: persons.map { ranks[Int($0)] })
            let judged = budget.judge(sorted: observed.values)
            var check = BudgetCheck(
                budget: budget, count: values.count, value: judged.value, overLimit: judged.overLimit,
                passed: judged.passed)
            check.byPerson = observed
            return check
        }

    }

    /// The counts per person and intent, per intent, and the confusion
    /// matrix, by the names the result carries.
    private func namedCounts() -> (
        byPerson: [String: [String: IntentCount]], perIntent: [String: OutcomeCounts], confusion: [String: [String: Int]]
    ) {
        var intentsByPerson: [String: [String: IntentCount]] = [:]
        for (k, counts) in personIntents.enumerated() {
            var byName: [String: IntentCount] = [:]
            for (row, count) in counts.enumerated() where count.labels > 0 || count.misfires > 0 {
                byName[Tally.rowName(row)] = count
            }
            intentsByPerson[people[k]] = byName
        }
        var perIntentByName: [String: OutcomeCounts] = [:]
        for (row, counts) in perIntent.enumerated() where counts.labels > 0 || counts.spurious > 0 || counts.extra > 0 {
            perIntentByName[Tally.rowName(row)] = counts
        }
        var confusionByName: [String: [String: Int]] = [:]
        for row in 0..<Tally.rows {
            for column in 0..<Tally.columns where confusion[row * Tally.columns + column] > 0 {
                confusionByName[Tally.rowName(row), default: [:]][Tally.columnName(column)] =
                    confusion[row * Tally.columns + column]
            }
        }
        return (intentsByPerson, perIntentByName, confusionByName)
    }
}

// MARK: - Ordinals

extension Tally {
    /// Position of `value` in its type's `allCases`: the index of the arrays
    /// above, which replace dictionaries because hashing per label showed
    /// in profiles. One rule for gesture kinds and intents.
    ///
    /// A payload-free enum is stored as the index of its case in
    /// declaration order (Swift's type layout: the smallest integer that
    /// holds every case), and a synthesized `allCases` lists the cases in
    /// that order — so the position is the stored byte, read without a
    /// `switch` per enum or a search. `SimulatorTests` checks both enums
    /// against `allCases`.
    @inline(__always)
    static func ordinal<Value: CaseIterable>(of value: Value) -> Int {
        assert(MemoryLayout<Value>.size == 1, "a payload-free enum of 2 to 256 cases")
        return withUnsafeBytes(of: value) { Int($0[0]) }
    }
}

extension GestureKind {
    /// Position in `allCases` (arrays indexed by kind).
    var ordinal: Int { Tally.ordinal(of: self) }
}

extension Intent {
    /// Position in `allCases` (arrays indexed by intent).
    var ordinal: Int { Tally.ordinal(of: self) }
}
