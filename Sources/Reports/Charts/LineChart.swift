// MARK: - Line chart

/// One named series of a line chart.
package struct ChartSeries: Sendable, Hashable {
    package enum Shape: Sendable, Hashable {
        /// Points joined by straight lines.
        case line
        /// Each value holds until the next (a running best).
        case step
        /// Unjoined dots (every evaluation).
        case dots
    }

    package var name: String
    package var points: [ChartPoint]
    package var tone: Tone
    package var shape: Shape

    package init(_ name: String, points: [ChartPoint], tone: Tone, shape: Shape = .line) {
        self.name = name
        self.points = points
        self.tone = tone
        self.shape = shape
    }
}

/// Several series against shared axes with nice ticks, optional vertical
/// markers (a chosen value) and horizontal lines (a budget, a target).
///
/// ```swift
/// LineChart(title: "Spring", caption: "Position over time after release.",
///           xLabel: "time (s)", yLabel: "position",
///           series: [ChartSeries("before", points: a, tone: .before),
///                    ChartSeries("after", points: b, tone: .after)],
///           horizontalMarkers: [ChartMarker(1, label: "rest", tone: .muted)]).figure
/// ```
package struct LineChart: Sendable, Hashable {
    package var title: String
    package var caption: String
    package var xLabel: String
    package var yLabel: String
    package var series: [ChartSeries]
    package var verticalMarkers: [ChartMarker] = []
    package var horizontalMarkers: [ChartMarker] = []
    package var xFormat: AxisFormat = .number
    package var yFormat: AxisFormat = .number
    package var yFromZero: Bool = false
    /// A y range the axis covers whatever the series hold: charts drawn
    /// side by side on one scale (the sensitivity sweeps) share it.
    package var yExtent: ClosedRange<Double>?
    package var width: Double = Figure.width
    package var height: Double = 300

    /// Dots beyond this many per series are thinned evenly: the shape of a
    /// cloud survives, the page stays small.
    static let maximumDots = 1_500

    package var figure: Markup {
        let xs = series.flatMap { $0.points.map(\.x) } + verticalMarkers.map(\.value)
        let ys =
            series.flatMap { $0.points.map(\.y) } + horizontalMarkers.map(\.value)
            + (yExtent.map { [$0.lowerBound, $0.upperBound] } ?? [])
        let frame = ChartFrame(
            xs: xs, ys: ys, width: width, height: height, xTickCount: width < 560 ? 5 : 6,
            yFromZero: yFromZero, yFormat: yFormat)
        var content: [Markup] = [frame.axes(xLabel: xLabel, yLabel: yLabel, xFormat: xFormat, yFormat: yFormat)]
        // One series needs no legend: the axis title names it.
        if series.count > 1 { content.append(frame.legend(series.map { ($0.name, $0.tone, $0.tone == .before) })) }
        content += horizontalMarkers.map(frame.horizontalMarker)
        content += verticalMarkers.enumerated().map { frame.verticalMarker($0.element, row: $0.offset) }
        for series in series {
            content.append(Self.draw(series, in: frame))
        }
        return Figure.chart(title: title, caption: caption, width: frame.width, height: frame.height, content: content)
    }

    /// A long line reduced to what a screen can show: per unit-wide pixel
    /// column, the first, lowest, highest and last point, in their order.
    /// Lines with fewer points than twice the columns are kept whole.
    static func envelope(_ points: [(Double, Double)]) -> [(Double, Double)] {
        guard points.count > 2 * Int(ChartFrame.width) else { return points }
        var result: [(Double, Double)] = []
        var start = 0
        while start < points.count {
            let column = points[start].0.rounded(.down)
            var end = start
            while end + 1 < points.count, points[end + 1].0.rounded(.down) == column { end += 1 }
            let range = start...end
            let low = range.min { points[$0].1 < points[$1].1 } ?? start
            let high = range.max { points[$0].1 < points[$1].1 } ?? start
            for index in Set([start, low, high, end]).sorted() { result.append(points[index]) }
            start = end + 1
        }
        return result
    }

    static func draw(_ series: ChartSeries, in frame: ChartFrame) -> Markup {
        let points = series.points.filter { $0.x.isFinite && $0.y.isFinite }
        let tone = series.tone.className
        switch series.shape {
        case .line:
            return Svg.polyline(envelope(points.map { (frame.x($0.x), frame.y($0.y)) }), class: "series \(tone)")
        case .step:
            var corners: [(Double, Double)] = []
            for (index, point) in points.enumerated() {
                // Only changes make corners: a running best over 100 000
                // evaluations has a few dozen.
                if index > 0, index < points.count - 1, point.y == points[index - 1].y { continue }
                let y = frame.y(point.y)
                if let last = corners.last, last.1 != y { corners.append((frame.x(point.x), last.1)) }
                corners.append((frame.x(point.x), y))
            }
            return Svg.polyline(corners, class: "series \(tone)")
        case .dots:
            let stride = max(1, (points.count + maximumDots - 1) / maximumDots)
            let kept = Swift.stride(from: 0, to: points.count, by: stride).map { points[$0] }
            return .el(
                .g, [.class: "dots \(tone)"],
                children: kept.map { Svg.circle(frame.x($0.x), frame.y($0.y), r: 2.2, class: "dot") })
        }
    }
}

// MARK: - Scatter with a front

/// Candidates on two axes where lower is better in both, the non-dominated
/// front joined as a staircase and the chosen candidate ringed.
package struct ScatterChart: Sendable, Hashable {
    package var title: String
    package var caption: String
    package var xLabel: String
    package var yLabel: String
    /// Every setting (those on the front too).
    package var points: [ChartPoint]
    /// The non-dominated candidates.
    package var front: [ChartPoint]
    package var chosen: ChartPoint?
    package var verticalMarkers: [ChartMarker] = []
    package var yFormat: AxisFormat = .number

    package var figure: Markup {
        let all = points + front + (chosen.map { [$0] } ?? [])
        let frame = ChartFrame(
            xs: all.map(\.x) + verticalMarkers.map(\.value), ys: all.map(\.y), yFromZero: true,
            yFormat: yFormat)
        // Settings off the front are drawn only when there are some, and
        // the legend names exactly what is drawn.
        let others = points.filter { !front.contains($0) }
        var legend: [(name: String, tone: Tone, dashed: Bool)] = []
        if !others.isEmpty { legend.append(("other settings", .muted, false)) }
        if !front.isEmpty { legend.append(("Pareto front", .after, false)) }
        if chosen != nil { legend.append(("chosen", .chosen, false)) }
        var content: [Markup] = [frame.legend(legend), frame.axes(xLabel: xLabel, yLabel: yLabel, yFormat: yFormat)]
        content += verticalMarkers.enumerated().map { frame.verticalMarker($0.element, row: $0.offset) }
        if !others.isEmpty {
            content.append(LineChart.draw(ChartSeries("other settings", points: others, tone: .muted, shape: .dots), in: frame))
        }
        let sortedFront = front.sorted { $0.x < $1.x }
        content.append(LineChart.draw(ChartSeries("front", points: sortedFront, tone: .after, shape: .step), in: frame))
        content.append(LineChart.draw(ChartSeries("front", points: sortedFront, tone: .after, shape: .dots), in: frame))
        if let chosen, chosen.x.isFinite, chosen.y.isFinite {
            let px = frame.x(chosen.x), py = frame.y(chosen.y)
            content.append(Svg.circle(px, py, r: 7, class: "ring chosen"))
            // Left of the ring when the label would run past the plot's right
            // edge (on a phone-width chart the chosen point is often there);
            // the same ~6.5 units per character as the frame's markers.
            let nearRight = px + 10 + 6.5 * 6 > frame.plotRight
            content.append(
                Svg.text(
                    "chosen", x: nearRight ? px - 10 : px + 10, y: py - 8,
                    class: "marker-label chosen", anchor: nearRight ? "end" : "start"))
        }
        return Figure.chart(title: title, caption: caption, width: ChartFrame.width, height: frame.height, content: content)
    }
}
