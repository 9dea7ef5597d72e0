import GSL
import TraceModel

// MARK: - Two and three fingers

extension GestureFactory {
    /// Fingers side by side (three unless `fingers` says otherwise, one
    /// included) swiping together along `direction` (drawn among the four
    /// when nil), their centroid within `rows` (y, points) and the screen's
    /// width; `slower` stretches the glide (a slow swipe is a pan). Fingers
    /// land and lift a few tens of milliseconds apart; the hand glides (a
    /// minimum-jerk reach lifted while still moving). The playground's: the
    /// epilogue scene has no multi-finger swipe (issue 34).
    func multiSwipe(
        at time: Double, within rows: ClosedRange<Double>, target: String, direction chosen: Direction? = nil,
        fingers: Int = 3, slower: Double = 1
    ) -> PlannedGesture {
        let directions: [(Vector, Direction)] = [
            (Vector(-1, 0), .left), (Vector(1, 0), .right),
            (Vector(0, -1), .up), (Vector(0, 1), .down)
        ]
        let (unit, direction) =
            chosen.flatMap { d in directions.first { $0.1 == d } }
            ?? directions[rng.uniformInt(below: 4)]
        let heading = unit.rotated(by: radians(gaussian(8)))
        let spacing = uniform(14, 19) * mm
        // Across the heading, centred on the hand (three: −s, 0, +s as before).
        var offsets = [Vector(-spacing, uniform(2, 10)), Vector(0, 0), Vector(spacing, uniform(2, 12))]
        if fingers != 3 {
            offsets = (0..<fingers).map { k in
                Vector(spacing * (Double(k) - Double(fingers - 1) / 2), uniform(2, 12))
            }
        }
        let half = spacing * Double(fingers - 1) / 2
        let span = abs(unit.x) > 0 ? width : height
        let distance = uniform(0.25, 0.5) * span
        let box = EpilogueScene.Box(minX: half + 16, minY: rows.lowerBound, maxX: width - half - 16, maxY: rows.upperBound)
        let (start, displacement) = place(heading * distance, in: box)
        let landings = [0] + (1..<max(fingers, 1)).map { _ in uniform(0, 0.045) }
        let moveStart = time + (landings.max() ?? 0) + uniform(0.01, 0.05)
        var hand = Trajectory(start: start, at: moveStart)
        hand.reach(
            to: start + displacement, duration: dragDuration(displacement.length, slower: 0.6 * slower),
            bend: gaussian(0.03 * displacement.length), liftFraction: uniform(0.85, 1))
        let moveEnd = hand.endTime
        let radius = user.fingerRadius * uniform(0.9, 1.05)
        let tracks = (0..<fingers).map { k in
            let offset = offsets[k]
            return FingerTrack(
                pointer: Int32(k + 1), down: time + landings[k], up: moveEnd + uniform(0, 0.05),
                radius: radius, force: force(0.8)
            ) { hand.position(at: $0) + offset }
        }
        return PlannedGesture(
            tracks: tracks, intent: .multiSwipe, direction: direction, fingers: fingers, target: target, notes: [])
    }

    /// Thumb and index finger on the image (or on `view`), moving apart
    /// (`out`, zoom in) or together (`in`). Some pinches start as a two-finger pan: both fingers
    /// travel together before the span starts to change.
    func pinch(at time: Double, tab: Int, on view: EpilogueScene.Box? = nil, target: String? = nil) -> PlannedGesture {
        let out = chance(0.55)
        let startSpan = out ? uniform(45, 110) : uniform(110, 200)
        var endSpan = startSpan * (out ? uniform(1.6, 3.0) : uniform(0.35, 0.65))
        endSpan = min(endSpan, 0.9 * width)
        var notes: [String] = []
        let panFirst = chance(0.2) ? uniform(0.1, 0.25) : 0
        let pan = panFirst > 0 ? Vector.direction(uniform(0, 2 * Double.pi)) * uniform(15, 45) : .zero
        if panFirst > 0 { notes.append(Note.panStart) }
        let gesture = twoFingers(
            at: time, startSpan: startSpan, endSpan: endSpan, turn: radians(gaussian(6)),
            duration: dragDuration(abs(endSpan - startSpan), width: 30) * uniform(1, 1.5),
            panDuration: panFirst, pan: pan, on: view)
        return PlannedGesture(
            tracks: gesture, intent: .pinch, direction: out ? .out : .in, fingers: 2,
            target: target ?? scene.target("image", tab: tab), notes: notes)
    }

    /// Two fingers turning on the image (or on `view`), clockwise (`cw`, as
    /// seen on the screen) or counter-clockwise, with a little incidental span change.
    func rotate(at time: Double, tab: Int, on view: EpilogueScene.Box? = nil, target: String? = nil) -> PlannedGesture {
        let clockwise = chance(0.5)
        let span = uniform(70, 150)
        let turn = radians(uniform(25, 90)) * (clockwise ? 1 : -1)
        let gesture = twoFingers(
            at: time, startSpan: span, endSpan: span * uniform(0.92, 1.08), turn: turn,
            duration: uniform(0.3, 0.7) * user.slowness, panDuration: 0, pan: .zero, on: view)
        return PlannedGesture(
            tracks: gesture, intent: .rotate, direction: clockwise ? .cw : .ccw, fingers: 2,
            target: target ?? scene.target("image", tab: tab), notes: [])
    }

    /// Pans, zooms and turns `view` at once: the two fingers' centroid
    /// travels 25–90 pt while their distance changes by ×0.6–1.8 and their
    /// line turns (σ 25°) — the playground's transform (the epilogue's
    /// image has none, issue 34).
    func transform(at time: Double, on view: EpilogueScene.Box, target: String) -> PlannedGesture {
        let span = uniform(70, 150)
        let translation = Vector.direction(uniform(0, 2 * Double.pi)) * uniform(25, 90)
        let gesture = twoFingers(
            at: time, startSpan: span, endSpan: min(span * uniform(0.6, 1.8), 0.9 * width),
            turn: radians(gaussian(25)), duration: uniform(0.35, 0.8) * user.slowness, panDuration: 0, pan: .zero,
            translation: translation, on: view)
        return PlannedGesture(
            tracks: gesture, intent: .transform, fingers: 2, target: target, notes: [])
    }

    /// `fingers` fingertips side by side around `centre`, landing and
    /// lifting together (up to 50 ms apart; 5 % so staggered that the last
    /// lands after the first lifts), held `hold` seconds (a quick tap's
    /// when nil). Pointers from `firstPointer`.
    func multiTap(
        at time: Double, centre: Vector, fingers: Int, target: String, hold chosen: Double? = nil,
        firstPointer: Int32 = 1
    ) -> PlannedGesture {
        let spacing = uniform(14, 19) * mm
        let axis = radians(gaussian(12))
        let offset = Vector.direction(axis) * spacing
        var notes: [String] = []
        let hold = chosen ?? min(max(rng.lognormal(zeta: log(user.tapHoldMedian * 1.1), sigma: 0.3), 0.04), 0.25)
        var landings = [0.0] + (1..<max(fingers, 1)).map { _ in uniform(0, 0.05) }
        if chance(0.05), chosen == nil {
            landings[landings.count - 1] = hold + uniform(0.01, 0.06)
            notes.append(Note.staggered)
        }
        let radius = user.fingerRadius * uniform(0.9, 1.05)
        let tracks = (0..<fingers).map { k in
            // Evenly spaced around the centre (two fingers at ±spacing/2).
            let p = centre + offset * (Double(k) - Double(fingers - 1) / 2)
            let down = time + landings[k]
            return FingerTrack(
                pointer: firstPointer + Int32(k), down: down,
                up: down + hold + (notes.isEmpty ? uniform(0, 0.04) : 0),
                radius: radius, force: force(0.9)
            ) { _ in p }
        }
        return PlannedGesture(tracks: tracks, intent: .tap, fingers: fingers, target: target, notes: notes)
    }

    /// Two fingertips on either side of a centroid on the image (or on
    /// `view`; the first finger lands on it): an optional
    /// pan, then a minimum-jerk change of span and angle; both stop, then lift
    /// a few tens of milliseconds apart.
    func twoFingers(
        at time: Double, startSpan: Double, endSpan: Double, turn: Double,
        duration: Double, panDuration: Double, pan: Vector, translation: Vector = .zero, on view: EpilogueScene.Box? = nil
    ) -> [FingerTrack] {
        let image = view ?? scene.image
        let centre = image.center + Vector(gaussian(0.12 * image.width), gaussian(0.12 * image.height))
        var axis = radians(uniform(-70, 70))
        // The first finger lands on the image (the hit-tested one): if it
        // would land off it, the other finger lands first.
        let first = centre - Vector.direction(axis) * (startSpan / 2)
        if !(first.x > image.minX && first.x < image.maxX && first.y > image.minY && first.y < image.maxY) {
            axis += Double.pi
        }
        let drift = Vector(gaussian(6), gaussian(6))
        let secondLanding = uniform(0, 0.04)
        let panStart = time + secondLanding + uniform(0.02, 0.06)
        let moveStart = panStart + panDuration
        let moveEnd = moveStart + max(duration, 0.2)
        let (thumbRadius, fingerRadius) = (user.fingerRadius * 1.2, user.fingerRadius)
        func place(_ t: Double, _ sign: Double) -> Vector {
            let panned = MinimumJerk.fraction((t - panStart) / max(panDuration, 1e-6))
            let u = MinimumJerk.fraction((t - moveStart) / (moveEnd - moveStart))
            let c = centre + pan * (panDuration > 0 ? panned : 0) + (drift + translation) * u
            let span = startSpan + (endSpan - startSpan) * u
            return c + Vector.direction(axis + turn * u) * (sign * span / 2)
        }
        let lift = moveEnd + uniform(0.03, 0.12)
        return [
            FingerTrack(pointer: 1, down: time, up: lift + uniform(0, 0.05), radius: thumbRadius, force: force()) {
                place($0, -1)
            },
            FingerTrack(
                pointer: 2, down: time + secondLanding, up: lift + uniform(0, 0.05), radius: fingerRadius,
                force: force()
            ) { place($0, 1) }
        ]
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
