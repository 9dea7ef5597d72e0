import TraceModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - Input bytes

/// An input file (or standard input), read in fixed-size chunks so that memory
/// stays bounded whatever the file size.
///
/// ```swift
/// let input = try TraceInput(path: "session.jsonl")
/// try input.forEachLine { line, number in ... }   // line: UnsafeBufferPointer<UInt8>, no "\n"
/// ```
public final class TraceInput {
    /// The name errors use: the path as given, or `-` for standard input.
    public let name: String
    private let fd: Int32
    private let ownsDescriptor: Bool
    /// Bytes read per `read(2)`; lines longer than this grow the buffer.
    public static let chunkSize = 1 << 20
    /// The longest line any importer reads: 16 MiB. Nothing a recorder
    /// writes comes near it; an input without newlines (a binary file,
    /// `/dev/zero`) would otherwise grow memory without end.
    public static let maxLineLength = 16 << 20
    /// The largest whole document (`readAll`, for the JSON and YAML formats):
    /// 256 MiB, for the same reason.
    public static let maxDocumentSize = 256 << 20

    /// Opens a file; `-` means standard input.
    public init(path: String) throws {
        name = path
        if path == "-" {
            fd = 0
            ownsDescriptor = false
        } else {
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else {
                throw TraceError(
                    SourceLocation(file: path, line: 0),
                    "cannot open: \(String(cString: strerror(errno)))")
            }
            fd = descriptor
            ownsDescriptor = true
        }
    }

    deinit {
        if ownsDescriptor { close(fd) }
    }

    /// Calls `body` with every line (without its `\n` or `\r\n`) and its
    /// 1-based number, and returns the number of the last line (0 for an
    /// empty input): where an error about the input's end points. The
    /// buffer is only valid during the call.
    ///
    /// A byte order mark before the first line is dropped, and a file whose
    /// first line ends with a lone `\r` (a classic Mac "CSV (Macintosh)")
    /// has its lines ended by `\r`: the lines and their numbers are the ones
    /// `LineEnds` finds in a whole text.
    @discardableResult
    public func forEachLine(
        _ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void
    ) throws -> Int {
        // A small regular file gets a buffer of its size, not a 1 MiB chunk
        // (the velocity command and the fuzz targets read many small files).
        var info = stat()
        let small = fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && Int(info.st_size) < Self.chunkSize
        var buffer = [UInt8](repeating: 0, count: small ? max(Int(info.st_size) + 1, 4096) : Self.chunkSize)
        var filled = 0 // bytes valid in buffer
        var lineNumber = 0
        var atEnd = false
        var searched = 0 // leading bytes of buffer already known to hold no newline
        var lineEnd: UInt8? // 0x0A, or 0x0D in a file of lone `\r`s; nil until the first line end is seen
        var checkedByteOrderMark = false
        while !atEnd {
            if filled == buffer.count {
                buffer.append(contentsOf: [UInt8](repeating: 0, count: buffer.count))
            }
            let n = buffer.withUnsafeMutableBytes { raw in
                read(fd, raw.baseAddress! + filled, raw.count - filled)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw TraceError(
                    SourceLocation(file: name, line: lineNumber),
                    "read failed: \(String(cString: strerror(errno)))")
            }
            if n == 0 { atEnd = true }
            filled += n
            if !checkedByteOrderMark && (filled >= 3 || atEnd) {
                checkedByteOrderMark = true
                if buffer.starts(with: LineEnds.byteOrderMark) {
                    buffer.removeSubrange(0..<3)
                    buffer.append(contentsOf: [0, 0, 0])
                    filled -= 3
                }
            }
            if lineEnd == nil {
                switch Self.firstLineEnd(buffer, searched: searched, filled: filled, atEnd: atEnd) {
                case .found(let end):
                    lineEnd = end
                case .undecided(let searchedSoFar, let noLineEndYet):
                    searched = searchedSoFar
                    if noLineEndYet, filled > Self.maxLineLength + 1 { throw lineTooLong(1) }
                    continue
                }
            }
            let separator = Int32(lineEnd!)
            // Hand out every complete line; keep the tail for the next read.
            let consumed = try buffer.withUnsafeBufferPointer { all in
                try handOutLines(
                    all, filled: filled, searched: searched, separator: separator, atEnd: atEnd, lineNumber: &lineNumber,
                    body)
            }
            if consumed > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    let base = raw.baseAddress!
                    memmove(base, base + consumed, filled - consumed)
                }
                filled -= consumed
            }
            searched = filled
            // The unfinished tail, before the buffer grows without bound.
            if filled > Self.maxLineLength + 1 { throw lineTooLong(lineNumber + 1) }
        }
        return lineNumber
    }

    /// What the first `\n` or `\r` of a file says of its line ends.
    private enum FirstLineEnd {
        /// `\n` (also for `\r\n`), or `\r` in a file of lone `\r`s.
        case found(UInt8)
        /// Not yet known: read more. The bytes before `searched` hold no
        /// line end; `noLineEndYet` when none was seen at all (a `\r` that
        /// ends the read may be the first half of a `\r\n`).
        case undecided(searched: Int, noLineEndYet: Bool)
    }

    /// The first `\n` or `\r` decides; a `\r` that ends the read may be the
    /// first half of a `\r\n`, and a file with neither ends its one line at its end.
    private static func firstLineEnd(_ buffer: [UInt8], searched: Int, filled: Int, atEnd: Bool) -> FirstLineEnd {
        guard let first = buffer[searched..<filled].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else {
            return atEnd ? .found(0x0A) : .undecided(searched: filled, noLineEndYet: true)
        }
        if buffer[first] == 0x0A { return .found(0x0A) }
        if first + 1 < filled { return .found(buffer[first + 1] == 0x0A ? 0x0A : 0x0D) }
        return atEnd ? .found(0x0D) : .undecided(searched: first, noLineEndYet: false)
    }

    /// Hands `body` every complete line of `all[..<filled]` (searching for
    /// line ends from `searched`: a long line is searched once, not again
    /// after every read), and at the end the unfinished last line; returns
    /// the bytes consumed.
    private func handOutLines(
        _ all: UnsafeBufferPointer<UInt8>, filled: Int, searched: Int, separator: Int32, atEnd: Bool,
        lineNumber: inout Int, _ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void
    ) throws -> Int {
        var start = 0
        var i = searched
        while i < filled, let found = memchr(all.baseAddress! + i, separator, filled - i) {
            i = all.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            lineNumber += 1
            var end = i
            if end > start && all[end - 1] == 0x0D { end -= 1 }
            // Every complete line, not only the unfinished tail: a
            // line that ends within one read is never seen as a tail.
            if end - start > Self.maxLineLength { throw lineTooLong(lineNumber) }
            try body(UnsafeBufferPointer(rebasing: all[start..<end]), lineNumber)
            start = i + 1
            i += 1
        }
        if atEnd && start < filled {
            lineNumber += 1
            var end = filled
            if all[end - 1] == 0x0D { end -= 1 }
            if end - start > Self.maxLineLength { throw lineTooLong(lineNumber) }
            try body(UnsafeBufferPointer(rebasing: all[start..<end]), lineNumber)
            start = filled
        }
        return start
    }

    private func lineTooLong(_ line: Int) -> TraceError {
        TraceError(
            SourceLocation(file: name, line: line),
            "a line longer than \(Self.maxLineLength >> 20) MiB: not a text recording", field: "line")
    }

    /// Why `path` cannot be read as a side file of at most `limit` bytes (a
    /// mapping, the devices file a mapping names), or `nil`. Only a regular
    /// file is read: a FIFO or a device would block the import or never end.
    static func refusal(ofSideFile path: String, limit: Int) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return ImporterRegistry.whyUnreadable(path) }
        if info.st_mode & S_IFMT == S_IFDIR { return "it is a directory" }
        guard info.st_mode & S_IFMT == S_IFREG else { return "not a regular file (a device or a pipe)" }
        guard Int(info.st_size) <= limit else { return "larger than \(limit >> 20) MiB" }
        guard access(path, R_OK) == 0 else { return "permission denied" }
        return nil
    }

    /// The whole input in memory, for formats that are one document
    /// (without a leading byte order mark).
    public func readAll() throws -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw TraceError(
                    SourceLocation(file: name, line: 0),
                    "read failed: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            result.append(contentsOf: chunk[0..<n])
            if result.count > Self.maxDocumentSize {
                throw TraceError(
                    SourceLocation(file: name, line: 0),
                    "larger than \(Self.maxDocumentSize >> 20) MiB: not a recording this format holds", field: "size")
            }
        }
        if result.starts(with: LineEnds.byteOrderMark) { result.removeFirst(3) }
        return result
    }
}
