import Foundation
import Recognizers

// MARK: - The catalogue as text

// Console text lives in the command line, not in Recognizers: the library
// describes parameters (ParameterSpec), how a terminal lays them out is the
// CLI's job.

/// The catalogue as an aligned text table, one parameter a line — what
/// `gesturetune simulate --list-params` prints.
///
/// ```swift
/// print(parameterTable())
/// // name                     unit  default  lower  upper  scale  description
/// // tap.movementSlop         pt    10       2      40     linear A tap fails once …
/// ```
func parameterTable(_ specs: [ParameterSpec] = listParameters()) -> String {
    func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v)
    }
    let header = ["name", "unit", "default", "lower", "upper", "scale", "description"]
    let rows = specs.map { spec in
        [
            spec.name, spec.unit.isEmpty ? "-" : spec.unit, number(spec.defaultValue), number(spec.lower),
            number(spec.upper), spec.integer ? "integer" : spec.logScale ? "log" : "linear", spec.description
        ]
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
