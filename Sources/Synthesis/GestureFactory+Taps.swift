import GSL
import TraceModel

// MARK: - Taps, double taps, long presses, and touches that mean nothing

extension GestureFactory {
    /// A point near the centre of a random grid item on tab 2 (people aim at
    /// the middle of a target; their scatter is a few points).
    func gridCell() -> Vector {
        let grid = scene.grid
        let cellWidth = grid.width / Double(EpilogueScene.gridColumns)
        let cellHeight = grid.height / Double(EpilogueScene.gridRows)
        let column = rng.uniformInt(below: EpilogueScene.gridColumns)
        let row = rng.uniformInt(below: EpilogueScene.gridRows)
        return Vector(
            grid.minX + (Double(column) + 0.5) * cellWidth + gaussian(7),
            grid.minY + (Double(row) + 0.5) * cellHeight + gaussian(7))
    }

    /// The centre of a random note row on tab 0.
    func noteRowCenter() -> Double {
        noteRowCenter(rng.uniformInt(below: EpilogueScene.noteRowCount))
    }

    /// The centre of note row `row` on tab 0.
    func noteRowCenter(_ row: Int) -> Double {
        let rows = scene.noteRows
        let height = rows.height / Double(EpilogueScene.noteRowCount)
        return rows.minY + (Double(row) + 0.5) * height
    }

    /// A tap on the tab bar's button for tab `to` (the other way to change tabs).
    func tabBarTap(at time: Double, tab: Int, to: Int) -> PlannedGesture {
        let bar = scene.tabBar
        let buttonWidth = bar.width / Double(EpilogueScene.tabCount)
        let p = Vector(
            bar.minX + (Double(to) + 0.5) * buttonWidth + gaussian(0.12 * buttonWidth),
            bar.center.y + gaussian(0.15 * bar.height))
        var notes: [String] = []
        let hold = min(tapHold(&notes), 0.25)
        let (_, radius) = finger()
        return PlannedGesture(
            tracks: [track(press(at: p, time: time, hold: hold, roll: uniform(0, 2)), radius: radius, force: force())],
            intent: .tap, target: scene.target("tab-bar", tab: tab), notes: notes.filter { $0 != Note.longHold },
            tabAfter: to)
    }

    /// How long a tap stays down: lognormal around the person's median;
    /// sometimes held close to the long-press threshold.
    func tapHold(_ notes: inout [String]) -> Double {
        if chance(user.longTapRate) {
            notes.append(Note.longHold)
            return uniform(0.28, 0.48)
        }
        return min(max(rng.lognormal(zeta: log(user.tapHoldMedian), sigma: 0.3), 0.03), 0.25)
    }

    /// One press at `p`: the pad rolls a point or two while it is down
    /// (more for a sloppy tap).
    func press(at p: Vector, time: Double, hold: Double, roll: Double) -> Trajectory {
        var path = Trajectory(start: p, at: time)
        let angle = uniform(0, 2 * Double.pi)
        path.reach(to: p + Vector.direction(angle) * roll, duration: hold)
        return path
    }

    /// A tap on a grid item, where people tap the content (the image
    /// answers only a double tap, `.onTapGesture(count: 2)`; no source has
    /// a tap on a note row or a card, issue 34).
    func tap(at time: Double, tab: Int) -> PlannedGesture {
        let p = gridCell()
        var notes: [String] = []
        let hold = tapHold(&notes)
        let roll = occasionally(0.04, 5, 14, noting: Note.sloppy, in: &notes, else: uniform(0, 2))
        let (_, radius) = finger()
        let path = press(at: p, time: time, hold: hold, roll: roll)
        return PlannedGesture(
            tracks: [track(path, radius: radius, force: force())],
            intent: .tap, target: scene.target("grid-item", tab: tab), notes: notes)
    }

    /// Two taps on the image; the gap between the first lift and the second
    /// touch-down is spread around the person's mean (real double taps: 130–235
    /// ms), kept within 100–400 ms.
    func doubleTap(at time: Double, tab: Int) -> PlannedGesture {
        let p = point(in: scene.image.inset(24))
        var notes: [String] = []
        let (_, radius) = finger()
        let hold1 = min(tapHold(&notes), 0.2)
        let gap = min(max(user.doubleTapGap + gaussian(0.04), 0.11), 0.38)
        let hold2 = min(max(hold1 * uniform(0.75, 1.05), 0.03), 0.2)
        let first = press(at: p, time: time, hold: hold1, roll: uniform(0, 1.5))
        let second = press(
            at: p + Vector(gaussian(4), gaussian(4)), time: first.endTime + gap, hold: hold2,
            roll: uniform(0, 1.5))
        return PlannedGesture(
            tracks: [track(first, radius: radius, force: force()), track(second, radius: radius, force: force())],
            intent: .doubleTap, target: scene.target("image", tab: tab), notes: notes.filter { $0 != Note.longHold })
    }

    /// A press held on a grid item until its context menu appears; some are
    /// released near the 0.5 s threshold, a few drift while held.
    func longPress(at time: Double, tab: Int) -> PlannedGesture {
        hold(at: gridCell(), time: time, tab: tab, region: "grid-item")
    }

    /// A press held at `p` until the context menu of `region` appears.
    func hold(at p: Vector, time: Double, tab: Int, region: String) -> PlannedGesture {
        var notes: [String] = []
        let hold = occasionally(
            0.15, 0.42, 0.6, noting: Note.nearThreshold, in: &notes, else: user.longPressHold * rng.lognormal(zeta: 0, sigma: 0.2)
        )
        let roll = occasionally(0.06, 8, 15, noting: Note.drift, in: &notes, else: uniform(0.5, 4))
        let (_, radius) = finger()
        let path = press(at: p, time: time, hold: hold, roll: roll)
        return PlannedGesture(
            tracks: [track(path, radius: radius, force: force(1.15))],
            intent: .longPress, target: scene.target(region, tab: tab), notes: notes)
    }

    /// Touches with no intent: a thumb resting on the glass while holding the
    /// phone, a brush of a fingertip, the grip of the hand along an edge.
    func nothing(at time: Double, tab: Int) -> PlannedGesture {
        let side: Double = user.leftHanded ? -1 : 1
        let roll = uniform(0, 1)
        if roll < 0.4 {
            // A brush: brief, light, small, and moving a little.
            let p = point(in: scene.content.inset(20))
            var path = Trajectory(start: p, at: time)
            path.reach(to: p + Vector.direction(uniform(0, 2 * Double.pi)) * uniform(6, 35), duration: uniform(0.015, 0.06))
            return PlannedGesture(
                tracks: [track(path, radius: user.fingerRadius * uniform(0.4, 0.6), force: force(0.25))],
                intent: .none, target: scene.target("tab-content", tab: tab), notes: [Note.brush])
        } else if roll < 0.75 {
            // A resting thumb near the lower corner of the holding hand.
            let x = side > 0 ? width - uniform(4, 45) : uniform(4, 45)
            let p = Vector(x, uniform(0.7, 0.95) * height)
            let path = press(at: p, time: time, hold: uniform(0.6, 2.5), roll: uniform(0, 3))
            return PlannedGesture(
                tracks: [track(path, radius: user.fingerRadius * uniform(1.5, 1.9), force: force(0.5))],
                intent: .none, target: scene.target("screen", tab: tab), notes: [Note.restingThumb])
        } else if roll < 0.9 {
            // The palm or a finger of the gripping hand along a side edge —
            // on the left edge, right where a back swipe starts.
            let x = chance(0.5) ? uniform(0.5, 5) : width - uniform(0.5, 5)
            let p = Vector(x, uniform(0.2, 0.8) * height)
            let path = press(at: p, time: time, hold: uniform(0.3, 1.5), roll: uniform(0, 6))
            return PlannedGesture(
                tracks: [track(path, radius: user.fingerRadius * uniform(1.3, 1.6), force: force(0.6))],
                intent: .none, target: scene.target("edge", tab: tab), notes: [Note.grip])
        }
        return bump(at: time, tab: tab)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
