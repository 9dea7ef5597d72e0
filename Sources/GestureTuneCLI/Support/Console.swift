import Foundation

// MARK: - Output

/// Standard output for results, standard error for diagnostics and progress.
enum Console {
    static func out(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Whether standard error is a terminal (progress bars only there).
    static var stderrIsTerminal: Bool { isatty(2) == 1 }

    // MARK: - JSON

    /// The one JSON encoder of the command line: sorted keys, slashes as
    /// they are, pretty or one line.
    ///
    /// Non-finite numbers are written as the strings `"nan"`, `"inf"` and
    /// `"-inf"`. Why strings: JSON has no NaN, and the alternatives are worse —
    /// failing (the encoder's default) throws away a finished optimization
    /// because one objective was not computable, and `null` is
    /// indistinguishable from "absent". Python's `float("nan")` and
    /// `float("inf")` read these strings back.
    static func encoder(pretty: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            : [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    /// Pretty, key-sorted JSON of `value` on standard output.
    static func json(_ value: some Encodable) throws {
        FileHandle.standardOutput.write(try encoder(pretty: true).encode(value) + Data("\n".utf8))
    }

    /// Compact JSON of `value` as one line on standard output (JSON Lines,
    /// for events a script reads while the command runs).
    static func jsonLine(_ value: some Encodable) throws {
        FileHandle.standardOutput.write(try encoder(pretty: false).encode(value) + Data("\n".utf8))
    }

    /// Text from outside (an upload, a participant) made safe to print on
    /// a terminal: control characters (escape sequences) become `?`.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.properties.generalCategory == .control || $0.properties.generalCategory == .format ? "?" : $0
        }))
    }

    /// `1234567` → `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (k, c) in digits.enumerated() {
            if k > 0 && (digits.count - k) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return value < 0 ? "-" + out : out
    }

    static func fixed(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }

    /// A constant as a person reads it: four significant digits, no
    /// trailing zeros (`0.5`, `38.27`, `0.4512`).
    static func number(_ value: Double) -> String {
        String(format: "%.4g", value)
    }
}
