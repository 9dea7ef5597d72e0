import TraceModel

// MARK: - evemu-record

/// Reads `evemu-record` output: Linux kernel input events of one device.
///
/// The device description comes first — `N:` name, `I:` ids, `P:`/`B:`
/// bitmasks and `A: CODE MIN MAX FUZZ FLAT [RESOLUTION]` axes (code in hex),
/// with evemu 1.3's `# ...` comment block saying the same in words — then one
/// `E: SEC.USEC TYPE CODE VALUE` line per event (type and code in hex, value
/// in decimal, an optional `# comment` after). A description recorded
/// separately (`evemu-describe` → `.desc`) is given with `--device-desc` and
/// wins over one embedded in the events file.
///
/// Kernel semantics (frames, multi-touch protocols A and B, units → points)
/// are `KernelTouchAssembler`'s and ``KernelPointMapping``'s. One file is one
/// session, named after the file; the device model is the device name.
///
/// ```swift
/// var options = ImportOptions()
/// options.screen = ScreenSize(width: 800, height: 480)   // the panel has no resolution
/// let summary = try EvemuImporter.read(TraceInput(path: "maXTouch.drag.events"), options: options) { event in ... }
/// ```
public enum EvemuImporter: TraceImporter {
    public static let format = InputFormat.evemu

    public static func recognizes(prefix: [UInt8], fileName name: String) -> Bool {
        for line in leadingLines(of: prefix) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("# EVEMU") { return true }
            if trimmed.hasPrefix("#") { continue }
            // A description or an event line: `N: name`, `E: 0.000001 0003 0039 7`.
            if trimmed.hasPrefix("N: ") || trimmed.hasPrefix("I: ") { return true }
            if trimmed.hasPrefix("E: ") {
                let fields = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" })
                return fields.count >= 5 && parseKernelTimestamp(fields[1]) != nil
            }
            return false
        }
        return fileName(name, endsWithAnyOf: [".events", ".evemu"])
    }

    public static func read(
        _ input: TraceInput, options: ImportOptions, emit: (TraceEvent) throws -> Void
    ) throws -> ImportSummary {
        var separate: EvemuDescriptionParser?
        if let path = options.deviceDescriptionPath {
            let descInput = try TraceInput(path: path)
            var parser = EvemuDescriptionParser(file: descInput.name)
            try descInput.forEachLine { line, number in
                try parser.take(line.text, line: number, eventsAllowed: false)
            }
            separate = parser
        }

        var embedded = EvemuDescriptionParser(file: input.name)
        var assembler: KernelTouchAssembler?
        var problems = ImportProblems(options: options)

        try input.forEachLine { buffer, number in
            if assembler != nil, let event = Self.fastEvent(buffer) {
                try assembler?.feed(event, line: number, emit: emit)
                return
            }
            let line = buffer.text
            guard let event = try Self.eventFields(line, file: input.name, line: number, problems: &problems) else {
                if line.hasPrefix("E:") { return } // a malformed event line, skipped (and counted) above
                if assembler == nil {
                    try embedded.take(line, line: number, eventsAllowed: true)
                } else if !Self.isIgnorable(line) {
                    try problems.handle(
                        TraceError(
                            SourceLocation(file: input.name, line: number),
                            "a device description line after the events have begun", field: "E"))
                }
                return
            }
            if assembler == nil {
                assembler = try makeAssembler(
                    description: (separate ?? embedded).description, fileName: input.name,
                    firstEventLine: number, options: options)
            }
            try assembler?.feed(event, line: number, emit: emit)
        }
        // No events at all: still a session (an empty one), if the axes map.
        var finished =
            try assembler
            ?? makeAssembler(
                description: (separate ?? embedded).description, fileName: input.name, firstEventLine: 0, options: options)
        try finished.finish(emit: emit)
        return finished.summary(adding: problems)
    }

    private static func makeAssembler(
        description: KernelDeviceDescription?, fileName: String, firstEventLine: Int, options: ImportOptions
    ) throws -> KernelTouchAssembler {
        guard let description, !description.axes.isEmpty else {
            throw TraceError(
                SourceLocation(file: fileName, line: max(firstEventLine, 1)),
                "no device description before the events: evemu-record writes its A: lines at the top;"
                    + " give a separate evemu-describe .desc file with --device-desc", field: "A:")
        }
        let touchProtocol = description.impliedProtocol
        let meta = #"{"source":"evemu","multitouchProtocol":"\#(touchProtocol?.rawValue ?? "unknown")"}"#
        return KernelTouchAssembler(
            file: fileName,
            header: linuxSessionHeader(
                fileName: fileName, model: description.name, platform: .linux, metaJSON: meta),
            description: description, touchProtocol: touchProtocol, options: options)
    }

    private static func isIgnorable(_ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        return trimmed.isEmpty || trimmed.hasPrefix("#")
    }

    /// The event of a well-formed `E:` line, decoded from its bytes; `nil` for
    /// anything else (which ``eventFields(_:file:line:problems:)`` then reads).
    static func fastEvent(_ bytes: UnsafeBufferPointer<UInt8>) -> KernelEvent? {
        var scanner = ByteScanner(bytes)
        guard scanner.take("E:"), !scanner.atEnd, scanner.bytes[scanner.index] == 0x20 else { return nil }
        scanner.skipSpaces()
        guard let time = scanner.timestamp() else { return nil }
        scanner.skipSpaces()
        guard let type = scanner.hex(), type <= 0xffff else { return nil }
        scanner.skipSpaces()
        guard let code = scanner.hex(), code <= 0xffff else { return nil }
        scanner.skipSpaces()
        guard let value = scanner.decimal(), scanner.atEndOrComment() else { return nil }
        return KernelEvent(time: time, type: UInt16(type), code: UInt16(code), value: value)
    }

    /// The event of an `E:` line, `nil` for any other line; a malformed `E:`
    /// line is a problem (and `nil` when skipped).
    static func eventFields(
        _ line: String, file: String, line number: Int, problems: inout ImportProblems
    ) throws -> KernelEvent? {
        guard line.hasPrefix("E:") else { return nil }
        let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let location = SourceLocation(file: file, line: number)
        guard fields.count == 5 else {
            try problems.handle(
                TraceError(
                    location,
                    "an event line needs `E: SECONDS.MICROS TYPE CODE VALUE`, found \(fields.count - 1) fields"
                        + (fields.count < 5 ? " (truncated?)" : ""), field: "E"))
            return nil
        }
        guard let time = parseKernelTimestamp(fields[1]) else {
            try problems.handle(TraceError(location, "bad timestamp \"\(fields[1])\"", field: "time"))
            return nil
        }
        guard let type = UInt16(fields[2], radix: 16) else {
            try problems.handle(TraceError(location, "bad event type \"\(fields[2])\" (hex expected)", field: "type"))
            return nil
        }
        guard let code = UInt16(fields[3], radix: 16) else {
            try problems.handle(TraceError(location, "bad event code \"\(fields[3])\" (hex expected)", field: "code"))
            return nil
        }
        guard let value = Int32(fields[4]) else {
            try problems.handle(TraceError(location, "bad event value \"\(fields[4])\" (decimal expected)", field: "value"))
            return nil
        }
        return KernelEvent(time: time, type: type, code: code, value: value)
    }
}
