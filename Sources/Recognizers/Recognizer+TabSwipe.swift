import GesturePhysics
import TraceModel

// MARK: - Tab swipe (paged tabs)

extension Recognizer {
    /// Horizontal paging between the scene's tabs, by the tab session's
    /// rules (the interactive tab-swipe session, an app of its own that the
    /// reading-app scene borrows its paging from).
    ///
    /// **Directional bias on the whole translation.** The session guards
    /// its drag with `guard verticalDistance < horizontalDistance *
    /// verticalThreshold else { return }` on the whole translation (|ty| <
    /// bias × |tx|, both from the touch-down), in its drag's change handler
    /// and in its end handler alike. The bias is
    /// `tabSwipe.directionalBias` (3.5) or, while the momentum window is
    /// open (``SharedState/inMomentumWindow(_:)``), `tabSwipe.momentumBias`
    /// (6.0), looked up at every sample. Read here as:
    /// - a sample on which the guard fails (vertical ≥ horizontal × bias)
    ///   is skipped — that update only (the guard's `return`,
    ///   001_f8e9ba9022a96da8.txt:167), before the swipe began as after:
    ///   nothing fails the swipe for the whole contact. Past `tabSwipe.slop`
    ///   the first sample the guard passes begins it, so a drag whose first
    ///   sample is steep and then flattens still pages. A scroll beside it
    ///   (declared after it: ties are the tab swipe's) takes a drag the
    ///   guard keeps skipping: 100 H + 300 V pages, 50 H + 200 V scrolls,
    ///   and right after a change 50 H + 280 V pages;
    /// - after it began, a steep sample is skipped the same way, and later
    ///   samples and the lift decide on the translation as it then is;
    /// - the lift is judged by the same guard: steep at the lift, no switch.
    ///
    /// **Drops.** A swipe deciding within `tabSwipe.horizontalLock` (150 ms)
    /// of a committed tab swipe is swallowed: a ``Drop``. Boundary
    /// prevention (right on the first tab, left on the last, unless the
    /// pages wrap around: ``RecognizerOptions/wrapsAround``) is checked on
    /// every update, on the direction the translation then has
    /// (001_f8e9ba9022a96da8.txt:204-211): an update towards no tab is
    /// skipped, so a drag that starts towards the edge and reverses pages
    /// the other way; one that never reverses is a boundary ``Drop`` at
    /// the lift. The tab session's proposed rubber-banding
    /// (`tabSwipe.edgeRubberBand` > 0: its next step follows the finger at
    /// 0.3, 001_f8e9ba9022a96da8.txt:510-515) lets the page follow past the
    /// edge instead: the swipe begins on an update towards no tab and
    /// springs back at the lift from where the page went (translation ×
    /// the fraction); nothing is dropped.
    ///
    /// **Release, regardless of direction.** The page switches if
    /// |translation| > `tabSwipe.distanceThreshold` (120 pt, the slow path)
    /// or |projected distance| > `tabSwipe.projectedDistanceTrigger` (100
    /// pt) — the reference app's "fast trigger 100", UIKit's
    /// `predictedEndTranslation − translation`, i.e. velocity ×
    /// 0.998/(1−0.998) / 1000 ≈ velocity × 0.5 s, so ≈ 200 pt/s. Both are
    /// absolute values: neither looks at the direction the swipe began in,
    /// nor at the sign of the velocity. The page switches towards the side
    /// the translation is on at the lift (left of the touch-down: the next
    /// tab), and that is the recognition's direction. So 300 pt/s over 60
    /// pt switches (projects 150 pt), 150 pt/s over 50 pt snaps back (75
    /// pt), 80 pt/s over 130 pt switches (distance), 50 pt/s over 100 pt
    /// snaps back; a swipe that began left and came back past its start to
    /// +130 pt switches to the previous tab; a 60 pt leftward drag flicked
    /// back rightward at 400 pt/s at the lift (projects +200 pt) still
    /// switches to the next tab. A switch towards no tab springs back.
    ///
    /// **Ends start the vertical scroll lock.** Every end — committed or
    /// sprung back (steep at the lift included) — restarts `tabSwipe.verticalScrollLock`
    /// (the reference app starts it when any horizontal swipe ends); a
    /// committed one also restarts the horizontal lock and the momentum
    /// window.
    mutating func tabSwipe(
        _ event: TouchEvent, slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>,
        _ shared: inout SharedState, _ compare: inout SoftThreshold
    ) -> RecognizerVerdict {
        switch dragStep(event, slot: slot, t: t, touches) {
        case .decided(let verdict):
            // Lifted while pressing against the edge (undecided, the last
            // update towards no tab): swallowed by boundary prevention.
            guard state == .possible, event != .down, verdict == .fail, armed else { return verdict }
            dropReason = .boundary
            return .drop
        case .moved(let tx, let ty):
            guard tx * tx + ty * ty > p.pointee.tabSwipeSlop2 else { return .none }
            // A steep update is skipped, not fatal (001_f8e9ba9022a96da8.txt:167).
            guard Recognizer.tabSwipeBiasHolds(tx, ty, t: t, shared, p, &compare) else {
                armed = false
                return .none
            }
            direction = tx < 0 ? .left : .right
            onset = touches.pointee.onset
            value = Double(shared.currentTab)
            if shared.sinceTabSwipeCommit(t) < p.pointee.tabSwipeHorizontalLock {
                dropReason = .horizontalLock
                return .drop
            }
            // Towards no tab: this update is skipped (001_f8e9ba9022a96da8.txt:204-211);
            // `armed` remembers that the last one was, for the lift.
            // With the proposed rubber-banding (`tabSwipe.edgeRubberBand` > 0,
            // 001_f8e9ba9022a96da8.txt:510-515) the page follows instead: the swipe begins.
            let target = tabSwipeTarget(tx, shared)
            if target < 0 || target >= shared.tabCount, p.pointee.tabSwipeEdgeRubberBand <= 0 {
                armed = true
                return .none
            }
            return .begin
        case .released(let tx, let ty):
            // While dragging, a steep sample is only skipped (and a flat one
            // just moves the page): the lift decides.
            let steady = Recognizer.tabSwipeBiasHolds(tx, ty, t: t, shared, p, &compare)
            let v = touches.pointee.releaseVelocity(slot, at: t).dx
            velocity = v
            let projected = p.pointee.projectedDistance(velocity: v)
            let target = tabSwipeTarget(tx, shared)
            committed =
                event == .up && steady && target >= 0 && target < shared.tabCount
                && (compare.exceeds(abs(tx), p.pointee.tabSwipeDistanceThreshold)
                    || compare.exceeds(abs(projected), p.pointee.tabSwipeProjectedTrigger))
            if committed {
                direction = tx < 0 ? .left : .right
                shared.changeTab(to: target, at: t, momentumWindow: p.pointee.tabSwipeMomentumWindow)
                shared.lastTabSwipeCommit = t
                springDistance = (tx < 0 ? -1 : 1) * touches.pointee.screenWidth - tx
            } else if target < 0 || target >= shared.tabCount {
                // Past an edge the page followed the finger by the rubber band's
                // fraction (0.3 in the proposed step, 001_f8e9ba9022a96da8.txt:515).
                springDistance = -tx * p.pointee.tabSwipeEdgeRubberBand
            } else {
                springDistance = -tx
            }
            shared.lastTabSwipeEnd = t
            value = Double(shared.currentTab)
            return .end
        }
    }

    /// The page a swipe with translation `tx` goes to: the next for a finger
    /// moving left, the previous for one moving right; past an edge, the
    /// other end when the pages wrap around, else a page that does not
    /// exist (the boundary the reference app stops at).
    @inline(__always)
    func tabSwipeTarget(_ tx: Double, _ shared: SharedState) -> Int {
        let target = shared.currentTab + (tx < 0 ? 1 : -1)
        guard options.wrapsAround, shared.tabCount > 1 else { return target }
        return (target + shared.tabCount) % shared.tabCount
    }

    /// The tab session's guard, `vertical < horizontal × bias`, on the whole
    /// translation; the bias is the momentum bias while the momentum window
    /// is open (``SharedState/inMomentumWindow(_:)``: it ends
    /// `tabSwipe.momentumWindow` after the first change of a burst).
    @inline(__always)
    static func tabSwipeBiasHolds(
        _ tx: Double, _ ty: Double, t: Micros, _ shared: SharedState, _ p: UnsafePointer<ResolvedParameters>,
        _ compare: inout SoftThreshold
    ) -> Bool {
        let bias = shared.inMomentumWindow(t) ? p.pointee.tabSwipeMomentumBias : p.pointee.tabSwipeBias
        return compare.below(abs(ty), bias * abs(tx))
    }
}
