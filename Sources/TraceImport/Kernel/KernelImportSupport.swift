import TraceModel

// MARK: - Line helpers shared by the text importers

extension UnsafeBufferPointer<UInt8> {
    /// The line as a `String` (invalid UTF-8 repaired, never a crash).
    var text: String { String(decoding: self, as: UTF8.self) }
}

/// The first lines of an input's prefix, as text, for `recognizes(prefix:)`.
func leadingLines(of prefix: [UInt8], count: Int = 40) -> [Substring] {
    let head = Array(prefix.prefix(16_384))
    return LineEnds.lines(head).filter { !$0.isEmpty }.prefix(count).map {
        Substring(String(decoding: head[$0], as: UTF8.self))
    }
}

/// Whether a file name ends with one of the extensions (case-insensitive).
func fileName(_ name: String, endsWithAnyOf extensions: [String]) -> Bool {
    let lower = name.lowercased()
    return extensions.contains { lower.hasSuffix($0) }
}

/// A session header for a Linux recording; the screen is filled in from the
/// point mapping once the axes are known.
func linuxSessionHeader(
    fileName: String, model: String?, platform: Device.Platform, metaJSON: String?
) -> SessionHeader {
    SessionHeader(
        id: importedSessionID(fileName: fileName),
        device: Device(platform: platform, model: model, screenWidth: 0, screenHeight: 0),
        metaJSON: metaJSON)
}

// MARK: - Byte-level scanning

/// A cursor over the bytes of one line, for the fast path of line-based
/// kernel formats: most lines are well-formed events, and decoding them
/// without building `String`s is what keeps a 1 GB recording fast. Anything
/// unexpected makes a scan return `nil`, and the caller re-reads the line the
/// slow way, which produces the precise error.
struct ByteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var atEnd: Bool { index >= bytes.count }

    mutating func skipSpaces() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    }

    /// Consumes `literal` if the bytes continue with it.
    mutating func take(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] { return false }
        index += count
        return true
    }

    /// `SECONDS[.FRACTION]` as microseconds (the fraction rounded to 6
    /// digits); `nil` beyond ``Micros/limit``, as ``parseKernelTimestamp(_:)``.
    mutating func timestamp() -> Micros? {
        var seconds: Int64 = 0
        var digits = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            seconds = seconds * 10 + Int64(bytes[index] - 0x30)
            digits += 1
            index += 1
            if digits > 13 { return nil }
        }
        guard digits > 0 else { return nil }
        var micros: Int64 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var fractionDigits = 0
            var roundUp = false
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                if fractionDigits < 6 {
                    micros = micros * 10 + Int64(bytes[index] - 0x30)
                } else if fractionDigits == 6 {
                    roundUp = bytes[index] >= 0x35
                }
                fractionDigits += 1
                index += 1
            }
            guard fractionDigits > 0 else { return nil }
            for _ in fractionDigits..<max(fractionDigits, 6) { micros *= 10 }
            if roundUp { micros += 1 }
        }
        return Micros(seconds: seconds, microseconds: micros)
    }

    /// Up to 8 hex digits.
    mutating func hex() -> UInt32? {
        var value: UInt32 = 0
        var digits = 0
        while index < bytes.count {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x61...0x66: digit = byte - 0x61 + 10
            case 0x41...0x46: digit = byte - 0x41 + 10
            default: return digits > 0 ? value : nil
            }
            guard digits < 8 else { return nil }
            value = value << 4 | UInt32(digit)
            digits += 1
            index += 1
        }
        return digits > 0 ? value : nil
    }

    /// A decimal `Int32`, optionally negative.
    mutating func decimal() -> Int32? {
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var value: Int64 = 0
        var digits = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            value = value * 10 + Int64(bytes[index] - 0x30)
            digits += 1
            index += 1
            if digits > 11 { return nil }
        }
        guard digits > 0 else { return nil }
        return Int32(exactly: negative ? -value : value)
    }

    /// Whether only spaces or a `#` comment remain.
    mutating func atEndOrComment() -> Bool {
        skipSpaces()
        return atEnd || bytes[index] == UInt8(ascii: "#")
    }
}
