// MARK: - ISO 8601 dates, read strictly

/// Reads ISO 8601 dates and date-times the way recordings write them:
/// `2026-03-01`, `2026-03-01T09:30:00Z`, with optional fractional seconds
/// and a `Z` or `±HH:MM` / `±HHMM` offset (a space may stand for the `T`).
///
/// Strict about ranges (month 1–12, the day within its month, leap years,
/// hour < 24, minute and second < 60, leap second 60 allowed), because a
/// recording whose clock says month 13 is damaged, not unusual. A date-time
/// without an offset is taken as UTC.
///
/// ```swift
/// ISO8601.epochSeconds("2019-08-30T13:41:49Z")   // 1_567_172_509
/// ISO8601.epochSeconds("2019-13-01")             // nil
/// ```
public enum ISO8601 {
    /// Seconds since 1970-01-01T00:00:00Z, or `nil` when `text` is not a
    /// valid ISO 8601 date or date-time.
    public static func epochSeconds(_ text: String) -> Double? {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.digits(4), scanner.take("-"), let month = scanner.digits(2), scanner.take("-"),
            let day = scanner.digits(2), (1...12).contains(month), (1...daysIn(month, of: year)).contains(day)
        else { return nil }
        var seconds = Double(daysSinceEpoch(year: year, month: month, day: day)) * 86_400
        if scanner.atEnd { return seconds }
        guard scanner.take("T") || scanner.take(" "), let hour = scanner.digits(2), hour < 24, scanner.take(":"),
            let minute = scanner.digits(2), minute < 60
        else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        if scanner.take(":") {
            guard let second = scanner.digits(2), second <= 60 else { return nil }
            seconds += Double(second)
            if scanner.take(".") {
                guard let fraction = scanner.fraction() else { return nil }
                seconds += fraction
            }
        }
        if scanner.take("Z") {
        } else if let sign = scanner.sign() {
            guard let offsetHours = scanner.digits(2), offsetHours < 24 else { return nil }
            _ = scanner.take(":")
            guard let offsetMinutes = scanner.digits(2), offsetMinutes < 60 else { return nil }
            seconds -= Double(sign * (offsetHours * 3600 + offsetMinutes * 60))
        }
        return scanner.atEnd ? seconds : nil
    }

    /// Whether `text` is a valid ISO 8601 date or date-time.
    public static func isValid(_ text: String) -> Bool { epochSeconds(text) != nil }

    // MARK: - Calendar

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's
    /// `days_from_civil`: exact, no loops, no tables).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    // MARK: - Scanning

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
            index += 1
            return true
        }

        /// Exactly `count` ASCII digits.
        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }

        /// One or more digits after a decimal point, as a fraction of a second.
        mutating func fraction() -> Double? {
            var value = 0.0, scale = 0.1, count = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                value += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
                count += 1
            }
            return count > 0 ? value : nil
        }

        mutating func sign() -> Int? {
            if take("+") { return 1 }
            if take("-") { return -1 }
            return nil
        }
    }
}
