import TraceModel

// MARK: - Distributions against a limit

/// Two samples (before and after) as histograms on shared bins, with a
/// vertical limit (a budget) and the percentiles the limit is judged at.
///
/// Bars are the share of each sample per bin, so samples of different sizes
/// compare. "Before" is drawn as a dashed outline over the filled "after".
///
/// ```swift
/// DistributionChart(title: "Tap latency", caption: "…", unit: "ms",
///                   before: old, after: new,
///                   limit: ChartMarker(120, label: "budget p95 ≤ 120 ms", tone: .budget),
///                   percentile: 95).figure
/// ```
package struct DistributionChart: Sendable, Hashable {
    package var title: String
    package var caption: String
    /// The x-axis title, e.g. `latency (ms)`.
    package var xLabel: String
    package var before: [Double]
    package var after: [Double]
    package var limit: ChartMarker?
    /// The percentile marked on both samples (e.g. 95).
    package var percentile: Double
    package var width: Double = Figure.width

    /// Shared bins: about `count` of them at a round width covering both samples.
    package static func bins(_ samples: [[Double]], count: Int = 24) -> NiceTicks {
        let values = samples.flatMap { $0.filter(\.isFinite) }
        return NiceTicks(lower: min(0, values.min() ?? 0), upper: values.max() ?? 1, count: count)
    }

    /// The share of `sample` in each bin `[edge, edge + step)`; the last bin is closed.
    package static func shares(_ sample: [Double], bins: NiceTicks) -> [Double] {
        let edges = bins.values
        guard edges.count >= 2 else { return [] }
        var counts = [Int](repeating: 0, count: edges.count - 1)
        var total = 0
        for value in sample where value.isFinite {
            var index = Int(((value - edges[0]) / bins.step).rounded(.down))
            index = min(max(index, 0), counts.count - 1)
            counts[index] += 1
            total += 1
        }
        return counts.map { total > 0 ? Double($0) / Double(total) : 0 }
    }

    package var figure: Markup {
        let bins = Self.bins([before, after, limit.map { [$0.value] } ?? []])
        let beforeShares = Self.shares(before, bins: bins)
        let afterShares = Self.shares(after, bins: bins)
        let edges = bins.values
        let frame = ChartFrame(
            xs: [edges.first ?? 0, edges.last ?? 1], ys: beforeShares + afterShares, width: width, height: 260,
            xTickCount: width < 560 ? 5 : 6, yFromZero: true, yFormat: .percent)
        var content: [Markup] = [
            frame.legend([("before", .before, true), ("after", .after, false)]),
            frame.axes(xLabel: xLabel, yLabel: "share of gestures", yFormat: .percent)
        ]
        // After: filled bars.
        var bars: [Markup] = []
        for (index, share) in afterShares.enumerated() where share > 0 {
            let x0 = frame.x(edges[index]), x1 = frame.x(edges[index + 1])
            let top = frame.y(share)
            bars.append(Svg.rect(x0 + 0.5, top, x1 - x0 - 1, frame.plotBottom - top, class: "bar"))
        }
        content.append(.el(.g, [.class: "bars after"], children: bars))
        // Before: a stepped outline.
        var outline: [(Double, Double)] = [(frame.x(edges[0]), frame.plotBottom)]
        for (index, share) in beforeShares.enumerated() {
            outline.append((frame.x(edges[index]), frame.y(share)))
            outline.append((frame.x(edges[index + 1]), frame.y(share)))
        }
        outline.append((frame.x(edges[edges.count - 1]), frame.plotBottom))
        content.append(Svg.polyline(outline, class: "series before outline"))
        // The judged percentile of each sample as a thin line, named in the
        // legend row (labels inside the plot would collide with the bars).
        let tag = "p\(Format.smart(percentile))"
        var named: [String] = []
        for (sample, tone, name) in [(before, Tone.before, "before"), (after, Tone.after, "after")] {
            if let value = Percentile.of(sample, percentile) {
                let px = frame.x(value)
                content.append(Svg.line(px, frame.plotTop, px, frame.plotBottom, class: "marker thin \(tone.className)"))
                named.append("\(name) \(Format.ms(value))")
            }
        }
        if !named.isEmpty {
            // A second legend line: beside "before" and "after" it would run
            // past the right edge of a chart drawn at a phone's width.
            content.append(
                Svg.text(
                    "\(tag) (dotted): " + named.joined(separator: ", "), x: frame.plotRight, y: 28,
                    class: "legend", anchor: "end", baseline: "middle"))
        }
        if let limit { content.append(frame.verticalMarker(limit)) }
        return Figure.chart(title: title, caption: caption, width: frame.width, height: frame.height, content: content)
    }
}
