import TraceModel

// MARK: - Android getevent -lt

/// Reads Android `adb shell getevent -lt` output: kernel input events with
/// timestamps and labels, of every input device at once.
///
/// ```
/// add device 1: /dev/input/event2
///   name:     "synaptics_dsx"
/// [   12345.678901] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   000001a4
/// [   12345.678901] /dev/input/event2: EV_ABS       ABS_MT_POSITION_X    000001a4
/// [   12345.678901] /dev/input/event2: EV_KEY       BTN_TOUCH            DOWN
/// [   12345.678901] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
/// ```
///
/// Values are 32-bit hex (`ffffffff` is −1) or, for keys, `DOWN`/`UP`/`REPEAT`;
/// types and codes are labels or, where getevent has none, hex. Lines of
/// `getevent -lt /dev/input/event2` (one device, no path) work too.
///
/// **The touchscreen** is the device that reports `ABS_MT_POSITION_X`; the
/// other devices' lines (keys, sensors) are ignored. If two devices report
/// it, the import fails asking for one device's lines only (or a `-lp`
/// listing of that one device).
///
/// **Units → points.** getevent prints no axis ranges, so:
/// - with `--device-desc` naming a `getevent -lp` listing, its ranges are used
///   as for evemu (resolution if any, else stretched over `--screen`);
/// - without one, `--screen WIDTHxHEIGHT` is taken as the raw panel range:
///   the axes are assumed to run 0…WIDTH−1 and 0…HEIGHT−1, so a raw value is
///   used as is (1 unit = 1 point). Give the panel's size in pixels to keep
///   pixels, or use `-lp` plus the screen in dp to get Android dp;
/// - with neither, the import fails asking for them.
///
/// The session is the file; its platform is android and its model the
/// touchscreen's name (from `add device`/`name:` lines, when present).
public enum GeteventImporter: TraceImporter {
    public static let format = InputFormat.getevent

    public static func recognizes(prefix: [UInt8], fileName name: String) -> Bool {
        for line in leadingLines(of: prefix) {
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("add device") || trimmed.hasPrefix("name:")
                || trimmed.hasPrefix("could not get")
            {
                continue
            }
            guard trimmed.hasPrefix("["), let close = trimmed.firstIndex(of: "]") else { return false }
            let stamp = trimmed[trimmed.index(after: trimmed.startIndex)..<close].trimmingSpaces
            return parseKernelTimestamp(stamp) != nil
                && (trimmed.contains(" EV_") || trimmed.contains("/dev/input/"))
        }
        return false
    }

    // MARK: Reading

    public static func read(
        _ input: TraceInput, options: ImportOptions, emit: (TraceEvent) throws -> Void
    ) throws -> ImportSummary {
        let file = input.name
        let listing = try options.deviceDescriptionPath.map { try GeteventDeviceList(input: TraceInput(path: $0)) }
        // With a listing of exactly one touchscreen, that is the device.
        let touchscreens =
            listing?.devices.filter {
                $0.description.axes[LinuxInput.ABS_MT_POSITION_X] != nil || $0.description.axes[LinuxInput.ABS_X] != nil
            } ?? []
        var chosen: String? = touchscreens.count == 1 ? touchscreens[0].path : nil
        var chosenLine = 0
        var names: [String: String] = [:] // device path → name, from the log's own header
        var lastAddedDevice: String?
        var pending: [String: [(KernelEvent, Int)]] = [:]
        var assembler: KernelTouchAssembler?
        var problems = ImportProblems(options: options)
        func makeAssembler(for device: String, line: Int) throws -> KernelTouchAssembler {
            try Self.assembler(
                for: device, line: line, file: file, listing: listing, name: names[device], options: options)
        }

        let lastLine = try input.forEachLine { buffer, number in
            let line = buffer.text
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("could not get") || trimmed.hasPrefix("#") { return }
            if let path = GeteventDeviceList.addedDevicePath(trimmed) {
                lastAddedDevice = path
                return
            }
            if let name = GeteventDeviceList.quotedName(trimmed) {
                if let device = lastAddedDevice { names[device] = name }
                return
            }
            guard let (device, event) = try Self.event(trimmed, file: file, line: number, problems: &problems)
            else { return }

            if chosen == nil {
                pending[device, default: []].append((event, number))
                if event.type == LinuxInput.EV_ABS && event.code == LinuxInput.ABS_MT_POSITION_X {
                    chosen = device
                    chosenLine = number
                } else if event.type == LinuxInput.EV_SYN && event.code == LinuxInput.SYN_REPORT {
                    pending[device] = nil // a finished frame of a device that is not (yet) the touchscreen
                }
                guard chosen == device, let frames = pending[device] else { return }
                pending.removeAll()
                assembler = try makeAssembler(for: device, line: frames.first?.1 ?? number)
                for (earlier, earlierLine) in frames {
                    try assembler?.feed(earlier, line: earlierLine, emit: emit)
                }
                return
            }
            guard device == chosen else {
                if event.type == LinuxInput.EV_ABS && event.code == LinuxInput.ABS_MT_POSITION_X {
                    throw TraceError(
                        SourceLocation(file: file, line: number),
                        "a second touchscreen: \(device) reports ABS_MT_POSITION_X as \(chosen ?? "") did"
                            + " (line \(chosenLine)); keep one device's lines (grep '\(chosen ?? ""):') or give"
                            + " that device's `getevent -lp` with --device-desc", field: "device")
                }
                return
            }
            if assembler == nil { assembler = try makeAssembler(for: device, line: number) }
            try assembler?.feed(event, line: number, emit: emit)
        }
        guard var finished = assembler else {
            throw TraceError(
                SourceLocation(file: file, line: lastLine),
                "no touchscreen events: no device reports ABS_MT_POSITION_X", field: "ABS_MT_POSITION_X")
        }
        try finished.finish(emit: emit)
        return finished.summary(adding: problems)
    }

    /// The assembler of `device`'s touches: its axis ranges from the
    /// `getevent -lp` listing, else the raw panel size given as `--screen`.
    private static func assembler(
        for device: String, line: Int, file: String, listing: GeteventDeviceList?, name listedName: String?,
        options: ImportOptions
    ) throws -> KernelTouchAssembler {
        let entry = listing?.devices.first { $0.path == device }
        if entry == nil && options.screen == nil {
            throw TraceError(
                SourceLocation(file: file, line: line),
                "getevent output has no axis ranges for \(device): give the raw panel size with"
                    + " --screen WIDTHxHEIGHT, or its `getevent -lp` listing with --device-desc",
                field: "--screen")
        }
        var description = entry?.description ?? KernelDeviceDescription(location: SourceLocation(file: file, line: 0))
        if entry == nil, let screen = options.screen {
            // No ranges: the raw range is the screen (see the type's documentation).
            let location = SourceLocation(file: file, line: 0)
            // Clamp before converting: a Double beyond Int64 would trap.
            // (A non-finite or absurd size is rejected by KernelPointMapping when the session starts.)
            func units(_ size: Double) -> Int32 { size.isFinite ? Int32(min(max(size.rounded(), 1), 1e9)) : 1 }
            let width = units(screen.width) - 1
            let height = units(screen.height) - 1
            for (code, maximum) in [
                (LinuxInput.ABS_X, width), (LinuxInput.ABS_Y, height),
                (LinuxInput.ABS_MT_POSITION_X, width), (LinuxInput.ABS_MT_POSITION_Y, height)
            ] {
                description.axes[code] = AbsoluteAxis(minimum: 0, maximum: maximum, location: location)
            }
        }
        let name = description.name ?? listedName
        let meta = #"{"source":"getevent","device":"\#(device.filter { $0 != "\"" && $0 != "\\" })"}"#
        return KernelTouchAssembler(
            file: file,
            header: linuxSessionHeader(fileName: file, model: name, platform: .android, metaJSON: meta),
            description: description,
            touchProtocol: entry == nil ? nil : description.impliedProtocol, options: options)
    }

    /// The device and event of a `[ time] /dev/input/eventN: TYPE CODE VALUE` line.
    static func event(
        _ line: Substring, file: String, line number: Int, problems: inout ImportProblems
    ) throws -> (String, KernelEvent)? {
        let location = SourceLocation(file: file, line: number)
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else {
            try problems.handle(
                TraceError(
                    location,
                    "not a getevent -lt line: expected `[ SECONDS.MICROS] DEVICE: TYPE CODE VALUE`"
                        + " (record with `getevent -lt`: the timestamps are needed)", field: "line"))
            return nil
        }
        guard let time = parseKernelTimestamp(line[line.index(after: line.startIndex)..<close].trimmingSpaces) else {
            try problems.handle(TraceError(location, "bad timestamp", field: "time"))
            return nil
        }
        var rest = line[line.index(after: close)...].trimmingSpaces
        var device = ""
        if rest.hasPrefix("/"), let colon = rest.firstIndex(of: ":") {
            device = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        let fields = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count == 3 else {
            try problems.handle(
                TraceError(
                    location,
                    "an event needs TYPE CODE VALUE, found \(fields.count) fields"
                        + (fields.count < 3 ? " (truncated?)" : ""), field: "event"))
            return nil
        }
        let type: UInt16
        if let named = LinuxInput.type(named: String(fields[0])) {
            type = named
        } else if fields[0].count == 4, let numeric = UInt16(fields[0], radix: 16) {
            type = numeric
        } else {
            try problems.handle(TraceError(location, "unknown event type \"\(fields[0])\"", field: "type"))
            return nil
        }
        let code: UInt16
        if let named = LinuxInput.code(named: String(fields[1])), named.type == type {
            code = named.code
        } else if fields[1].count == 4, let numeric = UInt16(fields[1], radix: 16) {
            code = numeric
        } else if type == LinuxInput.EV_KEY, fields[1].hasPrefix("KEY_") || fields[1].hasPrefix("BTN_") {
            code = 0 // a key gesturetune has no use for (volume, power, …): KEY_RESERVED
        } else {
            try problems.handle(
                TraceError(
                    location, "unknown event code \"\(fields[1])\" for \(fields[0])", field: "code"))
            return nil
        }
        let value: Int32
        switch fields[2] {
        case "DOWN": value = 1
        case "UP": value = 0
        case "REPEAT": value = 2
        default:
            guard let bits = UInt32(fields[2], radix: 16) else {
                try problems.handle(
                    TraceError(
                        location, "bad value \"\(fields[2])\" (32-bit hex expected)", field: "value"))
                return nil
            }
            value = Int32(bitPattern: bits)
        }
        return (device, KernelEvent(time: time, type: type, code: code, value: value))
    }
}
