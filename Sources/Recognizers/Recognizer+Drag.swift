import TraceModel

// MARK: - Drag and drop

extension Recognizer {
    /// Drag and drop of an item (the library grid): the finger holds still
    /// for `drag.minimumDuration` — moving farther than
    /// `drag.allowableMovement` before that cancels the press (the touch is a
    /// scroll) — and the item lifts; once the finger then moves past the
    /// same allowance the drag begins (latency onset: touch-down, as for a
    /// long press). While it is dragged, a finger within `drag.edgeBand` of
    /// the top or bottom of the scroll area auto-scrolls it, at up to
    /// `drag.autoScrollSpeed` at the very edge. The lift drops the item
    /// (committed); a cancelled touch cancels the drag.
    ///
    /// The trade-off this measures: a slow scroll that holds still long
    /// enough lifts an item, and a context-menu press that drifts after the
    /// item lifted becomes a drag; a drag held past the context menu's hold
    /// opens the menu instead (exclusive by default).
    ///
    /// Outcome: `value` is the auto-scroll in points (negative: up),
    /// `direction` `up`/`down` when it auto-scrolled.
    mutating func drag(
        _ event: TouchEvent, slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>,
        _ compare: inout SoftThreshold
    ) -> RecognizerVerdict {
        // A new contact's item has not lifted yet.
        if state == .possible, event == .down, touches.pointee.activeCount == 1 { armed = false }
        switch pressStep(event, slot: slot, t: t, touches, hold: p.pointee.dragMinimumDuration) {
        case .decided(let verdict):
            return verdict
        case .moved:
            let moved2 = touches.pointee.moved2(slot)
            // Before the hold completes, movement cancels the press; after
            // it, the same movement drags the lifted item.
            guard moved2 > p.pointee.dragMovement2 else { return .none }
            guard armed else { return .fail }
            prevT = t
            prevOffset = touches.pointee.slots[slot].y
            value = 0
            return .begin
        case .held:
            armed = true
            return .none
        case .following:
            autoScroll(to: t, y: touches.pointee.slots[slot].y, p)
            return .none
        case .released:
            autoScroll(to: t, y: touches.pointee.slots[slot].y, p)
            direction = value < 0 ? .up : value > 0 ? .down : nil
            committed = event == .up
            return .end
        }
    }

    /// Integrates the auto-scroll over the interval since the previous
    /// sample, at the speed the previous position asked for (the finger was
    /// there meanwhile).
    private mutating func autoScroll(to t: Micros, y: Double, _ p: UnsafePointer<ResolvedParameters>) {
        let band = p.pointee.dragEdgeBand
        let top = scrollRect.minY + band, bottom = scrollRect.maxY - band
        let previous = prevOffset
        var speed = 0.0
        if previous < top {
            speed = -p.pointee.dragAutoScrollSpeed * min(1, (top - previous) / band)
        } else if previous > bottom {
            speed = p.pointee.dragAutoScrollSpeed * min(1, (previous - bottom) / band)
        }
        if speed != 0, t > prevT { value += speed * (t - prevT).seconds }
        prevT = t
        prevOffset = y
    }
}
