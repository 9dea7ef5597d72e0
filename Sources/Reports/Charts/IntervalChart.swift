// MARK: - Estimates with intervals

/// Rows of estimates, each a dot with its interval as a whisker: the honest
/// way to compare rates measured on few gestures.
///
/// ```swift
/// IntervalChart(title: "Misfire rate", caption: "…", xLabel: "misfire rate",
///               rows: [.init(label: "before", value: 0.08, lower: 0.07, upper: 0.1, tone: .before)]).figure
/// ```
package struct IntervalChart: Sendable, Hashable {
    package struct Row: Sendable, Hashable {
        package var label: String
        package var value: Double
        package var lower: Double
        package var upper: Double
        package var tone: Tone
    }

    package var title: String
    package var caption: String
    package var xLabel: String
    package var rows: [Row]
    package var xFormat: AxisFormat = .percent

    static let rowHeight = 24.0

    package var figure: Markup {
        let values = rows.flatMap { [$0.lower, $0.upper, $0.value] }.filter(\.isFinite)
        let ticks = NiceTicks(lower: min(0, values.min() ?? 0), upper: values.max() ?? 1, count: 6)
        // Long labels get a wider left margin, up to 55 % of the (phone-sized)
        // width: device names run to ~30 characters and must not be clipped.
        let longest = rows.map(\.label.count).max() ?? 0
        let left = min(ChartFrame.width * 0.55, max(64, Double(longest) * 6.8 + 16))
        let top = 12.0, bottom = 44.0
        let height = top + Double(rows.count) * Self.rowHeight + bottom
        let x = LinearScale(domain: ticks.domain, range: left...(ChartFrame.width - 24))
        let plotBottom = height - bottom
        var content: [Markup] = []
        for value in ticks.values {
            let px = x(value)
            content.append(Svg.line(px, top, px, plotBottom, class: "grid"))
            content.append(
                Svg.text(xFormat.label(value, ticks: ticks), x: px, y: plotBottom + 16, class: "tick", anchor: "middle"))
        }
        content.append(Svg.line(left, plotBottom, ChartFrame.width - 24, plotBottom, class: "axis"))
        content.append(
            Svg.text(xLabel, x: (left + ChartFrame.width - 24) / 2, y: height - 6, class: "axis-title", anchor: "middle"))
        for (index, row) in rows.enumerated() {
            let cy = top + (Double(index) + 0.5) * Self.rowHeight
            content.append(Svg.text(row.label, x: left - 8, y: cy, class: "row-label", anchor: "end", baseline: "middle"))
            guard row.value.isFinite else { continue }
            let lo = row.lower.isFinite ? row.lower : row.value, hi = row.upper.isFinite ? row.upper : row.value
            content.append(
                .el(
                    .g, [.class: "interval \(row.tone.className)"],
                    Svg.line(x(lo), cy, x(hi), cy, class: "whisker"),
                    Svg.line(x(lo), cy - 5, x(lo), cy + 5, class: "whisker"),
                    Svg.line(x(hi), cy - 5, x(hi), cy + 5, class: "whisker"),
                    Svg.circle(x(row.value), cy, r: 4.5, class: "estimate")))
        }
        return Figure.chart(title: title, caption: caption, width: ChartFrame.width, height: height, content: content)
    }
}
