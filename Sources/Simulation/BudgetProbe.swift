import Recognizers
import Scenes

// MARK: - Budgets no constant can make fail

/// Finds the budgets that cannot fail: a budget counted as "met" whatever
/// the constants is no evidence, so reports call it *fixed by design* and
/// count it neither met nor missed.
///
/// A budget *can fail* when the replay at the given parameters misses it, or
/// when a replay with one probed constant moved to the lower or upper bound
/// of its range (the others as given) misses it: a parameter set that misses
/// it exists. Otherwise it is fixed by design, with the reason. Probing one
/// constant at a time is a sufficient test, not a complete one (a budget
/// only two constants together could break would be called fixed), and it
/// costs two replays per probed constant, every budget measured in each.
///
/// A bound can overshoot: a 3 s long press is never held, so at that bound
/// the long-press budget has no observation at all and cannot be missed,
/// while a 1.2 s press misses it. Where a bound silences a budget the value
/// in use observes, the probe halves the way back towards that value (on
/// the constant's own scale, up to ``halvings`` times) until the gesture
/// fires again, and judges the budget there. (No observation at all is not
/// a miss here: whether a gesture fires is the misfire count's business.)
///
/// Typical fixed budgets: a tap that wins at once is recognized on its lift
/// sample (response 0 ms whatever the constants); a haptic measured from
/// the threshold crossing to the next touch sample is set by the sampling.
///
/// ```swift
/// let checks = try BudgetProbe.annotate(result.budgets, simulator: simulator, corpus: corpus,
///                                       probing: scene.tunableParameters)
/// ```
package enum BudgetProbe {
    /// `checks` (from a replay of `corpus` with `simulator`) with
    /// ``BudgetCheck/fixedByDesign`` set on those no probe could fail.
    ///
    /// - Parameters:
    ///   - checks: the budgets as a replay at the constants in use measured them.
    ///   - simulator: the simulator of that replay (its scene and constants).
    ///   - corpus: the sessions it replayed.
    ///   - probing: The constants that could be tuned (a scene's tunable
    ///     parameters, or a tuning space's).
    ///   - cache: where findings for exactly this question may already be,
    ///     and are kept (``BudgetProbeCache``); `nil` probes every time.
    package static func annotate(
        _ checks: [BudgetCheck], simulator: Simulator, corpus: Corpus, probing: [Parameter],
        cache: BudgetProbeCache? = nil
    ) throws -> [BudgetCheck] {
        guard let cache else { return try probe(checks, simulator: simulator, corpus: corpus, probing: probing) }
        let key = try cache.key(simulator: simulator, corpus: corpus, probing: probing)
        if let findings = cache.findings(for: key), findings.fit(checks) { return findings.applied(to: checks) }
        let annotated = try probe(checks, simulator: simulator, corpus: corpus, probing: probing)
        cache.remember(Findings(annotated), for: key)
        return annotated
    }

    /// What probing found of each budget, apart from the replay it started
    /// from: all ``annotate(_:simulator:corpus:probing:cache:)`` adds to the
    /// checks, and what ``BudgetProbeCache`` keeps.
    package struct Findings: Codable, Sendable, Equatable {
        /// Per budget, ``BudgetCheck/applicable``.
        var applicable: [Bool]
        /// Per budget, ``BudgetCheck/fixedByDesign``.
        var fixedByDesign: [String?]
        /// Per budget, ``BudgetCheck/missedWith``.
        var missedWith: [[String: Double]?]

        init(_ checks: [BudgetCheck]) {
            applicable = checks.map(\.applicable)
            fixedByDesign = checks.map(\.fixedByDesign)
            missedWith = checks.map(\.missedWith)
        }

        /// Whether these findings are of as many budgets as `checks` has.
        func fit(_ checks: [BudgetCheck]) -> Bool {
            applicable.count == checks.count && fixedByDesign.count == checks.count && missedWith.count == checks.count
        }

        /// `checks` with these findings.
        func applied(to checks: [BudgetCheck]) -> [BudgetCheck] {
            var checks = checks
            for i in checks.indices {
                checks[i].applicable = applicable[i]
                checks[i].fixedByDesign = fixedByDesign[i]
                checks[i].missedWith = missedWith[i]
            }
            return checks
        }
    }

    /// The probe itself: two replays per probed constant at most.
    private static func probe(
        _ checks: [BudgetCheck], simulator: Simulator, corpus: Corpus, probing: [Parameter]
    ) throws -> [BudgetCheck] {
        // Per budget, a parameter set that misses it ([:]: as given).
        var witness: [[String: Double]?] = checks.map { $0.count > 0 && !$0.passed ? [:] : nil }
        var canFail: [Bool] { witness.map { $0 != nil } }
        var checks = checks
        try Self.markNotApplicable(&checks, witness: &witness, simulator: simulator, corpus: corpus)
        func finish() -> [BudgetCheck] {
            for i in checks.indices { checks[i].missedWith = witness[i] }
            return checks
        }
        if checks.indices.allSatisfy({ canFail[$0] || !checks[$0].applicable }) { return finish() }
        // Each probe measures only the budgets still unresolved, and the
        // springs (a root search per release) only when one of those needs them.
        let unresolved = checks.indices.filter { !canFail[$0] && checks[$0].applicable }
        var options = simulator.options
        options.keepLabelOutcomes = false
        options.keepRecognitions = false
        options.budgets = unresolved.map { checks[$0].budget }
        options.measureSprings = options.budgets.contains { $0.measure == .settleTime || $0.measure == .overshoot }
        // A bound equal to the value in use needs no replay of its own.
        let base = try simulator.scene?.effectiveParameters(simulator.parameters) ?? simulator.parameters
        func replay(_ name: String, at value: Double) throws -> [BudgetCheck] {
            var probe = simulator
            probe.options = options
            probe.parameters = simulator.parameters.merging(try ParameterSet([name: value]))
            return try probe.run(corpus: corpus).budgets
        }
        probe: for parameter in probing {
            let spec = parameter.spec
            for bound in [spec.lower, spec.upper] where bound != base[parameter] {
                var value = bound
                var budgets = try replay(spec.name, at: value)
                // Silenced where the value in use observes it: back towards that value.
                var halving = 0
                while halving < halvings,
                    budgets.indices.contains(where: {
                        budgets[$0].count == 0 && checks[unresolved[$0]].count > 0
                            && witness[unresolved[$0]] == nil
                    })
                {
                    halving += 1
                    value = spec.midpoint(value, base[parameter])
                    if spec.integer { value = value.rounded() }
                    guard value != base[parameter], spec.accepts(value) else { break }
                    let closer = try replay(spec.name, at: value)
                    for k in budgets.indices where budgets[k].count == 0 { budgets[k] = closer[k] }
                    for (k, check) in closer.enumerated()
                    where check.count > 0 && !check.passed && witness[unresolved[k]] == nil {
                        witness[unresolved[k]] = [spec.name: value]
                    }
                }
                for (k, check) in budgets.enumerated()
                where check.count > 0 && !check.passed && witness[unresolved[k]] == nil {
                    witness[unresolved[k]] = [spec.name: bound]
                }
                if canFail.allSatisfy({ $0 }) { break probe }
            }
        }
        for i in checks.indices where witness[i] == nil && checks[i].applicable {
            checks[i].fixedByDesign =
                checks[i].count == 0
                ? "no observations, at these constants or with any of \(probing.count) constants at a bound"
                : "no constant makes it fail: each of \(probing.count) tunable constants moved alone to either"
                    + " bound of its range leaves it within its limit"
        }
        return finish()
    }

    /// A budget on a gesture no member of the scene is (or, for the
    /// context menu's standard, no member that opens a context menu)
    /// cannot be observed whatever the constants: not applicable, not probed.
    private static func markNotApplicable(
        _ checks: inout [BudgetCheck], witness: inout [[String: Double]?], simulator: Simulator, corpus: Corpus
    ) throws {
        let members = try Self.scenes(simulator: simulator, corpus: corpus).flatMap(\.recognizers)
        for i in checks.indices where checks[i].count == 0 {
            let budget = checks[i].budget
            guard !members.contains(where: { budget.covers($0.kind, action: $0.options.action) }) else { continue }
            checks[i].applicable = false
            checks[i].fixedByDesign =
                budget.contextMenusOnly && members.contains(where: { $0.kind == budget.gesture })
                ? "not applicable: no \(budget.gesture.rawValue) of the scene opens a context menu"
                : "not applicable: no gesture of the scene is a \(budget.gesture.rawValue)"
            witness[i] = nil
        }
    }

    /// The scenes the replay uses: the simulator's scene, or each
    /// session's own (by name).
    static func scenes(simulator: Simulator, corpus: Corpus) throws -> [Scene] {
        if let scene = simulator.scene { return [scene] }
        return try Set(corpus.entries.map { $0.scene ?? Scene.plain.name }).sorted().map { name in
            try simulator.library[name] ?? Scene.builtIn(named: name)
        }
    }

    /// How many times a probe halves the way back from a bound that
    /// silences a budget: 3 (an eighth of the way left at most).
    package static let halvings = 3
}

extension ParameterSpec {
    /// Halfway between two values on the constant's scale: geometric for a
    /// log-scale constant with both values positive, else arithmetic.
    func midpoint(_ a: Double, _ b: Double) -> Double {
        logScale && a > 0 && b > 0 ? (a * b).squareRoot() : (a + b) / 2
    }
}
