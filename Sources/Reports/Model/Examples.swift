import TraceModel

// MARK: - 8. Examples

extension TuningReport {
    /// One labelled gesture, drawn as its touch path.
    public struct Example: Codable, Sendable, Hashable {
        public var sessionID: String
        public var user: String?
        public var device: Device
        /// What the person meant (times are session times).
        public var label: Label
        /// How it misfired (after tuning for remaining misfires, before for fixed ones).
        public var kind: MisfireKind
        /// What fired instead, or `nil` when nothing did.
        public var recognized: String?
        /// When it fired, in session time.
        public var recognizedAt: Micros?
        /// The touch samples of the gesture, in time order (all pointers).
        public var path: [TouchSample]

        public init(
            sessionID: String, user: String?, device: Device, label: Label, kind: MisfireKind,
            recognized: String?, recognizedAt: Micros?, path: [TouchSample]
        ) {
            self.sessionID = sessionID
            self.user = user
            self.device = device
            self.label = label
            self.kind = kind
            self.recognized = recognized
            self.recognizedAt = recognizedAt
            self.path = path
        }
    }

    public struct Examples: Codable, Sendable, Hashable {
        /// Misfires that remain after tuning, worst first.
        public var remaining: [Example]
        /// Misfires before tuning that tuning fixed.
        public var fixed: [Example]

        public init(remaining: [Example], fixed: [Example]) {
            self.remaining = remaining
            self.fixed = fixed
        }
    }
}
