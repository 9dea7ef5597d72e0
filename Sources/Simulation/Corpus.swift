import TraceModel

// MARK: - Sessions compiled for replay

/// Sessions flattened into parallel arrays (struct of arrays): times, x, y,
/// pointer ids and phases of every touch sample of every session back to
/// back, motion likewise, and per session the ranges, screen, scene and
/// labels.
///
/// Built once per run (loading is the slow part); every evaluation of the
/// optimizer replays the same corpus with different parameters.
///
/// ```swift
/// let corpus = Corpus(sessions: sessions)
/// corpus.touchCount        // samples the replay walks through
/// ```
public struct Corpus: Sendable {
    /// One session's place in the arrays, and what matching needs.
    public struct Entry: Sendable {
        public var id: String
        public var user: String?
        public var deviceKey: String
        public var scene: String?
        public var screenWidth: Double
        public var screenHeight: Double
        public var touches: Range<Int>
        public var motion: Range<Int>
        public var labels: [Label]
        /// What the platform's recognizers reported (``Session/platformRecognitions``).
        public var platform: [PlatformRecognition]
    }

    public private(set) var entries: [Entry] = []
    public private(set) var t: [Micros] = []
    public private(set) var x: [Double] = []
    public private(set) var y: [Double] = []
    public private(set) var pointer: [Int32] = []
    public private(set) var phase: [TouchPhase] = []
    public private(set) var motionT: [Micros] = []
    public private(set) var ax: [Double] = []
    public private(set) var ay: [Double] = []
    public private(set) var az: [Double] = []

    public init(sessions: [Session]) {
        let touches = sessions.reduce(0) { $0 + $1.touches.count }
        let motion = sessions.reduce(0) { $0 + $1.motion.count }
        t.reserveCapacity(touches)
        x.reserveCapacity(touches)
        y.reserveCapacity(touches)
        pointer.reserveCapacity(touches)
        phase.reserveCapacity(touches)
        motionT.reserveCapacity(motion)
        ax.reserveCapacity(motion)
        ay.reserveCapacity(motion)
        az.reserveCapacity(motion)
        entries.reserveCapacity(sessions.count)
        for session in sessions { append(session) }
    }

    /// Adds one session at the end.
    public mutating func append(_ session: Session) {
        let touchStart = t.count, motionStart = motionT.count
        for sample in session.touches {
            t.append(sample.t)
            x.append(sample.x)
            y.append(sample.y)
            pointer.append(sample.pointer)
            phase.append(sample.phase)
        }
        for sample in session.motion {
            motionT.append(sample.t)
            ax.append(sample.ax)
            ay.append(sample.ay)
            az.append(sample.az)
        }
        entries.append(Entry(
            id: session.id, user: session.header.user, deviceKey: session.header.device.key,
            scene: session.header.scene, screenWidth: session.header.device.screenWidth,
            screenHeight: session.header.device.screenHeight,
            touches: touchStart..<t.count, motion: motionStart..<motionT.count, labels: session.labels,
            platform: session.platformRecognitions))
    }

    /// Touch samples in the corpus.
    public var touchCount: Int { t.count }
    /// Motion samples in the corpus.
    public var motionCount: Int { motionT.count }
    public var sessionCount: Int { entries.count }
}
