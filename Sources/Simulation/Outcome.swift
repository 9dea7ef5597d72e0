import Recognizers
import TraceModel

// MARK: - What happened to each label

/// The verdict on one label.
package enum Outcome: String, Sendable, Hashable, Codable, CaseIterable {
    /// Its gesture fired, in its direction, and (for committing gestures)
    /// committed.
    case correct
    /// Nothing fired for it — or its gesture began but sprang back.
    case missed
    /// Another gesture (or its gesture in another direction) fired instead.
    case wrong
    /// Its gesture was swallowed by a lock, boundary or debounce.
    case deadZone = "dead-zone"
    /// A `none` label during which something fired.
    case spurious
}

/// One label's outcome, kept for paired tests (McNemar) between parameter
/// sets and for per-user and per-device breakdowns.
package struct LabelOutcome: Sendable, Hashable, Codable {
    package var session: String
    /// Index of the label in its session.
    package var label: Int
    package var user: String?
    package var device: String
    package var intent: Intent
    package var direction: Direction?
    package var target: String?
    package var start: Micros
    package var end: Micros
    package var outcome: Outcome
    /// What fired instead (wrong, spurious) or what fired (correct).
    package var recognized: GestureKind?
    package var recognizedDirection: Direction?
    /// Why a dead zone happened, or `sprang back` for a missed commit.
    package var detail: String?
    /// Recognition latency of the matching recognition, ms.
    package var latencyMilliseconds: Double?
    /// This label's share of the smoothed misfire count (0 or 1 — or the
    /// number of spurious recognitions of a `none` label — at temperature 0).
    package var softMisfires: Double = 0
}

/// Counts of outcomes; the misfire rate is (wrong + missed + dead zone +
/// spurious) / labels.
package struct OutcomeCounts: Sendable, Hashable, Codable {
    package var labels = 0
    package var correct = 0
    package var wrong = 0
    package var missed = 0
    package var deadZone = 0
    /// Spurious recognitions (outside every label, or inside a `none` label).
    package var spurious = 0
    /// Recognitions inside a label's window that neither matched it nor made
    /// it wrong (a second gesture during one intended gesture). Reported,
    /// not counted as misfires.
    package var extra = 0
    /// Smoothed misfires (equals ``misfires`` when the temperature is 0),
    /// summed exactly: the same in any order of the labels.
    package var softMisfireSum = ExactSum()
    /// Smoothed misfires as a number (``softMisfireSum``'s value).
    package var softMisfires: Double {
        get { softMisfireSum.value }
        set { softMisfireSum = ExactSum(newValue) }
    }

    package init() {}

    package var misfires: Int { wrong + missed + deadZone + spurious }
    /// Misfires per label (0 without labels).
    package var misfireRate: Double { labels > 0 ? Double(misfires) / Double(labels) : 0 }
    package var softMisfireRate: Double { labels > 0 ? softMisfires / Double(labels) : 0 }

    mutating func add(_ o: OutcomeCounts) {
        labels += o.labels
        correct += o.correct
        wrong += o.wrong
        missed += o.missed
        deadZone += o.deadZone
        spurious += o.spurious
        extra += o.extra
        softMisfireSum.add(o.softMisfireSum)
    }

    mutating func count(_ outcome: Outcome) {
        switch outcome {
        case .correct: correct += 1
        case .missed: missed += 1
        case .wrong: wrong += 1
        case .deadZone: deadZone += 1
        case .spurious: break // counted per recognition
        }
    }
}

extension OutcomeCounts {
    private enum CodingKeys: String, CodingKey {
        case labels, correct, wrong, missed, deadZone, spurious, extra, softMisfires, misfires, misfireRate
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(labels, forKey: .labels)
        try c.encode(correct, forKey: .correct)
        try c.encode(wrong, forKey: .wrong)
        try c.encode(missed, forKey: .missed)
        try c.encode(deadZone, forKey: .deadZone)
        try c.encode(spurious, forKey: .spurious)
        try c.encode(extra, forKey: .extra)
        try c.encode(softMisfires, forKey: .softMisfires)
        try c.encode(misfires, forKey: .misfires)
        try c.encode(misfireRate, forKey: .misfireRate)
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        labels = try c.decode(Int.self, forKey: .labels)
        correct = try c.decode(Int.self, forKey: .correct)
        wrong = try c.decode(Int.self, forKey: .wrong)
        missed = try c.decode(Int.self, forKey: .missed)
        deadZone = try c.decode(Int.self, forKey: .deadZone)
        spurious = try c.decode(Int.self, forKey: .spurious)
        extra = try c.decode(Int.self, forKey: .extra)
        softMisfires = try c.decode(Double.self, forKey: .softMisfires)
    }
}
