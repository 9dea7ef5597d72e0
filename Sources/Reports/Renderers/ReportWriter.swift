import Foundation

// MARK: - Writing the four files

/// Writes a report's four files into a directory:
/// `report.html`, `report.md`, `report.json` and `GestureConstants.swift`.
///
/// ```swift
/// let files = try ReportWriter.write(report, to: URL(fileURLWithPath: "reports"))
/// ```
package enum ReportWriter {
    package static let htmlName = "report.html"
    package static let markdownName = "report.md"
    package static let jsonName = "report.json"
    package static let swiftName = "GestureConstants.swift"

    /// Creates the directory if needed and writes each file atomically
    /// (a reader never sees half a report). Returns the files written.
    @discardableResult
    package static func write(_ report: TuningReport, to directory: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let contents: [(String, Data)] = [
            (htmlName, Data(HTMLReport.render(report).utf8)),
            (markdownName, Data(MarkdownReport.render(report).utf8)),
            (jsonName, try json(report)),
            (swiftName, Data(SwiftConstantsFile.render(report).utf8))
        ]
        return try contents.map { name, data in
            let url = directory.appendingPathComponent(name)
            try data.write(to: url, options: .atomic)
            return url
        }
    }

    /// The model as JSON: sorted keys (stable diffs), indented, a final newline.
    /// Non-finite numbers, which JSON cannot hold, are written as the strings
    /// `"inf"`, `"-inf"` and `"nan"`; ``decoder`` reads them back.
    package static func json(_ report: TuningReport) throws -> Data {
        var data = try encoder.encode(report)
        data.append(0x0A)
        return data
    }

    package static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    package static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }
}
