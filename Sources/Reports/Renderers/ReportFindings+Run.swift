// MARK: - Run

extension ReportFindings {
    var runTable: ReportTable {
        let run = report.run
        var rows: [(String, String)] = [
            ("corpus", run.corpus),
            ("sessions", "\(run.sessions)"),
            ("labelled gestures", "\(run.gestures)"),
            ("split", run.split.rule),
            ("training people", Self.peopleText(run.split.trainUsers, gestures: run.split.trainGestures)),
            ("held-out people", Self.peopleText(run.split.holdoutUsers, gestures: run.split.holdoutGestures)),
            ("seed", "\(run.seed)"),
            ("objective", run.objective),
            ("method", run.method),
            ("evaluations", "\(run.evaluations)"),
            ("search time", "\(Format.fixed(run.seconds, 1)) s")
        ]
        let unlabelled = (run.split.trainUnlabelled ?? []) + (run.split.holdoutUnlabelled ?? [])
        if !unlabelled.isEmpty {
            // Replayed with the rest, but without labels nothing is judged:
            // they are no people of the misfire rates.
            rows.insert(
                (
                    "unlabelled recordings",
                    "\(unlabelled.count), not counted as people (no labels to judge them by): "
                        + unlabelled.sorted().joined(separator: ", ")
                ), at: 6)
        }
        if let generatedAt = run.generatedAt { rows.append(("generated", generatedAt)) }
        for (name, version) in run.versions.sorted(by: { $0.key < $1.key }) {
            rows.append(("version of \(name)", version))
        }
        return ReportTable(
            columns: [("", .left), ("", .left)],
            rows: rows.map { ReportTable.Row(cells: [.init($0.0), .init($0.1)]) })
    }
}
