// MARK: - 9. Who it serves

extension TuningReport {
    /// Misfire rates of one user or one device, before and after.
    public struct BreakdownRow: Codable, Sendable, Hashable {
        /// The user id or device model.
        public var group: String
        public var before: Rate
        public var after: Rate

        public init(group: String, before: Rate, after: Rate) {
            self.group = group
            self.before = before
            self.after = after
        }

        public var gestures: Int { after.total }
    }

    public struct Breakdown: Codable, Sendable, Hashable {
        public var byUser: [BreakdownRow]
        public var byDevice: [BreakdownRow]

        public init(byUser: [BreakdownRow], byDevice: [BreakdownRow]) {
            self.byUser = byUser
            self.byDevice = byDevice
        }
    }
}
