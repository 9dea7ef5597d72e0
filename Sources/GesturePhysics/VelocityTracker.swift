import TraceModel

// MARK: - Velocity tracker

/// Estimates one pointer's velocity from its recent samples, the way gesture
/// recognizers do at release (spec: "Velocity at release").
///
/// Feed it a pointer's `began`, `moved` and `stationary` samples in time
/// order, then ask for ``releaseVelocity(at:)`` when the pointer ends:
///
/// ```swift
/// var tracker = VelocityTracker()              // .lsq2
/// tracker.add(t: 0,      x: 100, y: 400)
/// tracker.add(t: 8_000,  x: 110, y: 400)
/// tracker.add(t: 16_000, x: 120, y: 400)
/// tracker.releaseVelocity(at: 24_000)          // (1250.0, 0.0) pt/s
/// tracker.releaseVelocity(at: 60_000)          // .zero: 44 ms without a sample
/// ```
///
/// ## The window
/// Every strategy sees the same window: walking back from the newest sample
/// over at most ``capacity`` (20) samples, it stops at the first sample older
/// than ``horizon`` (100 ms, measured from the newest sample) or separated
/// from its newer neighbour by more than ``assumeStoppedGap`` (40 ms): a
/// finger that paused and moved again is judged on the new movement only.
/// Both comparisons are on integer microseconds, so a sample exactly 100 ms
/// old is inside the window however its time was written in the trace.
///
/// ## Cost
/// The tracker sits in the simulator's hot path, so it is a fixed-capacity
/// ring buffer stored inline (no heap allocation at all): ``add(t:x:y:)`` is
/// a store and two increments; the window walk and the fit happen only when a
/// velocity is asked for.
package struct VelocityTracker: Sendable {
    /// Samples remembered: the window never holds more.
    package static let capacity = 20
    /// The oldest a sample may be, relative to the newest, and still count.
    package static let horizon: Micros = 100 * .millisecond
    /// A longer pause between samples means the pointer had stopped.
    package static let assumeStoppedGap: Micros = 40 * .millisecond

    /// How this tracker turns its window into a velocity.
    package var strategy: VelocityStrategy

    // Ring buffer: `head` is where the next sample goes; `count` ≤ capacity.
    @usableFromInline var storage: SampleStorage
    @usableFromInline var head: Int = 0
    @usableFromInline var storedCount: Int = 0
    /// The newest sample's time, kept beside the ring so `add` compares
    /// against a stored integer instead of reading the ring.
    @usableFromInline var storedNewestTime: Micros = 0

    /// Samples currently remembered (at most ``capacity``).
    @inlinable
    package var count: Int { storedCount }

    /// An empty tracker.
    package init(strategy: VelocityStrategy = .lsq2) {
        self.strategy = strategy
        self.storage = SampleStorage()
    }

    // MARK: - Feeding

    /// Adds one sample: time in microseconds, position in points.
    ///
    /// Samples must come in non-decreasing time (the trace format guarantees
    /// it). A sample older than the newest one cannot belong to the same
    /// movement, so it starts a fresh history instead of corrupting the window.
    // Inlined always: the replay calls it for every sample, and a call
    // cost as much as the store.
    @inlinable @inline(__always)
    package mutating func add(t: Micros, x: Double, y: Double) {
        if count > 0, t < newestTime { reset() }
        storage.store(TimedPoint(t: t, x: x, y: y), at: head)
        storedNewestTime = t
        head = head == Self.capacity - 1 ? 0 : head + 1
        if storedCount < Self.capacity { storedCount += 1 }
    }

    /// Adds a trace sample's time and position. Feed `began`, `moved` and
    /// `stationary` samples; a release is asked about with
    /// ``releaseVelocity(at:)`` instead, since it carries no movement.
    ///
    /// ```swift
    /// for sample in stroke.samples where !sample.phase.isTerminal { tracker.add(sample) }
    /// ```
    @inlinable
    package mutating func add(_ sample: TouchSample) {
        add(t: sample.t, x: sample.x, y: sample.y)
    }

    /// Forgets every sample (for a new stroke).
    @inlinable
    package mutating func reset() {
        head = 0
        storedCount = 0
        storedNewestTime = 0
    }

    /// The time of the newest sample (0 when empty).
    @inlinable
    package var newestTime: Micros { storedNewestTime }

    // MARK: - Asking

    /// The velocity from the samples so far, as of the newest sample.
    ///
    /// `.zero` when there are no samples; see ``VelocityStrategy`` for what
    /// each strategy needs.
    package func velocity() -> Velocity {
        // One borrow of the inline storage for the whole estimate: the
        // estimators index it through a pointer, never copying the samples.
        withUnsafeBytes(of: storage.points) { raw in
            let ring = SampleRing(samples: raw.assumingMemoryBound(to: TimedPoint.self), head: head, count: storedCount)
            let n = ring.windowCount()
            switch strategy {
            case .lsq2: return ring.leastSquaresQuadratic(over: n)
            case .impulse: return ring.impulse(over: n)
            case .ios: return ring.iosWeighted(over: n)
            case .twopoint: return ring.twoPoint(over: n)
            }
        }
    }

    /// The velocity at a release (`ended` or `cancelled`) at time `t`.
    ///
    /// If the release comes more than 40 ms after the newest sample the
    /// pointer had stopped before lifting, so the release velocity is zero
    /// however fast it once moved. Otherwise it is ``velocity()``.
    package func releaseVelocity(at t: Micros) -> Velocity {
        guard count > 0, t - newestTime <= Self.assumeStoppedGap else { return .zero }
        return velocity()
    }

    // MARK: - Window

    /// How many of the newest samples pass the horizon and gap rules.
    func windowCount() -> Int {
        withUnsafeBytes(of: storage.points) { raw in
            SampleRing(samples: raw.assumingMemoryBound(to: TimedPoint.self), head: head, count: storedCount)
                .windowCount()
        }
    }
}

// MARK: - Ring view

/// A read-only view of a tracker's ring buffer, valid inside one borrow of
/// its storage.
struct SampleRing {
    let samples: UnsafeBufferPointer<TimedPoint>
    /// Where the next sample would go: the newest is just before it.
    let head: Int
    let count: Int

    /// The `i`-th newest sample (0 is the newest); `i < count`.
    @inline(__always)
    func sample(newestFirst i: Int) -> TimedPoint {
        var index = head - 1 - i
        if index < 0 { index += samples.count }
        return samples[index]
    }

    /// How many of the newest samples pass the horizon and gap rules: the
    /// estimators look at `sample(newestFirst: 0 ..< windowCount())`.
    func windowCount() -> Int {
        guard count > 0 else { return 0 }
        let newest = sample(newestFirst: 0).t
        var newer = newest
        var taken = 1
        while taken < count {
            let t = sample(newestFirst: taken).t
            if newest - t > VelocityTracker.horizon || newer - t > VelocityTracker.assumeStoppedGap { break }
            newer = t
            taken += 1
        }
        return taken
    }
}

// MARK: - Storage

/// One remembered sample.
@usableFromInline
struct TimedPoint: Sendable {
    @usableFromInline var t: Micros
    @usableFromInline var x: Double
    @usableFromInline var y: Double

    @inlinable
    init(t: Micros, x: Double, y: Double) {
        self.t = t
        self.x = x
        self.y = y
    }
}

/// Twenty samples stored inline. A homogeneous tuple is laid out like a C
/// array, so it can be indexed through a pointer: no heap, no copy-on-write
/// check, no array bounds bookkeeping in the hot path.
@usableFromInline
struct SampleStorage: Sendable {
    @usableFromInline
    var points:
        (
            TimedPoint, TimedPoint, TimedPoint, TimedPoint, TimedPoint,
            TimedPoint, TimedPoint, TimedPoint, TimedPoint, TimedPoint,
            TimedPoint, TimedPoint, TimedPoint, TimedPoint, TimedPoint,
            TimedPoint, TimedPoint, TimedPoint, TimedPoint, TimedPoint
        )

    @inlinable
    init() {
        let empty = TimedPoint(t: 0, x: 0, y: 0)
        points = (
            empty, empty, empty, empty, empty, empty, empty, empty, empty, empty,
            empty, empty, empty, empty, empty, empty, empty, empty, empty, empty
        )
    }

    /// Writes one sample. `index` is always in 0..<20: the tracker computes
    /// it from its ring arithmetic, never from input data. (Reads go through
    /// ``SampleRing``, one borrow of the storage per estimate.)
    @inlinable
    mutating func store(_ point: TimedPoint, at index: Int) {
        withUnsafeMutableBytes(of: &points) { raw in
            raw.storeBytes(of: point, toByteOffset: index * MemoryLayout<TimedPoint>.stride, as: TimedPoint.self)
        }
    }
}
