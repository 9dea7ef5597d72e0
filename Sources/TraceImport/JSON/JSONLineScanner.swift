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
                let key = try JSONText.scanString(line, i)
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
            let s = try JSONText.scanString(b, start)
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
            throw JSONSyntaxError("unexpected character '\(JSONText.printable(b[start]))'", column: start)
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
                i = skipWhitespace(b, try JSONText.scanString(b, i).next)
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
