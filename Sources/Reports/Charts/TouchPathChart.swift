import Foundation
import TraceModel

// MARK: - Touch paths

/// One gesture's touch samples drawn as they happened: each pointer a line of
/// segments coloured by time (early blue → late orange), a hollow circle
/// where a finger went down, a bar where it lifted, and a star where the
/// recognizer fired.
///
/// The view zooms to the path (at least 80 pt across, so a tap is not a
/// dot filling the frame) and keeps the aspect ratio; y grows downwards as on
/// the screen.
package struct TouchPathChart: Sendable, Hashable {
    package var title: String
    package var caption: String
    package var samples: [TouchSample]
    /// When the recognizer fired, in the samples' time base.
    package var recognizedAt: Micros?
    /// What fired, printed at the star.
    package var recognizedName: String?
    /// Screen size in points, to draw the screen's edges when they are in view.
    package var screenWidth: Double
    package var screenHeight: Double

    static let size = 300.0
    static let legendHeight = 34.0
    static let minimumSpan = 80.0
    /// Distinct colours along the time ramp: finer than the eye separates.
    static let shades = 24

    /// The time ramp: blue, violet, orange, amber. Readable on light and dark
    /// backgrounds alike, and ordered in lightness for colour-blind readers.
    static let ramp: [(Double, Double, Double)] = [(37, 99, 235), (147, 51, 234), (234, 88, 12), (217, 160, 6)]

    /// The ramp colour at `fraction` (0…1) as `#rrggbb`.
    package static func color(at fraction: Double) -> String {
        let f = min(max(fraction.isFinite ? fraction : 0, 0), 1) * Double(ramp.count - 1)
        let index = min(Int(f), ramp.count - 2)
        let local = f - Double(index)
        let (a, b) = (ramp[index], ramp[index + 1])
        func channel(_ x: Double, _ y: Double) -> Int { Int((x + (y - x) * local).rounded()) }
        let rgb = [channel(a.0, b.0), channel(a.1, b.1), channel(a.2, b.2)]
        return "#"
            + rgb.map { value in
                let hex = String(value, radix: 16)
                return hex.count == 1 ? "0" + hex : hex
            }.joined()
    }

    /// Where pointer strokes were at time `t`: the position interpolated on
    /// the stroke of the pointer that was down (the first one, if several).
    package static func position(at t: Micros, in samples: [TouchSample]) -> (x: Double, y: Double)? {
        for stroke in strokes(samples) {
            guard let first = stroke.first, let last = stroke.last, first.t <= t, t <= last.t else { continue }
            for (a, b) in zip(stroke, stroke.dropFirst()) where a.t <= t && t <= b.t {
                let span = Double(b.t - a.t)
                let f = span > 0 ? Double(t - a.t) / span : 1
                return (a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)
            }
            return (first.x, first.y)
        }
        // After every finger lifted (a tap recognized on release): the last lift.
        let lifted = samples.filter { $0.t <= t }.last
        return lifted.map { ($0.x, $0.y) }
    }

    /// Samples split into strokes (a pointer from `began` to its end), in time order.
    static func strokes(_ samples: [TouchSample]) -> [[TouchSample]] {
        var open: [Int32: Int] = [:]
        var result: [[TouchSample]] = []
        for sample in samples where sample.x.isFinite && sample.y.isFinite {
            if let index = open[sample.pointer], sample.phase != .began {
                result[index].append(sample)
            } else {
                open[sample.pointer] = result.count
                result.append([sample])
            }
            if sample.phase.isTerminal { open[sample.pointer] = nil }
        }
        return result
    }

    package var figure: Markup {
        let finite = samples.filter { $0.x.isFinite && $0.y.isFinite }
        let size = Self.size
        guard let start = finite.first?.t, let end = finite.last?.t else {
            return Figure.chart(
                title: title, caption: caption, width: size, height: size, class: "chart path",
                content: [Svg.text("no touch samples", x: size / 2, y: size / 2, class: "tick", anchor: "middle")])
        }
        // View box in points, centred on the path.
        let xs = finite.map(\.x), ys = finite.map(\.y)
        let (minX, maxX, minY, maxY) = (xs.min() ?? 0, xs.max() ?? 0, ys.min() ?? 0, ys.max() ?? 0)
        let span = max(maxX - minX, maxY - minY, Self.minimumSpan) * 1.25
        let cx = (minX + maxX) / 2, cy = (minY + maxY) / 2
        let scale = size / span
        func px(_ x: Double) -> Double { (x - cx) * scale + size / 2 }
        func py(_ y: Double) -> Double { (y - cy) * scale + size / 2 }
        let duration = max(1, end - start)
        func fraction(_ t: Micros) -> Double { Double(t - start) / Double(duration) }

        var content: [Markup] = [Svg.rect(0.5, 0.5, size - 1, size - 1, class: "path-bg")]
        // The screen's edges, when the zoom reaches them.
        let edges: [(Double, Double, Double, Double)] = [
            (0, 0, screenWidth, 0), (0, screenHeight, screenWidth, screenHeight),
            (0, 0, 0, screenHeight), (screenWidth, 0, screenWidth, screenHeight)
        ]
        func clamp(_ v: Double) -> Double { min(max(v, 0), size) }
        for edge in edges where screenWidth > 0 && screenHeight > 0 {
            let (x1, y1, x2, y2) = (px(edge.0), py(edge.1), px(edge.2), py(edge.3))
            // Edges are axis-aligned: draw the part inside the view, if any.
            let inside = x1 == x2 ? (0...size).contains(x1) : (0...size).contains(y1)
            guard inside else { continue }
            content.append(Svg.line(clamp(x1), clamp(y1), clamp(x2), clamp(y2), class: "screen-edge"))
        }
        // Strokes: each pair of samples is a segment coloured by its midpoint
        // time; consecutive segments of the same shade (one of `shades`) are
        // one polyline, so a 10 s drag at 240 Hz stays a few dozen elements.
        for stroke in Self.strokes(finite) {
            var segments: [Markup] = []
            var run: [(Double, Double)] = []
            var runShade = -1
            func flush() {
                if run.count >= 2 {
                    segments.append(
                        .el(
                            .polyline,
                            [
                                .points: run.map { "\(Format.coordinate($0.0)),\(Format.coordinate($0.1))" }.joined(
                                    separator: " "),
                                .stroke: Self.color(at: Double(runShade) / Double(Self.shades - 1)), .fill: "none",
                                .class: "segment"
                            ]))
                }
            }
            for (a, b) in zip(stroke, stroke.dropFirst()) {
                let shade = Int(((fraction(a.t) + fraction(b.t)) / 2 * Double(Self.shades - 1)).rounded())
                if shade != runShade {
                    flush()
                    // The new run starts where the last one ended, so the line is unbroken.
                    run = [(px(a.x), py(a.y))]
                    runShade = shade
                }
                run.append((px(b.x), py(b.y)))
            }
            flush()
            content.append(.el(.g, [.class: "stroke"], children: segments))
            if let first = stroke.first {
                content.append(
                    .el(
                        .circle,
                        [
                            .cx: Format.coordinate(px(first.x)), .cy: Format.coordinate(py(first.y)), .r: "5",
                            .stroke: Self.color(at: fraction(first.t)), .class: "touch-down"
                        ]))
                content.append(Svg.text("\(first.pointer)", x: px(first.x) + 7, y: py(first.y) - 7, class: "pointer-id"))
            }
            if let last = stroke.last, last.phase.isTerminal {
                content.append(
                    .el(
                        .rect,
                        [
                            .x: Format.coordinate(px(last.x) - 3.5), .y: Format.coordinate(py(last.y) - 3.5),
                            .width: "7", .height: "7", .fill: Self.color(at: fraction(last.t)), .class: "lift"
                        ]))
            }
        }
        // The recognition moment.
        if let recognizedAt, let at = Self.position(at: recognizedAt, in: finite) {
            let x = px(at.x), y = py(at.y)
            content.append(.el(.path, [.d: Self.star(x: x, y: y, radius: 8), .class: "fired"]))
            let label = "\(recognizedName ?? "fired") at \(Format.ms(Double(recognizedAt - start) / 1000))"
            // Beside the star on whichever side the label fits (about 7 px
            // a character at its 12 px bold), else centred above it, inside
            // the view either way: a label cut by the chart's edge is unread.
            let width = Double(label.count) * 7
            if x + 11 + width <= size - 2 {
                content.append(Svg.text(label, x: x + 11, y: y + 4, class: "fired-label", anchor: "start"))
            } else if x - 11 - width >= 2 {
                content.append(Svg.text(label, x: x - 11, y: y + 4, class: "fired-label", anchor: "end"))
            } else {
                let centre = min(max(x, width / 2 + 2), size - width / 2 - 2)
                content.append(Svg.text(label, x: centre, y: max(y - 12, 14), class: "fired-label", anchor: "middle"))
            }
        }
        // Scale bar and time legend below the drawing.
        let legendTop = size + 8
        let bar = Self.scaleBar(span: span)
        content.append(Svg.line(8, legendTop + 6, 8 + bar * scale, legendTop + 6, class: "scale-bar"))
        content.append(Svg.text("\(Format.smart(bar)) pt", x: 8, y: legendTop + 22, class: "tick"))
        let rampLeft = size - 128.0
        for step in 0..<8 {
            content.append(
                Svg.rect(rampLeft + Double(step) * 12, legendTop, 12, 8, class: "ramp", fill: Self.color(at: Double(step) / 7)))
        }
        content.append(Svg.text("0", x: rampLeft, y: legendTop + 22, class: "tick"))
        content.append(
            Svg.text(Format.ms(Double(duration) / 1000), x: rampLeft + 96, y: legendTop + 22, class: "tick", anchor: "end"))
        return Figure.chart(
            title: title, caption: caption, width: size, height: size + Self.legendHeight, class: "chart path", content: content)
    }

    /// A round length about a quarter of the view.
    static func scaleBar(span: Double) -> Double {
        NiceTicks.nice(span / 4, round: true)
    }

    /// A five-pointed star path centred at (x, y).
    static func star(x: Double, y: Double, radius: Double) -> String {
        var parts: [String] = []
        for index in 0..<10 {
            let r = index.isMultiple(of: 2) ? radius : radius * 0.45
            let angle = Double(index) * .pi / 5 - .pi / 2
            let point = "\(Format.coordinate(x + r * cos(angle))),\(Format.coordinate(y + r * sin(angle)))"
            parts.append((index == 0 ? "M" : "L") + point)
        }
        return parts.joined(separator: " ") + " Z"
    }
}
