import Recognizers
import TraceModel

// MARK: - Agreement with the platform's own recognizers

/// How often gesturetune's recognizers decided what the platform's decided,
/// on the same touches: the measure for sessions that carry
/// `PlatformRecognition`s (real study logs), beside the misfires against
/// what people meant.
///
/// **The unit is a label's window** (in a study, one trial), widened by the
/// run's match tolerance on both sides. In each window, a gesture *fired* on
/// the platform's side when a recognizing event of it lies in the window
/// (`PlatformRecognition/isRecognition`: `began` for continuous
/// recognizers, `ended` for discrete ones), and on gesturetune's side when a
/// recognition of the recognizer kind of the same name (`tap`, `longPress`,
/// `swipe`, `pan`, …) was recognized in the window. Feedback (press states)
/// is not a decision and is left out.
///
/// **Per gesture** the windows fall in four cells: both fired, only the
/// platform, only gesturetune, neither; agreement is (both + neither) /
/// windows. The gestures compared are every gesture either side fired in a
/// compared window. Where both fired, the **onset difference** is
/// gesturetune's recognition time minus the platform's (first of each in
/// the window), ms: positive when gesturetune decides later.
///
/// **First decision** is the confusion table of what each side recognized
/// first in a window (`nothing` when it recognized nothing): rows the
/// platform, columns gesturetune.
///
/// Recognitions are compared as the platform reports them, so a scene whose
/// recognizers exclude each other (a tap that waits for a double tap) is
/// compared with a study app whose recognizers ran side by side only as far
/// as that difference goes: use the `study` scene for such logs.
package struct PlatformAgreement: Sendable, Hashable, Codable {
    /// Sessions with platform recognitions that were compared.
    package var sessions: Int
    /// Label windows compared (each at most once per gesture).
    package var windows: Int
    /// Per gesture name.
    package var gestures: [String: GestureAgreement]
    /// Rows: the platform's first recognition in a window; columns:
    /// gesturetune's (`nothing` for none).
    package var firstDecision: [String: [String: Int]]

    /// Gesture-windows where the two sides differ (one fired, the other not).
    package var disagreements: Int { gestures.values.reduce(0) { $0 + $1.platformOnly + $1.gesturetuneOnly } }
    /// Gesture-windows compared: windows × gestures.
    package var decisions: Int { windows * gestures.count }
    /// Share of gesture-windows on which the two sides differ (0 when
    /// nothing was compared): what `optimize --target platform` minimizes.
    package var disagreementRate: Double { decisions > 0 ? Double(disagreements) / Double(decisions) : 0 }
    /// Share of gesture-windows on which both sides decided the same
    /// (1 when nothing was compared).
    package var agreementRate: Double { 1 - disagreementRate }

    /// One gesture's four cells and onset differences.
    package struct GestureAgreement: Sendable, Hashable, Codable {
        package var both: Int
        package var platformOnly: Int
        package var gesturetuneOnly: Int
        package var neither: Int
        /// gesturetune − platform, ms, over the windows where both fired.
        package var onsetDifference: Distribution?

        package var windows: Int { both + platformOnly + gesturetuneOnly + neither }
        package var agreementRate: Double {
            windows > 0 ? Double(both + neither) / Double(windows) : 1
        }
    }

    /// The name a recognition of gesturetune's is compared under.
    static func name(of kind: GestureKind) -> String { kind.rawValue }

    /// The word for "recognized nothing" in ``firstDecision``.
    package static let nothing = "nothing"
}

// The JSON adds the derived rates and counts for scripts; a decoded value
// recomputes them.
extension PlatformAgreement.GestureAgreement {
    private enum CodingKeys: String, CodingKey {
        case both, platformOnly, gesturetuneOnly, neither, onsetDifference, agreementRate
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        both = try c.decode(Int.self, forKey: .both)
        platformOnly = try c.decode(Int.self, forKey: .platformOnly)
        gesturetuneOnly = try c.decode(Int.self, forKey: .gesturetuneOnly)
        neither = try c.decode(Int.self, forKey: .neither)
        onsetDifference = try c.decodeIfPresent(Distribution.self, forKey: .onsetDifference)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(both, forKey: .both)
        try c.encode(platformOnly, forKey: .platformOnly)
        try c.encode(gesturetuneOnly, forKey: .gesturetuneOnly)
        try c.encode(neither, forKey: .neither)
        try c.encodeIfPresent(onsetDifference, forKey: .onsetDifference)
        try c.encode(agreementRate, forKey: .agreementRate)
    }
}

extension PlatformAgreement {
    private enum CodingKeys: String, CodingKey {
        case sessions, windows, gestures, firstDecision, decisions, disagreements, agreementRate
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sessions = try c.decode(Int.self, forKey: .sessions)
        windows = try c.decode(Int.self, forKey: .windows)
        gestures = try c.decode([String: GestureAgreement].self, forKey: .gestures)
        firstDecision = try c.decode([String: [String: Int]].self, forKey: .firstDecision)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sessions, forKey: .sessions)
        try c.encode(windows, forKey: .windows)
        try c.encode(gestures, forKey: .gestures)
        try c.encode(firstDecision, forKey: .firstDecision)
        try c.encode(decisions, forKey: .decisions)
        try c.encode(disagreements, forKey: .disagreements)
        try c.encode(agreementRate, forKey: .agreementRate)
    }
}

// MARK: - Accumulating it during a run

/// The agreement counts of part of a run (merged across threads like
/// ``Tally``); the gestures' `neither` cells are known only at the end,
/// once every gesture compared anywhere is known.
struct AgreementTally: Sendable, Codable {
    var sessions = 0
    var windows = 0
    var both: [String: Int] = [:]
    var platformOnly: [String: Int] = [:]
    var gesturetuneOnly: [String: Int] = [:]
    var onsetDifferences: [String: [Double]] = [:]
    var firstDecision: [String: [String: Int]] = [:]

    /// Compares one session's recognitions with its platform's, window by window.
    mutating func add(_ entry: Corpus.Entry, recognitions: [Recognition], tolerance: Micros) {
        guard !entry.platform.isEmpty, !entry.labels.isEmpty else { return }
        sessions += 1
        let decisions = entry.platform.filter(\.isRecognition)
        for label in entry.labels {
            windows += 1
            let from = label.start.saturatingSubtract(tolerance), to = label.end.saturatingAdd(tolerance)
            // First recognition time per gesture on each side, and the first overall.
            var platform: [String: Micros] = [:], ours: [String: Micros] = [:]
            var platformFirst: (name: String, t: Micros)?, oursFirst: (name: String, t: Micros)?
            for p in decisions where p.t >= from && p.t <= to && platform[p.gesture] == nil {
                platform[p.gesture] = p.t
                if platformFirst == nil || p.t < platformFirst!.t { platformFirst = (p.gesture, p.t) }
            }
            for r in recognitions where !r.kind.isFeedback && r.recognized >= from && r.recognized <= to {
                let name = PlatformAgreement.name(of: r.kind)
                if let seen = ours[name], seen <= r.recognized { continue }
                ours[name] = r.recognized
                if oursFirst == nil || r.recognized < oursFirst!.t { oursFirst = (name, r.recognized) }
            }
            for (name, t) in platform {
                if let mine = ours[name] {
                    both[name, default: 0] += 1
                    onsetDifferences[name, default: []].append(Double(mine.saturatingSubtract(t)) / 1000)
                } else {
                    platformOnly[name, default: 0] += 1
                }
            }
            for name in ours.keys where platform[name] == nil { gesturetuneOnly[name, default: 0] += 1 }
            firstDecision[platformFirst?.name ?? PlatformAgreement.nothing, default: [:]][
                oursFirst?.name ?? PlatformAgreement.nothing, default: 0] += 1
        }
    }

    mutating func merge(_ o: AgreementTally) {
        sessions += o.sessions
        windows += o.windows
        both.merge(o.both, uniquingKeysWith: +)
        platformOnly.merge(o.platformOnly, uniquingKeysWith: +)
        gesturetuneOnly.merge(o.gesturetuneOnly, uniquingKeysWith: +)
        onsetDifferences.merge(o.onsetDifferences, uniquingKeysWith: +)
        for (row, columns) in o.firstDecision { firstDecision[row, default: [:]].merge(columns, uniquingKeysWith: +) }
    }

    /// `nil` when no session carried platform recognitions.
    var result: PlatformAgreement? {
        guard sessions > 0 else { return nil }
        let names = Set(both.keys).union(platformOnly.keys).union(gesturetuneOnly.keys)
        var gestures: [String: PlatformAgreement.GestureAgreement] = [:]
        for name in names {
            let b = both[name] ?? 0, p = platformOnly[name] ?? 0, g = gesturetuneOnly[name] ?? 0
            gestures[name] = .init(
                both: b, platformOnly: p, gesturetuneOnly: g, neither: windows - b - p - g,
                onsetDifference: Distribution(onsetDifferences[name] ?? []))
        }
        return PlatformAgreement(sessions: sessions, windows: windows, gestures: gestures, firstDecision: firstDecision)
    }
}
