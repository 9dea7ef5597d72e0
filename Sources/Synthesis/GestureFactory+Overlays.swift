import GSL
import TraceModel

// MARK: - The note menu and the action pills

extension GestureFactory {
    /// A press held on a note row until the custom note menu opens.
    func noteMenuPress(at time: Double, tab: Int) -> PlannedGesture {
        let p = Vector(uniform(0.1 * width, 0.9 * width), noteRowCenter() + gaussian(0.012 * height))
        return hold(at: p, time: time, tab: tab, region: "note-row")
    }

    /// A tap on the open note menu's backdrop, which covers the screen:
    /// people tap anywhere away from the menu (opened by a press at
    /// `menuPress`) to dismiss it. A point drawn on the menu moves to the
    /// strip beside it at the same relative place (no further draw, so the
    /// rest of the session's random stream is unchanged).
    func backdropTap(at time: Double, tab: Int, menuPress: Vector) -> PlannedGesture {
        var p = point(in: scene.content.inset(30))
        let menu = scene.noteMenu(forRowAt: menuPress.y), area = scene.content.inset(30)
        if p.x >= menu.minX, p.x < menu.maxX, p.y >= menu.minY, p.y < menu.maxY {
            let f = (p.x - menu.minX) / menu.width
            p.x =
                f < 0.5
                ? area.minX + 2 * f * max(0, menu.minX - area.minX)
                : menu.maxX + (2 * f - 1) * max(0, area.maxX - menu.maxX)
        }
        var notes: [String] = []
        let hold = min(tapHold(&notes), 0.25)
        let (_, radius) = finger()
        return PlannedGesture(
            tracks: [track(press(at: p, time: time, hold: hold, roll: uniform(0, 2)), radius: radius, force: force())],
            intent: .tap, target: scene.target("note-menu", tab: tab), notes: notes.filter { $0 != Note.longHold })
    }

    /// A tap on one of the selection's action pills (note, quote,
    /// question): three `actionPill.size` squares `actionPill.spacing`
    /// apart in a row centred on where the selection ended, their bottom
    /// 20 pt above it, kept on screen — the scene's layout
    /// (`Arena.pillRow`). People aim at the pill's middle.
    func pillTap(at time: Double, tab: Int, selectionEnd end: Vector) -> PlannedGesture {
        let size = EpilogueScene.actionPillSize, clearance = EpilogueScene.actionPillClearance
        let pitch = size + EpilogueScene.actionPillSpacing, row = 3 * size + 2 * EpilogueScene.actionPillSpacing
        let minX = min(max(end.x - row / 2, 0), max(0, width - row))
        let minY = max(end.y - clearance - size, 0)
        let pill = Double(rng.uniformInt(below: 3))
        let p = Vector(minX + pill * pitch + 0.5 * size + gaussian(6), minY + 0.5 * size + gaussian(6))
        var notes: [String] = []
        let hold = min(tapHold(&notes), 0.25)
        let (_, radius) = finger()
        return PlannedGesture(
            tracks: [track(press(at: p, time: time, hold: hold, roll: uniform(0, 2)), radius: radius, force: force())],
            intent: .tap, target: scene.target("action-pill", tab: tab), notes: notes.filter { $0 != Note.longHold })
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
