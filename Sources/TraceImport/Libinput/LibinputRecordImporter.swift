import TraceModel
import Yams

// MARK: - libinput record

/// Reads `libinput record` YAML, version 1: every recorded device with its
/// evdev description and its kernel events.
///
/// ```yaml
/// version: 1
/// ndevices: 1
/// libinput: {version: "1.22.1", git: "unknown"}
/// system: {os: "debian:12", kernel: "6.1.0", dmi: "dmi:…"}
/// devices:
/// - node: /dev/input/event8
///   evdev:
///     name: "Wacom Pen and multitouch sensor Finger"
///     id: [3, 1386, 1307, 272]
///     codes: {0: [0, 1, 2], 1: [330], 3: [0, 1, 47, 53, 54, 57]}
///     absinfo: {53: [0, 2764, 0, 0, 10], 54: [0, 1554, 0, 0, 10], …}   # min, max, fuzz, flat, resolution
///     properties: [1]
///   events:
///   - evdev:
///     - [  1, 250000,   3,  57,   301]    # sec, usec, type, code, value
///     - [  1, 250000,   0,   0,     0]
///   - libinput: [...]                      # libinput's own view: ignored
/// ```
///
/// **The touch device** is the one whose `absinfo` has `ABS_MT_POSITION_X`
/// (53), or `ABS_X` (0) with `BTN_TOUCH` (330) among its key codes; keyboards,
/// pens without those and other devices are skipped. Several touch devices
/// with events are an error (record one with `libinput record /dev/input/eventN`).
/// Kernel semantics and units are shared with the evemu importer
/// (`KernelTouchAssembler`, ``KernelPointMapping``); the multi-touch protocol
/// follows from the axes (slots → B). The file is one session, platform linux,
/// model the device name. Errors name the YAML line of the offending node.
public enum LibinputRecordImporter: TraceImporter {
    public static let format = InputFormat.libinput

    public static func recognizes(prefix: [UInt8], fileName name: String) -> Bool {
        var sawVersion = false
        for line in leadingLines(of: prefix) {
            if line.hasPrefix("# libinput record") { return true }
            if line.hasPrefix("version: 1") { sawVersion = true }
            if sawVersion && (line.hasPrefix("ndevices:") || line.hasPrefix("libinput:")) { return true }
        }
        return false
    }

    // MARK: Reading

    public static func read(
        _ input: TraceInput, options: ImportOptions, emit: (TraceEvent) throws -> Void
    ) throws -> ImportSummary {
        let file = input.name
        let text = String(decoding: try input.readAll(), as: UTF8.self)
        func at(_ node: Node?) -> SourceLocation { SourceLocation(file: file, line: node?.mark?.line ?? 0) }

        let root = try YAMLDocument.compose(
            text, file: file, ifEmpty: TraceError(SourceLocation(file: file, line: 1), "empty YAML document", field: "version"))
        guard let top = root.mapping else {
            throw TraceError(at(root), "a libinput recording is a YAML mapping", field: "version")
        }
        guard let version = top["version"] else {
            throw TraceError(at(root), "no `version`: not a libinput recording", field: "version")
        }
        guard version.int == 1 else {
            throw TraceError(
                at(version), "unsupported libinput record version \(version.string ?? "?") (1 is read)",
                field: "version")
        }
        guard let devicesNode = top["devices"], let devices = devicesNode.sequence else {
            throw TraceError(at(top["devices"] ?? root), "no `devices` list", field: "devices")
        }

        let chosen = try touchDevice(devices, listedAt: devicesNode, file: file)

        let nodePath = (chosen.node["node"]?.string ?? "").filter { $0 != "\"" && $0 != "\\" }
        let touchProtocol = chosen.description.impliedProtocol
        var assembler = KernelTouchAssembler(
            file: file,
            header: linuxSessionHeader(
                fileName: file, model: chosen.description.name, platform: .linux,
                metaJSON:
                    #"{"source":"libinput-record","node":"\#(nodePath)","multitouchProtocol":"\#(touchProtocol?.rawValue ?? "unknown")"}"#
            ),
            description: chosen.description, touchProtocol: touchProtocol, options: options)
        var problems = ImportProblems(options: options)

        for entry in chosen.events?.sequence ?? Node.Sequence() {
            guard let frames = entry["evdev"] else { continue } // `libinput:` entries and comments
            guard let events = frames.sequence else {
                try problems.handle(TraceError(at(frames), "`evdev` must be a list of events", field: "events[].evdev"))
                continue
            }
            for eventNode in events {
                let line = eventNode.mark?.line ?? 0
                let numbers = eventNode.sequence?.map { $0.int } ?? []
                guard numbers.count == 5, numbers.allSatisfy({ $0 != nil }) else {
                    try problems.handle(
                        TraceError(
                            at(eventNode), "an event must be [sec, usec, type, code, value] (five integers)",
                            field: "events[].evdev"))
                    continue
                }
                let n = numbers.compactMap { $0 }
                guard n[0] >= 0, (0..<1_000_000).contains(n[1]),
                    let time = Micros(seconds: Int64(n[0]), microseconds: Int64(n[1])),
                    (0...0xffff).contains(n[2]), (0...0xffff).contains(n[3]), let value = Int32(exactly: n[4])
                else {
                    try problems.handle(
                        TraceError(
                            at(eventNode),
                            "an event field is out of range (sec ≥ 0, usec < 1000000, type and code"
                                + " 16-bit, value 32-bit)", field: "events[].evdev"))
                    continue
                }
                try assembler.feed(
                    KernelEvent(time: time, type: UInt16(n[2]), code: UInt16(n[3]), value: value),
                    line: line, emit: emit)
            }
        }
        try assembler.finish(emit: emit)
        return assembler.summary(adding: problems)
    }

    /// The one touch device of the recording (the one with events, where
    /// only one has any): its node, its axes and its events.
    private static func touchDevice(_ devices: Node.Sequence, listedAt devicesNode: Node, file: String) throws
        -> (node: Node, description: KernelDeviceDescription, events: Node?)
    {
        func at(_ node: Node?) -> SourceLocation { SourceLocation(file: file, line: node?.mark?.line ?? 0) }
        var touchDevices: [(node: Node, description: KernelDeviceDescription, events: Node?)] = []
        for device in devices {
            guard let evdev = device["evdev"], evdev.mapping != nil else {
                throw TraceError(at(device), "a device without `evdev`", field: "devices[].evdev")
            }
            let description = try Self.description(evdev, file: file)
            let keyCodes = evdev["codes"]?.mapping?.first { $0.key.int == Int(LinuxInput.EV_KEY) }?.value
            let keys = keyCodes?.sequence?.compactMap(\.int) ?? []
            let isTouch =
                description.axes[LinuxInput.ABS_MT_POSITION_X] != nil
                || (description.axes[LinuxInput.ABS_X] != nil && keys.contains(Int(LinuxInput.BTN_TOUCH)))
            if isTouch { touchDevices.append((device, description, device["events"])) }
        }
        let withEvents = touchDevices.filter { ($0.events?.sequence?.count ?? 0) > 0 }
        let candidates = withEvents.isEmpty ? touchDevices : withEvents
        guard let chosen = candidates.first else {
            throw TraceError(
                at(devicesNode), "no touch device: none has ABS_MT_POSITION_X or ABS_X with BTN_TOUCH",
                field: "devices[].evdev.absinfo")
        }
        if candidates.count > 1 {
            let nodes = candidates.map { $0.node["node"]?.string ?? "?" }.joined(separator: ", ")
            throw TraceError(
                at(candidates[1].node),
                "several touch devices recorded (\(nodes)): record only one with `libinput record /dev/input/eventN`",
                field: "devices")
        }
        return chosen
    }

    /// The name and axes of a device's `evdev` block.
    static func description(_ evdev: Node, file: String) throws -> KernelDeviceDescription {
        var description = KernelDeviceDescription(
            name: evdev["name"]?.string, location: SourceLocation(file: file, line: evdev.mark?.line ?? 0))
        guard let absinfo = evdev["absinfo"] else { return description }
        guard let axes = absinfo.mapping else {
            throw TraceError(
                SourceLocation(file: file, line: absinfo.mark?.line ?? 0),
                "`absinfo` must map axis codes to [min, max, fuzz, flat, resolution]",
                field: "evdev.absinfo")
        }
        for (key, value) in axes {
            let location = SourceLocation(file: file, line: value.mark?.line ?? key.mark?.line ?? 0)
            guard let code = key.int, (0...0x3f).contains(code) else {
                throw TraceError(location, "bad axis code \(key.string ?? "?") (0…63)", field: "evdev.absinfo")
            }
            let numbers = value.sequence?.map { $0.int.flatMap { Int32(exactly: $0) } } ?? []
            guard numbers.count == 5, numbers.allSatisfy({ $0 != nil }) else {
                throw TraceError(
                    location,
                    "axis \(LinuxInput.axisName(UInt16(code))) must be"
                        + " [min, max, fuzz, flat, resolution]", field: "evdev.absinfo")
            }
            let n = numbers.compactMap { $0 }
            description.axes[UInt16(code)] = AbsoluteAxis(
                minimum: n[0], maximum: n[1], fuzz: n[2], flat: n[3], resolution: n[4], location: location)
        }
        return description
    }
}
