import TraceModel

// MARK: - Hit-testing

// Which members a touch-down hits: by layer (content, the note menu on
// its backdrop, the selection's action pills, an open row's buttons),
// after a coarse hit grid has narrowed the members to those whose rect
// is near the point. The grid is made once per screen size: members'
// rects depend on nothing else, but the pills', which move with the
// selection and are tested everywhere. The action menu's panel is
// Arena+ActionPillPanel.swift.

extension Arena {
    // The helpers below that only read are `mutating` all the same: called
    // from the mutating entry points, a non-mutating method got a copy of
    // the whole arena (544 bytes and a retain of each of its arrays) per
    // call — per member and touch-down, 5 % of a replay's instructions.

    /// Hit-testing by layer: while the note menu is open its backdrop
    /// covers the screen (only its layer is hit); the action menu's panel
    /// covers what is under it; elsewhere the content's regions decide.
    @inline(__always)
    mutating func hits(_ i: Int, x: Double, y: Double) -> Bool {
        // Fields read in place: a copy of the whole recognizer here was a
        // memmove per member and touch-down, 9 % of a replay's time.
        if let tab = members[i].tab, tab != shared.currentTab { return false }
        let covered = shared.backdropCovers(at: now)
        switch members[i].options.layer {
        case .content:
            return !covered && members[i].rect.contains(x: x, y: y) && !onPillPanel(x: x, y: y)
        case .noteMenu:
            // The backdrop and the menu on it: a tap on either dismisses the
            // menu — the backdrop's tap calls `dismissMenu()`, and so does
            // every item after its own action (000_dfd263f105d7efd6.txt:644-672).
            return covered && members[i].rect.contains(x: x, y: y)
        case .selectionMenu:
            return !covered && onPill(x: x, y: y)
        case .rowActions:
            return !covered && onRowButtons(of: i, x: x, y: y)
        }
    }

    /// Whether a point is on the buttons member `i` shows on an open row:
    /// the rightmost `actionButtons` × `swipeActions.buttonWidth` points of
    /// that row, which the row's open offset uncovered.
    @inline(__always)
    private mutating func onRowButtons(of i: Int, x: Double, y: Double) -> Bool {
        let rect = members[i].rect
        guard shared.openRows != 0, rect.contains(x: x, y: y), let row = members[i].cell(x: x, y: y)?.row, row < 64,
            shared.openRows & (1 << UInt64(row)) != 0
        else { return false }
        let buttons = Double(members[i].options.actionButtons) * storage.tuning.pointee.swipeActionsButtonWidth
        return x >= rect.maxX - buttons
    }

    /// Whether a point is on a pill of the selection's action menu while it
    /// shows: in the pills' row and not in the `actionPill.spacing` gaps
    /// between them (a touch there is on the menu's panel, ``pillPanel``).
    @inline(__always)
    private mutating func onPill(x: Double, y: Double) -> Bool {
        guard shared.selectionMenuShows(at: now) else { return false }
        let row = pillRow
        guard row.contains(x: x, y: y) else { return false }
        let size = storage.tuning.pointee.actionPillSize, pitch = size + storage.tuning.pointee.actionPillSpacing
        return (x - row.minX).truncatingRemainder(dividingBy: pitch) < size
    }

    /// The action menu's row of three `actionPill.size` pills (note, quote,
    /// question) `actionPill.spacing` apart: centred on where the selection
    /// ended, its bottom edge `actionPill.clearance` above that point,
    /// kept on the screen.
    var pillRow: Rect {
        let size = storage.tuning.pointee.actionPillSize
        let width = 3 * size + 2 * storage.tuning.pointee.actionPillSpacing
        let screen = storage.touches.pointee.screenWidth
        let minX = min(max(shared.selectionX - width / 2, 0), max(0, screen - width))
        let minY = max(shared.selectionY - storage.tuning.pointee.actionPillClearance - size, 0)
        return Rect(minX: minX, minY: minY, maxX: minX + width, maxY: minY + size)
    }

    /// Columns and rows of the hit grid over the screen.
    static let hitGridColumns = 16, hitGridRows = 32

    /// The members whose hit test may pass at (`x`, `y`): those whose rect
    /// covers both the point's column and its row of the hit grid (a rect
    /// is a rectangle, so it then covers the cell), and those tested
    /// everywhere. A superset of the members `hits` accepts, found without
    /// reading any member: a touch-down tests the few whose rect is near
    /// instead of every member.
    @inline(__always)
    func mayHit(x: Double, y: Double) -> UInt64 {
        let column = Arena.cell(x, size: hitGridWidth, count: Arena.hitGridColumns)
        let row = Arena.cell(y, size: hitGridHeight, count: Arena.hitGridRows)
        return storage.hitColumns[column] & storage.hitRows[row] | hitTestedEverywhere
    }

    /// The grid cell of a coordinate, clamped to the grid (a point off the
    /// screen falls in the nearest edge cell, as does a rect reaching past it).
    @inline(__always)
    private static func cell(_ v: Double, size: Double, count: Int) -> Int {
        let cell = (v / size * Double(count)).rounded(.down)
        return cell >= 0 ? (cell < Double(count) ? Int(cell) : count - 1) : 0
    }

    /// The hit grid for a screen: per column and per row, the members whose
    /// rect reaches into it (rects are resolved per screen and do not move,
    /// but the pills', which `hitTestedEverywhere` holds).
    mutating func makeHitGrid(width: Double, height: Double) {
        hitGridWidth = width
        hitGridHeight = height
        let columns = storage.hitColumns, rows = storage.hitRows
        columns.update(repeating: 0, count: Arena.hitGridColumns)
        rows.update(repeating: 0, count: Arena.hitGridRows)
        for i in 0..<memberCount {
            let rect = members[i].rect, bit: UInt64 = 1 << UInt64(i)
            var c = Arena.cell(rect.minX, size: width, count: Arena.hitGridColumns)
            while c <= Arena.cell(rect.maxX, size: width, count: Arena.hitGridColumns) {
                columns[c] |= bit
                c += 1
            }
            var r = Arena.cell(rect.minY, size: height, count: Arena.hitGridRows)
            while r <= Arena.cell(rect.maxY, size: height, count: Arena.hitGridRows) {
                rows[r] |= bit
                r += 1
            }
        }
    }
}
