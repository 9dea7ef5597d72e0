// MARK: - Touch samples

/// The phase of one pointer sample, as UIKit names them.
public enum TouchPhase: UInt8, Sendable, Hashable, Codable, CaseIterable {
    case began = 0
    case moved, stationary, ended, cancelled

    /// The spelling used in the canonical format.
    public var name: String {
        switch self {
        case .began: "began"
        case .moved: "moved"
        case .stationary: "stationary"
        case .ended: "ended"
        case .cancelled: "cancelled"
        }
    }

    public init?(name: some StringProtocol) {
        switch name {
        case "began": self = .began
        case "moved": self = .moved
        case "stationary": self = .stationary
        case "ended": self = .ended
        case "cancelled": self = .cancelled
        default: return nil
        }
    }

    /// `ended` or `cancelled`: the pointer is gone after this sample.
    @inlinable
    public var isTerminal: Bool { rawValue >= TouchPhase.ended.rawValue }
}

/// One sample of one pointer.
///
/// `force` and `radius` are optional in the format; absent values are `nil`.
public struct TouchSample: Sendable, Hashable, Codable {
    /// Microseconds since the session start.
    public var t: Micros
    /// Pointer id: unique among pointers down at the same time, reusable after.
    public var pointer: Int32
    public var phase: TouchPhase
    /// Position in points, origin top-left, y down.
    public var x: Double
    public var y: Double
    /// 1.0 = an average touch (UIKit convention).
    public var force: Double?
    /// Major radius in points.
    public var radius: Double?

    public init(
        t: Micros, pointer: Int32, phase: TouchPhase, x: Double, y: Double,
        force: Double? = nil, radius: Double? = nil
    ) {
        self.t = t
        self.pointer = pointer
        self.phase = phase
        self.x = x
        self.y = y
        self.force = force
        self.radius = radius
    }
}

/// One sample of device motion (user acceleration in g, gravity removed).
public struct MotionSample: Sendable, Hashable, Codable {
    public var t: Micros
    public var ax: Double
    public var ay: Double
    public var az: Double
    /// Rotation rate in rad/s, when recorded.
    public var rx: Double?
    public var ry: Double?
    public var rz: Double?

    public init(
        t: Micros, ax: Double, ay: Double, az: Double,
        rx: Double? = nil, ry: Double? = nil, rz: Double? = nil
    ) {
        self.t = t
        self.ax = ax
        self.ay = ay
        self.az = az
        self.rx = rx
        self.ry = ry
        self.rz = rz
    }

    /// Magnitude of the acceleration vector, in g.
    @inlinable
    public var magnitude: Double { (ax * ax + ay * ay + az * az).squareRoot() }
}
