import TraceModel

// MARK: - Text selection

extension Recognizer {
    /// Text selection: a press held `textSelect.pressDuration` within
    /// `textSelect.allowableMovement` selects the word under the finger
    /// (begins; latency onset: touch-down); moving then extends the
    /// selection; the lift ends it. The floating action menu (note, quote,
    /// question) appears once the selection has not changed for
    /// `textSelect.menuDelay`.
    ///
    /// Outcome: `value` is how far the selection was extended (pt, from the
    /// press to the lift), `hapticLatency` the wait from the lift until the
    /// menu appeared (0 when it was up before the lift). A lifted selection
    /// stays, with its menu (``SharedState/selectionMenuAt``): the action
    /// pills are hit from then until a touch-down elsewhere collapses it.
    mutating func textSelect(
        _ event: TouchEvent, slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>,
        _ shared: inout SharedState, _ compare: inout SoftThreshold
    ) -> RecognizerVerdict {
        switch pressStep(event, slot: slot, t: t, touches, hold: p.pointee.textSelectPressDuration) {
        case .decided(let verdict):
            return verdict
        case .moved:
            return touches.pointee.moved2(slot) > p.pointee.textSelectMovement2 ? .fail : .none
        case .held:
            // The word under the touch-down is selected now: the
            // selection last changed here. (A timer has no slot: the
            // press has not moved past the allowance since touch-down.)
            prevT = t
            dx = downX
            dy = downY
            return .begin
        case .following:
            let x = touches.pointee.slots[slot].x, y = touches.pointee.slots[slot].y
            // Sensor noise does not move a selection; a couple of points does.
            if (x - dx) * (x - dx) + (y - dy) * (y - dy) >= Recognizer.selectionStep2 {
                prevT = t
                dx = x
                dy = y
            }
            return .none
        case .released:
            let x = touches.pointee.slots[slot].x, y = touches.pointee.slots[slot].y
            value = ((x - downX) * (x - downX) + (y - downY) * (y - downY)).squareRoot()
            let menu = prevT.saturatingAdd(p.pointee.textSelectMenuDelay)
            hapticLatency = max(0, menu - t)
            committed = event == .up
            if committed {
                // The selection stays after the lift; its action menu
                // (the pills) shows above where it last changed.
                shared.selectionX = dx
                shared.selectionY = dy
                shared.selectionMenuAt = max(menu, t)
            }
            return .end
        }
    }

    /// Squared movement (pt²) that changes a selection: 2 pt.
    static let selectionStep2 = 4.0
}
