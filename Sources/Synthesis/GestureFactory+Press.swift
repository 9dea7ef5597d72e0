import GSL
import TraceModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - Press, hold, then move: drag and drop, text selection

extension GestureFactory {
    /// Drags a grid item to another place: the person presses, waits for the
    /// item to lift (the scene lifts it after 0.25 s) and reacts, then
    /// carries it — to another item, or (35 %) to the top or bottom of the
    /// content, where it rests while the library auto-scrolls, and back into
    /// the grid to drop it. Some wait past the context menu's 0.5 s
    /// (`late-move`), where the menu opens instead.
    func drag(at time: Double, tab: Int) -> PlannedGesture {
        let from = gridCell()
        let (thumb, radius) = finger()
        var notes: [String] = []
        // The item lifts after 0.25 s; a visual reaction takes 0.1–0.3 s.
        let hold = occasionally(
            0.1, 0.5, 0.8, noting: Note.lateMove, in: &notes,
            else: 0.25 + min(max(rng.lognormal(zeta: log(0.16), sigma: 0.35), 0.08), 0.45))
        var path = press(at: from, time: time, hold: hold, roll: uniform(0, 3))
        let content = scene.content
        if chance(0.35) {
            // To the edge band, rest there while it scrolls, then drop in the grid.
            notes.append(Note.autoScroll)
            let up = chance(0.5)
            let edge = Vector(
                from.x + gaussian(20),
                up ? content.minY + uniform(8, 45) : content.maxY - uniform(8, 45))
            path.reach(
                to: edge, duration: dragDuration((edge - path.end).length, width: 60, slower: 1.2),
                bend: gaussian(0.05 * (edge - path.end).length))
            path.hold(uniform(0.3, 1.2))
            let drop = gridCell()
            path.reach(
                to: drop, duration: dragDuration((drop - path.end).length, width: 60, slower: 1.2),
                bend: gaussian(0.05 * (drop - path.end).length))
        } else {
            var to = gridCell()
            if (to - from).length < 40 { to = to + Vector(scene.grid.width / 3, 0) * (to.x < scene.grid.center.x ? 1 : -1) }
            path.reach(
                to: to, duration: dragDuration((to - from).length, width: 60, slower: 1.2),
                bend: gaussian(0.05 * (to - from).length))
        }
        path.hold(uniform(0.05, 0.25)) // settles the item before letting go
        if thumb { notes.append(Note.thumb) }
        return PlannedGesture(
            tracks: [track(path, radius: radius, force: force(1.1))],
            intent: .drag, target: scene.target("grid-item", tab: tab), notes: notes)
    }

    /// Selects a word on the text and (75 %) extends the selection along the
    /// line and down a line or two: a press held until the word highlights
    /// (the scene selects after 0.5 s) plus a reaction, a slow, precise drag,
    /// a rest while the person checks the selection, the lift. Some start
    /// moving before the word is selected (`impatient`).
    func textSelect(at time: Double, tab: Int) -> PlannedGesture {
        let text = scene.text
        let start = point(in: text.inset(10))
        let (_, radius) = finger()
        var notes: [String] = []
        let hold = occasionally(
            0.1, 0.3, 0.48, noting: Note.impatient, in: &notes,
            else: 0.5 + min(max(rng.lognormal(zeta: log(0.17), sigma: 0.35), 0.08), 0.5))
        var path = press(at: start, time: time, hold: hold, roll: uniform(0, 3))
        if chance(0.75) {
            notes.append(Note.extended)
            let lines = Double(rng.uniformInt(below: 3))
            let x = min(start.x + uniform(30, 220), text.maxX - 4)
            let y = min(start.y + lines * EpilogueScene.textLineHeight, text.maxY - 4)
            let to = Vector(x, y)
            path.reach(
                to: to, duration: dragDuration((to - start).length, width: 14, slower: 1.6),
                bend: gaussian(3))
            path.hold(uniform(0.05, 0.5))
        } else {
            path.hold(uniform(0.05, 0.3))
        }
        return PlannedGesture(
            tracks: [track(path, radius: radius, force: force())],
            intent: .textSelect, target: scene.target("text", tab: tab), notes: notes)
    }
}
