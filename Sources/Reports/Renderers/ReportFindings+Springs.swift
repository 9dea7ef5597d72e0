// MARK: - Springs

extension ReportFindings {
    var springTable: ReportTable {
        ReportTable(
            columns: [
                ("spring", .left), ("release velocity", .right), ("settle before → after", .right),
                ("overshoot before → after", .right)
            ],
            rows: report.springs.map { spring in
                ReportTable.Row(cells: [
                    .init(spring.spring),
                    .init("\(spring.velocityName), \(Format.smart(spring.releaseVelocity)) pt/s"),
                    .init(
                        "\(Format.fixed(spring.before.settleTime, 3)) s → \(Format.fixed(spring.after.settleTime, 3)) s",
                        spring.after.settleTime < spring.before.settleTime ? .ok : nil),
                    .init("\(Format.percent(spring.before.overshoot)) → \(Format.percent(spring.after.overshoot))")
                ])
            })
    }
}
