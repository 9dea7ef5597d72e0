import TraceModel

// MARK: - Importer contract

/// The formats `gesturetune ingest --format` accepts. `auto` asks each
/// importer in turn whether it recognizes the input's first bytes.
public enum InputFormat: String, Sendable, Hashable, CaseIterable {
    case auto
    /// The canonical `gesturetune-trace/1` JSON Lines.
    case jsonl
    /// One row per touch sample, for spreadsheet exports.
    case csv
    /// `evemu-record` output (Linux kernel input events).
    case evemu
    /// `libinput record` YAML, version 1.
    case libinput
    /// Android `getevent -lt` text.
    case getevent
    /// W3C Pointer Events JSON, as a web recorder captures them.
    case pointerEvents = "pointer-events"
    /// iOS UITouch study logs (per-task trials with raw touch tracks).
    case iosStudy = "ios-study"
    /// A study's CSV of Android `MotionEvent` rows, read through a mapping
    /// (`--mapping FILE.yaml`, ``MappedImporter``); never auto-detected.
    case mapped
}

/// Options that some importers need; each ignores what it has no use for.
public struct ImportOptions: Sendable, Hashable {
    /// Skip invalid lines (collecting them in the summary) instead of failing.
    public var skipInvalid: Bool = false
    /// Screen size in points, for formats whose device units have no physical
    /// resolution (`--screen WIDTHxHEIGHT`).
    public var screen: ScreenSize?
    /// A separate device description (`--device-desc`, evemu `.desc`).
    public var deviceDescriptionPath: String?
    /// Keep mouse and pen pointers too (W3C Pointer Events), not only touch.
    public var includeAllPointerTypes: Bool = false
    /// The mapping a mapped log is read through (`--mapping`, ``ImportMapping``).
    public var mappingPath: String?
    /// Rows that break the touch sequence (``StrayReason``) are errors
    /// instead of skipped and counted (`--strict`).
    public var strictSequence: Bool = false
    /// How many skipped-line problems to keep for the summary.
    public var maxReportedProblems: Int = 5

    public init() {}
}

/// A screen size in points.
public struct ScreenSize: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// What an importer saw: counts and the problems it skipped (with
/// `skipInvalid`).
public struct ImportSummary: Sendable, Hashable {
    public var sessions = 0
    public var touches = 0
    public var motion = 0
    public var labels = 0
    /// Lines skipped as invalid (only with `skipInvalid`).
    public var skipped = 0
    /// The first few skipped problems, in input order.
    public var problems: [TraceError] = []
    /// What the importer left out of a valid file, said in words (trials
    /// without touches, tasks it does not know): never a silent drop.
    public var notes: [String] = []
    /// Rows of a real log skipped because they break the touch sequence,
    /// by reason, with the first of each (the mapped importer's).
    public var strayRows: [StrayRows] = []

    public init() {}

    /// Touch and motion samples read.
    public var samples: Int { touches + motion }

    /// Throws unless the file yielded at least one touch or motion sample:
    /// an import that stores sessions without a single sample has lost the
    /// recording (a layout the importer misread), and must not look like a
    /// success. The same rule for every importer.
    public func requireSamples(file: String) throws(TraceError) {
        guard samples == 0 else { return }
        var message = "no touch samples in the file"
        if sessions > 0 { message += " (\(sessions) sessions, \(labels) labels read)" }
        if skipped > 0 { message += "; \(skipped) invalid parts skipped" }
        message += ": is it the format given with --format?"
        throw TraceError(SourceLocation(file: file, line: 0), message)
    }

    /// Counts one event.
    public mutating func count(_ event: TraceEvent) {
        switch event {
        case .session: sessions += 1
        case .touch: touches += 1
        case .motion: motion += 1
        case .label: labels += 1
        }
    }
}

/// Reads one input format and emits canonical `TraceEvent`s, in order.
///
/// An importer converts device units to points, begins and ends every
/// pointer, and reports problems as `TraceError`s naming the file, the line
/// and the field, exactly as the canonical reader does. It must emit a
/// `.session` before any other event and leave no pointer down at the end of a
/// session (`SessionValidator` checks both).
///
/// Importers stream where the format allows (line-based formats); formats
/// that are one JSON or YAML document are read whole. An importer keeps no
/// state between inputs, so reading is a static function of the input and
/// the options: each input starts from nothing, by construction.
public protocol TraceImporter: SendableMetatype {
    /// The format this importer reads.
    static var format: InputFormat { get }

    /// Whether the input looks like this format, from its first bytes (up to
    /// 64 KiB) and its file name. Used by `--format auto`.
    static func recognizes(prefix: [UInt8], fileName: String) -> Bool

    /// Reads the whole input, calling `emit` for each event in order.
    /// Throws the first `TraceError` (unless skipping invalid lines).
    static func read(
        _ input: TraceInput, options: ImportOptions, emit: (TraceEvent) throws -> Void
    ) throws -> ImportSummary
}
