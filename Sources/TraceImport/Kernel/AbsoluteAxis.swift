import TraceModel

// MARK: - Axis ranges

/// The range of one absolute axis (`struct input_absinfo`): what evemu's `A:`
/// lines, libinput's `absinfo` and `getevent -lp` describe.
public struct AbsoluteAxis: Sendable, Hashable {
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    /// Units per millimetre for position axes (0 when the driver does not say).
    public var resolution: Int32
    /// Where the axis was described, for errors about it.
    public var location: SourceLocation

    public init(
        minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0,
        resolution: Int32 = 0, location: SourceLocation
    ) {
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
        self.location = location
    }

    /// How many distinct values the axis takes.
    var span: Double { Double(Int64(maximum) - Int64(minimum) + 1) }
}

/// What an importer knows about the recorded device: its name and axes.
public struct KernelDeviceDescription: Sendable, Hashable {
    public var name: String?
    /// Absolute axes by code.
    public var axes: [UInt16: AbsoluteAxis] = [:]
    /// Where the description came from (file, and the line it started on).
    public var location: SourceLocation

    public init(name: String? = nil, axes: [UInt16: AbsoluteAxis] = [:], location: SourceLocation) {
        self.name = name
        self.axes = axes
        self.location = location
    }

    /// The multi-touch protocol the axes imply, `nil` when they do not say
    /// (no description, as with plain `getevent`): the frames then decide.
    var impliedProtocol: KernelTouchProtocol? {
        if axes[LinuxInput.ABS_MT_SLOT] != nil { return .slots }
        if axes[LinuxInput.ABS_MT_POSITION_X] != nil { return .anonymousContacts }
        if axes[LinuxInput.ABS_X] != nil { return .singleTouch }
        return nil
    }
}

/// How a device reports its contacts (the kernel's multi-touch protocols).
public enum KernelTouchProtocol: String, Sendable, Hashable {
    /// Protocol B: slots (`ABS_MT_SLOT`) with tracking ids; only changes are sent.
    case slots = "B"
    /// Protocol A: every contact resent each frame, separated by
    /// `SYN_MT_REPORT`, usually without tracking ids.
    case anonymousContacts = "A"
    /// `ABS_X`/`ABS_Y` and `BTN_TOUCH` only.
    case singleTouch = "single-touch"
}
