// MARK: - Agreement with the platform, as sentences and tables

extension ReportFindings {
    /// The section's lead sentence, or `nil` when the run had no platform
    /// recognitions to compare with.
    var platformSentence: String? {
        guard let p = report.platform else { return nil }
        let verb = p.after > p.before ? "rose" : p.after < p.before ? "fell" : "stayed"
        let why =
            p.target == "platform"
            ? "The constants were fitted to reproduce the platform (--target platform)."
            : "The constants were tuned for what people meant; agreement with the platform is a side effect."
        return "Agreement with the platform's own recognizers on the held-out people's touches \(verb) from "
            + "\(Format.percent(p.before)) to \(Format.percent(p.after)) of \(p.decisions) gesture decisions. \(why)"
    }

    /// Per gesture: the four cells before → after, agreement, onset difference.
    var platformTable: ReportTable? {
        guard let p = report.platform else { return nil }
        func change(_ before: Int, _ after: Int, worseWhenUp: Bool) -> ReportTable.Cell {
            .init(
                "\(before) → \(after)",
                after == before ? .dim : (after > before) == worseWhenUp ? .fail : .ok)
        }
        func ms(_ x: Double?) -> String { x.map { Format.signedFixed($0, 1) + " ms" } ?? "–" }
        return ReportTable(
            columns: [
                ("gesture", .left), ("both fired", .right), ("platform only", .right),
                ("gesturetune only", .right), ("neither", .right), ("agreement", .right),
                ("onset Δ p50 / p95 after", .right)
            ],
            rows: p.gestures.map { g in
                ReportTable.Row(cells: [
                    .init(g.name),
                    change(g.before.both, g.after.both, worseWhenUp: false),
                    change(g.before.platformOnly, g.after.platformOnly, worseWhenUp: true),
                    change(g.before.gesturetuneOnly, g.after.gesturetuneOnly, worseWhenUp: true),
                    change(g.before.neither, g.after.neither, worseWhenUp: false),
                    .init(
                        "\(Format.percent(g.before.rate)) → \(Format.percent(g.after.rate))",
                        g.after.rate < g.before.rate ? .fail : g.after.rate > g.before.rate ? .ok : .dim),
                    .init("\(ms(g.onsetP50Ms)) / \(ms(g.onsetP95Ms))")
                ])
            })
    }

    /// The fitted constants beside what UIKit documents (only in a
    /// calibration run: there the fitted value is a measurement of UIKit).
    var calibrationTable: ReportTable? {
        guard let p = report.platform, p.target == "platform" else { return nil }
        return ReportTable(
            columns: [("constant", .left), ("UIKit documents", .left), ("reference", .right), ("fitted to the platform", .right)],
            rows: report.constants.map { c in
                let documented = p.documented[c.name]
                return ReportTable.Row(cells: [
                    .init(c.name),
                    .init(
                        documented.map { "\(Format.value($0.value, unit: c.unit)) (\($0.source))" } ?? "nothing",
                        documented == nil ? .dim : nil),
                    .init(Format.value(c.old, unit: c.unit)),
                    .init(Format.value(c.new, unit: c.unit), c.new == c.old ? .dim : nil)
                ])
            })
    }
}
