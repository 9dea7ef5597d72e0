import TraceModel

// MARK: - Shake (device motion)

extension Recognizer {
    /// Shake: strokes of user acceleration above `shake.threshold` (g) along
    /// the device's x or y axis, alternating in sign; `shake.reversals`
    /// reversals within `shake.window` make a shake. Another within
    /// `shake.debounce` (2 s) of the last one — or of the screen appearing,
    /// where the scene starts the debounce there
    /// (``SharedState/init(tabCount:currentTab:shakeDebounceFrom:)``) — is
    /// dropped. Latency onset: the first stroke of the sequence.
    mutating func shake(
        t: Micros, ax: Double, ay: Double, _ p: UnsafePointer<ResolvedParameters>, _ shared: SharedState,
        _ compare: inout SoftThreshold
    ) -> RecognizerVerdict {
        let a = abs(ax) >= abs(ay) ? ax : ay
        // Per-sample: exact (only one-shot decisions feed the surrogate).
        guard abs(a) > p.pointee.shakeThreshold else { return .none }
        let sign = a < 0 ? -1 : 1
        if lastSign == 0 || t - onset > p.pointee.shakeWindow {
            lastSign = sign
            onset = t
            count = 0
            return .none
        }
        guard sign != lastSign else { return .none }
        lastSign = sign
        count += 1
        guard count >= p.pointee.shakeReversals else { return .none }
        lastSign = 0
        count = 0
        downT = onset
        if shared.lastShake != .min, t - shared.lastShake < p.pointee.shakeDebounce {
            dropReason = .debounce
            return .drop
        }
        return .begin
    }
}
