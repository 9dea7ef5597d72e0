// MARK: - Breakdown

extension ReportFindings {
    /// Rows sorted worst-served first (highest misfire rate after tuning);
    /// the first is highlighted.
    static func breakdownTable(_ rows: [TuningReport.BreakdownRow], groupTitle: String) -> ReportTable {
        let sorted = rows.sorted { ($0.after.rate, $0.group) > ($1.after.rate, $1.group) }
        return ReportTable(
            columns: [(groupTitle, .left), ("gestures", .right), ("before", .right), ("after", .right), ("change", .right)],
            rows: sorted.enumerated().map { index, row in
                ReportTable.Row(
                    cells: [
                        .init(row.group), .init("\(row.gestures)"),
                        .init(rateWithInterval(row.before)), .init(rateWithInterval(row.after)),
                        .init(
                            Format.signedFixed((row.after.rate - row.before.rate) * 100, 1) + " pp",
                            row.after.rate < row.before.rate ? .ok : row.after.rate > row.before.rate ? .fail : .dim)
                    ], highlighted: index == 0 && sorted.count > 1)
            })
    }

    /// `35 with labelled gestures (9072 gestures): u00, u01, …`.
    static func peopleText(_ people: [String], gestures: Int) -> String {
        "\(people.count) with labelled gestures (\(gestures) gestures): \(people.joined(separator: ", "))"
    }

    static func leastServed(_ rows: [TuningReport.BreakdownRow]) -> TuningReport.BreakdownRow? {
        rows.max { ($0.after.rate, $0.group) < ($1.after.rate, $1.group) }
    }
}
