import ArgumentParser
import TraceImport

// MARK: - How to read an input file

extension InputFormat: ExpressibleByArgument {}

/// The flags every command that reads recordings shares (`ingest`,
/// `velocity`): the format and what some formats need to map to points.
struct ImportFlags: ParsableArguments {
    @Option(help: ArgumentHelp("Input format (auto detects it).", valueName: "format"))
    var format: InputFormat = .auto

    @Flag(help: "Skip invalid lines (reporting how many and the first few) instead of stopping.")
    var skipInvalid = false

    @Option(help: ArgumentHelp("Screen size in points for formats without one, e.g. 393x852.", valueName: "WxH"))
    var screen: String?

    @Option(help: ArgumentHelp("A separate device description (evemu .desc, getevent -lp).", valueName: "path"))
    var deviceDesc: String?

    @Flag(help: "Keep mouse and pen pointers too (pointer-events), not only touch.")
    var allPointerTypes = false

    @Option(
        help: ArgumentHelp(
            "Read a study's CSV of MotionEvent rows through this mapping (YAML; implies --format mapped).",
            valueName: "FILE.yaml"))
    var mapping: String?

    @Flag(help: "Mapped logs: stop at a row that breaks the touch sequence instead of skipping and counting it.")
    var strict = false

    /// The format to read: `mapped` whenever a mapping is given.
    var resolvedFormat: InputFormat { mapping != nil ? .mapped : format }

    func validate() throws {
        if mapping != nil, format != .auto, format != .mapped {
            throw ValidationError("--mapping reads the mapped format; it cannot be combined with --format \(format.rawValue)")
        }
        if format == .mapped, mapping == nil {
            throw ValidationError("--format mapped needs --mapping FILE.yaml (how the log's columns map to touches)")
        }
        if strict, mapping == nil {
            throw ValidationError("--strict applies to mapped logs (--mapping): other formats stop at any invalid line already")
        }
        if let screen, Self.parseScreen(screen) == nil {
            throw ValidationError("--screen must be WIDTHxHEIGHT in points, both > 0 (e.g. 393x852), not '\(screen)'.")
        }
    }

    /// The importer options these flags describe.
    var options: ImportOptions {
        var options = ImportOptions()
        options.skipInvalid = skipInvalid
        options.screen = screen.flatMap(Self.parseScreen)
        options.deviceDescriptionPath = deviceDesc
        options.includeAllPointerTypes = allPointerTypes
        options.mappingPath = mapping
        options.strictSequence = strict
        return options
    }

    static func parseScreen(_ text: String) -> ScreenSize? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
            w.isFinite, h.isFinite, w > 0, h > 0
        else { return nil }
        return ScreenSize(width: w, height: h)
    }
}
