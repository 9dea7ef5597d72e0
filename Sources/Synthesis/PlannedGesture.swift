import TraceModel

// MARK: - One intended gesture, before the sensor sees it

/// A gesture as the person means it: the finger tracks (or the device
/// motion) that perform it and the label that says what it was.
///
/// The label's time window is filled in from the samples the sensor
/// produced: touch-down of the first finger to the lift of the last (the
/// motion window for a shake).
struct PlannedGesture {
    var tracks: [FingerTrack] = []
    /// Device motion samples, already on their 100 Hz grid (shake, bumps).
    var motion: [MotionSample] = []
    /// The label's window for motion gestures (the shaking part, without the
    /// quiet padding around it).
    var motionWindow: (start: Micros, end: Micros)?
    var intent: Intent
    var direction: Direction?
    /// Only for multi-finger gestures.
    var fingers: Int?
    var target: String
    /// Why this one is hard, in a few words (`fling`, `slow-drag`, `diagonal`…).
    var notes: [String] = []
    /// The tab the scene shows after this gesture (changed by tab swipes).
    var tabAfter: Int? = nil
    /// Swipe actions: the note row the gesture slides (the generator keeps
    /// the row a person opened, to close it later).
    var row: Int? = nil
}

/// The tags a label's `note` carries, so reports can split results by the
/// hard cases the model plants on purpose.
enum Note {
    static let fling = "fling"
    static let drag = "drag"
    static let slowDrag = "slow-drag"
    static let diagonal = "diagonal"
    static let momentum = "momentum"
    static let duringAnimation = "during-animation"
    static let panStart = "pan-start"
    static let longHold = "long-hold"
    static let sloppy = "sloppy"
    static let nearThreshold = "near-threshold"
    static let drift = "drift"
    static let nearEdge = "near-edge"
    static let restingThumb = "resting-thumb"
    static let brush = "brush"
    static let grip = "grip"
    static let bump = "bump"
    static let thumb = "thumb"
    static let contested = "contested"
    static let hesitant = "hesitant"
    static let autoScroll = "auto-scroll"
    static let lateMove = "late-move"
    static let impatient = "impatient"
    static let extended = "extended"
    static let staggered = "staggered"
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
