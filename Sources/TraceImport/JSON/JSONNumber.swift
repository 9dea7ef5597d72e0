#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - Numbers

/// JSON numbers: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
enum JSONNumber {
    /// Exact powers of ten as doubles (10^0 … 10^22 are exactly representable).
    private static let powersOfTen: [Double] = (0...22).map { (k: Int) -> Double in
        var p = 1.0
        for _ in 0..<k { p *= 10 }
        return p
    }

    /// Scans a number at `start` and returns its value (correctly rounded)
    /// and the index after it.
    ///
    /// The common case (≤ 15 significant digits, small exponent) is computed
    /// exactly from the integer mantissa and one exact power of ten (Clinger's
    /// fast path); anything else goes to `strtod`.
    static func scan(_ b: UnsafeBufferPointer<UInt8>, _ start: Int) throws(JSONSyntaxError) -> (Double, Int) {
        var i = start
        var negative = false
        if i < b.count, b[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0 // significant digits accumulated in mantissa
        var exponent = 0 // decimal exponent applied to mantissa
        var exact = true
        func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

        guard i < b.count, isDigit(b[i]) else { throw JSONSyntaxError("invalid number", column: start) }
        if b[i] == UInt8(ascii: "0") {
            i += 1
            if i < b.count, isDigit(b[i]) { throw JSONSyntaxError("invalid number (leading zero)", column: start) }
        } else {
            while i < b.count, isDigit(b[i]) {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(b[i] - 0x30)
                    if mantissa != 0 { digits += 1 }
                } else {
                    exponent += 1
                    exact = false
                }
                i += 1
            }
        }
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            guard i < b.count, isDigit(b[i]) else { throw JSONSyntaxError("invalid number (fraction)", column: start) }
            while i < b.count, isDigit(b[i]) {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(b[i] - 0x30)
                    if mantissa != 0 { digits += 1 }
                    exponent -= 1
                } else if b[i] != UInt8(ascii: "0") {
                    exact = false
                }
                i += 1
            }
        }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            i += 1
            var expNegative = false
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                expNegative = b[i] == UInt8(ascii: "-")
                i += 1
            }
            guard i < b.count, isDigit(b[i]) else { throw JSONSyntaxError("invalid number (exponent)", column: start) }
            var e = 0
            while i < b.count, isDigit(b[i]) {
                if e < 100_000 { e = e * 10 + Int(b[i] - 0x30) }
                i += 1
            }
            exponent += expNegative ? -e : e
        }
        if exact, mantissa < (1 << 53), exponent >= -22, exponent <= 22 {
            var value = Double(mantissa)
            if exponent < 0 { value /= powersOfTen[-exponent] } else { value *= powersOfTen[exponent] }
            return (negative ? -value : value, i)
        }
        if mantissa == 0 && exact { return (negative ? -0.0 : 0.0, i) }
        return (slowPath(b, start, i), i)
    }

    /// `strtod` on a NUL-terminated copy: correctly rounded for every input.
    private static func slowPath(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double {
        var text = [CChar](repeating: 0, count: end - start + 1)
        for k in start..<end { text[k - start] = CChar(bitPattern: b[k]) }
        return text.withUnsafeBufferPointer { strtod($0.baseAddress!, nil) }
    }

    /// Parses a whole byte range as one JSON number (for CSV cells);
    /// `nil` when it is not exactly one number.
    static func parse(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !b.isEmpty, let result = try? scan(b, 0), result.1 == b.count else { return nil }
        return result.0
    }
}
