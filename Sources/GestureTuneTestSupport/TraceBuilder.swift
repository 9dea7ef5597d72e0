import Foundation
import TraceModel

// MARK: - Hand-made gesture traces

/// Builds sessions gesture by gesture, with labels: for tests, examples and
/// the replay benchmark's synthetic corpus.
///
/// Movements are sampled at `sampleRateHz` at constant velocity; a finger's
/// `ended` sample comes one interval after its last movement, at the same
/// place (the format's "no new movement"), so the release velocity is the
/// velocity of the drag.
///
/// ```swift
/// var trace = TraceBuilder(id: "s1", scene: "epilogue")
/// trace.drag(from: (300, 400), by: (-60, 0), speed: 300, label: .tabSwipe, direction: .left)
/// trace.wait(1)
/// trace.tap(at: (200, 120), label: .tap, target: "note-row")
/// let session = trace.session
/// ```
package struct TraceBuilder: Sendable {
    package private(set) var session: Session
    /// The time the next gesture starts at.
    package var now: Micros = 0
    package var interval: Micros
    private var nextPointer: Int32 = 1

    package init(
        id: String, width: Double = 390, height: Double = 844, user: String? = nil, scene: String? = nil,
        platform: Device.Platform = .ios, sampleRateHz: Double = 120
    ) {
        let device = Device(platform: platform, screenWidth: width, screenHeight: height, sampleRateHz: sampleRateHz)
        session = Session(header: SessionHeader(id: id, device: device, user: user, scene: scene))
        interval = Micros((1_000_000 / sampleRateHz).rounded())
    }

    package var width: Double { session.header.device.screenWidth }
    package var height: Double { session.header.device.screenHeight }

    /// Advances the clock.
    package mutating func wait(_ seconds: Double) { now += Micros(seconds: seconds) ?? 0 }

    /// Adds a label by hand.
    package mutating func label(
        _ intent: Intent, from start: Micros, to end: Micros, direction: Direction? = nil, fingers: Int? = nil,
        target: String? = nil
    ) {
        session.labels.append(
            Label(
                start: start, end: end, intent: intent, direction: direction, fingers: fingers, target: target))
    }

    /// Samples for a movement of `duration` seconds (at least one).
    /// How long a movement by `delta` at `speed` (pt/s) takes, and in how
    /// many samples (one per interval, at least one).
    private func movement(by delta: (Double, Double), speed: Double) -> (duration: Double, steps: Int) {
        let distance = (delta.0 * delta.0 + delta.1 * delta.1).squareRoot()
        let duration = speed > 0 ? distance / speed : 0
        return (duration, stepCount(duration))
    }

    private func stepCount(_ duration: Double) -> Int {
        let steps = (duration / (Double(interval) / 1_000_000)).rounded(.up)
        return steps.isFinite ? Int(min(max(steps, 1), 1_000_000)) : 1
    }

    private mutating func pointer() -> Int32 {
        defer { nextPointer = nextPointer >= 1000 ? 1 : nextPointer + 1 }
        return nextPointer
    }

    private mutating func add(_ t: Micros, _ id: Int32, _ phase: TouchPhase, _ x: Double, _ y: Double) {
        session.touches.append(TouchSample(t: t, pointer: id, phase: phase, x: x, y: y))
    }

    // MARK: - One finger

    /// A tap: down, `duration` seconds still, up. Advances the clock to the lift.
    package mutating func tap(
        at p: (Double, Double), duration: Double = 0.08, label intent: Intent? = nil, target: String? = nil
    ) {
        press(at: p, duration: duration, label: intent, target: target)
    }

    /// A press held `duration` seconds (stationary samples at the sample rate).
    package mutating func press(
        at p: (Double, Double), duration: Double, label intent: Intent? = nil, target: String? = nil
    ) {
        let id = pointer()
        let start = now
        let end = start + (Micros(seconds: duration) ?? 0)
        add(start, id, .began, p.0, p.1)
        var t = start + interval
        while t < end {
            add(t, id, .stationary, p.0, p.1)
            t += interval
        }
        add(end, id, .ended, p.0, p.1)
        now = end
        if let intent { label(intent, from: start, to: end, target: target) }
    }

    /// A drag at constant `speed` (pt/s) by `delta`, after holding still
    /// `hold` seconds. Advances the clock to the lift.
    package mutating func drag(
        from p: (Double, Double), by delta: (Double, Double), speed: Double, hold: Double = 0,
        label intent: Intent? = nil, direction: Direction? = nil, target: String? = nil
    ) {
        let id = pointer()
        let start = now
        add(start, id, .began, p.0, p.1)
        var t = start
        let holdEnd = start + (Micros(seconds: hold) ?? 0)
        while t + interval <= holdEnd {
            t += interval
            add(t, id, .stationary, p.0, p.1)
        }
        t = max(t, holdEnd)
        let (duration, steps) = movement(by: delta, speed: speed)
        let moveStart = t
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            let tk = moveStart + (Micros(seconds: duration * f) ?? 0)
            add(max(tk, t), id, .moved, p.0 + delta.0 * f, p.1 + delta.1 * f)
            t = max(tk, t)
        }
        t += interval
        add(t, id, .ended, p.0 + delta.0, p.1 + delta.1)
        now = t
        if let intent { label(intent, from: start, to: t, direction: direction, target: target) }
    }

    /// A stroke in legs: hold still `hold` seconds, then each leg moves by
    /// `by` at `speed` (pt/s) and rests `pause` seconds (stationary samples)
    /// — a drag that lifts an item, carries it to the edge and waits for
    /// the auto-scroll; a selection that is extended and settles. Advances
    /// the clock to the lift.
    package mutating func path(
        from p: (Double, Double), hold: Double, legs: [(by: (Double, Double), speed: Double, pause: Double)],
        label intent: Intent? = nil, direction: Direction? = nil, target: String? = nil
    ) {
        let id = pointer()
        let start = now
        var t = start
        var x = p.0, y = p.1
        add(t, id, .began, x, y)
        func rest(_ seconds: Double) {
            let end = t + (Micros(seconds: seconds) ?? 0)
            while t + interval <= end {
                t += interval
                add(t, id, .stationary, x, y)
            }
            t = max(t, end)
        }
        rest(hold)
        for leg in legs {
            let distance = (leg.by.0 * leg.by.0 + leg.by.1 * leg.by.1).squareRoot()
            let duration = leg.speed > 0 ? distance / leg.speed : 0
            let steps = stepCount(duration)
            let x0 = x, y0 = y, legStart = t
            for k in 1...steps {
                let f = Double(k) / Double(steps)
                t = max(legStart + (Micros(seconds: duration * f) ?? 0), t + 1)
                x = x0 + leg.by.0 * f
                y = y0 + leg.by.1 * f
                add(t, id, .moved, x, y)
            }
            rest(leg.pause)
        }
        t += interval
        add(t, id, .ended, x, y)
        now = t
        if let intent { label(intent, from: start, to: t, direction: direction, target: target) }
    }

    // MARK: - Several fingers

    /// Several fingers tapping together: they land `stagger` seconds apart
    /// at `offsets` from `center`, stay `duration` seconds after the last
    /// landed, and lift `stagger` seconds apart, in the order they landed.
    package mutating func multiTap(
        center: (Double, Double), offsets: [(Double, Double)], duration: Double = 0.08, stagger: Double = 0.02,
        label intent: Intent? = nil, target: String? = nil
    ) {
        let ids = offsets.map { _ in pointer() }
        let start = now
        let step = Micros(seconds: stagger) ?? 0
        var t = start
        var events: [(Micros, Int32, TouchPhase, Double, Double)] = []
        for (k, o) in offsets.enumerated() {
            events.append((start + Micros(k) * step, ids[k], .began, center.0 + o.0, center.1 + o.1))
        }
        let lift = start + Micros(max(0, offsets.count - 1)) * step + (Micros(seconds: duration) ?? 0)
        for (k, o) in offsets.enumerated() {
            events.append((lift + Micros(k) * step, ids[k], .ended, center.0 + o.0, center.1 + o.1))
        }
        // Time order; on equal times a lift comes before a landing (a finger
        // that lifted as another landed was not down with it).
        events.sort { $0.0 != $1.0 ? $0.0 < $1.0 : ($0.2 == .ended && $1.2 != .ended) }
        for e in events {
            add(e.0, e.1, e.2, e.3, e.4)
            t = e.0
        }
        now = t
        if let intent { label(intent, from: start, to: t, fingers: offsets.count, target: target) }
    }

    /// Several fingers moving together: `offsets` from `center` are where
    /// they land (in order, `stagger` seconds apart), then all move by
    /// `delta` at `speed`, then lift together.
    package mutating func multiDrag(
        center: (Double, Double), offsets: [(Double, Double)], by delta: (Double, Double), speed: Double,
        stagger: Double = 0.01, label intent: Intent? = nil, direction: Direction? = nil, target: String? = nil
    ) {
        let ids = offsets.map { _ in pointer() }
        let start = now
        var t = start
        for (k, o) in offsets.enumerated() {
            if k > 0 { t += Micros(seconds: stagger) ?? 0 }
            add(t, ids[k], .began, center.0 + o.0, center.1 + o.1)
        }
        let (duration, steps) = movement(by: delta, speed: speed)
        let moveStart = t
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            t = moveStart + (Micros(seconds: duration * f) ?? 0)
            for (i, o) in offsets.enumerated() {
                add(t, ids[i], .moved, center.0 + o.0 + delta.0 * f, center.1 + o.1 + delta.1 * f)
            }
        }
        t += interval
        for (i, o) in offsets.enumerated() { add(t, ids[i], .ended, center.0 + o.0 + delta.0, center.1 + o.1 + delta.1) }
        now = t
        if let intent {
            label(intent, from: start, to: t, direction: direction, fingers: offsets.count, target: target)
        }
    }

    /// Two fingers around `center`: their distance goes from `span` to
    /// `span × scale` and their line turns by `degrees` (clockwise on
    /// screen when positive) over `duration` seconds.
    package mutating func twoFinger(
        center: (Double, Double), span: Double, scale: Double, degrees: Double, duration: Double,
        label intent: Intent? = nil, direction: Direction? = nil, target: String? = nil
    ) {
        let a = pointer(), b = pointer()
        let start = now
        func place(_ f: Double) -> ((Double, Double), (Double, Double)) {
            let s = span * (1 + (scale - 1) * f) / 2
            let angle = degrees * f * .pi / 180
            let c = cos(angle) * s, d = sin(angle) * s
            return ((center.0 - c, center.1 - d), (center.0 + c, center.1 + d))
        }
        let (p0, q0) = place(0)
        add(start, a, .began, p0.0, p0.1)
        add(start + interval, b, .began, q0.0, q0.1)
        var t = start + interval
        let steps = stepCount(duration)
        for k in 1...steps {
            t += interval
            let (p, q) = place(Double(k) / Double(steps))
            add(t, a, .moved, p.0, p.1)
            add(t, b, .moved, q.0, q.1)
        }
        let (p1, q1) = place(1)
        t += interval
        add(t, a, .ended, p1.0, p1.1)
        add(t, b, .ended, q1.0, q1.1)
        now = t
        if let intent { label(intent, from: start, to: t, direction: direction, fingers: 2, target: target) }
    }

    // MARK: - Motion

    /// A shake: `strokes` half-sine strokes of `peak` g along x, alternating
    /// in sign, `stroke` seconds each, sampled at 100 Hz.
    package mutating func shake(
        strokes: Int = 4, peak: Double = 2.5, stroke: Double = 0.12, label intent: Intent? = nil
    ) {
        let start = now
        let rate = 100.0
        let total = Double(strokes) * stroke
        let samples = total.isFinite ? Int(min(max(total * rate, 0), 1_000_000)) : 0
        for k in 0...samples {
            let time = Double(k) / rate
            let index = min(Int(min(time / stroke, Double(strokes))), strokes - 1)
            let phase = (time - Double(index) * stroke) / stroke
            let sign: Double = index % 2 == 0 ? 1 : -1
            let a = sign * peak * sin(.pi * phase)
            session.motion.append(MotionSample(t: start + (Micros(seconds: time) ?? 0), ax: a, ay: 0, az: 0))
        }
        now = start + (Micros(seconds: total) ?? 0)
        if let intent { label(intent, from: start, to: now) }
    }
}
