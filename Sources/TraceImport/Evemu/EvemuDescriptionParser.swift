import TraceModel

// MARK: - evemu device descriptions

/// Reads the description part of evemu output (an `evemu-describe` `.desc`
/// file or the top of an `evemu-record` file).
///
/// `A:` lines are authoritative; evemu 1.3's comment block (`# Input device
/// name: "…"`, `#     Event code 53 (ABS_MT_POSITION_X)` followed by
/// `#       Min 0` …) is read as a fallback, for descriptions that lost their
/// `A:` lines.
struct EvemuDescriptionParser {
    let file: String
    private var name: String?
    private var commentName: String?
    private var axes: [UInt16: AbsoluteAxis] = [:]
    private var commentAxes: [UInt16: AbsoluteAxis] = [:]
    private var firstLine = 0
    // The comment block's position: inside `Event type 3 (EV_ABS)`, at code N.
    private var commentType: UInt16?
    private var commentCode: UInt16?

    init(file: String) {
        self.file = file
    }

    /// The description read so far, `nil` when there was none.
    var description: KernelDeviceDescription? {
        let chosen = axes.isEmpty ? commentAxes : axes
        guard firstLine > 0 else { return nil }
        return KernelDeviceDescription(
            name: name ?? commentName, axes: chosen, location: SourceLocation(file: file, line: firstLine))
    }

    mutating func take(_ line: String, line number: Int, eventsAllowed: Bool) throws {
        let location = SourceLocation(file: file, line: number)
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        if trimmed.isEmpty { return }
        if trimmed.hasPrefix("#") {
            takeComment(trimmed.dropFirst(), line: number)
            return
        }
        guard trimmed.count >= 2, trimmed.dropFirst().first == ":" else {
            throw TraceError(location, "not an evemu line: expected N:, I:, P:, B:, A:, E: or #", field: "line")
        }
        if firstLine == 0 { firstLine = number }
        let rest = trimmed.dropFirst(2).drop { $0 == " " || $0 == "\t" }
        switch trimmed.first {
        case "N":
            name = String(rest)
        case "I", "P", "B", "L", "S":
            break // ids, property and event bitmasks, LEDs, switches: the axes say all a touch needs
        case "A":
            let fields = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count == 5 || fields.count == 6 else {
                throw TraceError(
                    location, "an axis line needs `A: CODE MIN MAX FUZZ FLAT [RESOLUTION]`, found \(fields.count) fields",
                    field: "A")
            }
            guard let code = UInt16(fields[0], radix: 16), code <= 0x3f else {
                throw TraceError(location, "bad axis code \"\(fields[0])\" (hex, at most 3f)", field: "A")
            }
            let numbers = fields.dropFirst().map { Int32($0) }
            guard numbers.allSatisfy({ $0 != nil }) else {
                throw TraceError(location, "bad number in the range of \(LinuxInput.axisName(code))", field: "A")
            }
            let values = numbers.compactMap { $0 }
            axes[code] = AbsoluteAxis(
                minimum: values[0], maximum: values[1], fuzz: values[2], flat: values[3],
                resolution: values.count > 4 ? values[4] : 0, location: location)
        case "E" where !eventsAllowed:
            throw TraceError(location, "events in a device description file", field: "E")
        default:
            throw TraceError(location, "not an evemu line: expected N:, I:, P:, B:, A:, E: or #", field: "line")
        }
    }

    /// evemu 1.3's human-readable block.
    private mutating func takeComment(_ text: Substring, line number: Int) {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = words.first else { return }
        if text.contains("Input device name:"), let open = text.firstIndex(of: "\""),
            let close = text.lastIndex(of: "\""), open < close
        {
            commentName = String(text[text.index(after: open)..<close])
            if firstLine == 0 { firstLine = number }
        } else if words.count >= 3, first == "Event", words[1] == "type" {
            commentType = UInt16(words[2])
            commentCode = nil
        } else if words.count >= 3, first == "Event", words[1] == "code" {
            commentCode = UInt16(words[2])
        } else if words.count == 2, commentType == LinuxInput.EV_ABS, let code = commentCode,
            let value = Int32(words[1])
        {
            let location = SourceLocation(file: file, line: number)
            var axis = commentAxes[code] ?? AbsoluteAxis(minimum: 0, maximum: 0, location: location)
            switch first {
            case "Min":
                axis.minimum = value
                axis.location = location
            case "Max": axis.maximum = value
            case "Fuzz": axis.fuzz = value
            case "Flat": axis.flat = value
            case "Resolution": axis.resolution = value
            default: return
            }
            commentAxes[code] = axis
        }
    }
}
