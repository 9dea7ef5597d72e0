// MARK: - Sessions in memory

/// A whole recorded session: its header, touch samples in time order, motion
/// samples and labels.
///
/// The simulator and the optimizer work on sessions in memory (loaded from the
/// store once per run); ingest never builds one, it streams ``TraceEvent``s.
public struct Session: Sendable, Hashable {
    public var header: SessionHeader
    /// In time order (stable for equal times, as recorded).
    public var touches: [TouchSample]
    /// In time order.
    public var motion: [MotionSample]
    /// In the order recorded (the format allows any order).
    public var labels: [Label]
    /// What the platform's own recognizers reported on these touches, in
    /// time order (empty for most recordings). Carried in the header's
    /// `meta`; the store decodes it once when it loads the session.
    public var platformRecognitions: [PlatformRecognition]

    public init(
        header: SessionHeader, touches: [TouchSample] = [],
        motion: [MotionSample] = [], labels: [Label] = [], platformRecognitions: [PlatformRecognition] = []
    ) {
        self.header = header
        self.touches = touches
        self.motion = motion
        self.labels = labels
        self.platformRecognitions = platformRecognitions
    }

    public var id: String { header.id }

    /// The session's strokes: each pointer's samples from `began` to its end.
    /// Pointer ids are reused, so a stroke is a (pointer, began) pair.
    public var strokes: [Stroke] {
        var open: [Int32: Int] = [:]
        var result: [Stroke] = []
        for sample in touches {
            if sample.phase == .began {
                open[sample.pointer] = result.count
                result.append(Stroke(pointer: sample.pointer, samples: [sample]))
            } else if let index = open[sample.pointer] {
                result[index].samples.append(sample)
                if sample.phase.isTerminal { open[sample.pointer] = nil }
            }
        }
        return result
    }

    /// The time of the last sample of any kind (0 for an empty session).
    public var duration: Micros {
        max(touches.last?.t ?? 0, motion.last?.t ?? 0, labels.map(\.end).max() ?? 0)
    }
}

/// One pointer from `began` to `ended` or `cancelled`.
public struct Stroke: Sendable, Hashable {
    public var pointer: Int32
    public var samples: [TouchSample]

    public init(pointer: Int32, samples: [TouchSample]) {
        self.pointer = pointer
        self.samples = samples
    }

    public var began: Micros { samples.first?.t ?? 0 }
    public var ended: Micros { samples.last?.t ?? 0 }
    public var duration: Micros { ended - began }
}

/// Collects a stream of ``TraceEvent``s into whole ``Session``s.
///
/// For tests, fixtures and small inputs; the store streams instead.
public struct SessionCollector: Sendable {
    public private(set) var sessions: [Session] = []

    public init() {}

    public mutating func add(_ event: TraceEvent) {
        switch event {
        case .session(let header): sessions.append(Session(header: header))
        case .touch(let touch): sessions[sessions.count - 1].touches.append(touch)
        case .motion(let sample): sessions[sessions.count - 1].motion.append(sample)
        case .label(let label): sessions[sessions.count - 1].labels.append(label)
        }
    }
}
