import TraceModel

// MARK: - The canonical reader

/// Reads `gesturetune-trace/1` JSON Lines (see `spec/trace-format.md`),
/// streaming: one line in memory at a time, one event out per line.
///
/// ```swift
/// let summary = try CanonicalReader.read(try TraceInput(path: "s.jsonl"), options: ImportOptions()) { event in store.insert(event) }
/// ```
///
/// Errors name the file, the line and the field:
/// `s.jsonl:12: must be ≥ 0 (t)`.
public enum CanonicalReader: TraceImporter {
    public static let format = InputFormat.jsonl

    /// A `.jsonl`/`.ndjson` name, or first bytes that are a JSON object
    /// carrying the format tag or a `"type"` field.
    public static func recognizes(prefix: [UInt8], fileName: String) -> Bool {
        let lower = fileName.lowercased()
        if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") { return true }
        // The first non-blank line must be a whole JSON object: a
        // pretty-printed document (a Pointer Events capture, an iOS study
        // log) starts with `{` too, but its first line is not one.
        guard let start = prefix.firstIndex(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }),
            prefix[start] == UInt8(ascii: "{")
        else { return false }
        let line = Array(prefix[start...].prefix { $0 != 0x0A && $0 != 0x0D })
        var scanner = JSONLineScanner()
        let isObject = line.withUnsafeBufferPointer { bytes in (try? scanner.scan(bytes)) != nil }
        let text = String(decoding: line, as: UTF8.self)
        return isObject && (text.contains(SessionHeader.formatTag) || text.contains("\"type\""))
    }

    public static func read(
        _ input: TraceInput, options: ImportOptions, emit: (TraceEvent) throws -> Void
    ) throws -> ImportSummary {
        var decoder = CanonicalLineDecoder(requireFormatTag: true)
        var checker = CanonicalStreamChecker(options: options)
        let name = input.name
        let lastLine = try input.forEachLine { line, number in
            let location = SourceLocation(file: name, line: number)
            let event: TraceEvent?
            do throws(TraceError) {
                event = try decoder.decode(line, at: location)
            } catch {
                try checker.rejectLine(error, isSessionLine: Self.looksLikeSessionLine(line), emit: emit)
                return
            }
            if let event { try checker.accept(event, at: location, emit: emit) }
        }
        try checker.finish(at: SourceLocation(file: name, line: lastLine), emit: emit)
        return checker.summary
    }

    /// Whether an invalid line was meant to open a session (its following
    /// lines are then skipped with it).
    static func looksLikeSessionLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let needle = Array("\"session\"".utf8)
        guard line.count >= needle.count else { return false }
        var i = 0
        while i + needle.count <= line.count {
            if line[i] == needle[0] && (0..<needle.count).allSatisfy({ line[i + $0] == needle[$0] }) { return true }
            i += 1
        }
        return false
    }
}
