// MARK: - Text tables for a terminal

/// `header` and `rows` as lines of columns aligned with two spaces between
/// them; the last column is left unpadded (a description or a source runs
/// on as long as it is). What `--list-params` and `--list-elements` print.
///
/// ```swift
/// alignedColumns(["id", "kind"], [["tap", "tap"], ["noteRowSwipe", "swipeActions"]])
/// // id            kind
/// // tap           tap
/// // noteRowSwipe  swipeActions
/// ```
func alignedColumns(_ header: [String], _ rows: [[String]]) -> String {
    var widths = header.map(\.count)
    for row in rows {
        for (i, cell) in row.enumerated() where i < header.count - 1 { widths[i] = max(widths[i], cell.count) }
    }
    func line(_ cells: [String]) -> String {
        cells.enumerated().map { i, cell in
            i == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count + 2)
        }.joined()
    }
    return ([line(header)] + rows.map(line)).joined(separator: "\n")
}
