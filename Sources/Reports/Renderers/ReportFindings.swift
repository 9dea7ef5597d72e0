// MARK: - What the report says, as text both renderers use

/// The sentences and tables of a report, derived from the model once.
///
/// One extension per section of the report, in its order, each in a file
/// of its own: `ReportFindings+Verdict.swift` (1) to `+Run.swift` (10),
/// and `+Platform.swift` for the agreement with the platform.
struct ReportFindings {
    let report: TuningReport

    init(_ report: TuningReport) { self.report = report }
}
