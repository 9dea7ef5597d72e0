import TraceModel

// MARK: - Misfires

extension ReportFindings {
    static func beforeAfter(_ before: Int, _ after: Int) -> ReportTable.Cell {
        .init("\(before) → \(after)", after < before ? .ok : after > before ? .fail : .dim)
    }

    var misfireTable: ReportTable {
        var rows = report.misfires.byIntent.map { row in
            misfireRow(Intent.readableName(of: row.intent), gestures: row.gestures, before: row.before, after: row.after)
        }
        let total = report.misfires.byIntent.reduce(0) { $0 + $1.gestures }
        rows.append(
            misfireRow("all intents", gestures: total, before: report.misfires.totalBefore, after: report.misfires.totalAfter))
        return ReportTable(
            columns: [("intent", .left), ("gestures", .right)]
                + TuningReport.MisfireKind.allCases.map { ($0.title, .right) }
                + [("all misfires", .right), ("rate", .right)],
            rows: rows)
    }

    private func misfireRow(_ name: String, gestures: Int, before: TuningReport.MisfireCounts, after: TuningReport.MisfireCounts)
        -> ReportTable.Row
    {
        let rate: String
        if gestures > 0 {
            rate =
                "\(Format.percent(Double(before.total) / Double(gestures))) → \(Format.percent(Double(after.total) / Double(gestures)))"
        } else {
            rate = "–"
        }
        return ReportTable.Row(
            cells: [.init(name), .init("\(gestures)")]
                + TuningReport.MisfireKind.allCases.map { Self.beforeAfter(before[$0], after[$0]) }
                + [Self.beforeAfter(before.total, after.total), .init(rate)])
    }

    static func confusionTable(_ matrix: TuningReport.ConfusionMatrix) -> ReportTable {
        ReportTable(
            columns: [("intended ↓ / recognized →", .left)] + matrix.recognized.map { (Intent.readableName(of: $0), .right) } + [
                ("total", .right)
            ],
            rows: matrix.intended.enumerated().map { row, name in
                ReportTable.Row(
                    cells: [.init(Intent.readableName(of: name))]
                        + matrix.recognized.indices.map { .init("\(matrix.count(row: row, column: $0))") }
                        + [.init("\(matrix.rowTotal(row))")])
            })
    }
}
