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
        return members.last { $0.key == key }?.value // the last duplicate wins, as in JavaScript
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
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 } // a UTF-8 byte order mark
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
                return try object(depth: depth, line: startLine)
            case UInt8(ascii: "["):
                return try array(depth: depth, line: startLine)
            case UInt8(ascii: "\""):
                return LocatedJSON(value: .string(try string()), line: startLine)
            case UInt8(ascii: "t"):
                try literal("true")
                return LocatedJSON(value: .bool(true), line: startLine)
            case UInt8(ascii: "f"):
                try literal("false")
                return LocatedJSON(value: .bool(false), line: startLine)
            case UInt8(ascii: "n"):
                try literal("null")
                return LocatedJSON(value: .null, line: startLine)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return LocatedJSON(value: .number(try number()), line: startLine)
            default:
                throw error("unexpected character `\(String(decoding: [bytes[index]], as: UTF8.self))`")
            }
        }

        /// An object's members, from its `{` (at `index`) to its `}`.
        mutating func object(depth: Int, line startLine: Int) throws -> LocatedJSON {
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
                    throw error(
                        index < bytes.count
                            ? "expected a member name in quotes" : "the document ends inside an object (truncated?)")
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
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    break
                }
                throw error("expected `,` or `}` in an object")
            }
            return LocatedJSON(value: .object(members), line: startLine)
        }

        /// An array's items, from its `[` (at `index`) to its `]`.
        mutating func array(depth: Int, line startLine: Int) throws -> LocatedJSON {
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
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    break
                }
                throw error("expected `,` or `]` in an array")
            }
            return LocatedJSON(value: .array(items), line: startLine)
        }

        mutating func literal(_ word: String) throws {
            let expected = Array(word.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
                throw error("expected `\(word)`")
            }
            index += expected.count
        }

        // MARK: Strings and numbers: the canonical scanner's rules

        // One implementation of JSON strings and numbers for every importer:
        // JSONText and JSONNumber are the canonical line scanner's, so a
        // Pointer Events or iOS study file and a gesturetune-trace line agree
        // on what is a string (`\u+041` and lone surrogates are errors, not
        // `A` and U+FFFD) and what is a number (no leading zeros, no `1.`).
        // Their errors carry a byte column; here the line is what a person
        // needs (a string or number never spans lines), so only the message
        // is kept.

        mutating func number() throws -> Double {
            let scanned: Result<(Double, Int), JSONSyntaxError> = bytes.withUnsafeBufferPointer { b in
                Result { () throws(JSONSyntaxError) in try JSONNumber.scan(b, index) }
            }
            switch scanned {
            case .success(let (value, next)):
                index = next
                return value
            case .failure(let syntax): throw error(syntax.message)
            }
        }

        mutating func string() throws -> String {
            let decoded: Result<(String, Int), JSONSyntaxError> = bytes.withUnsafeBufferPointer { b in
                Result { () throws(JSONSyntaxError) in
                    let s = try JSONText.scanString(b, index)
                    return (try JSONText.decodeString(b, s.start, s.end, escaped: s.escaped), s.next)
                }
            }
            switch decoded {
            case .success(let (text, next)):
                index = next
                return text
            case .failure(let syntax):
                // The old reader's hint for the commonest cause, kept.
                if syntax.message == "unterminated string" { throw error("the document ends inside a string (truncated?)") }
                if syntax.message == "control character in a string", bytes[syntax.column] == 0x0A {
                    throw error("a line break inside a string (unterminated string?)")
                }
                throw error(syntax.message)
            }
        }
    }
}

// MARK: - A whole input, parsed

/// What the JSON importers (Pointer Events, iOS study) start from: the
/// input read as one document, and the one way they name where a node is.
struct LocatedDocument {
    let root: LocatedJSON
    /// The input's name, as errors print it.
    let file: String

    /// Reads the whole input; errors name its file and line.
    init(_ input: TraceInput) throws {
        file = input.name
        root = try LocatedJSON.parse(try input.readAll(), file: file)
    }

    /// `FILE:LINE` of a node.
    func at(_ node: LocatedJSON) -> SourceLocation { SourceLocation(file: file, line: node.line) }
}
