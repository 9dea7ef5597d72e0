import TraceModel

// MARK: - Pan and scroll

extension Recognizer {
    /// Pan (kind `.pan`, slop `pan.slop`) and scroll (kind `.scroll`, slop
    /// `scroll.slop`). Begins when the fingers' mean translation passes the
    /// slop; a scroll with an axis begins only if the movement lies within
    /// `scroll.axisAngle` of it (then stays locked to it), and a scroll that
    /// obeys the tab lock is dropped during `tabSwipe.verticalScrollLock`
    /// after a tab change. Direction: the dominant one when it began.
    mutating func pan(
        _ event: TouchEvent, slot: Int, t: Micros, _ touches: Touches, _ p: Tuning,
        _ shared: SharedState, _ compare: inout SoftThreshold
    ) -> Verdict {
        switch state {
        case .possible:
            switch event {
            case .down:
                if touches.activeCount == 1 {
                    downT = t
                    panX0 = touches.panX
                    panY0 = touches.panY
                }
                return touches.activeCount > options.maxTouches ? .fail : .none
            case .move:
                let (tx, ty) = translation(touches)
                let slop2 = kind == .pan ? p.panSlop2 : p.scrollSlop2
                guard compare.exceeds(tx * tx + ty * ty, slop2) else { return .none }
                switch options.axis {
                case .free: break
                case .vertical: if compare.exceeds(abs(tx), p.scrollAxisTangent * abs(ty)) { return .fail }
                case .horizontal: if compare.exceeds(abs(ty), p.scrollAxisTangent * abs(tx)) { return .fail }
                }
                direction = options.axis == .horizontal
                    ? (tx < 0 ? .left : .right)
                    : options.axis == .vertical ? (ty < 0 ? .up : .down) : dominantDirection(dx: tx, dy: ty)
                onset = touches.onset
                if options.obeysTabLock, shared.sinceTabChange(t) < p.tabSwipeVerticalScrollLock {
                    dropReason = .verticalScrollLock
                    return .drop
                }
                return .begin
            case .up:
                return touches.activeCount == 1 ? .fail : .none
            case .cancel, .timer:
                return .fail
            }
        case .began:
            guard event == .up || event == .cancel, touches.activeCount == 1 else { return .none }
            let v = touches.releaseVelocity(slot, at: t)
            velocity = options.axis == .horizontal ? v.dx : options.axis == .vertical ? v.dy : v.magnitude
            let (tx, ty) = translation(touches)
            dx = tx
            dy = ty
            committed = event == .up
            return .end
        default:
            return .none
        }
    }

    /// Shared start of the one-finger horizontal or vertical drags (swipe
    /// actions, card, dismiss, edge): records the anchor on the first finger
    /// and fails when more fingers than allowed come down.
    mutating func dragDown(slot: Int, t: Micros, _ touches: Touches) -> Verdict {
        if touches.activeCount == 1 {
            downT = t
            downX = touches.slots[slot].x
            downY = touches.slots[slot].y
            panX0 = touches.panX
            panY0 = touches.panY
        }
        return touches.activeCount > options.maxTouches ? .fail : .none
    }
}
