// MARK: - Who it serves

extension TuningReport {
    /// Misfire rates of one user or one device, before and after.
    package struct BreakdownRow: Codable, Sendable, Hashable {
        /// The user id or device model.
        package var group: String
        package var before: Rate
        package var after: Rate

        package var gestures: Int { after.total }
    }

    package struct Breakdown: Codable, Sendable, Hashable {
        package var byUser: [BreakdownRow]
        package var byDevice: [BreakdownRow]
    }
}
