import Foundation

// MARK: - The search space

/// The parameters an optimization may change, and the mapping between their
/// real values and the unit cube the search works in.
///
/// The search moves in `[0, 1]ⁿ`, one coordinate per parameter, with log
/// scaling where declared. The unit cube (rather than an unconstrained
/// logit-style space) keeps Latin-hypercube sampling trivial and keeps a
/// simplex step meaning the same fraction of every range; points that stray
/// outside are clamped back onto the boundary before evaluation.
///
/// Integer parameters are searched in a continuous relaxation, but every
/// evaluation rounds them; two search points that round to the same values
/// have the same ``key(for:)``, and the search evaluates such a point once.
///
/// ```swift
/// let space = try SearchSpace([
///     try SearchDimension("tabSwipe.fastTrigger", unit: "pt/s", default: 700, range: 100 ... 3000, scale: .log),
///     try SearchDimension("pan.slopSamples", unit: "samples", default: 3, range: 1 ... 8, isInteger: true),
/// ])
/// let values = space.values(atUnitPoint: [0.5, 0.5])   // fastTrigger ≈ 547.7, slopSamples 5
/// space.unitPoint(for: values)                          // [0.5, 0.5625]
/// ```
package struct SearchSpace: Sendable, Hashable {
    /// The parameters, in search-coordinate order.
    package let parameters: [SearchDimension]
    private let indexByName: [String: Int]

    /// - Throws: ``TuningInputError`` for an empty list, a duplicate name, or an
    ///   invalid parameter.
    package init(_ parameters: [SearchDimension]) throws(TuningInputError) {
        guard !parameters.isEmpty else { throw TuningInputError(parameter: "", "a parameter space needs at least one parameter") }
        var index: [String: Int] = [:]
        for (i, parameter) in parameters.enumerated() {
            try parameter.validate()
            guard index[parameter.name] == nil else {
                throw TuningInputError(parameter: parameter.name, "the parameter is declared twice")
            }
            index[parameter.name] = i
        }
        self.parameters = parameters
        self.indexByName = index
    }

    /// The number of search coordinates.
    package var dimension: Int { parameters.count }

    package var names: [String] { parameters.map(\.name) }

    package func parameter(named name: String) -> SearchDimension? {
        indexByName[name].map { parameters[$0] }
    }

    /// Every parameter at its default.
    package var defaults: SearchPoint {
        SearchPoint(Dictionary(uniqueKeysWithValues: parameters.map { ($0.name, $0.defaultValue) }))
    }

    // MARK: - Mapping

    /// The real values at a unit-cube point (coordinates clamped to [0, 1],
    /// integers rounded). Extra coordinates are ignored; missing ones take
    /// the default.
    package func values(atUnitPoint point: [Double]) -> SearchPoint {
        var result: [String: Double] = [:]
        for (i, parameter) in parameters.enumerated() {
            result[parameter.name] = i < point.count ? parameter.value(atUnit: point[i]) : parameter.defaultValue
        }
        return SearchPoint(result)
    }

    /// The unit-cube point of `values`; a missing parameter takes its default.
    package func unitPoint(for values: SearchPoint) -> [Double] {
        parameters.map { $0.unitCoordinate(of: values[$0.name] ?? $0.defaultValue) }
    }

    /// Every parameter present, clamped to its bounds and rounded if integer;
    /// missing parameters take their defaults, unknown names are dropped.
    package func clamped(_ values: SearchPoint) -> SearchPoint {
        var result: [String: Double] = [:]
        for parameter in parameters {
            result[parameter.name] = parameter.clamp(values[parameter.name] ?? parameter.defaultValue)
        }
        return SearchPoint(result)
    }

    /// The clamped, rounded values in coordinate order: equal keys mean the
    /// objective would see exactly the same parameter set.
    package func key(for values: SearchPoint) -> [Double] {
        parameters.map { $0.clamp(values[$0.name] ?? $0.defaultValue) }
    }

    // MARK: - JSON

    /// Reads a parameter set `{"name": value}` and checks it against the space.
    ///
    /// Missing parameters take their defaults, so a file may set only what it
    /// changes. Integer parameters are rounded.
    ///
    /// - Throws: ``TuningInputError`` for malformed JSON, an unknown name, a
    ///   non-finite value or a value outside its bounds.
    package func decode(json data: Data) throws(TuningInputError) -> SearchPoint {
        let decoded: SearchPoint
        do { decoded = try JSONDecoder().decode(SearchPoint.self, from: data) } catch {
            throw TuningInputError(
                parameter: "", "not a JSON object of parameter names to numbers: \(error.localizedDescription)")
        }
        for name in decoded.names {
            guard let parameter = parameter(named: name) else {
                throw TuningInputError(parameter: name, "unknown parameter")
            }
            // `names` came from the dictionary, so the value is present.
            let value = decoded[name] ?? .nan
            guard value.isFinite, value >= parameter.lowerBound, value <= parameter.upperBound else {
                throw TuningInputError(
                    parameter: name,
                    "the value \(value) lies outside \(parameter.lowerBound)…\(parameter.upperBound)")
            }
        }
        return clamped(decoded)
    }

    /// Writes `values` (clamped to the space) as pretty JSON with sorted keys.
    package func encode(_ values: SearchPoint) throws -> Data {
        try clamped(values).jsonData()
    }
}
