import Foundation
import GesturePhysics
import TraceModel

// MARK: - The fingers down now

/// The arena's table of pointers: where each went down, where it is, its
/// velocity tracker, and the contact's shared measures (mean translation,
/// two-finger span and angle, motion onset).
///
/// Recognizers read it; only the arena writes it. Fixed capacity
/// (``capacity`` fingers, each with an inline `VelocityTracker`) in memory
/// the arena allocates once and owns: the replay allocates nothing per
/// sample, and the table holds no reference-counted storage, so reading it
/// through a pointer costs no retain/release.
package struct Touches: @unchecked Sendable {
    // `@unchecked`: the slot pointer is owned by one arena's storage, which
    // copies it on write (see `ArenaStorage`); the arena never hands a
    // `Touches` out, so no two threads share one.
    /// Fingers tracked at once; more are ignored (no phone reports more).
    package static let capacity = 10

    package struct Slot: Sendable {
        package var active = false
        package var pointer: Int32 = 0
        package var downT: Micros = 0
        package var downX = 0.0, downY = 0.0
        package var x = 0.0, y = 0.0
        package var t: Micros = 0
    }

    /// ``capacity`` slots, owned by the arena's storage.
    var slots: UnsafeMutablePointer<Slot>
    /// Each slot's velocity tracker, apart from the slots: a tracker is 500
    /// bytes that only a move's `add` and a release read, and inside the
    /// slot it spread the positions every sample reads over ten cache lines.
    var trackers: UnsafeMutablePointer<VelocityTracker>
    /// The active slots, one bit each: the pointer lookup of every sample
    /// visits these only.
    var activeSlots: UInt16 = 0
    /// Fingers down now.
    package internal(set) var activeCount = 0
    /// Most fingers down at once in this contact.
    package internal(set) var maxActive = 0
    /// First touch-down of the contact.
    package internal(set) var contactStart: Micros = 0
    /// First sample of the contact that moved (`.max` until one does).
    package internal(set) var onset: Micros = .max
    /// First sample at which a finger of the contact was ``motionYardstick``
    /// from where it went down (`.max` until one is).
    package internal(set) var movedYardstick: Micros = .max

    /// The distance at which any platform calls a contact a drag: UIKit's
    /// pan begins after about 10 pt, Android's touch slop is 8 dp. A fixed
    /// yardstick, not a tuned constant, so that a recognizer's own slop or
    /// minimum distance shows up in its recognition time instead of moving
    /// the point it is measured from (see `LatencyBudget.Measure.recognition`).
    package static let motionYardstick = 10.0
    /// Mean translation of the fingers since the contact began. Each move adds
    /// its delta divided by the fingers down, so a finger landing or lifting
    /// never makes it jump (UIKit's pan translation behaves the same way).
    package internal(set) var panX = 0.0, panY = 0.0
    /// The two fingers a pinch or rotation follows (-1 when not two down).
    package internal(set) var pairA = -1, pairB = -1
    /// Increments whenever the pair changes, so recognizers re-anchor.
    package internal(set) var pairGeneration = 0
    package internal(set) var screenWidth = 0.0, screenHeight = 0.0

    /// The latest pair angle worked out and the offsets it came from:
    /// rotation and transform both ask for the angle on the same move, and
    /// `atan2` was 3 % of a replay's instructions. A cache keyed by the
    /// offsets' bits, so it returns what `atan2` would (owned by the
    /// arena's storage, like the slots).
    struct AngleMemo {
        var dy = Double.nan, dx = Double.nan, angle = Double.nan
    }
    var angleMemo: UnsafeMutablePointer<AngleMemo>

    init(
        slots: UnsafeMutablePointer<Slot>, trackers: UnsafeMutablePointer<VelocityTracker>,
        angleMemo: UnsafeMutablePointer<AngleMemo>
    ) {
        self.slots = slots
        self.trackers = trackers
        self.angleMemo = angleMemo
    }

    /// A copy of the slots (for inspection and tests).
    package var allSlots: [Slot] { Array(UnsafeBufferPointer(start: slots, count: Touches.capacity)) }

    // MARK: Reading

    /// Distance between the pair (0 without a pair).
    package var span: Double {
        guard pairA >= 0, pairB >= 0 else { return 0 }
        let dx = slots[pairB].x - slots[pairA].x, dy = slots[pairB].y - slots[pairA].y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Angle of the line from the first to the second finger of the pair, in
    /// radians; with y down, increasing means clockwise on screen.
    package var angle: Double {
        guard pairA >= 0, pairB >= 0 else { return 0 }
        let dy = slots[pairB].y - slots[pairA].y, dx = slots[pairB].x - slots[pairA].x
        let memo = angleMemo
        if memo.pointee.dy.bitPattern == dy.bitPattern, memo.pointee.dx.bitPattern == dx.bitPattern {
            return memo.pointee.angle
        }
        let angle = atan2(dy, dx)
        memo.pointee = AngleMemo(dy: dy, dx: dx, angle: angle)
        return angle
    }

    /// Squared distance of a finger from where it went down.
    func moved2(_ slot: Int) -> Double {
        let dx = slots[slot].x - slots[slot].downX, dy = slots[slot].y - slots[slot].downY
        return dx * dx + dy * dy
    }

    /// The release velocity of a finger lifting at `t`, by the spec's rule
    /// (lsq2 over the last 100 ms; 0 if it had stopped for over 40 ms).
    func releaseVelocity(_ slot: Int, at t: Micros) -> Velocity {
        trackers[slot].releaseVelocity(at: t)
    }

    // MARK: Writing (arena only)

    mutating func reset(width: Double, height: Double) {
        for i in 0..<Touches.capacity { slots[i].active = false }
        activeSlots = 0
        activeCount = 0
        maxActive = 0
        panX = 0
        panY = 0
        pairA = -1
        pairB = -1
        onset = .max
        movedYardstick = .max
        screenWidth = width
        screenHeight = height
    }

    @inline(__always)
    func slot(of pointer: Int32) -> Int {
        var m = activeSlots
        while m != 0 {
            let i = m.trailingZeroBitCount
            if slots[i].pointer == pointer { return i }
            m &= m - 1
        }
        return -1
    }

    /// Adds a finger; returns its slot (-1 when the table is full). Starts a
    /// new contact when no finger was down.
    mutating func down(pointer: Int32, t: Micros, x: Double, y: Double) -> Int {
        var free = -1
        for i in 0..<Touches.capacity where !slots[i].active {
            free = i
            break
        }
        guard free >= 0 else { return -1 }
        if activeCount == 0 {
            contactStart = t
            onset = .max
            movedYardstick = .max
            panX = 0
            panY = 0
            maxActive = 0
        }
        slots[free].active = true
        slots[free].pointer = pointer
        slots[free].downT = t
        slots[free].downX = x
        slots[free].downY = y
        slots[free].x = x
        slots[free].y = y
        slots[free].t = t
        activeSlots |= 1 << UInt16(free)
        trackers[free].reset()
        trackers[free].add(t: t, x: x, y: y)
        activeCount += 1
        if activeCount > maxActive { maxActive = activeCount }
        if pairB < 0 {
            if pairA < 0 {
                pairA = free
            } else {
                pairB = free
                pairGeneration &+= 1
            }
        }
        return free
    }

    /// Shifts the pan by this finger's share of a movement to (`x`, `y`)
    /// (the first movement of the contact is its onset); whether it moved.
    /// Inlined: it runs for every sample.
    @inline(__always)
    private mutating func shiftPan(_ slot: Int, t: Micros, x: Double, y: Double) -> Bool {
        let dx = x - slots[slot].x, dy = y - slots[slot].y
        guard dx != 0 || dy != 0 else { return false }
        if onset == .max { onset = t }
        let share = 1 / Double(activeCount)
        panX += dx * share
        panY += dy * share
        return true
    }

    /// Moves a finger; returns whether its position changed (a finger at
    /// rest sends samples too).
    @discardableResult
    mutating func move(_ slot: Int, t: Micros, x: Double, y: Double) -> Bool {
        let moved = shiftPan(slot, t: t, x: x, y: y)
        slots[slot].x = x
        slots[slot].y = y
        slots[slot].t = t
        trackers[slot].add(t: t, x: x, y: y)
        if movedYardstick == .max, moved2(slot) >= Touches.motionYardstick * Touches.motionYardstick {
            movedYardstick = t
        }
        return moved
    }

    /// The `ended` sample carries no new movement (spec), but a position that
    /// differs is still where the finger lifted: it moves the translation.
    mutating func up(_ slot: Int, t: Micros, x: Double, y: Double) {
        if shiftPan(slot, t: t, x: x, y: y) {
            slots[slot].x = x
            slots[slot].y = y
        }
    }

    /// Called after the recognizers saw the lift.
    mutating func remove(_ slot: Int) {
        slots[slot].active = false
        activeSlots &= ~(1 << UInt16(slot))
        activeCount -= 1
        if slot == pairA || slot == pairB {
            pairA = -1
            pairB = -1
            pairGeneration &+= 1
            // Re-pair the remaining fingers, oldest first.
            for i in 0..<Touches.capacity where slots[i].active {
                if pairA < 0 { pairA = i } else if pairB < 0 { pairB = i }
            }
            if pairB < 0 { pairA = activeCount == 1 ? pairA : -1 }
        }
    }
}
