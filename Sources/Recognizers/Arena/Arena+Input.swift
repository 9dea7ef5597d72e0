import TraceModel

// MARK: - Sessions and input

// The entry points: a session begins and finishes, touch and motion
// samples arrive (one at a time or a compiled session at once), timers
// run for an observer. Each entry point checks once that the storage is
// this arena's own, then hands the sample to the concern that acts on
// it: a first finger down starts a contact (Arena+Contacts.swift), every
// event is delivered to the members (Arena+Delivery.swift), due timers
// fire first (Arena+Timers.swift).
extension Arena {
    // MARK: - Sessions

    /// Resets everything for a new session on a screen of the given size
    /// (regions are resolved to points here, once).
    package mutating func beginSession(screenWidth: Double, screenHeight: Double) {
        makeStorageUnique()
        for i in 0..<memberCount {
            members[i].reset()
            members[i].rect = members[i].region.resolved(
                screenWidth: screenWidth, screenHeight: screenHeight, edgeWidth: storage.tuning.pointee.edgeWidth)
            members[i].scrollRect =
                members[i].options.scrollArea.map {
                    $0.resolved(screenWidth: screenWidth, screenHeight: screenHeight, edgeWidth: storage.tuning.pointee.edgeWidth)
                } ?? members[i].rect
        }
        if screenWidth != hitGridWidth || screenHeight != hitGridHeight { makeHitGrid(width: screenWidth, height: screenHeight) }
        storage.touches.pointee.reset(width: screenWidth, height: screenHeight)
        shared = initialShared
        compare.reset()
        contact = 0
        live = 0
        started = 0
        decided = 0
        nextDeadline = .max
        now = 0
        pendingMoves = 0
        pendingChanged = 0
        settled = false
        recognitions.removeAll(keepingCapacity: true)
        drops.removeAll(keepingCapacity: true)
        contacts.removeAll(keepingCapacity: true)
    }

    /// Lets pending timers run out (a single tap waiting for a double tap is
    /// recognized when the window closes) and fails what is still undecided.
    package mutating func finishSession() {
        makeStorageUnique()
        if pendingMoves != 0 { deliverFrame() }
        fireTimers(upTo: .max - 1)
        var m = live
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            fail(i, at: now)
        }
    }

    // MARK: - Input

    /// One touch sample. Samples must come in time order (the format's rule).
    package mutating func touch(t: Micros, pointer: Int32, phase: TouchPhase, x: Double, y: Double) {
        makeStorageUnique()
        touchSample(t: t, pointer: pointer, phase: phase, x: x, y: y)
    }

    /// One session's samples, as a compiled corpus keeps them (a column
    /// per field), replayed in time order — touch first on equal times —
    /// with one check that the storage is this arena's own for the whole
    /// session instead of one per sample.
    package mutating func replay(
        touches: Range<Int>, t: UnsafeBufferPointer<Micros>, pointer: UnsafeBufferPointer<Int32>,
        phase: UnsafeBufferPointer<TouchPhase>, x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>,
        motion: Range<Int>, motionT: UnsafeBufferPointer<Micros>, ax: UnsafeBufferPointer<Double>,
        ay: UnsafeBufferPointer<Double>, az: UnsafeBufferPointer<Double>
    ) {
        makeStorageUnique()
        var j = motion.lowerBound
        for i in touches {
            let ti = t[i]
            while j < motion.upperBound, motionT[j] < ti {
                motionSample(t: motionT[j], ax: ax[j], ay: ay[j], az: az[j])
                j += 1
            }
            touchSample(t: ti, pointer: pointer[i], phase: phase[i], x: x[i], y: y[i])
        }
        while j < motion.upperBound {
            motionSample(t: motionT[j], ax: ax[j], ay: ay[j], az: az[j])
            j += 1
        }
    }

    /// ``touch(t:pointer:phase:x:y:)`` once the storage is known to be this
    /// arena's own.
    @inline(__always)
    private mutating func touchSample(t: Micros, pointer: Int32, phase: TouchPhase, x: Double, y: Double) {
        if pendingMoves != 0, t != pendingT || (phase != .moved && phase != .stationary) { completeFrame() }
        now = t
        let touches = storage.touches
        if t >= nextDeadline { fireTimers(upTo: t) }
        switch phase {
        case .began:
            if touches.pointee.activeCount == 0 { startContact(t: t, x: x, y: y) }
            let slot = touches.pointee.down(pointer: pointer, t: t, x: x, y: y)
            guard slot >= 0 else { return }
            deliver(.down, slot: slot, t: t)
            if touches.pointee.activeCount == 1 { lateJoin(slot: slot, t: t, x: x, y: y) }
        case .moved, .stationary:
            let slot = touches.pointee.slot(of: pointer)
            guard slot >= 0 else { return }
            let changed = touches.pointee.move(slot, t: t, x: x, y: y)
            if wholeFrames {
                pendingMoves |= 1 << UInt16(slot)
                if changed { pendingChanged |= 1 << UInt16(slot) }
                pendingT = t
            } else {
                deliver(.move, slot: slot, t: t, changed: changed)
            }
        case .ended, .cancelled:
            let slot = touches.pointee.slot(of: pointer)
            guard slot >= 0 else { return }
            touches.pointee.up(slot, t: t, x: x, y: y)
            if touches.pointee.activeCount == 1 { failWaitingContinuous(at: t) }
            deliver(phase == .ended ? .up : .cancel, slot: slot, t: t)
            touches.pointee.remove(slot)
            if touches.pointee.activeCount == 0 { endContact(t: t) }
        }
    }

    /// One motion sample (user acceleration in g), for shake recognizers.
    package mutating func motion(t: Micros, ax: Double, ay: Double, az: Double) {
        makeStorageUnique()
        motionSample(t: t, ax: ax, ay: ay, az: az)
    }

    /// ``motion(t:ax:ay:az:)`` once the storage is known to be this arena's own.
    private mutating func motionSample(t: Micros, ax: Double, ay: Double, az: Double) {
        if pendingMoves != 0 { deliverFrame() }
        now = t
        if t >= nextDeadline { fireTimers(upTo: t) }
        var m = motionMask
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            switch members[i].shake(t: t, ax: ax, ay: ay, storage.tuning, shared, &compare) {
            case .begin:
                settled = false
                members[i].state = .recognized
                shared.lastShake = t
                members[i].applyAction(at: t, tuning: storage.tuning, touches: storage.touches, shared: &shared)
                record(i, at: t, touchDown: members[i].onset)
                members[i].state = .idle
            case .drop:
                settled = false
                drops.append(
                    Drop(
                        recognizer: i, kind: .shake, direction: nil, t: t, reason: members[i].dropReason))
            default:
                break
            }
        }
    }
}
