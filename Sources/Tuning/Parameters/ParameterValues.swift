import Foundation

// MARK: - A parameter set

/// Values for named parameters: what the optimizer proposes and the
/// simulator reads. Its JSON form is a flat object, `{"name": value}`.
///
/// ```swift
/// var values: ParameterValues = ["tabSwipe.fastTrigger": 700, "pan.slop": 18]
/// values["pan.slop"] = 12
/// let trigger = values["tabSwipe.fastTrigger"] ?? 700
/// ```
package struct ParameterValues: Sendable, Hashable, Codable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
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
