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
        /// The simulator's reason: `sprang back` for a missed gesture that
        /// began but did not commit, the drop's reason for a dead zone.
        public var detail: String?
        /// How many held-out gestures misfire (or were fixed) the same way
        /// (same intent, kind of misfire and recognition), and of how many
        /// people: one example stands for them.
        public var sharedBy: PatternShare?

        public init(
            sessionID: String, user: String?, device: Device, label: Label, kind: MisfireKind,
            recognized: String?, recognizedAt: Micros?, path: [TouchSample], detail: String? = nil,
            sharedBy: PatternShare? = nil
        ) {
            self.detail = detail
            self.sharedBy = sharedBy
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

    /// The gestures and people one example's pattern stands for.
    public struct PatternShare: Codable, Sendable, Hashable {
        public var gestures: Int
        public var people: Int

        public init(gestures: Int, people: Int) {
            self.gestures = gestures
            self.people = people
        }
    }

    public struct Examples: Codable, Sendable, Hashable {
        /// Misfires that remain after tuning, the pattern most people share
        /// first, one example per pattern, from as many people as possible.
        public var remaining: [Example]
        /// Misfires before tuning that tuning fixed.
        public var fixed: [Example]

        public init(remaining: [Example], fixed: [Example]) {
            self.remaining = remaining
            self.fixed = fixed
        }
    }
}
