import TraceModel

// MARK: - Examples

extension TuningReport {
    /// One labelled gesture, drawn as its touch path.
    package struct Example: Codable, Sendable, Hashable {
        package var sessionID: String
        package var user: String?
        package var device: Device
        /// What the person meant (times are session times).
        package var label: Label
        /// How it misfired (after tuning for remaining misfires, before for fixed ones).
        package var kind: MisfireKind
        /// What fired instead, or `nil` when nothing did.
        package var recognized: String?
        /// When it fired, in session time.
        package var recognizedAt: Micros?
        /// The touch samples of the gesture, in time order (all pointers).
        package var path: [TouchSample]
        /// The simulator's reason: `sprang back` for a missed gesture that
        /// began but did not commit, the drop's reason for a dead zone.
        package var detail: String?
        /// How many held-out gestures misfire (or were fixed) the same way
        /// (same intent, kind of misfire and recognition), and of how many
        /// people: one example stands for them.
        package var sharedBy: PatternShare?
    }

    /// The gestures and people one example's pattern stands for.
    package struct PatternShare: Codable, Sendable, Hashable {
        package var gestures: Int
        package var people: Int
    }

    package struct Examples: Codable, Sendable, Hashable {
        /// Misfires that remain after tuning, the pattern most people share
        /// first, one example per pattern, from as many people as possible.
        package var remaining: [Example]
        /// Misfires before tuning that tuning fixed.
        package var fixed: [Example]
    }
}
