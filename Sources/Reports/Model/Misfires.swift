// MARK: - 3. Misfires

extension TuningReport {
    /// The ways a recognizer fails the person.
    public enum MisfireKind: String, Codable, Sendable, Hashable, CaseIterable {
        /// Another gesture fired than the one meant (a scroll flipped a tab).
        case wrong
        /// Nothing fired although a gesture was meant.
        case missed
        /// The gesture fired, but only after a stretch where the UI did not
        /// respond (a tap waiting for a double tap, a slop too wide).
        case deadZone = "dead-zone"
        /// Something fired where nothing was meant (a resting thumb, a brush).
        case spurious

        /// How a designer reads it.
        public var title: String {
            switch self {
            case .wrong: "wrong gesture"
            case .missed: "missed"
            case .deadZone: "dead zone"
            case .spurious: "spurious"
            }
        }
    }

    /// Misfire counts per kind.
    public struct MisfireCounts: Codable, Sendable, Hashable {
        public var wrong: Int
        public var missed: Int
        public var deadZone: Int
        public var spurious: Int

        public init(wrong: Int = 0, missed: Int = 0, deadZone: Int = 0, spurious: Int = 0) {
            self.wrong = wrong
            self.missed = missed
            self.deadZone = deadZone
            self.spurious = spurious
        }

        public var total: Int { wrong + missed + deadZone + spurious }

        public subscript(kind: MisfireKind) -> Int {
            switch kind {
            case .wrong: wrong
            case .missed: missed
            case .deadZone: deadZone
            case .spurious: spurious
            }
        }
    }

    /// One intent's gestures and how they misfired before and after.
    public struct IntentMisfires: Codable, Sendable, Hashable {
        /// The intent (with direction when it matters), e.g. `tab-swipe left`.
        public var intent: String
        /// Labelled gestures of this intent in the held-out set.
        public var gestures: Int
        public var before: MisfireCounts
        public var after: MisfireCounts

        public init(intent: String, gestures: Int, before: MisfireCounts, after: MisfireCounts) {
            self.intent = intent
            self.gestures = gestures
            self.before = before
            self.after = after
        }
    }

    /// Intended (rows) against recognized (columns), counted over labelled gestures.
    public struct ConfusionMatrix: Codable, Sendable, Hashable {
        /// Row names: what people meant.
        public var intended: [String]
        /// Column names: what fired (including a "nothing" column when used).
        public var recognized: [String]
        /// `counts[row][column]`.
        public var counts: [[Int]]

        public init(intended: [String], recognized: [String], counts: [[Int]]) {
            self.intended = intended
            self.recognized = recognized
            self.counts = counts
        }

        /// The count at a cell, 0 outside the matrix (data may be ragged).
        public func count(row: Int, column: Int) -> Int {
            guard counts.indices.contains(row), counts[row].indices.contains(column) else { return 0 }
            return counts[row][column]
        }

        /// The sum of a row.
        public func rowTotal(_ row: Int) -> Int {
            guard counts.indices.contains(row) else { return 0 }
            return counts[row].reduce(0, +)
        }
    }

    /// Section 3 as a whole.
    public struct Misfires: Codable, Sendable, Hashable {
        public var byIntent: [IntentMisfires]
        public var confusionBefore: ConfusionMatrix
        public var confusionAfter: ConfusionMatrix

        public init(byIntent: [IntentMisfires], confusionBefore: ConfusionMatrix, confusionAfter: ConfusionMatrix) {
            self.byIntent = byIntent
            self.confusionBefore = confusionBefore
            self.confusionAfter = confusionAfter
        }

        /// All intents summed.
        public var totalBefore: MisfireCounts { sum(\.before) }
        public var totalAfter: MisfireCounts { sum(\.after) }

        private func sum(_ side: KeyPath<IntentMisfires, MisfireCounts>) -> MisfireCounts {
            byIntent.reduce(into: MisfireCounts()) { total, row in
                let counts = row[keyPath: side]
                total.wrong += counts.wrong
                total.missed += counts.missed
                total.deadZone += counts.deadZone
                total.spurious += counts.spurious
            }
        }
    }
}
