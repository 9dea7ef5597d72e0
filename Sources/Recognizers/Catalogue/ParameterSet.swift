// MARK: - A set of parameter values

/// Values for every ``Parameter``: the catalogue defaults, overridden by name.
///
/// A set remembers which values were *assigned* (by name, by subscript, or
/// decoded): those win over a scene's own values when the simulator merges
/// them — even when an assigned value equals the catalogue default — and
/// they are what it encodes. Decodes from (and encodes to) a JSON object
/// `name → value`, which is how the CLI and the optimizer pass tuned
/// constants around:
///
/// ```swift
/// var parameters = try ParameterSet(["tabSwipe.directionalBias": 4.0])
/// parameters[.tapMovementSlop] = 12
/// parameters.overrides            // ["tabSwipe.directionalBias": 4.0, "tap.movementSlop": 12.0]
/// ```
package struct ParameterSet: Sendable, Hashable, Codable {
    /// Indexed by `Parameter.rawValue`.
    package private(set) var values: [Double]
    /// Whether each value was assigned (indexed like `values`).
    package private(set) var assigned: [Bool]

    /// The catalogue defaults, none assigned.
    package init() {
        values = Parameter.allCases.map(\.spec.defaultValue)
        assigned = Array(repeating: false, count: values.count)
    }

    /// The defaults with some values replaced by name.
    ///
    /// - Throws: ``CatalogueError`` for an unknown name or a value outside the
    ///   parameter's bounds (or not whole, for an integer parameter).
    package init(_ overrides: [String: Double]) throws {
        self.init()
        try apply(overrides)
    }

    /// Replaces values by name, checking names and bounds.
    package mutating func apply(_ overrides: [String: Double]) throws {
        for name in overrides.keys.sorted() {
            let value = overrides[name]!
            guard let parameter = Parameter(name: name) else { throw CatalogueError.unknown(name) }
            guard parameter.spec.accepts(value) else {
                throw CatalogueError.outOfBounds(name: name, value: value, spec: parameter.spec)
            }
            values[parameter.rawValue] = value
            assigned[parameter.rawValue] = true
        }
    }

    /// Reading gives the value; writing assigns it (no bounds check: the
    /// optimizer keeps within bounds, and ``apply(_:)`` checks names from users).
    package subscript(parameter: Parameter) -> Double {
        get { values[parameter.rawValue] }
        set {
            values[parameter.rawValue] = newValue
            assigned[parameter.rawValue] = true
        }
    }

    /// Whether a value was assigned rather than left at its default.
    package func isAssigned(_ parameter: Parameter) -> Bool { assigned[parameter.rawValue] }

    /// This set with `other`'s assigned values on top.
    package func merging(_ other: ParameterSet) -> ParameterSet {
        var result = self
        for parameter in Parameter.allCases where other.isAssigned(parameter) { result[parameter] = other[parameter] }
        return result
    }

    /// The assigned values, by name.
    package var overrides: [String: Double] {
        var result: [String: Double] = [:]
        for parameter in Parameter.allCases where isAssigned(parameter) {
            result[parameter.name] = self[parameter]
        }
        return result
    }

    /// Every value by name.
    package var all: [String: Double] {
        var result: [String: Double] = [:]
        for parameter in Parameter.allCases { result[parameter.name] = self[parameter] }
        return result
    }

    // MARK: Codable: a JSON object name → value (the assigned values)

    package init(from decoder: any Decoder) throws {
        let object = try decoder.singleValueContainer().decode([String: Double].self)
        try self.init(object)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(overrides)
    }
}

/// A name the catalogue does not know, or a value outside its entry's bounds.
package enum CatalogueError: Error, Sendable, Hashable, CustomStringConvertible {
    case unknown(String)
    case outOfBounds(name: String, value: Double, spec: ParameterSpec)

    package var description: String {
        switch self {
        case .unknown(let name):
            "unknown parameter \(name) (see --list-params)"
        case .outOfBounds(let name, let value, let spec):
            spec.integer
                ? "parameter \(name) = \(value) must be a whole number in \(spec.lower)…\(spec.upper) \(spec.unit)"
                : "parameter \(name) = \(value) is outside \(spec.lower)…\(spec.upper) \(spec.unit)"
        }
    }
}
