// MARK: - Strings

/// JSON strings (RFC 8259 §7): scanning with validation, decoding, compacting.
enum JSONText {
    @inline(__always)
    static func hexValue(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(c - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(c - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func hex4(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32? {
        guard i + 4 <= b.count else { return nil }
        var v: UInt32 = 0
        for k in 0..<4 {
            guard let h = hexValue(b[i + k]) else { return nil }
            v = v << 4 | h
        }
        return v
    }

    /// Decodes the bytes between a string's quotes: escapes (`\uXXXX` with
    /// surrogate pairs) and UTF-8 validation.
    static func decodeString(
        _ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, escaped: Bool
    ) throws(JSONSyntaxError) -> String {
        if !escaped {
            guard let s = String(validating: b[start..<end], as: UTF8.self) else {
                throw JSONSyntaxError("invalid UTF-8 in a string", column: start)
            }
            return s
        }
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var i = start
        while i < end {
            let c = b[i]
            guard c == UInt8(ascii: "\\") else {
                out.append(c)
                i += 1
                continue
            }
            let e = b[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard let unit = hex4(b, i) else { throw JSONSyntaxError("invalid \\u escape", column: i - 2) }
                i += 4
                var scalarValue = unit
                if (0xD800...0xDBFF).contains(unit) {
                    // A high surrogate must be followed by an escaped low surrogate.
                    guard i + 6 <= end, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u"),
                        let low = hex4(b, i + 2), (0xDC00...0xDFFF).contains(low)
                    else { throw JSONSyntaxError("unpaired surrogate in \\u escape", column: i - 6) }
                    i += 6
                    scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(unit) {
                    throw JSONSyntaxError("unpaired surrogate in \\u escape", column: i - 6)
                }
                guard let scalar = Unicode.Scalar(scalarValue) else {
                    throw JSONSyntaxError("invalid \\u escape", column: i - 6)
                }
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default: out.append(e) // \" \\ \/
            }
        }
        guard let s = String(validating: out, as: UTF8.self) else {
            throw JSONSyntaxError("invalid UTF-8 in a string", column: start)
        }
        return s
    }

    /// The JSON text of `bytes` with insignificant whitespace removed (for
    /// `meta`, kept as compact JSON exactly as written otherwise).
    static func compact(_ b: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var inString = false
        var i = 0
        while i < b.count {
            let c = b[i]
            if inString {
                out.append(c)
                if c == UInt8(ascii: "\\"), i + 1 < b.count {
                    out.append(b[i + 1])
                    i += 1
                } else if c == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if c == UInt8(ascii: "\"") {
                inString = true
                out.append(c)
            } else if !(c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D) {
                out.append(c)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Scans a string starting at the quote at `start`. Validates escapes
    /// (decoding happens later, only for strings that are used): the one
    /// rule for JSON strings in every importer, the line scanner's and
    /// LocatedJSON's (whole documents), so `\u+041` or a lone surrogate is an
    /// error in any format, not a character in one and an error in another.
    static func scanString(_ b: UnsafeBufferPointer<UInt8>, _ start: Int) throws(JSONSyntaxError)
        -> (start: Int, end: Int, escaped: Bool, next: Int)
    {
        var i = start + 1
        var escaped = false
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") { return (start + 1, i, escaped, i + 1) }
            if c == UInt8(ascii: "\\") {
                escaped = true
                guard i + 1 < b.count else { break }
                switch b[i + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    i += 2
                case UInt8(ascii: "u"):
                    guard i + 5 < b.count, (2...5).allSatisfy({ hexValue(b[i + $0]) != nil }) else {
                        throw JSONSyntaxError("invalid \\u escape", column: i)
                    }
                    i += 6
                default:
                    throw JSONSyntaxError("invalid escape '\\\(printable(b[i + 1]))'", column: i)
                }
                continue
            }
            if c < 0x20 { throw JSONSyntaxError("control character in a string", column: i) }
            i += 1
        }
        throw JSONSyntaxError("unterminated string", column: start)
    }

    static func printable(_ c: UInt8) -> String {
        c >= 0x20 && c < 0x7F ? String(UnicodeScalar(c)) : "\\x" + String(c, radix: 16)
    }
}
