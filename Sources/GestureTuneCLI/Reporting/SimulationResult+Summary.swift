import Foundation
import Recognizers
import Simulation
import TraceModel

// MARK: - A human-readable summary

// The console table of a simulation belongs to the command that prints it;
// Simulation hands over numbers (SimulationResult), not terminal layout.

extension SimulationResult {
    /// A plain-text report: headline, per-intent table, latency and budgets
    /// — what `gesturetune simulate` prints without `--json`.
    ///
    /// ```swift
    /// print(try Simulator().run(sessions: sessions).summary())
    /// ```
    func summary() -> String {
        func percent(_ v: Double) -> String { String(format: "%.1f %%", v * 100) }
        func ms(_ v: Double) -> String { String(format: "%.1f", v) }
        func right(_ s: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - s.count)) + s }
        var lines: [String] = []
        let scenes = self.scenes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        lines.append("\(sessions) sessions (\(scenes)), \(touchSamples) touch + \(motionSamples) motion samples")
        lines.append(
            "\(total.labels) labels: \(total.correct) correct, \(total.wrong) wrong, \(total.missed) missed, "
                + "\(total.deadZone) dead zone, \(total.spurious) spurious (\(total.extra) extra)")
        lines.append(
            "misfire rate \(percent(misfireRate))"
                + (temperature > 0 ? String(format: ", smoothed %.2f misfires (τ = %g)", total.softMisfires, temperature) : ""))
        lines.append("")
        // Intents as people read them ("no gesture (stray touch)", not `none`).
        lines.append("intent                     labels  correct  wrong  missed  dead  spurious  misfire")
        for (intent, c) in perIntent.sorted(by: { $0.key < $1.key }) {
            lines.append(
                Intent.readableName(of: intent).padding(toLength: 26, withPad: " ", startingAt: 0)
                    + String(
                        format: " %6d  %7d  %5d  %6d  %4d  %8d  ", c.labels, c.correct, c.wrong, c.missed,
                        c.deadZone, c.spurious) + right(percent(c.misfireRate), 7))
        }
        if !latency.isEmpty {
            lines.append("")
            lines.append("latency (ms)       count     p50     p95     p99")
            for (gesture, d) in latency.sorted(by: { $0.key < $1.key }) {
                lines.append(
                    gesture.padding(toLength: 18, withPad: " ", startingAt: 0)
                        + String(format: " %5d  ", d.count) + right(ms(d.p50), 6) + "  " + right(ms(d.p95), 6) + "  "
                        + right(ms(d.p99), 6))
            }
            if let haptic = hapticLatency {
                lines.append("haptic after crossing: p50 \(ms(haptic.p50)), p95 \(ms(haptic.p95)) ms")
            }
            if let wait = selectionMenuWait {
                lines.append("selection menu after the lift: p50 \(ms(wait.p50)), p95 \(ms(wait.p95)) ms")
            }
            if let scroll = dragAutoScroll {
                lines.append("drag auto-scroll per drop: p50 \(ms(scroll.p50)), p95 \(ms(scroll.p95)) pt")
            }
        }
        if !budgets.isEmpty {
            lines.append("")
            lines.append("budgets")
            for check in budgets where check.applicable {
                let b = check.budget
                let value = check.value.map { String(format: "%.1f", $0) } ?? "—"
                let verdict = check.fixedByDesign != nil ? "fixed" : check.count == 0 ? "none" : check.passed ? "ok  " : "OVER"
                lines.append(
                    "  \(verdict) \(b.title) "
                        + "p\(String(format: "%g", b.percentile)) \(value) / \(String(format: "%g", b.limit)) \(b.measure.unit)"
                        + " (\(check.overLimit) of \(check.count) over; \(b.definition))"
                        + (check.fixedByDesign.map { "\n        fixed by design, not counted: \($0)" } ?? ""))
            }
            let inapplicable = budgets.filter { !$0.applicable }.map(\.budget.title)
            if !inapplicable.isEmpty {
                lines.append("  not applicable (no gesture of the scene produces them): " + inapplicable.joined(separator: ", "))
            }
        }
        if let agreement = platformAgreement {
            lines.append("")
            lines += agreement.summaryLines()
        }
        return lines.joined(separator: "\n")
    }
}

extension PlatformAgreement {
    /// The agreement table `gesturetune simulate` prints.
    func summaryLines() -> [String] {
        func percent(_ v: Double) -> String { String(format: "%.1f %%", v * 100) }
        func ms(_ d: Distribution?) -> String {
            d.map { String(format: "%+.1f / %+.1f", $0.p50, $0.p95) } ?? "—"
        }
        var lines = [
            "agreement with the platform's recognizers: \(percent(agreementRate)) of \(decisions) decisions"
                + " (\(windows) labelled windows × \(gestures.count) gestures, \(sessions) sessions)",
            "gesture       both  platform only  gesturetune only  neither  agree    onset Δ p50 / p95 (ms)"
        ]
        for (name, g) in gestures.sorted(by: { $0.key < $1.key }) {
            lines.append(
                name.padding(toLength: 12, withPad: " ", startingAt: 0)
                    + String(format: " %5d  %13d  %16d  %7d  ", g.both, g.platformOnly, g.gesturetuneOnly, g.neither)
                    + percent(g.agreementRate).padding(toLength: 7, withPad: " ", startingAt: 0) + "  " + ms(g.onsetDifference))
        }
        lines.append("onset Δ: gesturetune's recognition minus the platform's where both fired (positive: gesturetune later)")
        let columns = Set(firstDecision.values.flatMap(\.keys)).sorted()
        lines.append(
            "first decision (rows: platform, columns: gesturetune): "
                + firstDecision.sorted(by: { $0.key < $1.key }).map { row, cells in
                    "\(row) → " + columns.compactMap { column in cells[column].map { "\(column) \($0)" } }.joined(separator: ", ")
                }.joined(separator: "; "))
        return lines
    }
}
