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
package struct Corpus: Sendable {
    /// One session's place in the arrays, and what matching needs.
    package struct Entry: Sendable {
        package var id: String
        package var user: String?
        package var deviceKey: String
        package var scene: String?
        package var screenWidth: Double
        package var screenHeight: Double
        package var touches: Range<Int>
        package var motion: Range<Int>
        package var labels: [Label]
        /// Per label: what it aims at, as a scene's exclusive targets are
        /// named (``Matcher/aimName(_:)``), worked out once when the corpus
        /// is compiled rather than on every replay of it.
        package var aims: [String?]
        /// What the platform's recognizers reported (`Session/platformRecognitions`).
        package var platform: [PlatformRecognition]
    }

    package private(set) var entries: [Entry] = []
    package private(set) var t: [Micros] = []
    package private(set) var x: [Double] = []
    package private(set) var y: [Double] = []
    package private(set) var pointer: [Int32] = []
    package private(set) var phase: [TouchPhase] = []
    package private(set) var motionT: [Micros] = []
    package private(set) var ax: [Double] = []
    package private(set) var ay: [Double] = []
    package private(set) var az: [Double] = []

    package init(sessions: [Session]) {
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
    package mutating func append(_ session: Session) {
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
        entries.append(
            Entry(
                id: session.id, user: session.header.user, deviceKey: session.header.device.key,
                scene: session.header.scene, screenWidth: session.header.device.screenWidth,
                screenHeight: session.header.device.screenHeight,
                touches: touchStart..<t.count, motion: motionStart..<motionT.count, labels: session.labels,
                aims: session.labels.map { Matcher.aimName($0) }, platform: session.platformRecognitions))
    }

    /// Touch samples in the corpus.
    package var touchCount: Int { t.count }
    /// Motion samples in the corpus.
    package var motionCount: Int { motionT.count }
    package var sessionCount: Int { entries.count }
}
