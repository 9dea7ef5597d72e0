import GSL
import TraceModel

// MARK: - One finger, as the gesture means it

/// A finger's contact: when it touches and lifts, where it is in between,
/// and how big and hard the contact is.
struct FingerTrack {
    var pointer: Int32
    /// Contact start and end, session seconds.
    var down: Double
    var up: Double
    /// Where the finger is at a session time (the intended path).
    var position: (Double) -> Vector
    /// Major radius of a fully pressed contact, points.
    var radius: Double
    /// Peak force (1 = an average touch); only reported by force-capable devices.
    var force: Double

    init(pointer: Int32, down: Double, up: Double, radius: Double, force: Double, position: @escaping (Double) -> Vector) {
        self.pointer = pointer
        self.down = down
        self.up = up
        self.position = position
        self.radius = radius
        self.force = force
    }

    init(pointer: Int32, path: Trajectory, radius: Double, force: Double) {
        self.init(
            pointer: pointer, down: path.startTime, up: path.endTime, radius: radius, force: force,
            position: { path.position(at: $0) })
    }
}

// MARK: - The digitizer

/// Turns intended finger paths into the samples a touchscreen reports.
///
/// Frames come on the device's fixed grid (one session-wide clock, so
/// consecutive gestures share its phase), each stamped with timing jitter;
/// some frames are dropped. A finger that touched between two frames is
/// reported `began` at the next frame, a lift is reported `ended` at the
/// frame after it, at the last reported position (the `ended` sample carries
/// no new movement). A finger that barely moves is reported only when it
/// has moved past the digitizer's hysteresis. Positions get sensor noise and
/// are clamped to the screen; contact radius and force swell after the
/// touch-down and fade before the lift.
struct TouchSampler {
    let profile: DeviceProfile
    /// Offset of the frame grid, seconds.
    let phase: Double
    /// The last frame index used: frames never repeat, so time never goes back.
    private var lastFrame = Int.min

    init(profile: DeviceProfile, phase: Double) {
        self.profile = profile
        self.phase = phase
    }

    /// Samples `tracks` (pointer ids unique among them), calling `emit` in
    /// time order. Returns the times of the first and the last sample.
    mutating func sample(
        _ tracks: [FingerTrack], rng: RandomGenerator, emit: (TouchSample) -> Void
    ) -> (first: Micros, last: Micros) {
        guard let firstDown = tracks.map(\.down).min() else { return (0, 0) }
        let period = profile.samplePeriod
        let width = profile.device.screenWidth, height = profile.device.screenHeight
        var frame = max(Int(((firstDown - phase) / period).rounded(.up)), lastFrame == .min ? .min : lastFrame + 1)
        /// Down: the last reported position, radius, force, and the intended
        /// position at that report.
        enum State {
            case waiting
            case down(Vector, Double, Double, Vector)
            case done
        }
        var states = [State](repeating: .waiting, count: tracks.count)
        var remaining = tracks.count
        var first: Micros = -1, last: Micros = 0

        while remaining > 0 {
            let jitter = min(max(rng.gaussian(standardDeviation: profile.timingJitter), -0.3 * period), 0.3 * period)
            let t = phase + Double(frame) * period + jitter
            lastFrame = frame
            frame += 1
            // A dropped frame never reaches the app; the next one carries on.
            if rng.uniform() < profile.dropRate { continue }
            let stamp = Micros(seconds: t) ?? 0
            for (i, track) in tracks.enumerated() {
                switch states[i] {
                case .done:
                    continue
                case .waiting:
                    guard track.down <= t else { continue }
                    let intended = track.position(t)
                    let p = noisy(intended, rng: rng, width: width, height: height)
                    let (r, f) = contact(track, at: t)
                    emit(sample(stamp, track.pointer, .began, p, r, f))
                    if first < 0 { first = stamp }
                    states[i] = .down(p, r, f, intended)
                case .down(let previous, let r0, let f0, let previousIntended):
                    if t >= track.up {
                        emit(sample(stamp, track.pointer, .ended, previous, r0, f0))
                        states[i] = .done
                        remaining -= 1
                        last = stamp
                        continue
                    }
                    let intended = track.position(t)
                    let p = noisy(intended, rng: rng, width: width, height: height)
                    // The stationary filter: a finger that is really moving is
                    // reported every frame; a resting one only when its noise
                    // adds up past the hysteresis.
                    let moving = (intended - previousIntended).length >= Self.movingThreshold
                    guard moving || (p - previous).length >= profile.holdHysteresis else { continue }
                    let (r, f) = contact(track, at: t)
                    emit(sample(stamp, track.pointer, .moved, p, r, f))
                    states[i] = .down(p, r, f, intended)
                }
            }
        }
        return (max(first, 0), last)
    }

    // MARK: - Sensor details

    /// Movement per frame (points) above which a finger counts as moving.
    static let movingThreshold = 0.15

    private func noisy(_ p: Vector, rng: RandomGenerator, width: Double, height: Double) -> Vector {
        let x = p.x + rng.gaussian(standardDeviation: profile.positionNoise)
        let y = p.y + rng.gaussian(standardDeviation: profile.positionNoise)
        return Vector(Quantize.hundredths(min(max(x, 0), width)), Quantize.hundredths(min(max(y, 0), height)))
    }

    /// Radius and force at `t`: the contact patch grows over the first ~25 ms
    /// as the pad flattens and shrinks as it peels off. A touch-down is
    /// reported at the first frame after contact, when the pad is already
    /// most of the way flat.
    private func contact(_ track: FingerTrack, at t: Double) -> (Double, Double) {
        let envelope = min(max(min((t - track.down) / 0.025, (track.up - t) / 0.025), 0.6), 1)
        return (Quantize.tenths(track.radius * (0.7 + 0.3 * envelope)), Quantize.hundredths(track.force * envelope))
    }

    /// Contact size and force go on the `began` sample only: they are what
    /// tells a resting thumb or a brush from a fingertip at touch-down, and
    /// repeating them on every sample would double the corpus for little.
    private func sample(
        _ t: Micros, _ pointer: Int32, _ phase: TouchPhase, _ p: Vector, _ radius: Double, _ force: Double
    ) -> TouchSample {
        guard phase == .began else { return TouchSample(t: t, pointer: pointer, phase: phase, x: p.x, y: p.y) }
        return TouchSample(
            t: t, pointer: pointer, phase: phase, x: p.x, y: p.y,
            force: profile.reportsForce ? force : nil, radius: radius)
    }
}

// MARK: - Fixed precision

/// Rounds values to the precision they are written with, so the events a
/// ``Synthesizer`` streams equal the events a reader parses from its output.
enum Quantize {
    @inline(__always) static func hundredths(_ v: Double) -> Double { (v * 100).rounded() / 100 }
    @inline(__always) static func tenths(_ v: Double) -> Double { (v * 10).rounded() / 10 }
    @inline(__always) static func thousandths(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
