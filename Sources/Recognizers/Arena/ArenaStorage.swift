import GesturePhysics
import TraceModel

// MARK: - The arena's storage

// Why behind pointers: the arena is a value (a copied arena replays on
// its own), but the per-sample calls into a member, the tuning and the
// touch table must not pay a copy-on-write check, a bounds check or a
// copy each. So they live in one heap object, copied on write as a
// whole by `makeStorageUnique()` at each entry point, and are passed by
// address within a call.

/// Heap storage for an arena's tuning and touch table, copied on write.
final class ArenaStorage: @unchecked Sendable {
    let tuning: UnsafeMutablePointer<ResolvedParameters>
    let touches: UnsafeMutablePointer<Touches>
    let slots: UnsafeMutablePointer<Touches.Slot>
    let trackers: UnsafeMutablePointer<VelocityTracker>
    let recognizers: UnsafeMutablePointer<Recognizer>
    let recognizerCount: Int
    /// The hit grid (`Arena.mayHit(x:y:)`): per column, per row, a member mask.
    let hitColumns: UnsafeMutablePointer<UInt64>
    let hitRows: UnsafeMutablePointer<UInt64>
    let angleMemo: UnsafeMutablePointer<Touches.AngleMemo>

    init(tuning: ResolvedParameters, recognizers: [Recognizer]) {
        self.tuning = .allocate(capacity: 1)
        self.tuning.initialize(to: tuning)
        slots = .allocate(capacity: Touches.capacity)
        slots.initialize(repeating: Touches.Slot(), count: Touches.capacity)
        trackers = .allocate(capacity: Touches.capacity)
        trackers.initialize(repeating: VelocityTracker(), count: Touches.capacity)
        touches = .allocate(capacity: 1)
        angleMemo = .allocate(capacity: 1)
        angleMemo.initialize(to: Touches.AngleMemo())
        touches.initialize(to: Touches(slots: slots, trackers: trackers, angleMemo: angleMemo))
        recognizerCount = recognizers.count
        self.recognizers = .allocate(capacity: max(1, recognizers.count))
        _ = UnsafeMutableBufferPointer(start: self.recognizers, count: recognizers.count).initialize(from: recognizers)
        hitColumns = .allocate(capacity: Arena.hitGridColumns)
        hitColumns.initialize(repeating: 0, count: Arena.hitGridColumns)
        hitRows = .allocate(capacity: Arena.hitGridRows)
        hitRows.initialize(repeating: 0, count: Arena.hitGridRows)
    }

    func copy() -> ArenaStorage {
        let other = ArenaStorage(
            tuning: tuning.pointee, recognizers: Array(UnsafeBufferPointer(start: recognizers, count: recognizerCount)))
        other.slots.update(from: slots, count: Touches.capacity)
        other.trackers.update(from: trackers, count: Touches.capacity)
        other.hitColumns.update(from: hitColumns, count: Arena.hitGridColumns)
        other.hitRows.update(from: hitRows, count: Arena.hitGridRows)
        var table = touches.pointee
        table.slots = other.slots
        table.trackers = other.trackers
        table.angleMemo = other.angleMemo
        other.touches.pointee = table
        return other
    }

    deinit {
        angleMemo.deallocate()
        hitColumns.deallocate()
        hitRows.deallocate()
        recognizers.deinitialize(count: recognizerCount)
        recognizers.deallocate()
        trackers.deinitialize(count: Touches.capacity)
        trackers.deallocate()
        tuning.deinitialize(count: 1)
        tuning.deallocate()
        touches.deinitialize(count: 1)
        touches.deallocate()
        slots.deinitialize(count: Touches.capacity)
        slots.deallocate()
    }
}

extension Arena {
    /// Value semantics: a copied arena gets its own storage before it changes.
    @inline(__always)
    mutating func makeStorageUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }
}
