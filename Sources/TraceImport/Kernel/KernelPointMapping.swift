import TraceModel

// MARK: - Device units → points

/// Converts a touchscreen's device units to points.
///
/// The rule, in order:
/// 1. **Axis resolution** (units per millimetre, `A:`'s sixth number,
///    libinput's fifth): points are physical, 1 pt = 1/163 inch — the
///    163-ppi reference of a 1× iPhone, so a millimetre is 6.417 pt and
///    gesturetune's point thresholds mean the same physical distance on every
///    device. The screen is the axis span in those points and `device.ppi` is
///    163 (scale 1). `--screen` is not needed and not used.
/// 2. **`--screen WIDTHxHEIGHT`**: the axis range is stretched over the screen
///    as libinput does it: `x_pt = (raw − min) / (max − min + 1) × WIDTH`.
///    No ppi is recorded: the physical size is unknown.
/// 3. Neither: an error saying that `--screen` is needed.
///
/// ```swift
/// let mapping = try KernelPointMapping(x: axisX, y: axisY, screen: ScreenSize(width: 800, height: 480), file: "a.events")
/// mapping.point(x: 399, y: 239)   // (399.0, 239.0) on a 0…799 × 0…479 panel
/// ```
public struct KernelPointMapping: Sendable, Hashable {
    /// The reference density of a point (a 1× iPhone screen).
    public static let referencePPI = 163.0

    public var minimumX: Double
    public var minimumY: Double
    public var pointsPerUnitX: Double
    public var pointsPerUnitY: Double
    public var screen: ScreenSize
    /// 163 when the mapping is physical, `nil` when stretched over `--screen`.
    public var ppi: Double?
    /// Pressure axis (`ABS_MT_PRESSURE` or `ABS_PRESSURE`), for force.
    var pressure: AbsoluteAxis?

    /// - Parameters:
    ///   - x: the horizontal position axis; `nil` when the input describes none.
    ///   - y: the vertical position axis, likewise.
    ///   - pressure: the pressure axis, for force; `nil` when there is none.
    ///   - axisNames: the position axes' names, for the message when one is missing.
    ///   - screen: `--screen`, if given.
    ///   - missingLocation: where to point the error when nothing maps.
    public init(
        x: AbsoluteAxis?, y: AbsoluteAxis?, axisNames: (String, String),
        pressure: AbsoluteAxis? = nil, screen: ScreenSize?, missingLocation: SourceLocation
    ) throws {
        self.pressure = pressure
        if let x, let y, x.resolution > 0, y.resolution > 0 {
            let pointsPerMillimetre = Self.referencePPI / 25.4
            minimumX = Double(x.minimum)
            minimumY = Double(y.minimum)
            pointsPerUnitX = pointsPerMillimetre / Double(x.resolution)
            pointsPerUnitY = pointsPerMillimetre / Double(y.resolution)
            self.screen = ScreenSize(width: x.span * pointsPerUnitX, height: y.span * pointsPerUnitY)
            ppi = Self.referencePPI
            return
        }
        guard let screen else {
            let which = x == nil || y == nil ? "no range" : "no resolution"
            throw TraceError(
                x?.location ?? missingLocation,
                "the device gives \(which) for \(axisNames.0)/\(axisNames.1), so its units cannot be"
                    + " converted to points: give the screen size in points with --screen WIDTHxHEIGHT",
                field: "--screen")
        }
        guard screen.width > 0, screen.height > 0, screen.width.isFinite, screen.height.isFinite else {
            throw TraceError(missingLocation, "the screen size must be positive", field: "--screen")
        }
        guard let x, let y else {
            throw TraceError(
                missingLocation, "the device description has no range for \(axisNames.0)/\(axisNames.1)",
                field: x == nil ? axisNames.0 : axisNames.1)
        }
        guard x.maximum > x.minimum, y.maximum > y.minimum else {
            let bad = x.maximum > x.minimum ? y : x
            throw TraceError(
                bad.location, "empty axis range \(bad.minimum)…\(bad.maximum)",
                field: x.maximum > x.minimum ? axisNames.1 : axisNames.0)
        }
        minimumX = Double(x.minimum)
        minimumY = Double(y.minimum)
        pointsPerUnitX = screen.width / x.span
        pointsPerUnitY = screen.height / y.span
        self.screen = screen
        ppi = nil
    }

    /// A position in points.
    @inlinable
    public func point(x: Int32, y: Int32) -> (x: Double, y: Double) {
        ((Double(x) - minimumX) * pointsPerUnitX, (Double(y) - minimumY) * pointsPerUnitY)
    }

    /// The major radius in points of a `ABS_MT_TOUCH_MAJOR` diameter, which the
    /// kernel gives in surface (position) units. The two axes may scale
    /// differently; the mean scale is the honest single number.
    @inlinable
    public func radius(touchMajor: Int32) -> Double {
        Double(max(touchMajor, 0)) / 2 * (pointsPerUnitX + pointsPerUnitY) / 2
    }

    /// UIKit-style force: the middle of the pressure range is an average touch
    /// (1.0), so force = 2 × (p − min) / (max − min). `nil` without a pressure axis.
    public func force(pressure value: Int32) -> Double? {
        guard let pressure, pressure.maximum > pressure.minimum else { return nil }
        let fraction =
            Double(Int64(value) - Int64(pressure.minimum))
            / Double(Int64(pressure.maximum) - Int64(pressure.minimum))
        return 2 * max(0, fraction)
    }
}
