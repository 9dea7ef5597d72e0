// MARK: - RFC 4180 rows

/// Splits CSV rows into cells per RFC 4180: cells separated by commas (or
/// another delimiter: a mapped log's `;` or tab), a cell in double quotes
/// may hold delimiters, doubled quotes (`""` → `"`) and line breaks (the row
/// then continues on the next line).
///
/// ```swift
/// var parser = CSVRowParser()
/// switch try parser.feed(line) { case .row: parser.cell(0) ...; case .needsMoreLines: break }
/// ```
struct CSVRowParser {
    enum Result { case row, needsMoreLines }

    /// Unquoted cell bytes, back to back; `ends[k]` is where cell k ends.
    private(set) var cells: [UInt8] = []
    private(set) var ends: [Int] = []
    /// A row whose quoted cell spans lines, so far.
    private var pending: [UInt8] = []
    private(set) var isContinuing = false
    /// The byte between cells.
    let delimiter: UInt8

    init(delimiter: UInt8 = UInt8(ascii: ",")) {
        self.delimiter = delimiter
        cells.reserveCapacity(256)
        ends.reserveCapacity(16)
    }

    var count: Int { ends.count }

    /// Cell `k` (empty past the end of the row).
    @inline(__always)
    func cell(_ k: Int) -> ArraySlice<UInt8> {
        guard k < ends.count else { return [] }
        return cells[(k == 0 ? 0 : ends[k - 1])..<ends[k]]
    }

    func string(_ k: Int) -> String { String(decoding: cell(k), as: UTF8.self) }

    /// Parses one line; a row that continues in a quoted cell waits for more.
    mutating func feed(_ line: UnsafeBufferPointer<UInt8>) throws(CSVSyntaxError) -> Result {
        if isContinuing {
            pending.append(0x0A)
            pending.append(contentsOf: line)
            let result = try pending.withUnsafeBufferPointer { (b: UnsafeBufferPointer<UInt8>) throws(CSVSyntaxError) -> Result in
                try parse(b)
            }
            if result == .row {
                pending.removeAll(keepingCapacity: true)
                isContinuing = false
            }
            return result
        }
        let result = try parse(line)
        if result == .needsMoreLines {
            pending.removeAll(keepingCapacity: true)
            pending.append(contentsOf: line)
            isContinuing = true
        }
        return result
    }

    private mutating func parse(_ b: UnsafeBufferPointer<UInt8>) throws(CSVSyntaxError) -> Result {
        cells.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        var i = 0
        let quote = UInt8(ascii: "\""), comma = delimiter
        while true {
            if i < b.count, b[i] == quote {
                i += 1
                while true {
                    guard i < b.count else { return .needsMoreLines }
                    if b[i] == quote {
                        if i + 1 < b.count, b[i + 1] == quote {
                            cells.append(quote)
                            i += 2
                            continue
                        }
                        i += 1
                        break
                    }
                    cells.append(b[i])
                    i += 1
                }
                ends.append(cells.count)
                if i == b.count { return .row }
                guard b[i] == comma else {
                    throw CSVSyntaxError(message: "unexpected character after a closing quote", column: i)
                }
                i += 1
            } else {
                while i < b.count, b[i] != comma {
                    if b[i] == quote { throw CSVSyntaxError(message: "quote inside an unquoted cell", column: i) }
                    cells.append(b[i])
                    i += 1
                }
                ends.append(cells.count)
                if i == b.count { return .row }
                i += 1
            }
        }
    }
}

struct CSVSyntaxError: Error {
    var message: String
    var column: Int
    var description: String { "malformed CSV: \(message) at column \(column + 1)" }
}
