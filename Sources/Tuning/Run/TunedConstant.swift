// MARK: - A constant before and after

/// A tuned constant's unit, its value before and after, and the range the
/// search had: what a ``ParameterChange`` and a ``SensitivityCurve`` both
/// record about it, taken from the ``SearchDimension`` in one place.
///
/// Each record flattens it into its own JSON object, beside its own name
/// field (`name` in a change, `parameter` in a curve): `result.json` is read
/// by scripts, and runs stored before this type existed still decode. Both
/// read its fields through dynamic member lookup (`change.tuned`).
package struct TunedConstant: Sendable, Hashable, Codable {
    package var unit: String
    package var baseline: Double
    package var tuned: Double
    package var lower: Double
    package var upper: Double
    package var scale: SearchDimension.Scale

    package init(_ parameter: SearchDimension, tuned: Double) {
        unit = parameter.unit
        baseline = parameter.defaultValue
        self.tuned = tuned
        lower = parameter.lowerBound
        upper = parameter.upperBound
        scale = parameter.scale
    }
}

/// A record that carries a ``TunedConstant`` flattened among its own fields.
package protocol TunedConstantRecord {
    var constant: TunedConstant { get }
}

extension TunedConstantRecord {
    package subscript<Value>(dynamicMember field: KeyPath<TunedConstant, Value>) -> Value {
        constant[keyPath: field]
    }
}
