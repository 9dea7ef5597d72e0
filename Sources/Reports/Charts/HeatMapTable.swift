// MARK: - Heat-map table

/// A confusion matrix as a table whose cells are shaded by their share of the
/// row: correct cells (where the row and column name agree) in the "good"
/// hue, confusions in the "bad" hue. Counts stay printed, so the table reads
/// without colour (print, colour blindness, screen readers).
///
/// ```swift
/// HeatMapTable(caption: "…", rowTitle: "intended", columnTitle: "recognized",
///              rows: ["tap", "scroll"], columns: ["tap", "scroll", "nothing"],
///              counts: [[40, 1, 2], [0, 55, 3]]).figure
/// ```
package struct HeatMapTable: Sendable, Hashable {
    package var caption: String
    package var rowTitle: String
    package var columnTitle: String
    package var rows: [String]
    package var columns: [String]
    package var counts: [[Int]]

    /// Shade levels 0…8 (0 = empty cell).
    package static let levels = 8

    /// The shade level of a share: 0 only for exactly nothing, so a single
    /// confusion is never invisible.
    package static func level(share: Double) -> Int {
        guard share > 0, share.isFinite else { return 0 }
        return min(levels, max(1, Int((share * Double(levels)).rounded(.up))))
    }

    func count(_ row: Int, _ column: Int) -> Int {
        guard counts.indices.contains(row), counts[row].indices.contains(column) else { return 0 }
        return counts[row][column]
    }

    package var table: Markup {
        let header = Markup.el(
            .tr,
            children: [.el(.th, [.scope: "col", .class: "corner"], text: "\(rowTitle) ↓ / \(columnTitle) →")]
                + columns.map { .el(.th, [.scope: "col"], text: $0) }
                + [.el(.th, [.scope: "col"], text: "total")])
        var body: [Markup] = []
        for (rowIndex, name) in rows.enumerated() {
            let total = (0..<columns.count).reduce(0) { $0 + count(rowIndex, $1) }
            var cells: [Markup] = [.el(.th, [.scope: "row"], text: name)]
            for (columnIndex, column) in columns.enumerated() {
                let value = count(rowIndex, columnIndex)
                let share = total > 0 ? Double(value) / Double(total) : 0
                let hue = column == name ? "good" : "bad"
                cells.append(
                    .el(
                        .td,
                        [
                            .class: "num heat \(hue) h\(Self.level(share: share))",
                            .title: "\(name) → \(column): \(value) (\(Format.percent(share)))"
                        ],
                        text: value == 0 ? "·" : "\(value)"))
            }
            cells.append(.el(.td, [.class: "num total"], text: "\(total)"))
            body.append(.el(.tr, children: cells))
        }
        return .el(.table, [.class: "heatmap"], .el(.thead, [:], header), .el(.tbody, children: body))
    }

    package var figure: Markup { Figure.table(caption: caption, content: .el(.div, [.class: "scroll"], table)) }
}
