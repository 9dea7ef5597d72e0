import TraceModel

// MARK: - One example misfire, as the report draws it

extension HTMLReport {
    /// One labelled gesture's card: its touch path (``TouchPathChart``) and
    /// what was meant, what fired, who and on what device. The report's
    /// examples section draws these; `gesturetune serve`'s misfire explorer
    /// draws every misfire of a run the same way.
    /// - Parameters:
    ///   - example: The gesture.
    ///   - fixed: Whether it is a misfire tuning fixed (it reads "before tuning").
    package static func exampleCard(_ example: TuningReport.Example, fixed: Bool) -> Markup {
        let meant = ReportFindings.intentText(example.label)
        let caption =
            "Touch path of \(ReportFindings.subject(example.label)) (session \(example.sessionID)) that "
            + ReportFindings.misfireClause(example, fixed: fixed) + "."
        let chart = TouchPathChart(
            title: "Touch path of session \(example.sessionID)", caption: caption,
            samples: example.path, recognizedAt: example.recognizedAt, recognizedName: example.recognized,
            screenWidth: example.device.screenWidth, screenHeight: example.device.screenHeight
        ).figure
        var facts: [(String, String)] = [
            ("meant", meant),
            (fixed ? "before tuning" : "misfire", example.kind.title + (fixed ? "; correct after" : "")),
            (fixed ? "recognized before" : "recognized", ReportFindings.recognizedText(example))
        ]
        if let shared = ReportFindings.sharedText(example) { facts.append(("same pattern", shared)) }
        facts += [
            ("session", example.sessionID),
            ("user", example.user ?? "–"),
            ("device", ReportFindings.deviceText(example.device))
        ]
        if let target = example.label.target { facts.append(("target", target)) }
        if let note = example.label.note { facts.append(("note", note)) }
        return .el(
            .div, [.class: "example"],
            chart,
            .el(.dl, children: facts.flatMap { [Markup.el(.dt, text: $0.0), .el(.dd, text: $0.1)] }))
    }
}
