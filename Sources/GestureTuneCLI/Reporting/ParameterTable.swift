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
/// // name              unit  default  lower  upper  scale   source  description
/// // tap.movementSlop  pt    10       2      40     linear  ours    A tap fails once … (ours: …)
/// ```
///
/// The source column says where the default comes from, in a word
/// (``Provenance/word``): the source document (`reading-app`,
/// `tab-session`, `animation-patterns`, `playground`), `platform` or
/// `ours`; the document's file and lines, the convention or the reason
/// follows the description.
func parameterTable(_ specs: [ParameterSpec] = listParameters()) -> String {
    func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v)
    }
    let header = ["name", "unit", "default", "lower", "upper", "scale", "source", "description"]
    let rows = specs.map { spec in
        [
            spec.name, spec.unit.isEmpty ? "-" : spec.unit, number(spec.defaultValue), number(spec.lower),
            number(spec.upper), spec.integer ? "integer" : spec.logScale ? "log" : "linear", spec.provenance.word,
            "\(spec.description) (\(spec.provenance.citation?.reference ?? spec.provenance.label))"
        ]
    }
    return alignedColumns(header, rows)
}

/// A catalogue entry as `--list-params --json` prints it: the spec's fields
/// — `provenance` among them, `{"source": {"document":
/// "001_f8e9ba9022a96da8.txt", "lines": [164, 415]}}`, `{"platform": "…"}`
/// or `{"ours": "why"}`, and `boundsSource` where a source states the
/// bounds — and `source`, the same in one line (``Provenance/label``: "the
/// tab session (001_f8e9ba9022a96da8.txt:164,415)", "platform: …", "ours: …").
struct ListedParameter: Encodable {
    let spec: ParameterSpec

    private enum Key: String, CodingKey { case source }

    func encode(to encoder: any Encoder) throws {
        try spec.encode(to: encoder)
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(spec.provenance.label, forKey: .source)
    }
}
