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

    /// The largest magnitude of a time read from a file: 2⁶¹ µs, about
    /// ±73 000 years. Every importer converts through the initializers below,
    /// which refuse anything larger, so the sum or difference of any two
    /// times (an interval, a midpoint, an offset from a session's start, a
    /// time plus a window) fits in `Int64` with room to spare and arithmetic
    /// downstream cannot trap, whatever the input.
    public static let limit: Micros = 1 << 61

    /// Rounds seconds to the nearest microsecond. `nil` when the value is not
    /// finite or beyond ``limit``.
    @inlinable
    public init?(seconds: Double) {
        self.init(exactMicroseconds: seconds * 1_000_000)
    }

    /// Rounds milliseconds to the nearest microsecond. `nil` when the value
    /// is not finite or beyond ``limit``.
    @inlinable
    public init?(milliseconds: Double) {
        self.init(exactMicroseconds: milliseconds * 1_000)
    }

    /// Whole seconds plus microseconds (the kernel's `sec.usec`), exactly.
    /// `nil` beyond ``limit``.
    @inlinable
    public init?(seconds: Int64, microseconds: Int64) {
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
        let (sum, carry) = whole.addingReportingOverflow(microseconds)
        guard !overflow, !carry, abs(sum) <= Self.limit else { return nil }
        self = sum
    }

    @inlinable
    init?(exactMicroseconds us: Double) {
        let rounded = us.rounded()
        guard rounded.isFinite, abs(rounded) <= Double(Self.limit) else { return nil }
        self = Int64(rounded)
    }

    /// This time in seconds.
    @inlinable
    public var seconds: Double { Double(self) / 1_000_000 }

    /// This time in milliseconds.
    @inlinable
    public var milliseconds: Double { Double(self) / 1_000 }
}
