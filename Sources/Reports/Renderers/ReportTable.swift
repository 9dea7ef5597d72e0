// MARK: - Tables shared by the HTML and the Markdown report

/// A table of findings as text, built once from the model and rendered by
/// both ``HTMLReport`` (as `<table>`) and ``MarkdownReport`` (as a GitHub
/// table), so the two reports cannot disagree.
struct ReportTable: Sendable, Hashable {
    enum Alignment: Sendable, Hashable { case left, right }

    /// How a cell is judged, for colour in HTML (Markdown carries it in words).
    enum Judgement: Sendable, Hashable { case ok, fail, warn, dim }

    struct Cell: Sendable, Hashable {
        var text: String
        var judgement: Judgement?

        init(_ text: String, _ judgement: Judgement? = nil) {
            self.text = text
            self.judgement = judgement
        }
    }

    struct Row: Sendable, Hashable {
        var cells: [Cell]
        /// Highlighted (the group the tuning serves least).
        var highlighted = false
    }

    var columns: [(title: String, alignment: Alignment)]
    var rows: [Row]

    static func == (a: ReportTable, b: ReportTable) -> Bool {
        a.columns.map(\.title) == b.columns.map(\.title) && a.rows == b.rows
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(columns.map(\.title))
        hasher.combine(rows)
    }

    /// The HTML form: header cells with `scope`, numbers right-aligned.
    ///
    /// On a narrow screen the style sheet lays each row out as a card (the
    /// row's first cell as its title, then one `column: value` line per
    /// cell), so before, after and verdict stay on screen without scrolling
    /// sideways; each cell carries its column title as `data-label` for that.
    var markup: Markup {
        let head = Markup.el(
            .tr,
            children: columns.map {
                .el(.th, [.scope: "col", .class: $0.alignment == .right ? "num" : "text"], text: $0.title)
            })
        let body = rows.map { row -> Markup in
            let cells = row.cells.enumerated().map { index, cell -> Markup in
                let right = index < columns.count && columns[index].alignment == .right
                var classes = [right ? "num" : "text"]
                switch cell.judgement {
                case .ok: classes.append("ok")
                case .fail: classes.append("fail")
                case .warn: classes.append("warn")
                case .dim: classes.append("dim")
                case nil: break
                }
                if index == 0 {
                    return .el(.th, [.scope: "row", .class: classes.joined(separator: " ")], text: cell.text)
                }
                var attributes: [Markup.Attribute: String] = [.class: classes.joined(separator: " ")]
                if index < columns.count, !columns[index].title.isEmpty { attributes[.dataLabel] = columns[index].title }
                return .el(.td, attributes, text: cell.text)
            }
            return .el(.tr, row.highlighted ? [.class: "least"] : [:], children: cells)
        }
        return .el(
            .div, [.class: "scroll"],
            .el(.table, [.class: "cards"], .el(.thead, [:], head), .el(.tbody, children: body)))
    }
}
