import Foundation

// MARK: - A point of the search

/// Values for named constants: a point the optimizer proposes (or the
/// constants it hands back), which the simulator reads into a
/// `ParameterSet` (Recognizers). Unlike that set, a point names only the
/// dimensions of its ``SearchSpace``. Its JSON form is a flat object,
/// `{"name": value}`.
///
/// ```swift
/// var values: SearchPoint = ["tabSwipe.fastTrigger": 700, "pan.slop": 18]
/// values["pan.slop"] = 12
/// let trigger = values["tabSwipe.fastTrigger"] ?? 700
/// ```
package struct SearchPoint: Sendable, Hashable, Codable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// The values by parameter name.
    package var values: [String: Double]

    package init(_ values: [String: Double] = [:]) { self.values = values }

    package init(dictionaryLiteral elements: (String, Double)...) {
        self.values = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    package subscript(name: String) -> Double? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// Names in sorted order (dictionary order is not stable between runs).
    package var names: [String] { values.keys.sorted() }

    package var count: Int { values.count }

    // MARK: - JSON

    package init(from decoder: any Decoder) throws {
        values = try decoder.singleValueContainer().decode([String: Double].self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }

    /// Pretty JSON with sorted keys, stable for diffs and tests.
    package func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// `name=value` pairs in name order.
    package var description: String {
        names.map { "\($0)=\(values[$0].map { String($0) } ?? "")" }.joined(separator: ", ")
    }
}
