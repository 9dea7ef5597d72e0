// MARK: - The frame every x/y chart shares

/// A point on a chart, in data units.
package struct ChartPoint: Sendable, Hashable {
    package var x: Double
    package var y: Double

    package init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

/// How a series or marker is coloured. The colours themselves live in the
/// report's style sheet (light, dark and print), keyed by these class names.
package enum Tone: Sendable, Hashable {
    /// The state before tuning: grey, dashed.
    case before
    /// The tuned state: the accent colour.
    case after
    /// Background data (every evaluation, every candidate).
    case muted
    /// A limit that must hold (a latency budget).
    case budget
    /// The chosen value.
    case chosen
    /// The n-th colour of a small categorical palette.
    case palette(Int)

    var className: String {
        switch self {
        case .before: "before"
        case .after: "after"
        case .muted: "muted"
        case .budget: "budget"
        case .chosen: "chosen"
        case .palette(let index): "s\(((index % 6) + 6) % 6)"
        }
    }
}

/// A labelled reference line across a chart (a budget, the chosen value).
package struct ChartMarker: Sendable, Hashable {
    package var value: Double
    package var label: String
    package var tone: Tone

    package init(_ value: Double, label: String, tone: Tone) {
        self.value = value
        self.label = label
        self.tone = tone
    }
}

/// How axis ticks are printed.
package enum AxisFormat: Sendable, Hashable {
    /// As many decimals as the tick step needs.
    case number
    /// Fractions printed as percentages (`0.05` → `5 %`).
    case percent

    func label(_ value: Double, ticks: NiceTicks) -> String {
        switch self {
        case .number: return ticks.label(value)
        case .percent: return Format.fixed(value * 100, max(0, ticks.decimals - 2)) + " %"
        }
    }
}

/// Layout, scales and axes of one x/y chart, in SVG user units.
struct ChartFrame {
    /// The default width in SVG units: ``Figure/width``.
    static let width = Figure.width
    /// Where the rotated y-axis title ends on the right (centre 14, the
    /// 12-unit font's half line and a gap).
    static let yTitleRight = 24.0
    /// Between a y tick label's end and the axis: the label's own offset.
    static let tickGap = 6.0
    /// The tick font (11 units) advances about 6.2 units per digit.
    static let tickCharacterWidth = 6.2
    var width = ChartFrame.width
    var height = 300.0
    var left = 64.0
    var right = 20.0
    var top = 34.0
    var bottom = 46.0

    let xTicks: NiceTicks
    let yTicks: NiceTicks
    let x: LinearScale
    let y: LinearScale

    /// Fits the frame around every x and y it must show.
    init(
        xs: [Double], ys: [Double], width: Double = ChartFrame.width, height: Double = 300, xTickCount: Int = 6,
        yTickCount: Int = 5, yFromZero: Bool = false, yFormat: AxisFormat = .number
    ) {
        self.width = width
        self.height = height
        let finiteX = xs.filter(\.isFinite)
        var finiteY = ys.filter(\.isFinite)
        if yFromZero { finiteY.append(0) }
        xTicks = NiceTicks(lower: finiteX.min() ?? 0, upper: finiteX.max() ?? 1, count: xTickCount)
        let ticks = NiceTicks(lower: finiteY.min() ?? 0, upper: finiteY.max() ?? 1, count: yTickCount)
        yTicks = ticks
        // Room for the widest y tick label between the rotated axis title
        // (centred at x 14, half a line either side) and the ticks.
        let widest = ticks.values.map { yFormat.label($0, ticks: ticks).count }.max() ?? 0
        left = max(left, Self.yTitleRight + Self.tickGap + Double(widest) * Self.tickCharacterWidth)
        x = LinearScale(domain: xTicks.domain, range: left...(width - right))
        y = LinearScale(domain: yTicks.domain, range: top...(height - bottom), flipped: true)
    }

    var plotLeft: Double { left }
    var plotRight: Double { width - right }
    var plotTop: Double { top }
    var plotBottom: Double { height - bottom }

    /// Grid, ticks and axis titles.
    func axes(xLabel: String, yLabel: String, xFormat: AxisFormat = .number, yFormat: AxisFormat = .number) -> Markup {
        var nodes: [Markup] = []
        for value in yTicks.values {
            let py = y(value)
            nodes.append(Svg.line(plotLeft, py, plotRight, py, class: "grid"))
            nodes.append(
                Svg.text(
                    yFormat.label(value, ticks: yTicks), x: plotLeft - Self.tickGap, y: py, class: "tick", anchor: "end",
                    baseline: "middle"))
        }
        for value in xTicks.values {
            let px = x(value)
            nodes.append(Svg.line(px, plotBottom, px, plotBottom + 5, class: "axis"))
            nodes.append(
                Svg.text(xFormat.label(value, ticks: xTicks), x: px, y: plotBottom + 18, class: "tick", anchor: "middle"))
        }
        nodes.append(Svg.line(plotLeft, plotBottom, plotRight, plotBottom, class: "axis"))
        nodes.append(Svg.line(plotLeft, plotTop, plotLeft, plotBottom, class: "axis"))
        nodes.append(Svg.text(xLabel, x: (plotLeft + plotRight) / 2, y: height - 6, class: "axis-title", anchor: "middle"))
        nodes.append(
            .el(
                .text,
                [
                    .class: "axis-title", .x: "0", .y: "0", .textAnchor: "middle",
                    .transform: "translate(14 \(Format.coordinate((plotTop + plotBottom) / 2))) rotate(-90)"
                ],
                text: yLabel))
        return .group(nodes)
    }

    /// A vertical reference line with its label at the top.
    func verticalMarker(_ marker: ChartMarker, row: Int = 0) -> Markup {
        let px = x(marker.value)
        guard px >= plotLeft - 0.5, px <= plotRight + 0.5 else { return .group([]) }
        let nearRight = px > plotRight - Double(marker.label.count) * 6.5 - 8
        return .group([
            Svg.line(px, plotTop, px, plotBottom, class: "marker \(marker.tone.className)"),
            Svg.text(
                marker.label, x: px + (nearRight ? -4 : 4), y: plotTop + 10 + Double(row) * 13,
                class: "marker-label \(marker.tone.className)", anchor: nearRight ? "end" : "start")
        ])
    }

    /// A horizontal reference line with its label at the right.
    func horizontalMarker(_ marker: ChartMarker) -> Markup {
        let py = y(marker.value)
        guard py >= plotTop - 0.5, py <= plotBottom + 0.5 else { return .group([]) }
        return .group([
            Svg.line(plotLeft, py, plotRight, py, class: "marker \(marker.tone.className)"),
            Svg.text(marker.label, x: plotRight - 4, y: py - 4, class: "marker-label \(marker.tone.className)", anchor: "end")
        ])
    }

    /// A one-line legend above the plot.
    func legend(_ items: [(name: String, tone: Tone, dashed: Bool)]) -> Markup {
        var nodes: [Markup] = []
        var cursor = plotLeft
        for item in items {
            nodes.append(
                Svg.line(
                    cursor, 14, cursor + 18, 14, class: "legend-swatch \(item.tone.className)\(item.dashed ? " dashed" : "")"))
            nodes.append(Svg.text(item.name, x: cursor + 22, y: 14, class: "legend", baseline: "middle"))
            // Rough advance: the legend font is ~6.5 units per character.
            cursor += 22 + Double(item.name.count) * 6.5 + 18
        }
        return .group(nodes)
    }
}

// MARK: - SVG primitives

/// The SVG shapes charts draw, with coordinates rounded to 0.1 unit.
enum Svg {
    static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, class name: String) -> Markup {
        .el(
            .line,
            [
                .x1: Format.coordinate(x1), .y1: Format.coordinate(y1),
                .x2: Format.coordinate(x2), .y2: Format.coordinate(y2), .class: name
            ])
    }

    static func text(_ text: String, x: Double, y: Double, class name: String, anchor: String = "start", baseline: String? = nil)
        -> Markup
    {
        var attributes: [Markup.Attribute: String] = [
            .x: Format.coordinate(x), .y: Format.coordinate(y), .class: name, .textAnchor: anchor
        ]
        if let baseline { attributes[.dominantBaseline] = baseline }
        return .el(.text, attributes, text: text)
    }

    static func polyline(_ points: [(Double, Double)], class name: String) -> Markup {
        let list = points.map { "\(Format.coordinate($0.0)),\(Format.coordinate($0.1))" }.joined(separator: " ")
        return .el(.polyline, [.points: list, .class: name, .fill: "none"])
    }

    static func circle(_ x: Double, _ y: Double, r: Double, class name: String) -> Markup {
        .el(.circle, [.cx: Format.coordinate(x), .cy: Format.coordinate(y), .r: Format.coordinate(r), .class: name])
    }

    static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, class name: String, fill: String? = nil)
        -> Markup
    {
        var attributes: [Markup.Attribute: String] = [
            .x: Format.coordinate(x), .y: Format.coordinate(y),
            .width: Format.coordinate(max(0, width)), .height: Format.coordinate(max(0, height)), .class: name
        ]
        if let fill { attributes[.fill] = fill }
        return .el(.rect, attributes)
    }
}

// MARK: - Figures

/// Wraps a chart for the page: `<figure>`, an accessible SVG (`role="img"`
/// with a `<title>`) and a one-sentence `<figcaption>`.
package enum Figure {
    /// The width every chart is drawn at, in SVG units: about a phone's
    /// content width (a 390 px screen less the page's margins), so on a
    /// phone a chart is scaled by ~0.9 and its axis ticks (11 units) stay
    /// above 9 px. Wider screens scale charts up, to the style sheet's
    /// `max-width`, which keeps desktop text near body size.
    package static let width = 400.0

    /// An SVG chart of the given size, titled and captioned.
    package static func chart(
        title: String, caption: String, width: Double, height: Double, class name: String = "chart", content: [Markup]
    ) -> Markup {
        .el(
            .figure, [.class: name],
            .el(
                .svg,
                [
                    .viewBox: "0 0 \(Format.coordinate(width)) \(Format.coordinate(height))", .role: "img",
                    .preserveAspectRatio: "xMidYMid meet"
                ],
                children: [.el(.title, text: title)] + content),
            .el(.figcaption, text: caption))
    }

    /// Non-SVG content (a heat-map table) as a captioned figure.
    package static func table(caption: String, class name: String = "table-figure", content: Markup) -> Markup {
        .el(.figure, [.class: name], content, .el(.figcaption, text: caption))
    }
}
