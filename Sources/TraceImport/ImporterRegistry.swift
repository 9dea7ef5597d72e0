import TraceModel

// MARK: - Which importer reads which format

/// Maps each ``InputFormat`` to the importer that reads it, and detects the
/// format of an input for `--format auto`.
///
/// Adding an importer is one line in ``importers``: its position is the
/// order auto-detection asks in (put specific, sniffable formats before
/// generic ones such as CSV).
///
/// ```swift
/// let type = try ImporterRegistry.importer(for: .auto, prefix: firstBytes, fileName: "a.jsonl")
/// let summary = try type.read(input, options: options) { event in ... }
/// ```
public enum ImporterRegistry {
    /// Every importer, in auto-detection order.
    public static let importers: [any TraceImporter.Type] = [
        CanonicalReader.self,
        EvemuImporter.self,
        LibinputRecordImporter.self,
        GeteventImporter.self,
        IOSStudyImporter.self,
        PointerEventsImporter.self,
        MappedImporter.self, // never detected: it needs --mapping
        CSVReader.self // last: the most generic text form
    ]

    /// The importer registered for `format` (`nil` for `auto` or a format no
    /// importer reads yet).
    public static func importer(for format: InputFormat) -> (any TraceImporter.Type)? {
        importers.first { $0.format == format }
    }

    /// The formats an importer is registered for (for `--help` and errors).
    public static var availableFormats: [InputFormat] { importers.map { $0.format } }

    /// The first importer that recognizes the input's first bytes and name.
    /// A byte order mark is not part of what they look at.
    public static func detect(prefix: [UInt8], fileName: String) -> (any TraceImporter.Type)? {
        let prefix = Array(LineEnds.droppingByteOrderMark(prefix))
        return importers.first { $0.recognizes(prefix: prefix, fileName: fileName) }
    }

    /// Resolves `format` (detecting when `auto`) or explains why it cannot.
    public static func importer(
        for format: InputFormat, prefix: [UInt8], fileName: String
    ) throws(TraceError) -> any TraceImporter.Type {
        // Line 1: detection reads the first lines.
        let location = SourceLocation(file: fileName, line: 1)
        if format == .auto {
            guard let type = detect(prefix: prefix, fileName: fileName) else {
                let names = availableFormats.map(\.rawValue).joined(separator: ", ")
                throw TraceError(location, "cannot tell the format; pass --format (one of \(names))", field: "--format")
            }
            return type
        }
        guard let type = importer(for: format) else {
            throw TraceError(location, "no importer for format \"\(format.rawValue)\" yet", field: "--format")
        }
        return type
    }
}
