import Foundation

// MARK: - What the platform's own recognizers decided

/// One state change a platform gesture recognizer reported on a session's
/// touches: UIKit's `UITapGestureRecognizer` ended, a
/// `UILongPressGestureRecognizer` began, and so on.
///
/// Real study logs record these beside the raw touches (the iOS study
/// export's `events`). They are what no synthetic corpus has: the platform's
/// own decision on the same fingers, so gesturetune's recognizers can be
/// measured against the platform and calibrated to it, not only against
/// what people meant.
///
/// The canonical format has no line type for them; they travel in the
/// session's `meta` object as `platformRecognitions`, times in seconds since
/// the session start like every other time:
///
/// ```json
/// {"type":"session", …, "meta":{"platformRecognitions":[
///   {"gesture":"tap","state":"ended","t":1.582,"x":141,"y":223,"touches":1},
///   {"gesture":"swipe","state":"ended","t":21.45}]}}
/// ```
///
/// `gesture` uses gesturetune's recognizer names (`tap`, `doubleTap`,
/// `longPress`, `swipe`, `pan`, `pinch`, `rotation`), so a platform
/// recognition and a simulated one of the same name are the same kind of
/// decision.
public struct PlatformRecognition: Sendable, Hashable, Codable {
    /// The recognizer's state after the change. UIKit reports a discrete
    /// recognizer's recognition (tap, swipe) as `ended`, a continuous
    /// recognizer's as `began`.
    public enum State: String, Sendable, Hashable, Codable, CaseIterable {
        case began, changed, ended, cancelled, failed, recognized
    }

    public var gesture: String
    public var state: State
    /// Microseconds since the session start.
    public var t: Micros
    /// Where the platform says it happened, points (absent when it reports
    /// no real location: UIKit's swipe says `[0, 0]`).
    public var x: Double?
    public var y: Double?
    /// Fingers the recognizer counted.
    public var touches: Int?

    public init(gesture: String, state: State, t: Micros, x: Double? = nil, y: Double? = nil, touches: Int? = nil) {
        self.gesture = gesture
        self.state = state
        self.t = t
        self.x = x
        self.y = y
        self.touches = touches
    }

    /// UIKit's discrete recognizers (`UITapGestureRecognizer`,
    /// `UISwipeGestureRecognizer`): they go from possible straight to
    /// recognized, reported as `ended`. The others are continuous.
    public static let discreteGestures: Set<String> = ["tap", "doubleTap", "swipe"]

    /// Whether this change is the platform deciding that the gesture
    /// happened: `began` for a continuous recognizer, `ended` (or
    /// `recognized`) for a discrete one. A continuous recognizer's `ended`,
    /// and every `changed`, `cancelled` and `failed`, decide nothing new.
    public var isRecognition: Bool {
        Self.discreteGestures.contains(gesture) ? (state == .ended || state == .recognized) : state == .began
    }

    private enum CodingKeys: String, CodingKey { case gesture, state, t, x, y, touches }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        gesture = try c.decode(String.self, forKey: .gesture)
        state = try c.decode(State.self, forKey: .state)
        let seconds = try c.decode(Double.self, forKey: .t)
        guard let t = Micros(seconds: seconds), t >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: .t, in: c, debugDescription: "t must be a time ≥ 0 in seconds")
        }
        self.t = t
        x = try c.decodeIfPresent(Double.self, forKey: .x)
        y = try c.decodeIfPresent(Double.self, forKey: .y)
        touches = try c.decodeIfPresent(Int.self, forKey: .touches)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(gesture, forKey: .gesture)
        try c.encode(state, forKey: .state)
        try c.encode(t.seconds, forKey: .t)
        try c.encodeIfPresent(x, forKey: .x)
        try c.encodeIfPresent(y, forKey: .y)
        try c.encodeIfPresent(touches, forKey: .touches)
    }
}

// MARK: - Carried in the session's meta

extension SessionHeader {
    /// The key of ``PlatformRecognition``s in the session's `meta`.
    public static let platformRecognitionsKey = "platformRecognitions"

    /// The platform recognitions in this session's `meta`, in time order;
    /// empty when it carries none.
    ///
    /// - Throws: `DecodingError` when `meta.platformRecognitions` is present
    ///   but malformed (a store only holds what an importer validated, so
    ///   this means the file was edited by hand).
    public func platformRecognitions() throws -> [PlatformRecognition] {
        // Most sessions carry none: skip decoding their meta at all.
        guard let metaJSON, metaJSON.contains(Self.platformRecognitionsKey) else { return [] }
        struct Meta: Decodable { var platformRecognitions: [PlatformRecognition]? }
        let list = try JSONDecoder().decode(Meta.self, from: Data(metaJSON.utf8)).platformRecognitions ?? []
        // Stable: equal times keep the order the platform reported them in.
        return list.enumerated().sorted { ($0.element.t, $0.offset) < ($1.element.t, $1.offset) }.map(\.element)
    }
}
