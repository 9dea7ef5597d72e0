import Foundation

// MARK: - The catalogue as text

/// The catalogue as an aligned text table, one parameter a line — what
/// `gesturetune simulate --list-params` prints.
///
/// ```swift
/// print(parameterTable())
/// // name                     unit  default  lower  upper  scale  description
/// // tap.movementSlop         pt    10       2      40     linear A tap fails once …
/// ```
public func parameterTable(_ specs: [ParameterSpec] = listParameters()) -> String {
    func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v)
    }
    let header = ["name", "unit", "default", "lower", "upper", "scale", "description"]
    let rows = specs.map { spec in
        [spec.name, spec.unit.isEmpty ? "-" : spec.unit, number(spec.defaultValue), number(spec.lower),
         number(spec.upper), spec.integer ? "integer" : spec.logScale ? "log" : "linear", spec.description]
    }
    var widths = header.map(\.count)
    for row in rows {
        for (i, cell) in row.enumerated() where i < header.count - 1 { widths[i] = max(widths[i], cell.count) }
    }
    func line(_ cells: [String]) -> String {
        cells.enumerated().map { i, cell in
            i == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count + 2)
        }.joined()
    }
    return ([line(header)] + rows.map(line)).joined(separator: "\n")
}

// MARK: - Where a default comes from

/// Where a parameter's default comes from, read from the tag the
/// catalogue's descriptions end with.
public enum ParameterSource: Sendable, Hashable {
    /// The reference app's source names the value.
    case referenceApp
    /// The reference app names none; the default follows this platform
    /// convention (the description's "(…; the reference app names none)").
    case platform(String)
    /// Nobody names one: "(Default: gesturetune's choice; …)".
    case gesturetune

    /// As the README's table prints it.
    public var label: String {
        switch self {
        case .referenceApp: "the reference app"
        case .platform(let convention): convention
        case .gesturetune: "gesturetune's choice"
        }
    }
}

extension ParameterSpec {
    /// Where the default comes from (see ``ParameterSource``).
    public var source: ParameterSource {
        if description.contains("(Default: gesturetune's choice") { return .gesturetune }
        if let tag = description.range(of: "; the reference app names none") {
            let head = description[..<tag.lowerBound]
            if let open = head.lastIndex(of: "(") {
                return .platform(String(head[head.index(after: open)...]))
            }
        }
        return .referenceApp
    }
}

/// A Markdown table of `parameters` — name, default, unit, source — in the
/// order given: the README's "The reference app's constants".
///
/// ```swift
/// print(constantsTable([.tabSwipeDirectionalBias]))
/// // | constant | default | unit | source |
/// // |---|---:|---|---|
/// // | `tabSwipe.directionalBias` | 3.5 | × | the reference app |
/// ```
public func constantsTable(_ parameters: [Parameter]) -> String {
    func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v)
    }
    var lines = ["| constant | default | unit | source |", "|---|---:|---|---|"]
    for parameter in parameters {
        let spec = parameter.spec
        lines.append("| `\(spec.name)` | \(number(spec.defaultValue)) | \(spec.unit.isEmpty ? "–" : spec.unit) | \(spec.source.label) |")
    }
    return lines.joined(separator: "\n")
}
