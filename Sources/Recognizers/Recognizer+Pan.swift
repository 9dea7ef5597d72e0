import TraceModel

// MARK: - Pan and scroll

extension Recognizer {
    /// Pan (kind `.pan`, slop `pan.slop`) and scroll (kind `.scroll`, slop
    /// `scroll.slop`). Begins when the fingers' mean translation passes the
    /// slop; a scroll with an axis begins only if the movement lies within
    /// `scroll.axisAngle` of it (then stays locked to it), and a scroll that
    /// obeys the tab lock is dropped during `tabSwipe.verticalScrollLock`
    /// after a tab swipe ends — committed or sprung back, as in the reference
    /// app, which starts the lock when any horizontal swipe ends. Direction:
    /// the dominant one when it began.
    mutating func pan(
        _ event: TouchEvent, slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>,
        _ shared: SharedState, _ compare: inout SoftThreshold
    ) -> RecognizerVerdict {
        switch state {
        case .possible:
            switch event {
            case .down:
                if touches.pointee.activeCount == 1 {
                    downT = t
                    panX0 = touches.pointee.panX
                    panY0 = touches.pointee.panY
                }
                return touches.pointee.activeCount > options.maxTouches ? .fail : .none
            case .move:
                // UIKit's minimumNumberOfTouches: not before enough fingers are down.
                guard touches.pointee.activeCount >= options.minTouches else { return .none }
                let (tx, ty) = translation(touches)
                let slop2 = kind == .pan ? p.pointee.panSlop2 : p.pointee.scrollSlop2
                guard tx * tx + ty * ty > slop2 else { return .none }
                switch options.axis {
                case .free: break
                case .vertical: if compare.exceeds(abs(tx), p.pointee.scrollAxisTangent * abs(ty)) { return .fail }
                case .horizontal: if compare.exceeds(abs(ty), p.pointee.scrollAxisTangent * abs(tx)) { return .fail }
                }
                direction =
                    options.axis == .horizontal
                    ? (tx < 0 ? .left : .right)
                    : options.axis == .vertical ? (ty < 0 ? .up : .down) : dominantDirection(dx: tx, dy: ty)
                onset = touches.pointee.onset
                if options.obeysTabLock, shared.sinceTabSwipeEnd(t) < p.pointee.tabSwipeVerticalScrollLock {
                    dropReason = .verticalScrollLock
                    return .drop
                }
                return .begin
            case .up, .cancel, .timer:
                return undecided(event, touches)
            }
        case .began:
            guard isRelease(event, touches) else { return .none }
            let v = touches.pointee.releaseVelocity(slot, at: t)
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

    /// A lift, cancel or timer before a one-finger drag recognizer decided:
    /// the last finger's lift, a cancel or a timer fails it; a lift while
    /// other fingers stay down changes nothing.
    @inline(__always)
    func undecided(_ event: TouchEvent, _ touches: UnsafePointer<Touches>) -> RecognizerVerdict {
        event == .up && touches.pointee.activeCount != 1 ? .none : .fail
    }

    /// Whether `event` releases a begun drag: the last finger lifted, or the
    /// contact was cancelled.
    @inline(__always)
    func isRelease(_ event: TouchEvent, _ touches: UnsafePointer<Touches>) -> Bool {
        (event == .up || event == .cancel) && touches.pointee.activeCount == 1
    }

    /// Shared start of the one-finger horizontal or vertical drags (swipe
    /// actions, card, dismiss, edge): records the anchor on the first finger
    /// and fails when more fingers than allowed come down.
    mutating func dragDown(slot: Int, t: Micros, _ touches: UnsafePointer<Touches>) -> RecognizerVerdict {
        anchorFirstDown(slot: slot, t: t, touches)
        return touches.pointee.activeCount > options.maxTouches ? .fail : .none
    }

    /// On the contact's first finger: anchors the time, the finger's point
    /// and the centroid that ``translation(_:)`` measures from. Returns
    /// whether this was the first finger (later fingers anchor nothing:
    /// the translation stays measured from where the contact began).
    @discardableResult
    mutating func anchorFirstDown(slot: Int, t: Micros, _ touches: UnsafePointer<Touches>) -> Bool {
        guard touches.pointee.activeCount == 1 else { return false }
        downT = t
        downX = touches.pointee.slots[slot].x
        downY = touches.pointee.slots[slot].y
        panX0 = touches.pointee.panX
        panY0 = touches.pointee.panY
        return true
    }
}
