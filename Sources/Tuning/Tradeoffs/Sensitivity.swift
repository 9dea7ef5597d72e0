import Simulation

// MARK: - How much each constant matters near the optimum

/// One tuned parameter swept across its range with the others held at the
/// optimum: which constants are critical (a narrow valley) and which barely
/// matter (a flat line), for designers and for the report's small plots.
@dynamicMemberLookup
package struct SensitivityCurve: Sendable, Hashable, Codable, TunedConstantRecord {
    /// One point of the sweep, measured exactly on the training users.
    package struct Point: Sendable, Hashable, Codable {
        package var value: Double
        /// The exact objective (weighted misfire cost per label).
        package var objective: Double
        package var misfireRate: Double
        package var misfires: Int
        /// Relative budget excess summed over the effective budgets (0: feasible).
        package var violation: Double
    }

    package var parameter: String
    package var constant: TunedConstant
    package var points: [Point]

    private enum CodingKeys: String, CodingKey { case parameter, points }

    package init(parameter: String, constant: TunedConstant, points: [Point]) {
        self.parameter = parameter
        self.constant = constant
        self.points = points
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        parameter = try c.decode(String.self, forKey: .parameter)
        points = try c.decode([Point].self, forKey: .points)
        constant = try TunedConstant(from: decoder)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(parameter, forKey: .parameter)
        try c.encode(points, forKey: .points)
        try constant.encode(to: encoder)
    }

    /// Largest minus smallest objective among feasible points (0 when flat
    /// or when no point is feasible).
    package var objectiveSpread: Double {
        let feasible = points.filter { $0.violation == 0 }.map(\.objective)
        guard let low = feasible.min(), let high = feasible.max() else { return 0 }
        return high - low
    }
}

/// One-dimensional sensitivity sweeps around an optimum.
///
/// Each parameter takes `points` values evenly spaced on its search scale
/// (log where declared) from its lower to its upper bound, plus the tuned
/// value itself; every other parameter stays at the optimum. Evaluations are
/// exact (temperature 0) on the training split, two at a time; a point
/// the search already replayed (the tuned values themselves, a line
/// search's candidate) is read back from the objective's
/// ``TuningObjective/trainingReplay(_:threads:)``, not replayed again.
///
/// ```swift
/// let curves = Sensitivity.sweep(objective: objective, around: tuned, points: 15)
/// curves.sorted { $0.objectiveSpread > $1.objectiveSpread }.first?.parameter   // the most critical constant
/// ```
package enum Sensitivity {
    package static func sweep(
        objective: TuningObjective, around optimum: SearchPoint, points: Int = 15,
        parallelism: Int = 2
    ) -> [SensitivityCurve] {
        let space = objective.space
        let center = space.clamped(optimum)
        let count = max(points, 2)
        struct Job: Sendable {
            var parameter: Int
            var value: Double
        }
        var jobs: [Job] = []
        for (i, parameter) in space.parameters.enumerated() {
            var values = (0..<count).map { parameter.value(atUnit: Double($0) / Double(count - 1)) }
            values.append(center[parameter.name] ?? parameter.defaultValue)
            for value in Set(values).sorted() { jobs.append(Job(parameter: i, value: value)) }
        }
        let frozen = jobs
        let measured = ParallelMap.map(frozen.count, width: max(1, min(parallelism, 2))) { k -> SensitivityCurve.Point in
            let job = frozen[k]
            var values = center
            values[space.parameters[job.parameter].name] = job.value
            guard let r = objective.trainingReplay(values) else {
                return SensitivityCurve.Point(
                    value: job.value, objective: .infinity, misfireRate: 1, misfires: 0,
                    violation: .infinity)
            }
            return SensitivityCurve.Point(
                value: job.value, objective: r.exact,
                misfireRate: r.counts.misfireRate, misfires: r.counts.misfires,
                violation: r.evaluation.totalViolation)
        }
        return space.parameters.enumerated().map { i, parameter in
            SensitivityCurve(
                parameter: parameter.name,
                constant: TunedConstant(parameter, tuned: center[parameter.name] ?? parameter.defaultValue),
                points: zip(frozen, measured).filter { $0.0.parameter == i }.map(\.1))
        }
    }
}
