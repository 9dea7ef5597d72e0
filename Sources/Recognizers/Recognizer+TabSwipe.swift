import TraceModel

// MARK: - Tab swipe (paged tabs)

extension Recognizer {
    /// Horizontal paging between the scene's tabs.
    ///
    /// **Direction.** Once the translation passes `tabSwipe.slop`, horizontal
    /// wins unless |vertical| > bias × |horizontal|, where the bias is
    /// `tabSwipe.directionalBias` (3.5) or, within `tabSwipe.momentumWindow`
    /// (0.8 s) of a tab change, `tabSwipe.momentumBias` (6.0): 100 H + 300 V
    /// pages, 50 H + 200 V scrolls, and right after a change 50 H + 280 V
    /// still pages.
    ///
    /// **Drops.** A horizontal decision within `tabSwipe.horizontalLock`
    /// (150 ms) of a change, or towards no tab (right on the first tab, left
    /// on the last — boundary prevention) is swallowed: a ``Drop``.
    ///
    /// **Release.** The page switches if the translation exceeds
    /// `tabSwipe.distanceThreshold` (120 pt, the slow path) or if the
    /// projected distance — the reference app's "fast trigger 100", UIKit's
    /// `predictedEndTranslation − translation`, i.e. velocity × 0.998/(1−0.998)
    /// / 1000 ≈ velocity × 0.5 s — exceeds `tabSwipe.projectedDistanceTrigger`
    /// (100 pt). So the fast path means a release velocity above ≈ 200 pt/s:
    /// 300 pt/s over 60 pt switches (projects 150 pt), 150 pt/s over 50 pt
    /// snaps back (75 pt), 80 pt/s over 130 pt switches (distance), 50 pt/s
    /// over 100 pt snaps back.
    ///
    /// A finger moving left shows the next tab (direction `left`).
    mutating func tabSwipe(
        _ event: TouchEvent, slot: Int, t: Micros, _ touches: UnsafePointer<Touches>, _ p: UnsafePointer<ResolvedParameters>,
        _ shared: inout SharedState, _ compare: inout SoftThreshold
    ) -> Verdict {
        switch state {
        case .possible:
            switch event {
            case .down:
                return dragDown(slot: slot, t: t, touches)
            case .move:
                let (tx, ty) = translation(touches)
                guard tx * tx + ty * ty > p.pointee.tabSwipeSlop2 else { return .none }
                let since = shared.sinceTabChange(t)
                let bias = since < p.pointee.tabSwipeMomentumWindow ? p.pointee.tabSwipeMomentumBias : p.pointee.tabSwipeBias
                if compare.exceeds(abs(ty), bias * abs(tx)) { return .fail }
                direction = tx < 0 ? .left : .right
                onset = touches.pointee.onset
                value = Double(shared.currentTab)
                if since < p.pointee.tabSwipeHorizontalLock {
                    dropReason = .horizontalLock
                    return .drop
                }
                let target = shared.currentTab + (tx < 0 ? 1 : -1)
                if target < 0 || target >= shared.tabCount {
                    dropReason = .boundary
                    return .drop
                }
                return .begin
            case .up, .cancel, .timer:
                return undecided(event, touches)
            }
        case .began:
            guard isRelease(event, touches) else { return .none }
            let (tx, _) = translation(touches)
            let v = touches.pointee.releaseVelocity(slot, at: t).dx
            velocity = v
            // Toward the commit direction (positive = further the way it began).
            let sign: Double = direction == .left ? -1 : 1
            let along = tx * sign
            let projected = p.pointee.projectedDistance(velocity: v) * sign
            let target = shared.currentTab + (direction == .left ? 1 : -1)
            committed = event == .up && target >= 0 && target < shared.tabCount
                && (compare.exceeds(along, p.pointee.tabSwipeDistanceThreshold)
                    || compare.exceeds(projected, p.pointee.tabSwipeProjectedTrigger))
            if committed {
                shared.currentTab = target
                shared.lastTabChange = t
                springDistance = sign * touches.pointee.screenWidth - tx
            } else {
                springDistance = -tx
            }
            value = Double(shared.currentTab)
            return .end
        default:
            return .none
        }
    }
}
