import TraceModel

// MARK: - Press feedback: the pressed state

extension Recognizer {
    /// The pressed state of a control: it shows `pressFeedback.minimumDuration`
    /// after touch-down (0: at once — the reference app's zero-duration press
    /// with unlimited movement), or at the lift if that comes first, and the
    /// control shrinks to `pressFeedback.itemScale` (items) or `buttonScale`
    /// (buttons) about the centre of the item under the finger. Movement
    /// never cancels it; any gesture but a tap does (the arena cancels
    /// feedback when a scroll, drag, swipe, context menu… wins the contact).
    ///
    /// Measured, not judged: latency from touch-down to the pressed state
    /// (and its haptic). The reading app draws its ripple only on a tap, at
    /// the tap's location (`rippleTapEffect`): under the finger by
    /// construction and as late as the tap, so the tap's own latency is
    /// the ripple's; nothing of it is measured here.
    mutating func pressFeedback(
        _ event: TouchEvent, slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>,
        _ compare: inout SoftThreshold
    ) -> RecognizerVerdict {
        switch state {
        case .possible:
            switch event {
            case .down:
                guard touches.pointee.activeCount == 1 else { return .none }
                downT = t
                onset = t
                downX = touches.pointee.slots[slot].x
                downY = touches.pointee.slots[slot].y
                count = 0
                if p.pointee.pressFeedbackMinimumDuration <= 0 { return .begin }
                deadline = t.saturatingAdd(p.pointee.pressFeedbackMinimumDuration)
                return .none
            case .move:
                return .none
            case .timer:
                deadline = .max
                return .begin
            case .up:
                guard touches.pointee.activeCount == 1 else { return .none }
                // Lifted before the delay: the pressed state flashes at the
                // lift (the arena ends it at once, see `count`).
                deadline = .max
                count = 1
                return .begin
            case .cancel:
                return .fail
            }
        case .began:
            switch event {
            case .up where touches.pointee.activeCount == 1:
                committed = true
                return .end
            case .cancel:
                committed = false
                return .end
            default:
                return .none
            }
        default:
            return .none
        }
    }

    /// Whether a press feedback was shown at the lift and is over at once.
    var endsWhenShown: Bool { kind == .pressFeedback && count > 0 }

    /// The cell of the region's ``RecognizerOptions/columns`` ×
    /// ``RecognizerOptions/rows`` grid (a list's rows, a grid's items)
    /// under a point, clamped into the grid; nil when the region has no
    /// area.
    func cell(x: Double, y: Double) -> (column: Int, row: Int)? {
        let width = (rect.maxX - rect.minX) / Double(options.columns)
        let height = (rect.maxY - rect.minY) / Double(options.rows)
        guard width > 0, height > 0 else { return nil }
        let column = min(max(((x - rect.minX) / width).rounded(.down), 0), Double(options.columns - 1))
        let row = min(max(((y - rect.minY) / height).rounded(.down), 0), Double(options.rows - 1))
        return (Int(column), Int(row))
    }
}
