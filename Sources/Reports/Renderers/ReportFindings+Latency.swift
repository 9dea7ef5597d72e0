import TraceModel

// MARK: - Latency

extension ReportFindings {
    struct LatencySummary {
        var p50: (Double?, Double?)
        var p95: (Double?, Double?)
        var p99: (Double?, Double?)
        var budgeted: (Double?, Double?)
    }

    static func summary(_ distribution: TuningReport.LatencyDistribution) -> LatencySummary {
        func both(_ p: Double) -> (Double?, Double?) {
            (Percentile.of(distribution.beforeMs, p), Percentile.of(distribution.afterMs, p))
        }
        return LatencySummary(p50: both(50), p95: both(95), p99: both(99), budgeted: both(distribution.budgetPercentile))
    }

    var latencyTable: ReportTable {
        ReportTable(
            columns: [
                ("gesture", .left), ("budget", .right), ("p50 before → after", .right), ("p95 before → after", .right),
                ("p99 before → after", .right), ("gestures", .right), ("verdict", .left)
            ],
            rows: report.latency.map { distribution in
                let s = Self.summary(distribution)
                func pair(_ values: (Double?, Double?)) -> String {
                    "\(values.0.map(Format.ms) ?? "–") → \(values.1.map(Format.ms) ?? "–")"
                }
                let met = s.budgeted.1.map { $0 <= distribution.budgetMs }
                return ReportTable.Row(cells: [
                    .init(distribution.gesture),
                    .init("p\(Format.smart(distribution.budgetPercentile)) ≤ \(Format.ms(distribution.budgetMs))"),
                    .init(pair(s.p50)), .init(pair(s.p95)), .init(pair(s.p99)),
                    .init("\(distribution.beforeMs.count) → \(distribution.afterMs.count)"),
                    met.map { .init($0 ? "met" : "missed", $0 ? .ok : .fail) } ?? .init("no data", .dim)
                ])
            })
    }
}
