import TraceModel

// MARK: - Press feedback: the pressed state and the ripple

extension Recognizer {
    /// The pressed state of a control: it shows `pressFeedback.minimumDuration`
    /// after touch-down (0: at once — the reference app's zero-duration press
    /// with unlimited movement), or at the lift if that comes first, and the
    /// control shrinks to `pressFeedback.itemScale` (items) or `buttonScale`
    /// (buttons) about the centre of the item under the finger. Movement
    /// never cancels it; any gesture but a tap does (the arena cancels
    /// feedback when a scroll, drag, swipe, context menu… wins the contact).
    ///
    /// Measured, not judged: latency from touch-down to the pressed state,
    /// and at the lift the ripple's distance from the finger — the ripple is
    /// drawn where the finger went down, inside the scaled item, so it lands
    /// off the lift point by the finger's movement and by the scale.
    mutating func pressFeedback(
        _ event: TouchEvent, slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>,
        _ compare: inout SoftThreshold
    ) -> Verdict {
        switch state {
        case .possible:
            switch event {
            case .down:
                guard touches.pointee.activeCount == 1 else { return .none }
                downT = t
                onset = t
                downX = touches.pointee.slots[slot].x
                downY = touches.pointee.slots[slot].y
                locateItem()
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
                ripple(slot: slot, touches, p)
                count = 1
                return .begin
            case .cancel:
                return .fail
            }
        case .began:
            switch event {
            case .up where touches.pointee.activeCount == 1:
                ripple(slot: slot, touches, p)
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

    /// The centre of the grid item under the touch-down.
    private mutating func locateItem() {
        guard let (column, row) = cell(x: downX, y: downY) else {
            itemX = downX
            itemY = downY
            return
        }
        let width = (rect.maxX - rect.minX) / Double(options.columns)
        let height = (rect.maxY - rect.minY) / Double(options.rows)
        itemX = rect.minX + (Double(column) + 0.5) * width
        itemY = rect.minY + (Double(row) + 0.5) * height
    }

    /// The ripple's distance from the lift point: the ripple starts at the
    /// touch-down point of the scaled item.
    private mutating func ripple(slot: Int, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>) {
        let scale =
            switch options.pressStyle {
            case .item: p.pointee.pressFeedbackItemScale
            case .button: p.pointee.pressFeedbackButtonScale
            case .pill: p.pointee.actionPillPressedScale
            }
        let rippleX = itemX + (downX - itemX) * scale, rippleY = itemY + (downY - itemY) * scale
        let x = touches.pointee.slots[slot].x, y = touches.pointee.slots[slot].y
        value = ((x - rippleX) * (x - rippleX) + (y - rippleY) * (y - rippleY)).squareRoot()
    }
}
