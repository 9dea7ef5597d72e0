import Testing
import TraceModel

@testable import Reports

@Suite struct ChartTests {
    /// Every chart is a captioned figure with an accessible SVG.
    func expectAccessibleFigure(_ figure: Markup, caption: String) throws {
        let root = try XMLTreeBuilder.parse(figure.rendered)
        #expect(root.name == "figure")
        let svg = try #require(root.children.first)
        #expect(svg.name == "svg")
        #expect(svg.attributes["role"] == "img")
        #expect(svg.attributes["viewBox"]?.hasPrefix("0 0 ") == true)
        #expect(svg.children.first?.name == "title")
        #expect(svg.children.first?.text.isEmpty == false)
        #expect(root.children.last?.name == "figcaption")
        #expect(root.children.last?.text == caption)
    }

    @Test func lineChartDrawsSeriesAxesAndMarkersWhereTheyBelong() throws {
        let chart = LineChart(
            title: "t", caption: "A line.", xLabel: "x", yLabel: "y",
            series: [
                ChartSeries("before", points: [ChartPoint(0, 0), ChartPoint(10, 1)], tone: .before),
                ChartSeries("after", points: [ChartPoint(0, 0.5), ChartPoint(10, 0.8)], tone: .after)
            ],
            verticalMarkers: [ChartMarker(5, label: "chosen 5", tone: .chosen)],
            horizontalMarkers: [ChartMarker(1, label: "rest", tone: .muted)])
        try expectAccessibleFigure(chart.figure, caption: "A line.")
        let root = try XMLTreeBuilder.parse(chart.figure.rendered)
        // Plot spans x 64…380 (the phone-sized 400-unit width) for a 0…10
        // domain: x = 5 sits at 222.
        let marker = try #require(root.elements(named: "line").first { $0.attributes["class"] == "marker chosen" })
        #expect(marker.attributes["x1"] == "222.0")
        #expect(marker.attributes["x2"] == "222.0")
        let polylines = root.elements(named: "polyline")
        #expect(polylines.count == 2)
        #expect(polylines[0].attributes["class"] == "series before")
        // The first point of "before", (0, 0), is at the plot's bottom-left corner (64, 254).
        #expect(polylines[0].attributes["points"]?.hasPrefix("64.0,254.0 ") == true)
        #expect(root.allText.contains("chosen 5"))
        #expect(root.allText.contains("before") && root.allText.contains("after"), "a legend names both series")
    }

    @Test func dotsAreThinnedAndStepsHoldTheirValue() throws {
        let many = (0..<5_000).map { ChartPoint(Double($0), Double($0 % 7)) }
        let dots = LineChart(
            title: "t", caption: "Dots.", xLabel: "x", yLabel: "y",
            series: [ChartSeries("d", points: many, tone: .muted, shape: .dots)]
        ).figure
        let circles = try XMLTreeBuilder.parse(dots.rendered).elements(named: "circle")
        #expect(circles.count <= LineChart.maximumDots && circles.count >= LineChart.maximumDots / 2)

        let step = LineChart(
            title: "t", caption: "Step.", xLabel: "x", yLabel: "y",
            series: [ChartSeries("s", points: [ChartPoint(0, 1), ChartPoint(10, 0)], tone: .after, shape: .step)]
        ).figure
        let points = try #require(try XMLTreeBuilder.parse(step.rendered).elements(named: "polyline").first?.attributes["points"])
        #expect(points.split(separator: " ").count == 3, "a step adds the corner before each drop")

        // A running best over many evaluations keeps only its corners.
        let best = (0..<10_000).map { ChartPoint(Double($0), $0 < 5_000 ? 2 : 1) }
        let long = LineChart(
            title: "t", caption: "Best.", xLabel: "x", yLabel: "y",
            series: [ChartSeries("s", points: best, tone: .after, shape: .step)]
        ).figure
        let corners = try #require(
            try XMLTreeBuilder.parse(long.rendered).elements(named: "polyline").first?.attributes["points"])
        #expect(corners.split(separator: " ").count == 4, "start, the corner and drop at 5000, the end")
    }

    @Test func longLinesKeepTheirEnvelopePerPixelColumn() {
        let wiggle = (0..<20_000).map { (Double($0) / 100, Double($0 % 10)) }
        let reduced = LineChart.envelope(wiggle)
        #expect(reduced.count <= 4 * 201)
        #expect(reduced.first! == wiggle.first! && reduced.last! == wiggle.last!)
        #expect(reduced.map(\.1).min() == 0 && reduced.map(\.1).max() == 9, "extremes survive")
        #expect(zip(reduced, reduced.dropFirst()).allSatisfy { $0.0 <= $1.0 }, "order survives")
        let short = [(0.0, 1.0), (0.5, 2.0)]
        #expect(LineChart.envelope(short).map(\.1) == [1, 2])
    }

    @Test func distributionSharesAreShareOfEachSample() {
        let bins = DistributionChart.bins([[0, 9.9, 10, 19.9, 20], [5]], count: 3)
        #expect(bins.values == [0, 10, 20])
        let shares = DistributionChart.shares([0, 9.9, 10, 19.9, 20], bins: bins)
        #expect(shares == [0.4, 0.6], "the last bin is closed: 20 counts in 10…20")
        #expect(DistributionChart.shares([], bins: bins) == [0, 0])
    }

    @Test func distributionChartMarksTheBudgetAndPercentiles() throws {
        let chart = DistributionChart(
            title: "t", caption: "Latency.", xLabel: "ms",
            before: (0..<100).map(Double.init), after: (0..<100).map { Double($0) / 2 },
            limit: ChartMarker(80, label: "budget p95 ≤ 80 ms", tone: .budget), percentile: 95)
        try expectAccessibleFigure(chart.figure, caption: "Latency.")
        let root = try XMLTreeBuilder.parse(chart.figure.rendered)
        #expect(root.allText.contains("budget p95 ≤ 80 ms"))
        #expect(root.allText.contains("before 94 ms, after 47 ms"))
        #expect(root.elements(named: "rect").count > 5, "after is drawn as bars")
    }

    @Test func scatterRingsTheChosenPointAndJoinsTheFront() throws {
        let chart = ScatterChart(
            title: "t", caption: "Front.", xLabel: "ms", yLabel: "rate",
            points: [ChartPoint(100, 0.1), ChartPoint(120, 0.05), ChartPoint(130, 0.2)],
            front: [ChartPoint(120, 0.05), ChartPoint(100, 0.1)], chosen: ChartPoint(120, 0.05))
        try expectAccessibleFigure(chart.figure, caption: "Front.")
        let root = try XMLTreeBuilder.parse(chart.figure.rendered)
        #expect(root.elements(named: "circle").contains { $0.attributes["class"] == "ring chosen" })
        #expect(root.elements(named: "polyline").count == 1)
    }

    @Test func heatMapShadesByShareOfTheRow() throws {
        #expect(HeatMapTable.level(share: 0) == 0)
        #expect(HeatMapTable.level(share: 0.001) == 1, "a single confusion is never invisible")
        #expect(HeatMapTable.level(share: 0.5) == 4)
        #expect(HeatMapTable.level(share: 1) == 8)
        let table = HeatMapTable(
            caption: "Confusion.", rowTitle: "intended", columnTitle: "recognized",
            rows: ["tap", "scroll"], columns: ["tap", "scroll", "nothing"], counts: [[9, 1], [0, 5, 5]])
        let root = try XMLTreeBuilder.parse(table.figure.rendered)
        #expect(root.children.last?.name == "figcaption")
        let cells = root.elements(named: "td").filter { $0.attributes["class"]?.contains("heat") == true }
        #expect(cells.map(\.text) == ["9", "1", "·", "·", "5", "5"], "ragged rows read as 0")
        #expect(cells[0].attributes["class"] == "num heat good h8")
        #expect(cells[1].attributes["class"] == "num heat bad h1")
        #expect(cells[4].attributes["class"] == "num heat good h4")
    }

    @Test func intervalChartDrawsOneWhiskerPerRow() throws {
        let chart = IntervalChart(
            title: "t", caption: "Rates.", xLabel: "rate",
            rows: [
                .init(label: "before", value: 0.08, lower: 0.07, upper: 0.1, tone: .before),
                .init(label: "after", value: 0.05, lower: 0.04, upper: 0.06, tone: .after)
            ])
        try expectAccessibleFigure(chart.figure, caption: "Rates.")
        let root = try XMLTreeBuilder.parse(chart.figure.rendered)
        #expect(root.elements(named: "g").filter { $0.attributes["class"]?.hasPrefix("interval") == true }.count == 2)
    }

    // MARK: - Touch paths

    let swipe: [TouchSample] = [
        TouchSample(t: 0, pointer: 1, phase: .began, x: 100, y: 100),
        TouchSample(t: 10_000, pointer: 1, phase: .moved, x: 120, y: 100),
        TouchSample(t: 20_000, pointer: 1, phase: .moved, x: 140, y: 110),
        TouchSample(t: 30_000, pointer: 1, phase: .ended, x: 140, y: 110),
        TouchSample(t: 40_000, pointer: 1, phase: .began, x: 10, y: 10),
        TouchSample(t: 50_000, pointer: 1, phase: .ended, x: 12, y: 10)
    ]

    @Test func timeRampRunsFromBlueToAmber() {
        #expect(TouchPathChart.color(at: 0) == "#2563eb")
        #expect(TouchPathChart.color(at: 1) == "#d9a006")
        #expect(TouchPathChart.color(at: -3) == "#2563eb")
        #expect(TouchPathChart.color(at: .nan) == "#2563eb")
    }

    @Test func recognitionPointIsInterpolatedOnTheStrokeDown() throws {
        let at = try #require(TouchPathChart.position(at: 15_000, in: swipe))
        #expect(at.x == 130 && at.y == 105)
        let afterLift = try #require(TouchPathChart.position(at: 35_000, in: swipe))
        #expect(afterLift.x == 140 && afterLift.y == 110, "between strokes: where the last finger lifted")
        #expect(TouchPathChart.strokes(swipe).map(\.count) == [4, 2], "a reused pointer id starts a new stroke")
    }

    @Test func touchPathDrawsSegmentsMarkersAndTheRecognitionStar() throws {
        let chart = TouchPathChart(
            title: "path", caption: "A swipe.", samples: swipe, recognizedAt: 15_000,
            recognizedName: "scroll", screenWidth: 393, screenHeight: 852)
        try expectAccessibleFigure(chart.figure, caption: "A swipe.")
        let root = try XMLTreeBuilder.parse(chart.figure.rendered)
        let segments = root.elements(named: "polyline").filter { $0.attributes["class"] == "segment" }
        #expect(segments.count == 4, "3 shades of time in the first stroke, 1 in the second")
        #expect(segments.map { $0.attributes["points"]?.split(separator: " ").count } == [2, 2, 2, 2])
        #expect(segments.first?.attributes["stroke"] != segments.last?.attributes["stroke"], "coloured by time")
        #expect(root.elements(named: "circle").filter { $0.attributes["class"] == "touch-down" }.count == 2)
        #expect(root.elements(named: "rect").filter { $0.attributes["class"] == "lift" }.count == 2)
        #expect(root.elements(named: "path").filter { $0.attributes["class"] == "fired" }.count == 1)
        #expect(root.allText.contains("scroll at 15 ms"))
        // Screen edges never leave the drawing.
        for edge in root.elements(named: "line").filter({ $0.attributes["class"] == "screen-edge" }) {
            for key in ["x1", "y1", "x2", "y2"] {
                let value = try #require(Double(edge.attributes[key] ?? ""))
                #expect((0...TouchPathChart.size).contains(value))
            }
        }
    }

    @Test func anEmptyPathStillRendersACaptionedFigure() throws {
        let chart = TouchPathChart(
            title: "path", caption: "Nothing.", samples: [], recognizedAt: nil,
            recognizedName: nil, screenWidth: 0, screenHeight: 0)
        try expectAccessibleFigure(chart.figure, caption: "Nothing.")
    }
}
