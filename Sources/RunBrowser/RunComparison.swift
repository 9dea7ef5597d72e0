import Recognizers
import Scenes
import Simulation
import TraceModel
import Tuning

// MARK: - Two runs side by side

/// Run A against run B (`GET /compare/A/B`, `GET /api/compare/A/B`): the
/// constants each ships, the held-out misfires per intent with their
/// intervals, the budgets, and the gestures B fixes or breaks against A.
///
/// Pairing: both runs' held-out labels are replayed with their tuned
/// constants (their reports' replay). Where both runs held out the same
/// labelled gestures (same sessions, same labels), the change is tested
/// with McNemar's paired test on them; where they share only some, on the
/// shared ones, and the page says how many each holds out alone; where
/// they share none (other corpora, another holdout split), no paired test
/// is possible and the page says so — each run's interval stands alone.
package struct RunComparison: Codable, Sendable {
    /// One constant that differs between the runs' shipped values.
    package struct ConstantChange: Codable, Sendable, Hashable {
        package var name: String
        package var unit: String
        /// What A ships, what B ships (the default where a run did not tune it).
        package var a: Double
        package var b: Double
        package var aTuned: Bool
        package var bTuned: Bool
        /// The default both start from, and where it comes from.
        package var defaultValue: Double
        package var defaultSource: String
    }

    /// Misfires of held-out labels: count, labels, 95 % Clopper–Pearson interval.
    package struct Rate: Codable, Sendable, Hashable {
        package var misfires: Int
        package var labels: Int
        package var rate: Double
        package var lower: Double
        package var upper: Double

        init(misfires: Int, labels: Int) {
            self.misfires = misfires
            self.labels = labels
            rate = labels > 0 ? Double(misfires) / Double(labels) : 0
            let interval = ClopperPearson.interval(successes: misfires, trials: labels)
            lower = interval?.lower ?? 0
            upper = interval?.upper ?? 1
        }
    }

    /// McNemar's test on the labels both runs held out.
    package struct PairedTest: Codable, Sendable, Hashable {
        package var pairs: Int
        /// Misfired with A, correct with B.
        package var fixedByB: Int
        /// Correct with A, misfired with B.
        package var brokenByB: Int
        package var pValue: Double
        package var method: String
    }

    package struct IntentRow: Codable, Sendable, Hashable {
        package var intent: String
        package var a: Rate?
        package var b: Rate?
        package var paired: PairedTest?
    }

    package struct BudgetRow: Codable, Sendable, Hashable {
        package var key: String
        package var title: String
        package var limit: Double
        package var unit: String
        package var a: Double?
        package var b: Double?
        package var aMet: Bool?
        package var bMet: Bool?
    }

    /// A held-out gesture whose outcome differs between the runs.
    package struct GestureChange: Codable, Sendable, Hashable {
        package var session: String
        package var label: Int
        package var intent: String
        package var user: String?
        package var device: String
        package var a: String
        package var b: String
    }

    package var a: RunSummary
    package var b: RunSummary
    /// `paired`, `partly paired` or `not paired`.
    package var pairing: String
    /// The same in a sentence, for the page.
    package var pairingSentence: String
    package var constants: [ConstantChange]
    package var overall: IntentRow
    package var intents: [IntentRow]
    package var budgets: [BudgetRow]
    package var fixedByB: [GestureChange]
    package var brokenByB: [GestureChange]

    package init(_ a: RunAnalysis, _ b: RunAnalysis) throws {
        self.a = RunSummary(a.result)
        self.b = RunSummary(b.result)
        constants = try Self.constants(a, b)

        func key(_ o: LabelOutcome) -> String { "\(o.session)#\(o.label)" }
        let outA = a.replay.tuned.labelOutcomes, outB = b.replay.tuned.labelOutcomes
        let byKeyA = Dictionary(outA.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let byKeyB = Dictionary(outB.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let shared = Set(byKeyA.keys).intersection(byKeyB.keys)
        let onlyA = byKeyA.count - shared.count, onlyB = byKeyB.count - shared.count
        if shared.isEmpty {
            pairing = "not paired"
            pairingSentence =
                "Not paired: the runs held out no labelled gesture in common (other sessions or another split), "
                + "so no paired test is possible; each run's interval stands on its own."
        } else if onlyA == 0 && onlyB == 0 {
            pairing = "paired"
            pairingSentence =
                "Paired: both runs held out the same \(shared.count) labelled gestures; "
                + "each change is tested with McNemar's test on them."
        } else {
            pairing = "partly paired"
            pairingSentence =
                "Partly paired: \(shared.count) labelled gestures were held out by both runs and the tests use those alone; "
                + "\(onlyA) were held out by run \(self.a.id) only and \(onlyB) by run \(self.b.id) only."
        }

        func rate(_ outcomes: [LabelOutcome]) -> Rate? {
            outcomes.isEmpty ? nil : Rate(misfires: outcomes.filter { $0.outcome != .correct }.count, labels: outcomes.count)
        }
        func test(_ keys: [String]) -> PairedTest? {
            guard !keys.isEmpty else { return nil }
            let result = McNemar.test(
                keys.map { (before: byKeyA[$0]?.outcome == .correct, after: byKeyB[$0]?.outcome == .correct) })
            return PairedTest(
                pairs: keys.count, fixedByB: result.improved, brokenByB: result.worsened, pValue: result.pValue,
                method: result.method.rawValue)
        }
        let sharedKeys = shared.sorted()
        overall = IntentRow(intent: "all", a: rate(outA), b: rate(outB), paired: test(sharedKeys))
        let intentNames = Set(outA.map(\.intent.rawValue)).union(outB.map(\.intent.rawValue)).sorted()
        intents = intentNames.map { intent in
            IntentRow(
                intent: intent, a: rate(outA.filter { $0.intent.rawValue == intent }),
                b: rate(outB.filter { $0.intent.rawValue == intent }),
                paired: test(sharedKeys.filter { byKeyA[$0]?.intent.rawValue == intent }))
        }

        budgets = Self.budgets(a.result, b.result)

        var fixed: [GestureChange] = [], broken: [GestureChange] = []
        for k in sharedKeys {
            guard let x = byKeyA[k], let y = byKeyB[k], (x.outcome == .correct) != (y.outcome == .correct) else { continue }
            let change = GestureChange(
                session: x.session, label: x.label, intent: x.intent.rawValue, user: x.user, device: x.device,
                a: x.outcome.rawValue, b: y.outcome.rawValue)
            if y.outcome == .correct { fixed.append(change) } else { broken.append(change) }
        }
        fixedByB = fixed
        brokenByB = broken
    }

    /// Every constant either run tuned, with the value each ships, where
    /// they differ.
    static func constants(_ a: RunAnalysis, _ b: RunAnalysis) throws -> [ConstantChange] {
        let names = Set(a.result.parameters.map(\.name)).union(b.result.parameters.map(\.name)).sorted()
        return try names.compactMap { name -> ConstantChange? in
            guard let parameter = Parameter(name: name) else { return nil }
            // The scene's own value, where it sets one, is the default both start from.
            let scene = a.scene ?? b.scene
            let sceneValue = scene?.parameters[name]
            let defaultValue = sceneValue ?? parameter.spec.defaultValue
            let source =
                sceneValue != nil
                ? "the \(scene?.name ?? "") scene's own value (catalogue: \(parameter.spec.provenance.label))"
                : parameter.spec.provenance.label
            func shipped(_ r: RunAnalysis) throws -> (Double, Bool) {
                if let change = r.result.parameters.first(where: { $0.name == name }) { return (change.tuned, true) }
                return (try r.scene?.effectiveParameters()[parameter] ?? defaultValue, false)
            }
            let (va, ta) = try shipped(a), (vb, tb) = try shipped(b)
            guard va != vb else { return nil }
            return ConstantChange(
                name: name, unit: parameter.spec.unit, a: va, b: vb, aTuned: ta, bTuned: tb, defaultValue: defaultValue,
                defaultSource: source)
        }
    }

    static func budgets(_ a: OptimizationResult, _ b: OptimizationResult) -> [BudgetRow] {
        let checksA = Dictionary(a.tuned.holdout.budgets.map { ($0.budget.key, $0) }, uniquingKeysWith: { x, _ in x })
        let checksB = Dictionary(b.tuned.holdout.budgets.map { ($0.budget.key, $0) }, uniquingKeysWith: { x, _ in x })
        let keys = (a.tuned.holdout.budgets + b.tuned.holdout.budgets).map(\.budget.key)
        var seen = Set<String>()
        return keys.filter { seen.insert($0).inserted }.compactMap { key in
            guard let budget = (checksA[key] ?? checksB[key])?.budget else { return nil }
            return BudgetRow(
                key: key, title: budget.title, limit: budget.limit, unit: budget.measure.unit, a: checksA[key]?.value,
                b: checksB[key]?.value, aMet: checksA[key].map { !$0.isMissed }, bMet: checksB[key].map { !$0.isMissed })
        }
    }
}
