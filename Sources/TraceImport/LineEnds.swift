// MARK: - Line ends, as bytes

/// Where lines end in a text read whole (a YAML document, a detection
/// prefix): `\n`, `\r\n` and a lone `\r` each end one line, as libyaml
/// counts them, so a line number computed here is the one Yams' marks give.
///
/// Bytes, not `Character`s: in Swift `"\r\n"` is one `Character`, so text
/// split on `"\n"` keeps a Windows file in one piece, and a line number
/// found by counting `Character`s disagrees with the parser's.
/// ``TraceInput/forEachLine(_:)`` applies the same rule while streaming.
enum LineEnds {
    /// UTF-8's byte order mark, which Excel writes before a "CSV UTF-8" and
    /// Notepad before any text: accepted at the start of every text input
    /// and never part of its first line.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The byte ranges of `bytes`' lines, without their line ends. A final
    /// line end closes the last line rather than opening an empty one.
    static func lines(_ bytes: some Collection<UInt8>) -> [Range<Int>] {
        let bytes = Array(bytes)
        var result: [Range<Int>] = []
        var start = 0
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case 0x0A:
                result.append(start..<i)
                i += 1
                start = i
            case 0x0D:
                result.append(start..<i)
                let crlf = i + 1 < bytes.count && bytes[i + 1] == 0x0A
                i += crlf ? 2 : 1
                start = i
            default:
                i += 1
            }
        }
        if start < bytes.count { result.append(start..<bytes.count) }
        return result
    }

    /// The lines of `text` as text (each line's bytes decoded, invalid UTF-8 repaired).
    static func lines(of text: String) -> [Substring] {
        let bytes = Array(text.utf8)
        return lines(bytes).map { Substring(String(decoding: bytes[$0], as: UTF8.self)) }
    }

    /// The 1-based line holding byte `offset` of `bytes` (an offset at a
    /// line end belongs to the line it ends).
    static func lineNumber(ofOffset offset: Int, in bytes: some Collection<UInt8>) -> Int {
        var line = 1
        var previous: UInt8 = 0
        // A `\r` ends a line only once the byte after it is known not to be a `\n`.
        for byte in bytes.prefix(max(offset, 0) + 1) {
            if byte == 0x0A || previous == 0x0D { line += 1 }
            previous = byte
        }
        // The byte at `offset` itself was read only to settle a `\r` before it.
        if bytes.dropFirst(max(offset, 0)).first == 0x0A { line -= 1 }
        return line
    }

    /// The offset of the first byte of `bytes` that is not valid UTF-8, or
    /// `nil` when every byte is.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    /// `bytes` without a leading byte order mark.
    static func droppingByteOrderMark<C: Collection<UInt8>>(_ bytes: C) -> C.SubSequence {
        bytes.starts(with: byteOrderMark) ? bytes.dropFirst(3) : bytes[...]
    }
}
