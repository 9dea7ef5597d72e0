import TraceModel

// MARK: - JSON that remembers its lines

/// A parsed JSON value that knows the line it starts on, so that the
/// importers of JSON recordings (W3C Pointer Events, iOS study logs) can say
/// `FILE:LINE` for any element they reject, however the file is laid out.
///
/// ```swift
/// let root = try LocatedJSON.parse(bytes, file: "events.json")
/// for event in root.array ?? [] { print(event.line, event["type"]?.string ?? "") }
/// ```
struct LocatedJSON: Sendable {
    indirect enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([LocatedJSON])
        case object([(key: String, value: LocatedJSON)])
    }

    var value: Value
    /// 1-based line of the value's first character.
    var line: Int

    subscript(key: String) -> LocatedJSON? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.value   // the last duplicate wins, as in JavaScript
    }

    var array: [LocatedJSON]? { if case .array(let items) = value { items } else { nil } }
    var object: [(key: String, value: LocatedJSON)]? { if case .object(let members) = value { members } else { nil } }
    var string: String? { if case .string(let text) = value { text } else { nil } }
    var bool: Bool? { if case .bool(let flag) = value { flag } else { nil } }
    /// A finite number.
    var number: Double? { if case .number(let x) = value, x.isFinite { x } else { nil } }
    var isNull: Bool { if case .null = value { true } else { false } }

    /// What the value is, for messages ("a string", "an array").
    var kind: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Parses one JSON document (RFC 8259); errors name the line.
    static func parse(_ bytes: [UInt8], file: String) throws -> LocatedJSON {
        var parser = Parser(bytes: bytes, file: file)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else {
            throw parser.error("unexpected text after the JSON document")
        }
        return value
    }

    // MARK: - Parser

    private struct Parser {
        let bytes: [UInt8]
        let file: String
        var index = 0
        var line = 1
        static let maxDepth = 256

        init(bytes: [UInt8], file: String) {
            self.bytes = bytes
            self.file = file
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }   // a UTF-8 byte order mark
        }

        func error(_ message: String) -> TraceError {
            TraceError(SourceLocation(file: file, line: line), "bad JSON: \(message)", field: "json")
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x0A: line += 1
                case 0x20, 0x09, 0x0D: break
                default: return
                }
                index += 1
            }
        }

        mutating func value(depth: Int) throws -> LocatedJSON {
            guard depth < Self.maxDepth else { throw error("nested more than \(Self.maxDepth) deep") }
            guard index < bytes.count else { throw error("the document ends where a value should be (truncated?)") }
            let startLine = line
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, value: LocatedJSON)] = []
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return LocatedJSON(value: .object(members), line: startLine)
                }
                while true {
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                        throw error(index < bytes.count ? "expected a member name in quotes" : "the document ends inside an object (truncated?)")
                    }
                    let key = try string()
                    skipWhitespace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                        throw error("expected `:` after \"\(key)\"")
                    }
                    index += 1
                    skipWhitespace()
                    members.append((key, try value(depth: depth + 1)))
                    skipWhitespace()
                    guard index < bytes.count else { throw error("the document ends inside an object (truncated?)") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; break }
                    throw error("expected `,` or `}` in an object")
                }
                return LocatedJSON(value: .object(members), line: startLine)
            case UInt8(ascii: "["):
                index += 1
                var items: [LocatedJSON] = []
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return LocatedJSON(value: .array(items), line: startLine)
                }
                while true {
                    skipWhitespace()
                    items.append(try value(depth: depth + 1))
                    skipWhitespace()
                    guard index < bytes.count else { throw error("the document ends inside an array (truncated?)") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; break }
                    throw error("expected `,` or `]` in an array")
                }
                return LocatedJSON(value: .array(items), line: startLine)
            case UInt8(ascii: "\""):
                return LocatedJSON(value: .string(try string()), line: startLine)
            case UInt8(ascii: "t"): try literal("true"); return LocatedJSON(value: .bool(true), line: startLine)
            case UInt8(ascii: "f"): try literal("false"); return LocatedJSON(value: .bool(false), line: startLine)
            case UInt8(ascii: "n"): try literal("null"); return LocatedJSON(value: .null, line: startLine)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return LocatedJSON(value: .number(try number()), line: startLine)
            default:
                throw error("unexpected character `\(String(decoding: [bytes[index]], as: UTF8.self))`")
            }
        }

        mutating func literal(_ word: String) throws {
            let expected = Array(word.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
                throw error("expected `\(word)`")
            }
            index += expected.count
        }

        mutating func number() throws -> Double {
            let start = index
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
                     UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                    index += 1
                default:
                    guard let x = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
                        throw error("bad number")
                    }
                    return x
                }
            }
            guard let x = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else { throw error("bad number") }
            return x
        }

        mutating func string() throws -> String {
            index += 1   // the opening quote
            var run = index   // start of the current run of plain bytes
            var result = ""
            func flush(_ end: Int) { result += String(decoding: bytes[run..<end], as: UTF8.self) }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    flush(index)
                    index += 1
                    return result
                }
                if byte == 0x0A { throw error("a line break inside a string (unterminated string?)") }
                if byte == UInt8(ascii: "\\") {
                    flush(index)
                    index += 1
                    guard index < bytes.count else { break }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""): result += "\""
                    case UInt8(ascii: "\\"): result += "\\"
                    case UInt8(ascii: "/"): result += "/"
                    case UInt8(ascii: "b"): result += "\u{8}"
                    case UInt8(ascii: "f"): result += "\u{c}"
                    case UInt8(ascii: "n"): result += "\n"
                    case UInt8(ascii: "r"): result += "\r"
                    case UInt8(ascii: "t"): result += "\t"
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code), bytes.count - index >= 6,
                           bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                            index += 2
                            let low = try hex4()
                            if (0xDC00..<0xE000).contains(low) {
                                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                            }
                        }
                        result.unicodeScalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    default:
                        throw error("bad escape `\\\(String(decoding: [escape], as: UTF8.self))` in a string")
                    }
                    run = index
                    continue
                }
                index += 1
            }
            throw error("the document ends inside a string (truncated?)")
        }

        mutating func hex4() throws -> UInt32 {
            guard bytes.count - index >= 4,
                  let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
                throw error("bad \\u escape")
            }
            index += 4
            return code
        }
    }
}
