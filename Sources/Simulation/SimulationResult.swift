import Recognizers
import TraceModel

// MARK: - What a simulation run reports

/// Everything a run of the ``Simulator`` measured. Codable: `gesturetune
/// simulate --json` prints it.
package struct SimulationResult: Sendable, Codable {
    /// Scenes used, by name, with the sessions replayed on each.
    package var scenes: [String: Int]
    /// The caller's assigned parameter values (scenes may set others).
    package var parameters: [String: Double]
    package var temperature: Double
    package var sessions: Int
    package var touchSamples: Int
    package var motionSamples: Int
    package var recognitions: Int
    /// Recognitions per gesture kind.
    package var recognitionsByGesture: [String: Int]
    /// Drops (locks, boundary, debounce) per reason.
    package var drops: [String: Int]

    /// All labels together; `misfireRate` is the headline number.
    package var total: OutcomeCounts
    package var misfireRate: Double { total.misfireRate }
    /// Per label intent (spurious recognitions outside any label under `unlabelled`).
    package var perIntent: [String: OutcomeCounts]
    /// Intended × recognized: rows are label intents (`unlabelled` for
    /// spurious recognitions outside labels), columns the intent of what
    /// fired, `nothing` for missed, `dead-zone` for dead zones.
    package var confusion: [String: [String: Int]]
    package var perUser: [String: OutcomeCounts]
    package var perDevice: [String: OutcomeCounts]

    /// Recognition latency per gesture, ms.
    package var latency: [String: Distribution]
    /// Swipe-actions haptic latency after the threshold crossing, ms.
    package var hapticLatency: Distribution?
    /// Every haptic's delay, ms, by the kind that plays it: `swipeActions`
    /// from the threshold crossing (as ``hapticLatency``), `pressFeedback`
    /// (the grid's light haptic) from touch-down, `tap` (the grid's medium
    /// one) from the last lift.
    package var haptics: [String: Distribution]
    /// Drag and drop: auto-scroll travelled per drop, pt.
    package var dragAutoScroll: Distribution?
    /// Text selection: wait from the lift until the action menu appeared, ms.
    package var selectionMenuWait: Distribution?
    /// Settle time (ms) and overshoot (pt) of each spring after release.
    package var springs: [SpringReport]
    /// The same of each timing-curve animation after release (the
    /// playground's ease-out return to identity): no spring, so reported
    /// apart, with its curve and duration rather than a response and damping.
    package var curves: [CurveReport]
    package var budgets: [BudgetCheck]
    /// Counted budgets missed (a budget fixed by design is not counted).
    package var budgetViolations: Int { budgets.filter(\.isMissed).count }
    /// Agreement with the platform's own recognizers, for sessions that
    /// carry them (`nil` when none did).
    package var platformAgreement: PlatformAgreement?

    /// Per label, in session order (when the options keep them).
    package var labelOutcomes: [LabelOutcome]
    /// Labels by intent, outcome and what fired (always kept): what a
    /// weighted cost needs. Not in the JSON (the per-intent counts and the
    /// confusion matrix say the same for people).
    package var labelCells: [LabelCell] = []
    /// Every recognition (when the options keep them).
    package var recognitionLog: [SessionRecognition]
    /// Per person (``personKey(user:session:)``), labels and misfires per
    /// intent: what protecting each intent for new people resamples. Not
    /// in the JSON (``perUser`` and ``perIntent`` say it for people).
    package var intentsByPerson: [String: [String: IntentCount]] = [:]
}

// The JSON adds the misfire rate, the violations and the headline counts for
// scripts; the label cells and the per-person counts stay out of it.
extension SimulationResult {
    private enum CodingKeys: String, CodingKey {
        case scenes, parameters, temperature, sessions, touchSamples, motionSamples, recognitions
        case recognitionsByGesture, drops, total, misfireRate, perIntent, confusion, perUser, perDevice
        case latency, hapticLatency, haptics, dragAutoScroll, selectionMenuWait,
            springs, curves, budgets, budgetViolations
        case platformAgreement, labelOutcomes, recognitionLog
        // The headline counts, also written flat at the top level so that
        // scripts read `labels`, `correct`, … without knowing about `total`.
        case labels, correct, wrong, missed, deadZones, spurious
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(scenes, forKey: .scenes)
        try c.encode(parameters, forKey: .parameters)
        try c.encode(temperature, forKey: .temperature)
        try c.encode(sessions, forKey: .sessions)
        try c.encode(touchSamples, forKey: .touchSamples)
        try c.encode(motionSamples, forKey: .motionSamples)
        try c.encode(recognitions, forKey: .recognitions)
        try c.encode(recognitionsByGesture, forKey: .recognitionsByGesture)
        try c.encode(drops, forKey: .drops)
        try c.encode(total, forKey: .total)
        try c.encode(total.labels, forKey: .labels)
        try c.encode(total.correct, forKey: .correct)
        try c.encode(total.wrong, forKey: .wrong)
        try c.encode(total.missed, forKey: .missed)
        try c.encode(total.deadZone, forKey: .deadZones)
        try c.encode(total.spurious, forKey: .spurious)
        try c.encode(misfireRate, forKey: .misfireRate)
        try c.encode(perIntent, forKey: .perIntent)
        try c.encode(confusion, forKey: .confusion)
        try c.encode(perUser, forKey: .perUser)
        try c.encode(perDevice, forKey: .perDevice)
        try c.encode(latency, forKey: .latency)
        try c.encodeIfPresent(hapticLatency, forKey: .hapticLatency)
        try c.encode(haptics, forKey: .haptics)
        try c.encodeIfPresent(dragAutoScroll, forKey: .dragAutoScroll)
        try c.encodeIfPresent(selectionMenuWait, forKey: .selectionMenuWait)
        try c.encode(springs, forKey: .springs)
        // Only where a scene has one: the other scenes' results read as before.
        if !curves.isEmpty { try c.encode(curves, forKey: .curves) }
        try c.encode(budgets, forKey: .budgets)
        try c.encode(budgetViolations, forKey: .budgetViolations)
        try c.encodeIfPresent(platformAgreement, forKey: .platformAgreement)
        try c.encode(labelOutcomes, forKey: .labelOutcomes)
        try c.encode(recognitionLog, forKey: .recognitionLog)
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        scenes = try c.decode([String: Int].self, forKey: .scenes)
        parameters = try c.decode([String: Double].self, forKey: .parameters)
        temperature = try c.decode(Double.self, forKey: .temperature)
        sessions = try c.decode(Int.self, forKey: .sessions)
        touchSamples = try c.decode(Int.self, forKey: .touchSamples)
        motionSamples = try c.decode(Int.self, forKey: .motionSamples)
        recognitions = try c.decode(Int.self, forKey: .recognitions)
        recognitionsByGesture = try c.decode([String: Int].self, forKey: .recognitionsByGesture)
        drops = try c.decode([String: Int].self, forKey: .drops)
        total = try c.decode(OutcomeCounts.self, forKey: .total)
        perIntent = try c.decode([String: OutcomeCounts].self, forKey: .perIntent)
        confusion = try c.decode([String: [String: Int]].self, forKey: .confusion)
        perUser = try c.decode([String: OutcomeCounts].self, forKey: .perUser)
        perDevice = try c.decode([String: OutcomeCounts].self, forKey: .perDevice)
        latency = try c.decode([String: Distribution].self, forKey: .latency)
        hapticLatency = try c.decodeIfPresent(Distribution.self, forKey: .hapticLatency)
        // Results stored before these existed read as none measured.
        haptics = try c.decodeIfPresent([String: Distribution].self, forKey: .haptics) ?? [:]
        dragAutoScroll = try c.decodeIfPresent(Distribution.self, forKey: .dragAutoScroll)
        selectionMenuWait = try c.decodeIfPresent(Distribution.self, forKey: .selectionMenuWait)
        springs = try c.decode([SpringReport].self, forKey: .springs)
        // Results stored before timing curves were measured have none.
        curves = try c.decodeIfPresent([CurveReport].self, forKey: .curves) ?? []
        budgets = try c.decode([BudgetCheck].self, forKey: .budgets)
        platformAgreement = try c.decodeIfPresent(PlatformAgreement.self, forKey: .platformAgreement)
        labelOutcomes = try c.decode([LabelOutcome].self, forKey: .labelOutcomes)
        recognitionLog = try c.decode([SessionRecognition].self, forKey: .recognitionLog)
        // Not written: read back from the outcomes, where they were kept.
        var cells = LabelCellTable()
        for o in labelOutcomes { cells.add(o) }
        labelCells = cells.list
    }
}

/// One recognition with the session it happened in.
package struct SessionRecognition: Sendable, Hashable, Codable {
    package var session: String
    /// The scene's id for the recognizer that fired.
    package var recognizerID: String
    package var recognition: Recognition
}

/// How a timing-curve animation behaved after the releases that started
/// it: settle time and overshoot as a spring's are measured
/// (``SpringReport``), beside the curve and the duration that shape it — a
/// curve has no response or damping to report.
package struct CurveReport: Sendable, Hashable, Codable {
    package var gesture: GestureKind
    /// Which animation (``AnimatedCurve/name``): its gesture's name. A
    /// gesture's settle and overshoot budgets judge the spring or curve of
    /// its name.
    package var curve: String
    /// The timing curve as the platform names it (`easeOut`) and its
    /// control points `[x1, y1, x2, y2]`.
    package var timing: String
    package var controlPoints: [Double]
    /// Seconds: the animation ends exactly then, whatever the release.
    package var duration: Double
    /// Settle time (within 0.5 pt for good, as a spring's), ms: at most
    /// the duration.
    package var settleTime: Distribution?
    /// Overshoot past the target, pt (0 for a curve that stays within [0, 1]).
    package var overshoot: Distribution?

    package init(
        gesture: GestureKind, curve: String? = nil, timing: String, controlPoints: [Double], duration: Double,
        settleTime: Distribution?, overshoot: Distribution?
    ) {
        self.gesture = gesture
        self.curve = curve ?? gesture.rawValue
        self.timing = timing
        self.controlPoints = controlPoints
        self.duration = duration
        self.settleTime = settleTime
        self.overshoot = overshoot
    }
}

/// How a spring behaved after the releases that drove it.
package struct SpringReport: Sendable, Hashable, Codable {
    package var gesture: GestureKind
    /// Which spring (``AnimatedSpring/name``): the gesture's name
    /// (`cardSwipe`), or a name of its own where a gesture drives two
    /// (`dismiss.snapBack` beside `dismiss`).
    /// A gesture's settle and overshoot budgets judge the spring of its name.
    package var spring: String
    package var response: Double
    package var dampingFraction: Double
    /// Settle time (within 0.5 pt), ms.
    package var settleTime: Distribution?
    /// Overshoot past the target, pt.
    package var overshoot: Distribution?

    package init(
        gesture: GestureKind, spring: String? = nil, response: Double, dampingFraction: Double,
        settleTime: Distribution?, overshoot: Distribution?
    ) {
        self.gesture = gesture
        self.spring = spring ?? gesture.rawValue
        self.response = response
        self.dampingFraction = dampingFraction
        self.settleTime = settleTime
        self.overshoot = overshoot
    }

    private enum CodingKeys: String, CodingKey { case gesture, spring, response, dampingFraction, settleTime, overshoot }

    /// Results stored before springs had names of their own read as their
    /// gesture's.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        gesture = try c.decode(GestureKind.self, forKey: .gesture)
        spring = try c.decodeIfPresent(String.self, forKey: .spring) ?? gesture.rawValue
        response = try c.decode(Double.self, forKey: .response)
        dampingFraction = try c.decode(Double.self, forKey: .dampingFraction)
        settleTime = try c.decodeIfPresent(Distribution.self, forKey: .settleTime)
        overshoot = try c.decodeIfPresent(Distribution.self, forKey: .overshoot)
    }
}
