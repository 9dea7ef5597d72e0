import TraceModel

// MARK: - getevent -lp

/// The devices of a `getevent -lp` (or `-p`) listing, with their axis ranges.
///
/// ```
/// add device 1: /dev/input/event2
///   name:     "synaptics_dsx"
///   events:
///     ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
///                 ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
/// ```
struct GeteventDeviceList {
    struct Entry {
        var path: String
        var description: KernelDeviceDescription
    }
    private(set) var devices: [Entry] = []

    /// Reads a listing; axis lines before any `add device` line are an error.
    init(input: TraceInput) throws {
        let file = input.name
        try input.forEachLine { buffer, number in
            let line = buffer.text
            let location = SourceLocation(file: file, line: number)
            let trimmed = line.trimmingSpaces
            if let path = Self.addedDevicePath(trimmed) {
                devices.append(Entry(path: path, description: KernelDeviceDescription(location: location)))
            } else if let name = Self.quotedName(trimmed) {
                if !devices.isEmpty { devices[devices.count - 1].description.name = name }
            } else if trimmed.contains(": value ") {
                guard !devices.isEmpty else {
                    throw TraceError(location, "an axis before any `add device` line", field: "device")
                }
                let (code, axis) = try Self.axis(trimmed, location: location)
                devices[devices.count - 1].description.axes[code] = axis
            }
            // `events:`, `KEY (0001): …`, `input props:`, … carry nothing a touch needs.
        }
    }

    /// `add device 1: /dev/input/event2` → `/dev/input/event2`.
    static func addedDevicePath(_ line: Substring) -> String? {
        guard line.hasPrefix("add device "), let colon = line.firstIndex(of: ":") else { return nil }
        let path = line[line.index(after: colon)...].trimmingSpaces
        return path.isEmpty ? nil : String(path)
    }

    /// `name:     "sec_touchscreen"` → `sec_touchscreen`.
    static func quotedName(_ line: Substring) -> String? {
        guard line.hasPrefix("name:"), let open = line.firstIndex(of: "\""),
            let close = line.lastIndex(of: "\""), open < close
        else { return nil }
        return String(line[line.index(after: open)..<close])
    }

    /// `[ABS (0003): ]ABS_MT_POSITION_X : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0`.
    static func axis(_ line: Substring, location: SourceLocation) throws -> (UInt16, AbsoluteAxis) {
        var text = line
        if text.hasPrefix("ABS ("), let paren = text.firstIndex(of: ")") {
            text = text[text.index(after: paren)...].drop { $0 == ":" || $0 == " " }
        }
        guard let colon = text.firstIndex(of: ":") else {
            throw TraceError(location, "an axis line needs `NAME : value V, min A, max B`", field: "axis")
        }
        let name = text[..<colon].trimmingSpaces
        let code: UInt16
        if let named = LinuxInput.code(named: String(name)), named.type == LinuxInput.EV_ABS {
            code = named.code
        } else if let numeric = UInt16(name, radix: 16), numeric <= 0x3f {
            code = numeric
        } else {
            throw TraceError(location, "unknown axis \"\(name)\"", field: "axis")
        }
        var values: [String: Int32] = [:]
        for pair in text[text.index(after: colon)...].split(separator: ",") {
            let words = pair.split(separator: " ")
            guard words.count == 2, let value = Int32(words[1]) else {
                throw TraceError(location, "bad axis field \"\(pair.trimmingSpaces)\"", field: String(name))
            }
            values[String(words[0])] = value
        }
        guard let minimum = values["min"], let maximum = values["max"] else {
            throw TraceError(location, "the axis has no min or max", field: String(name))
        }
        return (
            code,
            AbsoluteAxis(
                minimum: minimum, maximum: maximum, fuzz: values["fuzz"] ?? 0, flat: values["flat"] ?? 0,
                resolution: values["resolution"] ?? 0, location: location)
        )
    }
}

extension StringProtocol where SubSequence == Substring {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        let start = firstIndex { $0 != " " && $0 != "\t" && $0 != "\r" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" && $0 != "\r" }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
