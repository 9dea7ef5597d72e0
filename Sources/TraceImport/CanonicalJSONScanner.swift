#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - A byte-level scanner for one JSON Lines object

/// Scans one line holding one JSON object, without building a tree.
///
/// Canonical touch lines are flat objects of a handful of numbers and short
/// strings, and there are millions of them; Foundation's decoders allocate a
/// dictionary per line and are an order of magnitude too slow. The scanner
/// validates the whole line (strings, escapes, numbers, nesting, trailing
/// bytes) and records, for each member, the raw range of its value so the
/// reader converts only the fields it needs.
///
/// ```swift
/// var scanner = JSONLineScanner()
/// try scanner.scan(line)                  // throws JSONSyntaxError
/// for member in scanner.members { ... }   // key + value ranges
/// ```
struct JSONLineScanner {
    /// The kinds of JSON values.
    enum Kind: UInt8 { case string, number, bool, null, object, array }

    /// One `"key": value` of the top-level object.
    struct Member {
        /// Range of the key's bytes inside the quotes.
        var keyStart: Int
        var keyEnd: Int
        var keyEscaped: Bool
        var kind: Kind
        /// For strings: inside the quotes; otherwise the whole value.
        var valueStart: Int
        var valueEnd: Int
        var valueEscaped: Bool
        /// The value of a number (parsed once, while scanning).
        var number: Double
        var bool: Bool
    }

    private(set) var members: [Member] = []
    /// The line being scanned; valid until the next `scan`.
    private(set) var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// Objects and arrays nested deeper than this are rejected (no stack overflow).
    static let maxDepth = 64

    init() { members.reserveCapacity(16) }

    /// Scans `line`; it must hold exactly one JSON object and whitespace.
    mutating func scan(_ line: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        members.removeAll(keepingCapacity: true)
        bytes = line
        var i = skipWhitespace(line, 0)
        guard i < line.count, line[i] == UInt8(ascii: "{") else {
            throw JSONSyntaxError("a line must be one JSON object", column: i)
        }
        i += 1
        i = skipWhitespace(line, i)
        if i < line.count, line[i] == UInt8(ascii: "}") {
            i += 1
        } else {
            while true {
                guard i < line.count, line[i] == UInt8(ascii: "\"") else {
                    throw JSONSyntaxError("expected a quoted key", column: i)
                }
                let key = try scanString(line, i)
                i = skipWhitespace(line, key.next)
                guard i < line.count, line[i] == UInt8(ascii: ":") else {
                    throw JSONSyntaxError("expected ':' after a key", column: i)
                }
                i = skipWhitespace(line, i + 1)
                var member = Member(
                    keyStart: key.start, keyEnd: key.end, keyEscaped: key.escaped,
                    kind: .null, valueStart: i, valueEnd: i, valueEscaped: false, number: 0, bool: false)
                i = try scanValue(line, i, into: &member, depth: 1)
                members.append(member)
                i = skipWhitespace(line, i)
                guard i < line.count else { throw JSONSyntaxError("unterminated object", column: i) }
                if line[i] == UInt8(ascii: ",") {
                    i = skipWhitespace(line, i + 1)
                    continue
                }
                if line[i] == UInt8(ascii: "}") {
                    i += 1
                    break
                }
                throw JSONSyntaxError("expected ',' or '}'", column: i)
            }
        }
        i = skipWhitespace(line, i)
        if i < line.count {
            throw JSONSyntaxError("unexpected characters after the object", column: i)
        }
    }

    // MARK: - Values

    @inline(__always)
    private func skipWhitespace(_ b: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        var i = start
        while i < b.count {
            let c = b[i]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { i += 1 } else { break }
        }
        return i
    }

    /// Scans the value at `i`, fills `member` and returns the index after it.
    private func scanValue(
        _ b: UnsafeBufferPointer<UInt8>, _ start: Int, into member: inout Member, depth: Int
    ) throws(JSONSyntaxError) -> Int {
        guard start < b.count else { throw JSONSyntaxError("expected a value", column: start) }
        switch b[start] {
        case UInt8(ascii: "\""):
            let s = try scanString(b, start)
            member.kind = .string
            member.valueStart = s.start
            member.valueEnd = s.end
            member.valueEscaped = s.escaped
            return s.next
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let (value, next) = try JSONNumber.scan(b, start)
            member.kind = .number
            member.number = value
            member.valueStart = start
            member.valueEnd = next
            return next
        case UInt8(ascii: "t"):
            let next = try literal(b, start, "true")
            member.kind = .bool
            member.bool = true
            return next
        case UInt8(ascii: "f"):
            let next = try literal(b, start, "false")
            member.kind = .bool
            member.bool = false
            return next
        case UInt8(ascii: "n"):
            let next = try literal(b, start, "null")
            member.kind = .null
            return next
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let next = try skipContainer(b, start, depth: depth)
            member.kind = b[start] == UInt8(ascii: "{") ? .object : .array
            member.valueStart = start
            member.valueEnd = next
            return next
        default:
            throw JSONSyntaxError("unexpected character '\(Self.printable(b[start]))'", column: start)
        }
    }

    private func literal(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ word: StaticString) throws(JSONSyntaxError) -> Int {
        let n = word.utf8CodeUnitCount
        guard start + n <= b.count else { throw JSONSyntaxError("invalid literal", column: start) }
        let w = word.utf8Start
        for k in 0..<n where b[start + k] != w[k] {
            throw JSONSyntaxError("invalid literal", column: start)
        }
        return start + n
    }

    /// Validates a nested object or array and returns the index after it.
    private func skipContainer(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, depth: Int) throws(JSONSyntaxError) -> Int {
        guard depth < Self.maxDepth else { throw JSONSyntaxError("nested too deeply", column: start) }
        let isObject = b[start] == UInt8(ascii: "{")
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        var i = skipWhitespace(b, start + 1)
        if i < b.count, b[i] == close { return i + 1 }
        var scratch = Member(
            keyStart: 0, keyEnd: 0, keyEscaped: false, kind: .null,
            valueStart: 0, valueEnd: 0, valueEscaped: false, number: 0, bool: false)
        while true {
            if isObject {
                guard i < b.count, b[i] == UInt8(ascii: "\"") else {
                    throw JSONSyntaxError("expected a quoted key", column: i)
                }
                i = skipWhitespace(b, try scanString(b, i).next)
                guard i < b.count, b[i] == UInt8(ascii: ":") else {
                    throw JSONSyntaxError("expected ':' after a key", column: i)
                }
                i = skipWhitespace(b, i + 1)
            }
            i = skipWhitespace(b, try scanValue(b, i, into: &scratch, depth: depth + 1))
            guard i < b.count else {
                throw JSONSyntaxError(isObject ? "unterminated object" : "unterminated array", column: i)
            }
            if b[i] == UInt8(ascii: ",") {
                i = skipWhitespace(b, i + 1)
                continue
            }
            if b[i] == close { return i + 1 }
            throw JSONSyntaxError(isObject ? "expected ',' or '}'" : "expected ',' or ']'", column: i)
        }
    }

    /// Scans a string starting at the quote at `start`. Validates escapes
    /// (decoding happens later, only for strings that are used).
    private func scanString(_ b: UnsafeBufferPointer<UInt8>, _ start: Int) throws(JSONSyntaxError)
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
                    guard i + 5 < b.count, (2...5).allSatisfy({ JSONText.hexValue(b[i + $0]) != nil }) else {
                        throw JSONSyntaxError("invalid \\u escape", column: i)
                    }
                    i += 6
                default:
                    throw JSONSyntaxError("invalid escape '\\\(Self.printable(b[i + 1]))'", column: i)
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

    // MARK: - Reading members

    /// The key of a member, decoded (keys with escapes are rare).
    func keyBytesEqual(_ member: Member, _ name: StaticString) -> Bool {
        let n = name.utf8CodeUnitCount
        guard member.keyEnd - member.keyStart == n else { return false }
        let p = name.utf8Start
        for k in 0..<n where bytes[member.keyStart + k] != p[k] { return false }
        return true
    }

    /// The key as a String (decoding escapes).
    func key(_ member: Member) throws(JSONSyntaxError) -> String {
        try JSONText.decodeString(bytes, member.keyStart, member.keyEnd, escaped: member.keyEscaped)
    }

    /// A string value, decoded.
    func string(_ member: Member) throws(JSONSyntaxError) -> String {
        try JSONText.decodeString(bytes, member.valueStart, member.valueEnd, escaped: member.valueEscaped)
    }

    /// Whether a string value equals `word` (compares bytes; decodes when escaped).
    func stringEquals(_ member: Member, _ word: StaticString) -> Bool {
        if member.valueEscaped {
            guard let s = try? string(member) else { return false }
            return s == String(describing: word)
        }
        let n = word.utf8CodeUnitCount
        guard member.valueEnd - member.valueStart == n else { return false }
        let p = word.utf8Start
        for k in 0..<n where bytes[member.valueStart + k] != p[k] { return false }
        return true
    }

    /// The raw bytes of a value (for nested objects).
    func rawValue(_ member: Member) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[member.valueStart..<member.valueEnd])
    }
}

/// A syntax error in a JSON line, with the 0-based byte column.
struct JSONSyntaxError: Error, Sendable {
    var message: String
    var column: Int
    init(_ message: String, column: Int) {
        self.message = message
        self.column = column
    }
    /// The message as the reader reports it.
    var description: String { "malformed JSON: \(message) at column \(column + 1)" }
}

// MARK: - Strings

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
            default: out.append(e)   // \" \\ \/
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
}

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
        var digits = 0          // significant digits accumulated in mantissa
        var exponent = 0        // decimal exponent applied to mantissa
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
