import GSL
import TraceModel

// MARK: - Making gestures

/// Plans the finger movements of each intent of the epilogue scene for one
/// person on one device. Every random draw comes from the person's GSL
/// generator, in a fixed order, so a seed gives the same gestures.
///
/// One file per family: single-finger taps and holds
/// (`GestureFactory+Taps.swift`), one-finger strokes
/// (`GestureFactory+Strokes.swift`), multi-finger gestures
/// (`GestureFactory+MultiFinger.swift`) and device motion
/// (`GestureFactory+Motion.swift`).
struct GestureFactory {
    let rng: RandomGenerator
    let user: UserProfile
    let profile: DeviceProfile
    let scene: EpilogueScene
    let fitts = FittsLaw()

    var width: Double { scene.width }
    var height: Double { scene.height }
    var mm: Double { profile.pointsPerMillimetre }

    // MARK: - Draw helpers

    @inline(__always) func uniform(_ a: Double, _ b: Double) -> Double { rng.uniform(a, b) }
    @inline(__always) func chance(_ p: Double) -> Bool { rng.uniform() < p }
    @inline(__always) func gaussian(_ sd: Double) -> Double { rng.gaussian(standardDeviation: sd) }
    /// A person's occasional departure from their usual `usual` (a longer
    /// hold, a sloppier roll): with chance `p`, a draw between `low` and
    /// `high` instead, with `note` added to the gesture's notes. `usual` is
    /// drawn by the caller before the chance, as the gestures always drew it.
    func occasionally(
        _ p: Double, _ low: Double, _ high: Double, noting note: String, in notes: inout [String], else usual: Double
    ) -> Double {
        guard chance(p) else { return usual }
        notes.append(note)
        return uniform(low, high)
    }
    func point(in box: EpilogueScene.Box) -> Vector { Vector(uniform(box.minX, box.maxX), uniform(box.minY, box.maxY)) }

    /// Which finger: the thumb of the holding hand, or the index finger.
    /// Thumbs make larger contacts and lean their strokes.
    func finger() -> (thumb: Bool, radius: Double) {
        let thumb = chance(user.thumbUse)
        let radius = user.fingerRadius * (thumb ? 1.25 : 1) * uniform(0.9, 1.1)
        return (thumb, radius)
    }

    /// Peak force of one touch.
    func force(_ scale: Double = 1) -> Double { max(0.05, user.force * scale * uniform(0.75, 1.25)) }

    /// A fling's release speed: lognormal around the person's median, spanning
    /// slow (1000 pt/s) to hard (8000 pt/s) flings.
    func releaseSpeed() -> Double {
        min(max(rng.lognormal(zeta: log(user.flingSpeed), sigma: 0.4), 1000), 8000)
    }

    /// A movement time for a deliberate drag of `distance` (Fitts' law, scaled
    /// by the person's slowness and a little trial-to-trial variation).
    func dragDuration(_ distance: Double, width w: Double = 40, slower: Double = 1) -> Double {
        fitts.movementTime(distance: distance, width: w) * user.slowness * slower * rng.lognormal(zeta: 0, sigma: 0.12)
    }

    /// Places a stroke of `displacement` (plus a sideways bend) inside `box`:
    /// returns a start point from which the whole stroke stays in the box,
    /// shrinking the displacement when the box is too small.
    func place(_ displacement: Vector, in box: EpilogueScene.Box, margin: Double = 4) -> (start: Vector, displacement: Vector) {
        var d = displacement
        let availableX = box.width - 2 * margin, availableY = box.height - 2 * margin
        let shrink = min(1, availableX / max(abs(d.x), 1e-9), availableY / max(abs(d.y), 1e-9))
        if shrink < 1 { d = d * (shrink * 0.98) }
        let x0 = box.minX + margin + max(-d.x, 0), x1 = box.maxX - margin - max(d.x, 0)
        let y0 = box.minY + margin + max(-d.y, 0), y1 = box.maxY - margin - max(d.y, 0)
        return (Vector(uniform(x0, max(x0, x1)), uniform(y0, max(y0, y1))), d)
    }

    // MARK: - Flicks and drags of one finger

    /// How a one-finger stroke is performed.
    enum StrokeStyle { case fling, drag, slowDrag }

    /// How far a stroke of `style` is meant to go, points: uniform between
    /// the style's two bounds (one draw, whichever the style).
    func distance(
        _ style: StrokeStyle, fling: (Double, Double), slowDrag: (Double, Double), drag: (Double, Double)
    ) -> Double {
        let (low, high) =
            switch style {
            case .fling: fling
            case .slowDrag: slowDrag
            case .drag: drag
            }
        return uniform(low, high)
    }

    /// A one-finger stroke from `start` along `direction`: a lognormal flick
    /// that leaves the glass at speed, or a minimum-jerk drag that comes to
    /// rest (or nearly) before the lift. `room` limits the travel.
    func stroke(
        from start: Vector, at time: Double, direction: Vector, distance: Double,
        style: StrokeStyle, room: Double, thumb: Bool, settle: Double? = nil
    ) -> Trajectory {
        var path = Trajectory(start: start, at: time)
        // The finger settles for a moment before it moves (a flick lands already moving).
        path.hold(settle ?? (style == .fling ? uniform(0, 0.03) : uniform(0.02, 0.09)))
        switch style {
        case .fling:
            let sigma = uniform(0.25, 0.4), liftRatio = uniform(0.95, 1.25)
            var speed = releaseSpeed()
            // Fast flings are long: a hard flick lasts at least ~45 ms on the glass.
            var travel = max(
                distance,
                LognormalStroke.minimumTravel(
                    releaseSpeed: speed, sigma: sigma, liftRatio: liftRatio, minimumDuration: 0.045))
            if travel > room {
                travel = room
                let fastest =
                    room
                    / LognormalStroke.minimumTravel(
                        releaseSpeed: 1, sigma: sigma, liftRatio: liftRatio, minimumDuration: 0.035)
                speed = min(speed, max(fastest, 300))
            }
            path.flick(
                direction: direction, travel: travel, releaseSpeed: speed, sigma: sigma,
                liftRatio: liftRatio, bend: gaussian(thumb ? 0.08 : 0.03))
        case .drag, .slowDrag:
            let d = min(distance, room)
            let slower = style == .slowDrag ? uniform(1.3, 2.0) : 1
            let bend = gaussian((thumb ? 0.06 : 0.025) * d)
            if style == .drag && chance(0.4) {
                // Lifted while still gliding to a stop.
                path.reach(
                    to: start + direction.unit * d, duration: dragDuration(d, slower: slower), bend: bend,
                    liftFraction: uniform(0.8, 0.95))
            } else {
                path.reach(to: start + direction.unit * d, duration: dragDuration(d, slower: slower), bend: bend)
                path.hold(uniform(0.02, 0.15))
            }
        }
        return path
    }

    /// Room along `direction` from `start` to the edge of `box`, points.
    func room(from start: Vector, along direction: Vector, in box: EpilogueScene.Box, margin: Double = 2) -> Double {
        let u = direction.unit
        var limit = Double.infinity
        if u.x > 1e-9 { limit = min(limit, (box.maxX - margin - start.x) / u.x) }
        if u.x < -1e-9 { limit = min(limit, (box.minX + margin - start.x) / u.x) }
        if u.y > 1e-9 { limit = min(limit, (box.maxY - margin - start.y) / u.y) }
        if u.y < -1e-9 { limit = min(limit, (box.minY + margin - start.y) / u.y) }
        return max(limit, 1)
    }

    /// A finger track for one trajectory.
    func track(_ path: Trajectory, pointer: Int32 = 1, radius: Double, force: Double) -> FingerTrack {
        FingerTrack(pointer: pointer, path: path, radius: radius, force: force)
    }

    /// The one finger of a stroke gesture (a scroll, a swipe, a drag): a
    /// `stroke(from:at:…)` with the room `box` leaves along `direction`,
    /// touching with `radius` at a fresh `force()` (drawn after the stroke,
    /// as every gesture draws it).
    func strokeTracks(
        from start: Vector, at time: Double, direction: Vector, distance: Double, style: StrokeStyle,
        within box: EpilogueScene.Box, thumb: Bool, radius: Double, settle: Double? = nil
    ) -> [FingerTrack] {
        let path = stroke(
            from: start, at: time, direction: direction, distance: distance, style: style,
            room: room(from: start, along: direction, in: box), thumb: thumb, settle: settle)
        return [track(path, radius: radius, force: force())]
    }

    /// The whole screen as a box (for strokes that may go anywhere).
    var screen: EpilogueScene.Box { EpilogueScene.Box(minX: 0, minY: 0, maxX: width, maxY: height) }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
