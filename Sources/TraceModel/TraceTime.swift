// MARK: - Time

/// A point in time or a duration inside a session, in integer microseconds.
///
/// The canonical format writes times as seconds (JSON numbers), but real
/// recordings arrive as integer milliseconds, microseconds or nanoseconds that
/// were divided into seconds, so `0.1` and `0.3 - 0.2` need not be the same
/// double. Window comparisons (a 100 ms velocity horizon, a 40 ms gap, a 0.5 s
/// long-press) must be exact, so gesturetune converts once, on input, by
/// rounding to the nearest microsecond, and compares integers from then on.
///
/// ```swift
/// let t = Micros(seconds: 0.1)   // 100_000
/// t.seconds                      // 0.1
/// ```
public typealias Micros = Int64

extension Micros {
    /// One millisecond.
    public static let millisecond: Micros = 1_000
    /// One second.
    public static let second: Micros = 1_000_000

    /// Rounds seconds to the nearest microsecond. `nil` when the value is not
    /// finite or does not fit (about ±292 000 years).
    @inlinable
    public init?(seconds: Double) {
        let us = (seconds * 1_000_000).rounded()
        guard us.isFinite, abs(us) < 9.2e18 else { return nil }
        self = Int64(us)
    }

    /// Rounds milliseconds to the nearest microsecond.
    @inlinable
    public init(milliseconds: Double) {
        self = Int64((milliseconds * 1_000).rounded())
    }

    /// This time in seconds.
    @inlinable
    public var seconds: Double { Double(self) / 1_000_000 }

    /// This time in milliseconds.
    @inlinable
    public var milliseconds: Double { Double(self) / 1_000 }
}
