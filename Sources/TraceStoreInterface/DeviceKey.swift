import TraceModel

// MARK: - One row per device

extension Device {
    /// The key that makes a device one row, in any store: every field that
    /// tells two devices apart, in one string.
    package var storeKey: String {
        [
            platform.rawValue, model ?? "", "\(screenWidth)x\(screenHeight)", "@\(scale)", ppi.map { "\($0)ppi" } ?? "",
            sampleRateHz.map { "\($0)Hz" } ?? ""
        ].joined(separator: "|")
    }
}
