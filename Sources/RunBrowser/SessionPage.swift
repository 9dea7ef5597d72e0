import Foundation
import Recognizers
import Reports
import Simulation
import TraceModel
import Tuning

// MARK: - GET /sessions/ID?run=ID: one session, both constant sets, every recognizer's timeline

/// One session replayed with a run's tuned constants and its reference,
/// side by side: the touch paths on the scene's layout and, beneath, each
/// recognizer's state over time with the arena's reasons; a slider (and the
/// arrow keys) moves a cursor through both at once.
enum SessionPage {
    /// Both replays, as `GET /api/sessions/ID?run=ID` answers them.
    struct Replays: Encodable {
        var session: String
        var run: Int64
        var user: String?
        var device: String
        var labels: [Label]
        var tuned: SessionTimeline
        var reference: SessionTimeline

        init(_ session: Session, analysis: RunAnalysis) throws {
            self.session = session.id
            run = analysis.result.run.id ?? 0
            user = session.header.user
            device = session.header.device.key
            labels = session.labels
            tuned = try SessionTimeline(session: session, scene: analysis.scene, parameters: try analysis.parameters(tuned: true))
            reference = try SessionTimeline(
                session: session, scene: analysis.scene, parameters: try analysis.parameters(tuned: false))
        }
    }

    /// The window drawn: one label ±, or the whole session.
    struct Window {
        var start: Micros
        var end: Micros
        var span: Double { Double(max(1, end - start)) }
        func contains(_ t: Micros) -> Bool { t >= start && t <= end }
    }

    /// A coordinate as the report's charts write one (0.1 pt).
    static func coordinate(_ x: Double) -> String { Format.fixed(x.isFinite ? x : 0, 1) }

    /// Microseconds as the report writes milliseconds.
    static func ms(_ t: Micros) -> String { Format.ms(Double(t) / 1000) }

    static let timelineWidth = 600.0
    static let rowHeight = 22.0
    static let nameWidth = 130.0

    static func page(_ session: Session, analysis: RunAnalysis, label: Int?, base: String) throws -> Page {
        let replays = try Replays(session, analysis: analysis)
        let first = session.touches.first?.t ?? 0
        let last = max(session.touches.last?.t ?? 0, session.motion.last?.t ?? 0)
        let window: Window
        if let label, session.labels.indices.contains(label) {
            let l = session.labels[label]
            // The label, 300 ms before it, and 700 ms after: a double tap's
            // window or a long press's timer decides after the lift.
            window = Window(start: max(first, l.start - 300 * .millisecond), end: min(last, l.end + 700 * .millisecond))
        } else {
            window = Window(start: first, end: max(last, first + 1))
        }
        let id = replays.run
        let sides = [("tuned (run #\(id))", replays.tuned), ("reference (before tuning)", replays.reference)]
        let shown = session.touches.filter { window.contains($0.t) }
        // What the script moves: the fingers' samples in the window, and the window.
        let data =
            "{\"start\":\(window.start),\"end\":\(window.end),\"left\":\(nameWidth),\"width\":\(timelineWidth),\"samples\":["
            + shown.map { "[\($0.t),\($0.pointer),\(coordinate($0.x)),\(coordinate($0.y)),\($0.phase.isTerminal ? 1 : 0)]" }
            .joined(separator: ",") + "]}"
        var labelLinks: [Markup] = [Page.link("?run=\(id)", "whole session")]
        for (index, l) in session.labels.enumerated() {
            labelLinks += [
                .text(" · "),
                Page.link(
                    "?run=\(id)&label=\(index)",
                    "#\(index) \(l.intent.rawValue)\(l.direction.map { " " + $0.rawValue } ?? "") at \(Format.ms(Double(l.start - first) / 1000))"
                )
            ]
        }
        let head = Markup.group([
            .el(.h1, text: "Session \(session.id)"),
            .el(
                .p, [.class: "subtitle"],
                text:
                    "user \(session.header.user ?? "–") · device \(session.header.device.key) · scene \(replays.tuned.scene) · "
                    + "\(session.labels.count) labelled gesture\(session.labels.count == 1 ? "" : "s") · replayed with run #\(id)"
            ),
            .el(
                .p, [:], Page.link("\(base)/runs/\(id)", "run #\(id)'s report"), .text(" · "),
                Page.link("\(base)/runs/\(id)/misfires", "its misfires")),
            .el(
                .details, [:],
                .el(
                    .summary, [:], .el(.strong, text: "Window: "),
                    .text(
                        label.flatMap { session.labels.indices.contains($0) ? "labelled gesture #\($0)" : nil }
                            ?? "the whole session")),
                .el(.p, children: labelLinks)),
            .el(
                .div, [.class: "legend"],
                children: ["possible", "waiting", "began", "recognized", "failed", "cancelled"].map {
                    .el(.span, [.class: "l-\($0)"], text: $0 == "began" ? "began / changed" : $0)
                })
        ]).rendered
        let scrubber =
            "<div class=\"scrubber\"><label for=\"scrub\">time</label><input id=\"scrub\" type=\"range\""
            + Page.attribute("min", "0") + Page.attribute("max", "\(window.end - window.start)")
            + Page.attribute("step", "1000") + Page.attribute("value", "0") + Page.attribute("aria-label", "time in the session")
            + "><output id=\"now\">0 ms</output><button id=\"play\" type=\"button\">Play</button>"
            + "<span class=\"dim\">← → step 10 ms (shift: 100 ms) · Home/End</span></div>"
            + "<div id=\"session-data\" hidden" + Page.attribute("data-json", data) + "></div>"
        let columns = sides.map { title, timeline in
            Markup.el(
                .div, [.class: "side"],
                .el(.h3, text: title),
                stage(timeline, touches: shown),
                .el(.div, [.class: "scroll"], timelineChart(timeline, labels: session.labels, window: window)),
                events(timeline, window: window, origin: window.start)
            )
        }
        let body = head + scrubber + Markup.el(.div, [.class: "sides"], children: columns).rendered
        return Page(title: "Session \(session.id)", base: base, body: body, script: SessionScript.js)
    }

    // MARK: The scene's layout and the touch paths

    static func stage(_ timeline: SessionTimeline, touches: [TouchSample]) -> Markup {
        let w = timeline.screenWidth, h = timeline.screenHeight
        var content: [Markup] = [
            .el(.rect, [.x: "0", .y: "0", .width: coordinate(w), .height: coordinate(h), .fill: "none", .stroke: "currentColor"])
        ]
        for m in timeline.members where m.maxX > m.minX && m.maxY > m.minY {
            content.append(
                .el(
                    .rect,
                    [
                        .x: coordinate(m.minX), .y: coordinate(m.minY), .width: coordinate(m.maxX - m.minX),
                        .height: coordinate(m.maxY - m.minY), .class: "member"
                    ], .el(.title, text: "\(m.id) (\(m.kind))")))
        }
        // Each stroke (a pointer from down to lift) one polyline.
        var open: [Int32: [TouchSample]] = [:]
        var strokes: [[TouchSample]] = []
        for s in touches {
            open[s.pointer, default: []].append(s)
            if s.phase.isTerminal, let stroke = open.removeValue(forKey: s.pointer) { strokes.append(stroke) }
        }
        strokes += open.values
        for stroke in strokes where stroke.count >= 1 {
            content.append(
                .el(
                    .polyline,
                    [.points: stroke.map { "\(coordinate($0.x)),\(coordinate($0.y))" }.joined(separator: " "), .class: "touch"]))
        }
        content.append(.el(.g, [.class: "fingers"]))
        return .el(
            .svg,
            [
                .class: "stage", .viewBox: "0 0 \(coordinate(w)) \(coordinate(h))", .role: "img",
                .ariaLabel: "Touch paths on the \(timeline.scene) scene's layout (\(Format.smart(w)) × \(Format.smart(h)) pt)"
            ], children: content)
    }

    // MARK: The timeline

    /// A member's row of the timeline: the spans of its states other than `idle`.
    typealias StateRow = (member: Int, spans: [(from: Micros, to: Micros, state: RecognizerState)])

    /// One row per member that left `idle` in the window: each member's
    /// state at the window's start, then its changes in it.
    static func stateRows(_ timeline: SessionTimeline, window: Window) -> [StateRow] {
        var rows: [StateRow] = []
        for (i, _) in timeline.members.enumerated() {
            let changes = timeline.changes.filter { $0.member == i }
            var state = changes.last { $0.t < window.start }?.to ?? .idle
            var since = window.start
            var spans: [(Micros, Micros, RecognizerState)] = []
            for c in changes where window.contains(c.t) {
                if state != .idle && c.t > since { spans.append((since, c.t, state)) }
                state = c.to
                since = c.t
            }
            if state != .idle { spans.append((since, window.end, state)) }
            // A final state shows as a short mark until the next contact resets it.
            let visible = spans.filter { $0.2 != .idle }
            if !visible.isEmpty { rows.append((i, visible.map { (from: $0.0, to: $0.1, state: $0.2) })) }
        }
        return rows
    }

    /// One row per member that left `idle` in the window: a bar per state,
    /// the labels as bands, a cursor the script moves.
    static func timelineChart(_ timeline: SessionTimeline, labels: [Label], window: Window) -> Markup {
        let width = timelineWidth
        func x(_ t: Micros) -> Double { nameWidth + (Double(t - window.start) / window.span) * (width - nameWidth) }
        let rows = stateRows(timeline, window: window)
        let top = 26.0
        let height = top + Double(max(rows.count, 1)) * rowHeight + 24
        var content: [Markup] = []
        for l in labels where l.end >= window.start && l.start <= window.end {
            let x0 = x(max(l.start, window.start)), x1 = x(min(l.end, window.end))
            content.append(
                .el(
                    .rect,
                    [
                        .x: coordinate(x0), .y: "0", .width: coordinate(max(2, x1 - x0)), .height: coordinate(height - 20),
                        .class: "label-band"
                    ],
                    .el(.title, text: "label: \(l.intent.rawValue)\(l.direction.map { " " + $0.rawValue } ?? "")")))
            content.append(
                .el(
                    .text, [.x: coordinate(x0 + 2), .y: "12"],
                    .text("\(l.intent.rawValue)\(l.direction.map { " " + $0.rawValue } ?? "")")))
        }
        for (row, entry) in rows.enumerated() {
            let y = top + Double(row) * rowHeight
            let member = timeline.members[entry.member]
            content.append(.el(.text, [.x: "0", .y: coordinate(y + 14)], .text(member.id)))
            content.append(
                .el(
                    .line,
                    [
                        .x1: coordinate(nameWidth), .y1: coordinate(y + 18), .x2: coordinate(width), .y2: coordinate(y + 18),
                        .class: "axis"
                    ]))
            for span in entry.spans {
                let x0 = x(span.from), x1 = x(span.to)
                let final = !span.state.isLive
                content.append(
                    .el(
                        .rect,
                        [
                            .x: coordinate(x0), .y: coordinate(y + 4), .width: coordinate(final ? 6 : max(2, x1 - x0)),
                            .height: "12", .class: "st-\(String(describing: span.state))"
                        ],
                        .el(.title, text: "\(member.id): \(String(describing: span.state)) at \(ms(span.from - window.start))")
                    ))
            }
        }
        if rows.isEmpty {
            content.append(
                .el(.text, [.x: coordinate(nameWidth), .y: coordinate(top + 14)], .text("no recognizer took part in this window"))
            )
        }
        // The time axis.
        let axisY = height - 6
        content.append(.el(.text, [.x: coordinate(nameWidth), .y: coordinate(axisY)], .text("0 ms")))
        content.append(
            .el(.text, [.x: coordinate(width), .y: coordinate(axisY), .textAnchor: "end"], .text(Format.ms(window.span / 1000))))
        content.append(
            .el(
                .line,
                [.x1: coordinate(nameWidth), .y1: "0", .x2: coordinate(nameWidth), .y2: coordinate(height - 20), .class: "cursor"]
            ))
        return .el(
            .svg,
            [
                .class: "timeline", .viewBox: "0 0 \(coordinate(width)) \(coordinate(height))", .role: "img",
                .ariaLabel: "Each recognizer's state over the window; the labelled gestures as bands"
            ], children: content)
    }

    // MARK: The events, in words

    static func events(_ timeline: SessionTimeline, window: Window, origin: Micros) -> Markup {
        let shown = timeline.changes.filter { window.contains($0.t) && $0.to != .idle }
        guard !shown.isEmpty else { return .el(.p, [.class: "dim"], text: "No recognizer changed state in this window.") }
        return .el(
            .ol, [.class: "events"],
            children: shown.map { c in
                let member = timeline.members[c.member]
                return .el(
                    .li, [.dataLabel: "\(c.t - origin)"],
                    .el(.strong, text: Format.ms(Double(c.t - origin) / 1000)),
                    .text(" \(member.id): \(String(describing: c.from)) → \(String(describing: c.to)) "),
                    .el(.span, [.class: "why"], text: "— " + c.reason))
            })
    }
}
