import Recognizers

// MARK: - Constants

extension ReportFindings {
    var constantsTable: ReportTable {
        ReportTable(
            columns: [
                ("parameter", .left), ("old", .right), ("new", .right), ("change", .right), ("change %", .right),
                ("search range", .right), ("note", .left), ("reference value from", .left)
            ],
            rows: report.constants.map { constant in
                let bound = constant.boundAdvice
                return ReportTable.Row(cells: [
                    .init(constant.name),
                    .init(Format.value(constant.old, unit: constant.unit)),
                    .init(Format.value(constant.new, unit: constant.unit), bound == nil ? nil : .warn),
                    .init(Format.signed(constant.change), constant.change == 0 ? .dim : nil),
                    .init(constant.relativeChange.map(Format.signedPercent) ?? "–"),
                    .init("\(Format.smart(constant.lower)) … \(Format.value(constant.upper, unit: constant.unit))"),
                    .init(bound ?? "", bound == nil ? nil : .warn),
                    .init(constant.provenance?.label ?? "this run's reference value (the scene's or --params)")
                ])
            })
    }
}
