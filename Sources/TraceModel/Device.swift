// MARK: - Device

/// The device a session was recorded on.
///
/// Coordinates in a trace are always points (logical pixels); `scale` and
/// `ppi` let reports convert to physical pixels and millimetres when known.
public struct Device: Sendable, Hashable, Codable {
    /// The platform family, as the spec's `device.platform` names it.
    public enum Platform: String, Sendable, Hashable, Codable, CaseIterable {
        case ios, android, web, linux, other
    }

    public var platform: Platform
    public var model: String?
    /// Screen width in points.
    public var screenWidth: Double
    /// Screen height in points.
    public var screenHeight: Double
    /// Physical pixels per point (1 when the recording does not say).
    public var scale: Double
    /// Physical pixels per inch, when known.
    public var ppi: Double?
    /// Nominal touch sampling rate, when known.
    public var sampleRateHz: Double?

    public init(
        platform: Platform, model: String? = nil,
        screenWidth: Double, screenHeight: Double, scale: Double = 1,
        ppi: Double? = nil, sampleRateHz: Double? = nil
    ) {
        self.platform = platform
        self.model = model
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.scale = scale
        self.ppi = ppi
        self.sampleRateHz = sampleRateHz
    }

    /// Points per millimetre, when the pixel density is known.
    public var pointsPerMillimetre: Double? {
        guard let ppi, ppi > 0, scale > 0 else { return nil }
        return ppi / scale / 25.4
    }

    /// A stable key for grouping sessions by device (platform, model, screen).
    public var key: String {
        "\(platform.rawValue)|\(model ?? "")|\(screenWidth)x\(screenHeight)"
    }
}
