import TraceModel

// MARK: - Device motion

extension GestureFactory {
    /// Motion is sampled at 100 Hz (Core Motion's and Android's usual
    /// `SENSOR_DELAY_GAME` rate), only around the events that need it.
    static let motionPeriod = 0.01

    /// A shake: a few fast back-and-forth strokes of the phone along its x
    /// axis, 3.5–6 Hz at 1.6–3.2 g peak user acceleration, framed by 0.15 s of
    /// quiet readings. The label covers the shaking, not the quiet frame.
    func shake(at time: Double, tab: Int) -> PlannedGesture {
        let duration = uniform(0.4, 1.0)
        let frequency = uniform(3.5, 6), amplitude = uniform(1.6, 3.2)
        let (motion, window) = motionBurst(at: time, duration: duration) { u, s in
            // A sine under a half-sine envelope: strokes grow and fade.
            let envelope = sin(Double.pi * u).squareRoot()
            let a = amplitude * envelope * sin(2 * Double.pi * frequency * s)
            return (a, 0.3 * a * cos(2 * Double.pi * frequency * s), 0.1 * a)
        }
        return PlannedGesture(
            motion: motion, motionWindow: window, intent: .shake,
            target: scene.target("device", tab: tab), notes: [])
    }

    /// A bump: one jolt of the phone (set down on a table, knocked), strong but
    /// without the reversals of a shake. Labelled `none`.
    func bump(at time: Double, tab: Int) -> PlannedGesture {
        let duration = uniform(0.12, 0.3), amplitude = uniform(1.0, 2.4)
        let (motion, window) = motionBurst(at: time, duration: duration) { u, _ in
            let a = amplitude * sin(Double.pi * u) * (u < 0.6 ? 1 : -0.4)
            return (0.3 * a, 0.2 * a, a)
        }
        return PlannedGesture(
            motion: motion, motionWindow: window, intent: .none,
            target: scene.target("device", tab: tab), notes: [Note.bump])
    }

    /// 100 Hz samples of `shape(u, s)` (u: 0…1 through the burst, s: seconds
    /// into it) plus sensor noise, with 0.15 s of quiet on either side.
    func motionBurst(
        at time: Double, duration: Double, shape: (Double, Double) -> (Double, Double, Double)
    ) -> ([MotionSample], (Micros, Micros)) {
        let pad = 0.15, period = Self.motionPeriod
        let count = Int(((2 * pad + duration) / period).rounded())
        var samples: [MotionSample] = []
        samples.reserveCapacity(count + 1)
        let burstStart = time + pad
        var window: (Micros, Micros) = (.max, .min)
        for k in 0...count {
            let t = time + Double(k) * period
            let s = t - burstStart
            var (ax, ay, az) = (0.0, 0.0, 0.0)
            let micros = Micros(seconds: t) ?? 0
            if s >= 0 && s <= duration {
                (ax, ay, az) = shape(s / duration, s)
                window = (min(window.0, micros), max(window.1, micros))
            }
            samples.append(
                MotionSample(
                    t: micros, ax: Quantize.thousandths(ax + gaussian(0.02)),
                    ay: Quantize.thousandths(ay + gaussian(0.02)), az: Quantize.thousandths(az + gaussian(0.02))))
        }
        return (samples, window)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
