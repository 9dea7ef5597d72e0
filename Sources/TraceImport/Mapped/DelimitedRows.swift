import Foundation
import TraceModel

// MARK: - Rows of a delimited file, as a mapping lays them out

/// Splits the lines of a delimited file into rows by a mapping's
/// ``ImportMapping/CSVLayout``: blank lines and comment lines are passed
/// over, one trailing delimiter is dropped where the layout says every line
/// has one, and quoted cells follow RFC 4180 (``CSVRowParser``). The data
/// file and the joined devices file read their rows through it.
struct DelimitedRows {
    let layout: ImportMapping.CSVLayout
    let file: String
    private(set) var parser: CSVRowParser
    /// The line the current row started on.
    private(set) var rowLine = 0
    /// Cells of the header row (empty until it is read, or without one).
    private(set) var header: [String] = []
    private(set) var headerLine = 0

    /// Whether errors may quote the file's cells (its header's names): the
    /// data file's, not the devices file's (``DeviceTable``).
    let quotesCells: Bool

    init(layout: ImportMapping.CSVLayout, file: String, quotesCells: Bool = true) {
        self.layout = layout
        self.file = file
        self.quotesCells = quotesCells
        parser = CSVRowParser(delimiter: layout.delimiter)
    }

    /// Whether the header row is still to come.
    var awaitingHeader: Bool { layout.header && headerLine == 0 }

    /// Feeds one line; `true` when a data row is complete in ``parser``.
    mutating func feed(_ line: UnsafeBufferPointer<UInt8>, _ number: Int) throws(TraceError) -> Bool {
        var line = line
        if !parser.isContinuing {
            if CanonicalLineDecoder.isBlank(line) { return false }
            if let comment = layout.comment, line.starts(with: comment) { return false }
            rowLine = number
        }
        if layout.trailingDelimiter, let last = line.last, last == layout.delimiter {
            line = UnsafeBufferPointer(rebasing: line[..<(line.count - 1)])
        }
        do {
            guard try parser.feed(line) == .row else { return false }
        } catch {
            throw TraceError(SourceLocation(file: file, line: rowLine), error.description, field: "csv")
        }
        if awaitingHeader {
            header = (0..<parser.count).map { parser.string($0).trimmingCharacters(in: [" ", "\t"]) }
            headerLine = rowLine
            return false
        }
        return true
    }

    /// At the end of the file: a quoted cell still open is an error.
    func finish() throws(TraceError) {
        if parser.isContinuing {
            throw TraceError(
                SourceLocation(file: file, line: rowLine), "malformed CSV: unterminated quoted cell", field: "csv")
        }
    }

    /// The 0-based index of a mapping's column, once the header is known.
    /// An unknown name is the mapping's error: it names the mapping file,
    /// its key and the header it looked in.
    func index(
        of column: ImportMapping.Column, key: String, mapping: ImportMapping
    ) throws(TraceError) -> Int {
        switch column {
        case .position(let position):
            if layout.header, position > header.count {
                throw TraceError(
                    mapping.location(of: key),
                    "\(file) has \(header.count) columns, not \(position)", field: key)
            }
            return position - 1
        case .name(let name):
            guard let index = header.firstIndex(of: name) else {
                let known = header.filter { !$0.isEmpty }.joined(separator: ", ")
                throw TraceError(
                    mapping.location(of: key),
                    "no column \"\(name)\" in the header of \(file)" + (quotesCells ? " (it has \(known))" : ""),
                    field: key)
            }
            return index
        }
    }
}
