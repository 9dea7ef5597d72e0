import GSL
import TraceModel

// MARK: - One-finger strokes

extension GestureFactory {
    /// Degrees to radians.
    @inline(__always) func radians(_ degrees: Double) -> Double { degrees * Double.pi / 180 }

    /// Fling, drag, or (with `slowShare`) a slow drag meant to land near a
    /// distance threshold.
    func style(fling: Double, slow: Double) -> StrokeStyle {
        let r = uniform(0, 1)
        return r < fling ? .fling : (r < fling + slow ? .slowDrag : .drag)
    }

    func notes(for style: StrokeStyle, thumb: Bool) -> [String] {
        var notes = [style == .fling ? Note.fling : (style == .slowDrag ? Note.slowDrag : Note.drag)]
        if thumb { notes.append(Note.thumb) }
        return notes
    }

    /// A vertical scroll of the current tab's content. Thumb scrolls lean off
    /// vertical by the person's lean (up to ±30°); some scrolls are planted
    /// near the tab pager's directional bias (vertical > 3.5 × horizontal,
    /// i.e. ≈ 16° off vertical), where a scroll can flip a tab.
    func scroll(at time: Double, tab: Int) -> PlannedGesture {
        let up = chance(0.6) // reading forward: content moves up under the finger
        let (thumb, radius) = finger()
        var lean = (thumb ? user.scrollLean : user.scrollLean / 3) + gaussian(user.scrollLeanSpread)
        var notes: [String] = []
        if chance(0.18) {
            let sign: Double = lean == 0 ? 1 : (lean > 0 ? 1 : -1)
            lean = sign * uniform(10, 24)
        }
        lean = min(max(lean, -32), 32)
        let style = style(fling: 0.6, slow: 0)
        notes = self.notes(for: style, thumb: thumb)
        if abs(lean) >= 10 { notes.append(Note.diagonal) }
        let direction = Vector(0, up ? -1 : 1).rotated(by: radians(up ? lean : -lean))
        let distance = style == .fling ? uniform(50, 220) : uniform(60, 0.5 * height)
        let box = scene.content.inset(12)
        let (start, _) = place(direction * distance, in: box)
        // On the library some people rest the finger before they scroll, long
        // enough to lift a grid item or select a word (drag 0.25 s, text 0.5 s).
        var settle: Double?
        if tab == 2 && chance(0.12) {
            settle = uniform(0.15, 0.6)
            notes.append(Note.hesitant)
        }
        return PlannedGesture(
            tracks: strokeTracks(
                from: start, at: time, direction: direction, distance: distance, style: style, within: box, thumb: thumb,
                radius: radius, settle: settle),
            intent: .scroll, direction: up ? .up : .down, target: scene.target("tab-content", tab: tab), notes: notes)
    }

    /// A horizontal swipe of the pager: left shows the next tab, right the
    /// previous. Some are slow drags that end near the 120 pt distance
    /// threshold with no speed left.
    func tabSwipe(at time: Double, tab: Int, left: Bool) -> PlannedGesture {
        let (thumb, radius) = finger()
        let style = style(fling: 0.6, slow: 0.15)
        let distance = distance(style, fling: (40, 180), slowDrag: (80, 170), drag: (120, 0.75 * width))
        let angle = gaussian(thumb ? 10 : 6)
        let direction = Vector(left ? -1 : 1, 0).rotated(by: radians(left ? -angle : angle))
        // People who want the next tab swipe where nothing else slides (below
        // the note rows, beside the card stack); some start on a row or a card
        // anyway, where the inner swipe has priority.
        var notes = notes(for: style, thumb: thumb)
        var band = scene.content
        if chance(0.06) {
            notes.append(Note.contested)
        } else {
            let bands = scene.freeSwipeBands(tab: tab)
            band = bands[rng.uniformInt(below: bands.count)]
        }
        // Away from the left edge strip, where a rightward stroke is a back swipe.
        let box = EpilogueScene.Box(minX: 36, minY: band.minY + 2, maxX: width - 8, maxY: band.maxY - 2)
        var (start, _) = place(Vector(direction.x * distance, 0), in: box, margin: 2)
        start.y = min(max(start.y, box.minY), box.maxY)
        return PlannedGesture(
            tracks: strokeTracks(
                from: start, at: time, direction: direction, distance: distance, style: style, within: screen, thumb: thumb,
                radius: radius),
            intent: .tabSwipe, direction: left ? .left : .right, target: scene.target("tab-content", tab: tab),
            notes: notes, tabAfter: tab + (left ? 1 : -1))
    }

    /// Slides a note row leftward to reveal its actions (80 pt threshold).
    func swipeActions(at time: Double, tab: Int) -> PlannedGesture {
        let (thumb, radius) = finger()
        let style = style(fling: 0.45, slow: 0.15)
        let distance = distance(style, fling: (40, 160), slowDrag: (50, 110), drag: (90, 0.6 * width))
        let direction = Vector(-1, 0).rotated(by: radians(gaussian(thumb ? 7 : 4)))
        let row = rng.uniformInt(below: EpilogueScene.noteRowCount)
        let start = Vector(uniform(0.45, 0.92) * width, noteRowCenter(row) + gaussian(8))
        return PlannedGesture(
            tracks: strokeTracks(
                from: start, at: time, direction: direction, distance: distance, style: style, within: screen, thumb: thumb,
                radius: radius),
            intent: .swipeActions, direction: .left, target: scene.target("note-row", tab: tab),
            notes: notes(for: style, thumb: thumb), row: row)
    }

    /// Slides the open note row back rightward to close it: any rightward
    /// drag on it closes it, so people drag or flick it a short way. They
    /// grab the row's content, left of the revealed actions.
    func closeRow(at time: Double, tab: Int, row: Int) -> PlannedGesture {
        let (thumb, radius) = finger()
        let style = style(fling: 0.4, slow: 0.2)
        let distance = style == .fling ? uniform(30, 120) : uniform(40, 160)
        let direction = Vector(1, 0).rotated(by: radians(gaussian(thumb ? 7 : 4)))
        let start = Vector(uniform(0.15, 0.55) * width, noteRowCenter(row) + gaussian(8))
        return PlannedGesture(
            tracks: strokeTracks(
                from: start, at: time, direction: direction, distance: distance, style: style, within: screen, thumb: thumb,
                radius: radius),
            intent: .swipeActions, direction: .right, target: scene.target("note-row", tab: tab),
            notes: notes(for: style, thumb: thumb), row: row)
    }

    /// Throws the top card left or right (120 pt delete threshold).
    func cardSwipe(at time: Double, tab: Int) -> PlannedGesture {
        let (thumb, radius) = finger()
        let left = chance(0.5)
        let style = style(fling: 0.55, slow: 0.15)
        // The card flies off on translation alone (120 pt), so people who
        // know the app throw it far (the digitizer loses the last few
        // milliseconds of a fast throw); slow drags probe the threshold.
        let distance = distance(style, fling: (140, 280), slowDrag: (90, 170), drag: (140, 0.7 * width))
        let direction = Vector(left ? -1 : 1, 0).rotated(by: radians(gaussian(12)))
        let card = scene.cards.inset(30)
        var start = point(in: card)
        // Start on the side the card is thrown from, so the throw fits.
        start.x = left ? uniform(card.center.x, card.maxX) : uniform(card.minX, card.center.x)
        return PlannedGesture(
            tracks: strokeTracks(
                from: start, at: time, direction: direction, distance: distance, style: style, within: screen, thumb: thumb,
                radius: radius),
            intent: .cardSwipe, direction: left ? .left : .right, target: scene.target("card-stack", tab: tab),
            notes: notes(for: style, thumb: thumb))
    }

    /// Drags the sheet down: a flick, a pull, or a slow pull that ends near
    /// the progress threshold (0.4 × 300 pt).
    func dismiss(at time: Double, tab: Int) -> PlannedGesture {
        let (thumb, radius) = finger()
        let style = style(fling: 0.55, slow: 0.2)
        let sheet = scene.sheet
        let start = Vector(uniform(0.15, 0.85) * width, uniform(sheet.minY + 6, sheet.minY + 0.5 * sheet.height))
        let direction = Vector(0, 1).rotated(by: radians(gaussian(8)))
        let distance = style == .slowDrag ? uniform(80, 170) : uniform(60, 260)
        return PlannedGesture(
            tracks: strokeTracks(
                from: start, at: time, direction: direction, distance: distance, style: style, within: screen, thumb: thumb,
                radius: radius),
            intent: .dismiss, direction: .down, target: scene.target("sheet", tab: tab),
            notes: notes(for: style, thumb: thumb))
    }

    /// A back swipe from the left edge strip (20 pt); some start just outside it.
    func edgeSwipe(at time: Double, tab: Int) -> PlannedGesture {
        let (_, radius) = finger()
        var notes: [String] = []
        let x = occasionally(
            0.1, EpilogueScene.edgeWidth - 2, EpilogueScene.edgeWidth + 12, noting: Note.nearEdge, in: &notes,
            else: uniform(1, EpilogueScene.edgeWidth - 3))
        let start = Vector(x, uniform(0.13, 0.87) * height)
        let style = style(fling: 0.4, slow: 0)
        notes.insert(style == .fling ? Note.fling : Note.drag, at: 0)
        let direction = Vector(1, 0).rotated(by: radians(gaussian(10)))
        let distance = style == .fling ? uniform(50, 180) : uniform(80, 0.6 * width)
        return PlannedGesture(
            tracks: strokeTracks(
                from: start, at: time, direction: direction, distance: distance, style: style, within: screen, thumb: false,
                radius: radius),
            intent: .edgeSwipe, direction: .right, target: scene.target("left-edge", tab: tab), notes: notes)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
