import Foundation
import Simulation

// MARK: - Coordinate line searches: one constant at a time

/// Line searches along one parameter at a time, the others held at the best
/// point so far, with grids that shrink pass by pass.
///
/// ## Why, next to the simplex
///
/// A recognizer's constants mostly act on their own gesture: the swipe
/// actions threshold decides swipe-action labels, the double-tap window tap
/// labels. The misfire objective is therefore close to a SUM of one-parameter
/// functions, each a staircase. On such a function a line search along each
/// axis finds in a few dozen evaluations what a 19-dimensional simplex (which
/// needs 20 evaluations just to build itself) or a random sample cannot:
/// measured on the shipped corpus, a full pass beats 300 evaluations of
/// sampling plus Nelder–Mead (see reports/BENCHMARKS.md). The simplex then
/// polishes the joint optimum (``Optimizer``).
///
/// ## The passes
///
/// - Pass 0: `firstGrid` points evenly over each parameter's whole range,
///   bounds included (on its search scale: log where declared); by default
///   as many as a third of the budget allows, 7 to 33.
/// - Pass k ≥ 1: `localPoints` points at ±1, ±2, … steps around the current
///   value, the step halving each pass (1/12, 1/24, … of the range).
/// - Parameters whose every candidate evaluated identically in a pass (a
///   spring constant with no budget on it) are skipped afterwards.
///
/// Candidates of one line are evaluated two at a time and ranked feasible
/// first (budgets are exact), then by ``ranking``: by default the SURROGATE
/// at the pass's temperature, the exact misfire cost smoothed over how close
/// each decision came to flipping. Among points with about the same exact
/// count it picks the one farthest from the decision boundaries, which
/// carries better to people the search never saw: on the shipped corpus,
/// without budgets, the held-out objective was 0.121 ranked by the
/// surrogate against 0.133 by the exact value (4-fold cross-validation:
/// 9.52 % against 9.66 % misfires), at a train objective 0.4 % higher. The
/// temperature falls pass by pass (0.05 → 0.003), so the last passes rank by
/// nearly exact counts. `.exact` ranks by ``Evaluation/isBetter(than:)``.
/// Deterministic: the plan never depends on threads or timing.
///
/// ```swift
/// var search = CoordinateSearch(space: space, budget: 240)
/// let outcome = search.run(from: space.defaults, objective: objective.searchObjective)
/// outcome.best.values
/// ```
package struct CoordinateSearch: Sendable {
    package var space: SearchSpace
    /// Evaluations this search may spend.
    package var budget: Int
    /// Points per parameter on pass 0; `nil` adapts it to the budget: a
    /// third of the budget per parameter, at least 7 and at most 33 (a
    /// one-parameter search with 40 evaluations looks at 10 values).
    package var firstGrid: Int?
    package var localPoints: Int = 4
    /// Screen every constant at both ends of its range first and take
    /// them in the order of what their better end achieved, so a short
    /// budget goes where it matters (a budget's constant before a spring
    /// nobody measures).
    package var screen = false
    /// On the first pass, one more point per line: halfway from its best
    /// grid point to the better neighbour.
    package var bisectFirstPass = false
    /// Passes to run at most (`nil`: until the budget is spent or the
    /// passes stop moving), so a plan can be fixed in advance.
    package var maxPasses: Int?
    /// First pass to run: 0 starts with the full-range grids, 1 searches
    /// only around the start (a warm start).
    package var startPass: Int = 0
    /// Surrogate temperature of each pass (the last one repeats).
    package var temperatures: [Double] = [0.05, 0.02, 0.008, 0.003]
    package var parallelism: Int = 2

    package init(space: SearchSpace, budget: Int) {
        self.space = space
        self.budget = budget
    }

    /// One evaluation the search made.
    package struct Step: Sendable, Hashable {
        package var pass: Int
        package var temperature: Double
        package var values: SearchPoint
        package var evaluation: Evaluation
    }

    package struct Outcome: Sendable {
        /// The best point and its evaluation (the start when nothing beat it).
        package var best: Step
        /// Every fresh evaluation, in planned order (the start first when it
        /// was evaluated here).
        package var steps: [Step]
        /// Parameters that never changed the evaluation.
        package var flat: Set<String>
    }

    /// Runs from `start`; `startEvaluation` (if known at the first pass's
    /// temperature) saves evaluating the start again.
    package func run(
        from start: SearchPoint, known startEvaluation: Evaluation? = nil,
        skipping initiallyFlat: Set<String> = [], objective: SearchObjective,
        progress: ((_ evaluations: Int, _ best: Evaluation) -> Void)? = nil
    ) -> Outcome {
        let firstTemperature = temperature(pass: startPass)
        let startPoint = space.clamped(start)
        var walk: Walk
        if let startEvaluation {
            walk = Walk(steps: [], spent: 0, current: startPoint, currentEvaluation: startEvaluation, flat: initiallyFlat)
        } else {
            let evaluation = objective(startPoint, firstTemperature)
            walk = Walk(
                steps: [Step(pass: startPass, temperature: firstTemperature, values: startPoint, evaluation: evaluation)],
                spent: 1, current: startPoint, currentEvaluation: evaluation, flat: initiallyFlat)
        }
        var pass = startPass
        var currentTemperature = firstTemperature
        var order = space.parameters
        if screen, startPass == 0 {
            order = screened(
                from: walk.current, temperature: firstTemperature, skipping: walk.flat, objective: objective,
                spent: &walk.spent, steps: &walk.steps, memo: &walk.memo)
        }

        while walk.spent < budget {
            let t = temperature(pass: pass)
            if t != currentTemperature {
                // The surrogate changed scale: re-judge the current point.
                walk.memo = [:]
                walk.currentEvaluation = objective(walk.current, t)
                walk.spent += 1
                walk.steps.append(Step(pass: pass, temperature: t, values: walk.current, evaluation: walk.currentEvaluation))
                currentTemperature = t
            }
            walk.memo[space.key(for: walk.current)] = walk.currentEvaluation
            var movedThisPass = false
            for parameter in order where !walk.flat.contains(parameter.name) {
                guard walk.spent < budget else { break }
                if searchLine(of: parameter, pass: pass, temperature: t, walk: &walk, objective: objective) {
                    movedThisPass = true
                }
                progress?(walk.spent, walk.currentEvaluation)
            }
            if walk.flat.count == space.dimension { break }
            pass += 1
            if let maxPasses, pass >= startPass + maxPasses { break }
            if pass > startPass + 12 && !movedThisPass { break }
            if pass > startPass + 40 { break }
        }
        // Every move improved on the point before it: the last is the best.
        return Outcome(
            best: Step(pass: pass, temperature: currentTemperature, values: walk.current, evaluation: walk.currentEvaluation),
            steps: walk.steps, flat: walk.flat)
    }

    /// Where a run stands: its point and that point's evaluation, what it
    /// has spent and evaluated, and the constants found flat.
    private struct Walk {
        var steps: [Step]
        var memo: [[Double]: Evaluation] = [:]
        var spent: Int
        var current: SearchPoint
        var currentEvaluation: Evaluation
        var flat: Set<String>
    }

    /// One line search: `parameter` over this pass's grid around the current
    /// point (points already evaluated compared, not evaluated again), then on
    /// the first pass one bisection; moves to the line's best if it is better.
    /// Whether it moved.
    private func searchLine(
        of parameter: SearchDimension, pass: Int, temperature t: Double, walk: inout Walk, objective: SearchObjective
    ) -> Bool {
        let u = parameter.unitCoordinate(of: walk.current[parameter.name] ?? parameter.defaultValue)
        var seen = Set<[Double]>([space.key(for: walk.current)])
        var candidates: [SearchPoint] = []
        // Grid points this pass already evaluated (the screen's
        // ends): compared, not evaluated again.
        var frozen: [SearchPoint] = []
        var evaluations: [Evaluation] = []
        for unit in grid(pass: pass, around: u) {
            var values = walk.current
            values[parameter.name] = parameter.value(atUnit: unit)
            let key = space.key(for: values)
            guard seen.insert(key).inserted else { continue }
            if let known = walk.memo[key] {
                frozen.append(values)
                evaluations.append(known)
            } else {
                candidates.append(values)
            }
        }
        let planned = Array(candidates.prefix(budget - walk.spent))
        let fresh = ParallelMap.map(planned.count, width: max(1, min(parallelism, 2))) { i in
            objective(planned[i], t)
        }
        walk.spent += planned.count
        for (values, evaluation) in zip(planned, fresh) {
            walk.memo[space.key(for: values)] = evaluation
            walk.steps.append(Step(pass: pass, temperature: t, values: values, evaluation: evaluation))
        }
        frozen += planned
        evaluations += fresh
        let lineIsFlat = !planned.isEmpty && evaluations.allSatisfy { $0 == walk.currentEvaluation }
        if pass == 0, bisectFirstPass, !lineIsFlat, walk.spent < budget,
            let middle = bisection(
                of: parameter, around: walk.current, walk.currentEvaluation, frozen, evaluations, seen: seen,
                memo: walk.memo)
        {
            // One more point, halfway from the line's best to its
            // better neighbour: a coarse grid's resolution where it
            // matters (a budget met only inside a narrow window).
            let evaluation = objective(middle, t)
            walk.spent += 1
            walk.memo[space.key(for: middle)] = evaluation
            walk.steps.append(Step(pass: pass, temperature: t, values: middle, evaluation: evaluation))
            frozen.append(middle)
            evaluations.append(evaluation)
        }
        var moved = false
        if let k = evaluations.indices.min(by: {
            better(evaluations[$0], evaluations[$1])
                || (!better(evaluations[$1], evaluations[$0]) && $0 < $1)
        }),
            better(evaluations[k], walk.currentEvaluation)
        {
            walk.current = frozen[k]
            walk.currentEvaluation = evaluations[k]
            moved = true
        }
        if lineIsFlat, pass == startPass { walk.flat.insert(parameter.name) }
        return moved
    }

    /// The constants in the order the passes take them: each evaluated at
    /// both ends of its range (the others at `start`), the one whose better
    /// end ranks best first; constants whose ends were not evaluated (the
    /// budget ran out) keep their place after them.
    private func screened(
        from start: SearchPoint, temperature t: Double, skipping flat: Set<String>, objective: SearchObjective,
        spent: inout Int, steps: inout [Step], memo: inout [[Double]: Evaluation]
    ) -> [SearchDimension] {
        var probes: [(parameter: Int, values: SearchPoint)] = []
        let startKey = space.key(for: start)
        for (i, parameter) in space.parameters.enumerated() where !flat.contains(parameter.name) {
            for unit in [0.0, 1.0] {
                var values = start
                values[parameter.name] = parameter.value(atUnit: unit)
                if space.key(for: values) != startKey { probes.append((i, values)) }
            }
        }
        let frozen = Array(probes.prefix(max(budget - spent, 0)))
        let evaluations = ParallelMap.map(frozen.count, width: max(1, min(parallelism, 2))) { k in
            objective(frozen[k].values, t)
        }
        spent += frozen.count
        var bestEnd: [Int: Evaluation] = [:]
        for (probe, evaluation) in zip(frozen, evaluations) {
            memo[space.key(for: probe.values)] = evaluation
            steps.append(Step(pass: startPass, temperature: t, values: probe.values, evaluation: evaluation))
            if bestEnd[probe.parameter].map({ better(evaluation, $0) }) ?? true { bestEnd[probe.parameter] = evaluation }
        }
        let indices = space.parameters.indices.sorted { a, b in
            switch (bestEnd[a], bestEnd[b]) {
            case (let x?, let y?): return better(x, y) || (!better(y, x) && a < b)
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a < b
            }
        }
        return indices.map { space.parameters[$0] }
    }

    /// The point halfway (on the unit scale) between the best of a line
    /// (its grid's candidates and the current point) and the better of its
    /// two grid neighbours — of those that evaluate differently from it,
    /// when one does; `nil` when it was already evaluated.
    private func bisection(
        of parameter: SearchDimension, around current: SearchPoint, _ currentEvaluation: Evaluation,
        _ values: [SearchPoint], _ evaluations: [Evaluation], seen: Set<[Double]>, memo: [[Double]: Evaluation]
    ) -> SearchPoint? {
        let unit = { (v: SearchPoint) in parameter.unitCoordinate(of: v[parameter.name] ?? parameter.defaultValue) }
        var line = zip(values, evaluations).map { (unit: unit($0.0), evaluation: $0.1) }
        line.append((unit(current), currentEvaluation))
        line.sort { $0.unit < $1.unit }
        guard
            let b = line.indices.min(by: {
                better(line[$0].evaluation, line[$1].evaluation)
                    || (!better(line[$1].evaluation, line[$0].evaluation) && $0 < $1)
            })
        else { return nil }
        // Towards a neighbour across a step, when one side is a plateau:
        // a staircase's best value lies next to its edge, and halving the
        // plateau finds nothing.
        let neighbours = [b - 1, b + 1].filter(line.indices.contains)
        let acrossAStep = neighbours.filter { line[$0].evaluation != line[b].evaluation }
        guard
            let n = (acrossAStep.isEmpty ? neighbours : acrossAStep).min(by: {
                better(line[$0].evaluation, line[$1].evaluation)
                    || (!better(line[$1].evaluation, line[$0].evaluation) && $0 < $1)
            })
        else { return nil }
        var middle = current
        middle[parameter.name] = parameter.value(atUnit: (line[b].unit + line[n].unit) / 2)
        let key = space.key(for: middle)
        guard !seen.contains(key), memo[key] == nil, !values.contains(where: { space.key(for: $0) == key }) else {
            return nil
        }
        return middle
    }

    /// How candidates are ranked.
    package enum Ranking: Sendable, Hashable {
        /// Feasible first, then the exact objective; the surrogate breaks ties.
        case exact
        /// Feasible first, then the surrogate (the exact value smoothed over
        /// the decisions' margins at the pass's temperature).
        case surrogate
    }

    package var ranking: Ranking = .surrogate

    func better(_ a: Evaluation, _ b: Evaluation) -> Bool {
        switch ranking {
        case .exact: return a.isBetter(than: b)
        case .surrogate:
            let (v, w) = (a.totalViolation, b.totalViolation)
            if v != w { return v < w }
            let (x, y) = (a.surrogate.isNaN ? .infinity : a.surrogate, b.surrogate.isNaN ? .infinity : b.surrogate)
            if x != y { return x < y }
            return a.exact < b.exact
        }
    }

    func temperature(pass: Int) -> Double {
        temperatures.isEmpty ? 0 : temperatures[min(pass, temperatures.count - 1)]
    }

    /// Unit coordinates to try on `pass` around `u`.
    func grid(pass: Int, around u: Double) -> [Double] {
        if pass == 0 {
            // Both bounds included: many constants are best at an end of
            // their range (a trigger nobody reaches, a lock that should be 0).
            let n = max(firstGrid ?? min(max(budget / (3 * max(space.dimension, 1)), 7), 33), 2)
            return (0..<n).map { Double($0) / Double(n - 1) }
        }
        let step = 1 / (6 * pow(2, Double(pass)))
        let k = max(localPoints / 2, 1)
        var points: [Double] = []
        for j in 1...k {
            points.append(min(max(u - Double(j) * step, 0), 1))
            points.append(min(max(u + Double(j) * step, 0), 1))
        }
        return points
    }
}
