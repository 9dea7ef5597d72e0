// MARK: - Misfires

extension TuningReport {
    /// The ways a recognizer fails the person.
    package enum MisfireKind: String, Codable, Sendable, Hashable, CaseIterable {
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
        package var title: String {
            switch self {
            case .wrong: "wrong gesture"
            case .missed: "missed"
            case .deadZone: "dead zone"
            case .spurious: "spurious"
            }
        }
    }

    /// Misfire counts per kind.
    package struct MisfireCounts: Codable, Sendable, Hashable {
        package var wrong: Int = 0
        package var missed: Int = 0
        package var deadZone: Int = 0
        package var spurious: Int = 0

        package var total: Int { wrong + missed + deadZone + spurious }

        package subscript(kind: MisfireKind) -> Int {
            switch kind {
            case .wrong: wrong
            case .missed: missed
            case .deadZone: deadZone
            case .spurious: spurious
            }
        }
    }

    /// One intent's gestures and how they misfired before and after.
    package struct IntentMisfires: Codable, Sendable, Hashable {
        /// The intent (with direction when it matters), e.g. `tab-swipe left`.
        package var intent: String
        /// Labelled gestures of this intent in the held-out set.
        package var gestures: Int
        package var before: MisfireCounts
        package var after: MisfireCounts
    }

    /// Intended (rows) against recognized (columns), counted over labelled gestures.
    package struct ConfusionMatrix: Codable, Sendable, Hashable {
        /// Row names: what people meant.
        package var intended: [String]
        /// Column names: what fired (including a "nothing" column when used).
        package var recognized: [String]
        /// `counts[row][column]`.
        package var counts: [[Int]]

        /// The count at a cell, 0 outside the matrix (data may be ragged).
        package func count(row: Int, column: Int) -> Int {
            guard counts.indices.contains(row), counts[row].indices.contains(column) else { return 0 }
            return counts[row][column]
        }

        /// The sum of a row.
        package func rowTotal(_ row: Int) -> Int {
            guard counts.indices.contains(row) else { return 0 }
            return counts[row].reduce(0, +)
        }
    }

    /// Section 3 as a whole.
    package struct Misfires: Codable, Sendable, Hashable {
        package var byIntent: [IntentMisfires]
        package var confusionBefore: ConfusionMatrix
        package var confusionAfter: ConfusionMatrix

        /// All intents summed.
        package var totalBefore: MisfireCounts { sum(\.before) }
        package var totalAfter: MisfireCounts { sum(\.after) }

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
