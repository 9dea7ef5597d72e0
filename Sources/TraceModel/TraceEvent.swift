// MARK: - Streaming events

/// One line of a trace, after parsing and unit conversion.
///
/// Readers (the canonical reader and every importer) emit a stream of events
/// rather than whole sessions, so that a 1 GB file never has to be in memory:
/// the store inserts each event as it arrives, inside one transaction.
public enum TraceEvent: Sendable, Hashable {
    /// Opens a session; every event after it, up to the next `.session` or the
    /// end of input, belongs to it.
    case session(SessionHeader)
    case touch(TouchSample)
    case motion(MotionSample)
    case label(Label)
}

/// Where in an input an event came from, for error messages.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file as the user named it (`-` for standard input).
    public var file: String
    /// 1-based line number (0 when the problem is about the whole file).
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { line > 0 ? "\(file):\(line)" : file }
}

/// A problem with an input: what is wrong, where, and which field.
///
/// Its description is the one-line form the CLI prints:
/// `FILE:LINE: what is wrong (field)`, with any control character a value
/// from the input brought along escaped (`String.escapingControlCharacters`).
public struct TraceError: Error, Sendable, Hashable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String
    /// The offending field, when one is to blame (`t`, `device.screen.width`, …).
    public var field: String?

    public init(_ location: SourceLocation, _ message: String, field: String? = nil) {
        self.location = location
        self.message = message
        self.field = field
    }

    public var description: String {
        // An empty key is a key too: shown as `("")`, not as `()`.
        if let field { return "\(location): \(message) (\(field.isEmpty ? "\"\"" : field))".escapingControlCharacters }
        return "\(location): \(message)".escapingControlCharacters
    }
}
