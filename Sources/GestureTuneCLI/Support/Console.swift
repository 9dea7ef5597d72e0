import ArgumentParser
import Foundation
import TraceModel

// MARK: - Output

/// Standard output for results, standard error for diagnostics and progress.
enum Console {
    static func out(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// One diagnostic line on standard error, in the one voice every
    /// command speaks: `gesturetune ingest: FILE:LINE: what is wrong (field)`,
    /// or `gesturetune ingest: what is wrong` without a file. The prefix
    /// names the command, so a line read out of a script's log says who
    /// wrote it. Several lines (a message with line breaks) each get it.
    /// Every error reaches the terminal through here: any other control
    /// character a value brought along is shown escaped (`\u{1B}`), never
    /// obeyed.
    static func error(_ message: String) {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: true)
        let text = lines.map { "\(prefix): \(String($0).escapingControlCharacters)\n" }.joined()
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// `gesturetune ingest`: the program and the subcommand run (the first
    /// argument, when it names one), or `gesturetune` alone.
    static let prefix: String = {
        let names = GestureTune.configuration.subcommands.map { $0.configuration.commandName ?? "" }
        guard let first = CommandLine.arguments.dropFirst().first, names.contains(first) else { return "gesturetune" }
        return "gesturetune \(first)"
    }()

    /// What a file argument is called in messages: `-` is standard input.
    static func fileName(_ argument: String) -> String { argument == "-" ? "standard input" : argument }

    /// A message as the one voice words it: a lower-case start (unless
    /// the word is a name, like `UIKit`) and no closing full stop.
    static func sentence(_ message: String) -> String {
        var text = message.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasSuffix("."), !text.hasSuffix("..") { text.removeLast() }
        let start = text.prefix(2)
        if let first = start.first, first.isUppercase, start.dropFirst().first?.isLowercase ?? true {
            text = first.lowercased() + text.dropFirst()
        }
        return text
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
        encoder.outputFormatting =
            pretty
            ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
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
    /// a terminal: control characters (escape sequences) shown escaped.
    static func printable(_ text: String) -> String { text.escapingControlCharacters }

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
