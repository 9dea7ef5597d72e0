import TraceModel

// MARK: - Linux input event codes

/// The Linux kernel's input event types and codes that gesturetune reads
/// (`<linux/input-event-codes.h>`), with their names for messages and for
/// parsing `getevent -l` labels.
///
/// Only the codes a touchscreen importer acts on are named one by one; the
/// `…Max` bounds tell a code the kernel could send (ignored) from one it never
/// can (an error: the input is corrupt or not what it claims to be).
///
/// ```swift
/// LinuxInput.name(type: LinuxInput.EV_ABS, code: LinuxInput.ABS_MT_POSITION_X)  // "ABS_MT_POSITION_X"
/// LinuxInput.code(named: "BTN_TOUCH")                                           // (1, 330)
/// ```
public enum LinuxInput {
    // MARK: Event types
    public static let EV_SYN: UInt16 = 0x00
    public static let EV_KEY: UInt16 = 0x01
    public static let EV_REL: UInt16 = 0x02
    public static let EV_ABS: UInt16 = 0x03
    public static let EV_MSC: UInt16 = 0x04
    public static let EV_SW: UInt16 = 0x05
    public static let EV_LED: UInt16 = 0x11
    public static let EV_SND: UInt16 = 0x12
    public static let EV_REP: UInt16 = 0x14
    public static let EV_FF: UInt16 = 0x15
    public static let EV_PWR: UInt16 = 0x16
    public static let EV_FF_STATUS: UInt16 = 0x17

    // MARK: Synchronization
    public static let SYN_REPORT: UInt16 = 0
    public static let SYN_CONFIG: UInt16 = 1
    public static let SYN_MT_REPORT: UInt16 = 2
    public static let SYN_DROPPED: UInt16 = 3

    // MARK: Keys
    public static let BTN_TOUCH: UInt16 = 0x14a

    // MARK: Absolute axes
    public static let ABS_X: UInt16 = 0x00
    public static let ABS_Y: UInt16 = 0x01
    public static let ABS_PRESSURE: UInt16 = 0x18
    public static let ABS_MT_SLOT: UInt16 = 0x2f
    public static let ABS_MT_TOUCH_MAJOR: UInt16 = 0x30
    public static let ABS_MT_TOUCH_MINOR: UInt16 = 0x31
    public static let ABS_MT_WIDTH_MAJOR: UInt16 = 0x32
    public static let ABS_MT_POSITION_X: UInt16 = 0x35
    public static let ABS_MT_POSITION_Y: UInt16 = 0x36
    public static let ABS_MT_TRACKING_ID: UInt16 = 0x39
    public static let ABS_MT_PRESSURE: UInt16 = 0x3a

    /// The largest code of each type the kernel defines (`*_MAX`); a type
    /// missing here is not a Linux event type at all.
    static let maxCode: [UInt16: UInt16] = [
        EV_SYN: 0x0f, EV_KEY: 0x2ff, EV_REL: 0x0f, EV_ABS: 0x3f, EV_MSC: 0x07,
        EV_SW: 0x10, EV_LED: 0x0f, EV_SND: 0x07, EV_REP: 0x01, EV_FF: 0x7f,
        EV_PWR: 0x00, EV_FF_STATUS: 0x01
    ]

    static let typeNames: [UInt16: String] = [
        EV_SYN: "EV_SYN", EV_KEY: "EV_KEY", EV_REL: "EV_REL", EV_ABS: "EV_ABS",
        EV_MSC: "EV_MSC", EV_SW: "EV_SW", EV_LED: "EV_LED", EV_SND: "EV_SND",
        EV_REP: "EV_REP", EV_FF: "EV_FF", EV_PWR: "EV_PWR", EV_FF_STATUS: "EV_FF_STATUS"
    ]

    /// Names of the codes touch importers meet, per type.
    static let codeNames: [UInt16: [UInt16: String]] = [
        EV_SYN: [0: "SYN_REPORT", 1: "SYN_CONFIG", 2: "SYN_MT_REPORT", 3: "SYN_DROPPED"],
        EV_KEY: [
            0x110: "BTN_LEFT", 0x111: "BTN_RIGHT", 0x112: "BTN_MIDDLE",
            0x140: "BTN_TOOL_PEN", 0x141: "BTN_TOOL_RUBBER", 0x142: "BTN_TOOL_BRUSH",
            0x143: "BTN_TOOL_PENCIL", 0x144: "BTN_TOOL_AIRBRUSH", 0x145: "BTN_TOOL_FINGER",
            0x146: "BTN_TOOL_MOUSE", 0x147: "BTN_TOOL_LENS", 0x148: "BTN_TOOL_QUINTTAP",
            0x149: "BTN_STYLUS3", 0x14a: "BTN_TOUCH", 0x14b: "BTN_STYLUS", 0x14c: "BTN_STYLUS2",
            0x14d: "BTN_TOOL_DOUBLETAP", 0x14e: "BTN_TOOL_TRIPLETAP", 0x14f: "BTN_TOOL_QUADTAP",
            0x72: "KEY_VOLUMEDOWN", 0x73: "KEY_VOLUMEUP", 0x74: "KEY_POWER",
            0x8b: "KEY_MENU", 0x9e: "KEY_BACK", 0x66: "KEY_HOME", 0xac: "KEY_HOMEPAGE",
            0xd9: "KEY_SEARCH", 0x1c: "KEY_ENTER"
        ],
        EV_ABS: [
            0x00: "ABS_X", 0x01: "ABS_Y", 0x02: "ABS_Z", 0x03: "ABS_RX", 0x04: "ABS_RY",
            0x05: "ABS_RZ", 0x06: "ABS_THROTTLE", 0x07: "ABS_RUDDER", 0x08: "ABS_WHEEL",
            0x09: "ABS_GAS", 0x0a: "ABS_BRAKE", 0x10: "ABS_HAT0X", 0x11: "ABS_HAT0Y",
            0x12: "ABS_HAT1X", 0x13: "ABS_HAT1Y", 0x14: "ABS_HAT2X", 0x15: "ABS_HAT2Y",
            0x16: "ABS_HAT3X", 0x17: "ABS_HAT3Y", 0x18: "ABS_PRESSURE", 0x19: "ABS_DISTANCE",
            0x1a: "ABS_TILT_X", 0x1b: "ABS_TILT_Y", 0x1c: "ABS_TOOL_WIDTH", 0x20: "ABS_VOLUME",
            0x21: "ABS_PROFILE", 0x28: "ABS_MISC", 0x2e: "ABS_RESERVED", 0x2f: "ABS_MT_SLOT",
            0x30: "ABS_MT_TOUCH_MAJOR", 0x31: "ABS_MT_TOUCH_MINOR", 0x32: "ABS_MT_WIDTH_MAJOR",
            0x33: "ABS_MT_WIDTH_MINOR", 0x34: "ABS_MT_ORIENTATION", 0x35: "ABS_MT_POSITION_X",
            0x36: "ABS_MT_POSITION_Y", 0x37: "ABS_MT_TOOL_TYPE", 0x38: "ABS_MT_BLOB_ID",
            0x39: "ABS_MT_TRACKING_ID", 0x3a: "ABS_MT_PRESSURE", 0x3b: "ABS_MT_DISTANCE",
            0x3c: "ABS_MT_TOOL_X", 0x3d: "ABS_MT_TOOL_Y"
        ],
        EV_MSC: [
            0: "MSC_SERIAL", 1: "MSC_PULSELED", 2: "MSC_GESTURE", 3: "MSC_RAW",
            4: "MSC_SCAN", 5: "MSC_TIMESTAMP"
        ],
        EV_REL: [0: "REL_X", 1: "REL_Y", 6: "REL_HWHEEL", 8: "REL_WHEEL"]
    ]

    private static let codesByName: [String: (type: UInt16, code: UInt16)] = {
        var result: [String: (type: UInt16, code: UInt16)] = [:]
        for (type, codes) in codeNames {
            for (code, name) in codes { result[name] = (type, code) }
        }
        return result
    }()

    /// The type with this name (`EV_ABS` → 3).
    public static func type(named name: String) -> UInt16? {
        typeNames.first { $0.value == name }?.key
    }

    /// The type and code with this name (`ABS_MT_SLOT` → (3, 0x2f)).
    public static func code(named name: String) -> (type: UInt16, code: UInt16)? {
        codesByName[name]
    }

    /// `EV_ABS / ABS_MT_POSITION_X`, or the numbers when a name is unknown.
    public static func name(type: UInt16, code: UInt16) -> String {
        let typeName = typeNames[type] ?? "type 0x\(String(type, radix: 16))"
        let codeName = codeNames[type]?[code] ?? "code 0x\(String(code, radix: 16))"
        return "\(typeName) / \(codeName)"
    }

    /// The name of an absolute axis, for field names in errors.
    public static func axisName(_ code: UInt16) -> String {
        codeNames[EV_ABS]?[code] ?? "ABS_0x\(String(code, radix: 16))"
    }

    /// Why an event cannot come from a Linux input device, or `nil` if it can.
    static func problem(type: UInt16, code: UInt16) -> String? {
        guard let max = maxCode[type] else {
            return "unknown event type 0x\(String(type, radix: 16)): not a Linux input event type"
        }
        if code > max {
            return "unknown event code 0x\(String(code, radix: 16)) for \(typeNames[type] ?? "")"
                + " (the largest is 0x\(String(max, radix: 16)))"
        }
        return nil
    }
}

// MARK: - One event

/// One `struct input_event`: when, what and how much.
public struct KernelEvent: Sendable, Hashable {
    /// The kernel timestamp in microseconds (absolute, as recorded).
    public var time: Micros
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(time: Micros, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }
}
