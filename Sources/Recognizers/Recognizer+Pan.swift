import GesturePhysics
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
        // Pan's own touch-down: it anchors the time and the centroid, not
        // the finger's point as `dragDown` does (its `downX`, `downY` stay
        // as reset, for an action that would read them).
        if state == .possible, event == .down {
            if touches.pointee.activeCount == 1 {
                downT = t
                panX0 = touches.pointee.panX
                panY0 = touches.pointee.panY
            }
            return touches.pointee.activeCount > options.maxTouches ? .fail : .none
        }
        switch dragStep(event, slot: slot, t: t, touches) {
        case .decided(let verdict):
            return verdict
        case .moved(let tx, let ty):
            // UIKit's minimumNumberOfTouches: not before enough fingers are down.
            guard touches.pointee.activeCount >= options.minTouches else { return .none }
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
        case .released(let tx, let ty):
            let v = touches.pointee.releaseVelocity(slot, at: t)
            velocity = options.axis == .horizontal ? v.dx : options.axis == .vertical ? v.dy : v.magnitude
            dx = tx
            dy = ty
            committed = event == .up
            return .end
        }
    }
}
