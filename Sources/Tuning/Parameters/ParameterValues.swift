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
public struct ParameterValues: Sendable, Hashable, Codable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// The values by parameter name.
    public var values: [String: Double]

    public init(_ values: [String: Double] = [:]) { self.values = values }

    public init(dictionaryLiteral elements: (String, Double)...) {
        self.values = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    public subscript(name: String) -> Double? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// Names in sorted order (dictionary order is not stable between runs).
    public var names: [String] { values.keys.sorted() }

    public var count: Int { values.count }

    // MARK: - JSON

    public init(from decoder: any Decoder) throws {
        values = try decoder.singleValueContainer().decode([String: Double].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }

    /// Pretty JSON with sorted keys, stable for diffs and tests.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// `name=value` pairs in name order.
    public var description: String {
        names.map { "\($0)=\(values[$0].map { String($0) } ?? "")" }.joined(separator: ", ")
    }
}
