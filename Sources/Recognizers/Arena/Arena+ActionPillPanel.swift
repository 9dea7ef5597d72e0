// MARK: - The action menu's panel

extension Arena {
    /// The text selection's action menu as the reading app lays it out: its
    /// pills (``pillRow``) in a panel padded `actionPill.panelPadding` on
    /// every side (`.padding()`, 000_dfd263f105d7efd6.txt:573) and filled by
    /// a background (000_dfd263f105d7efd6.txt:574-577). The panel's
    /// selection preview above the pills (000_dfd263f105d7efd6.txt:543-547)
    /// is not modelled: its height follows the selected text.
    var pillPanel: Rect {
        let row = pillRow, padding = storage.tuning.pointee.actionPillPanelPadding
        return Rect(minX: row.minX - padding, minY: row.minY - padding, maxX: row.maxX + padding, maxY: row.maxY + padding)
    }

    /// Whether a point is on the action menu's panel while it shows — a
    /// pill, a 16 pt gap between two pills or the padding around them: the
    /// background takes the touch, so the content under it is not hit and
    /// the selection stays (only a pill answers it).
    @inline(__always)
    mutating func onPillPanel(x: Double, y: Double) -> Bool {
        shared.selectionMenuShows(at: now) && pillPanel.contains(x: x, y: y)
    }
}
