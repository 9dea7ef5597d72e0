// MARK: - The report's sections

/// One section of the tuning report: its anchor, its title and its place.
///
/// This is the only place a section is declared. The order of the cases is
/// the order of the page and of `report.md`; the numbers ("3. Misfires by
/// kind and intent"), the HTML page's table of contents and its anchors
/// (`#misfires`) are derived from it. Each renderer turns a section into its
/// content with an exhaustive `switch`, so a new case does not compile until
/// both the page and the Markdown say what it holds.
///
/// ```swift
/// for section in ReportSection.allCases {
///     print(section.numberedTitle)   // "1. Verdict", "2. The constants", …
/// }
/// ```
package enum ReportSection: String, CaseIterable, Sendable {
    /// Did the misfire rate drop on held-out people, within budgets, significantly?
    case verdict
    /// The tuned constants, reference → tuned, with where each reference value comes from.
    case constants
    /// Misfires by kind and intent, and the confusion matrices.
    case misfires
    /// Latency distributions per gesture against its budget.
    case latency
    /// Spring responses before and after.
    case springs
    /// One-parameter sweeps and the misfire/latency Pareto front.
    case sensitivity
    /// The optimizer's progress.
    case search
    /// Worst remaining misfires and misfires the tuning fixed.
    case examples
    /// Misfire rates by user and by device.
    case breakdown
    /// What it ran on and how to run it again.
    case run

    /// The section's anchor on the page (`report.html#misfires`); stable
    /// across releases, since links to a report name it.
    package var id: String { rawValue }

    /// The title a reader sees, without its number.
    package var title: String {
        switch self {
        case .verdict: "Verdict"
        case .constants: "The constants"
        case .misfires: "Misfires by kind and intent"
        case .latency: "Latency against budgets"
        case .springs: "Springs"
        case .sensitivity: "Sensitivity"
        case .search: "The search"
        case .examples: "Examples"
        case .breakdown: "Who it serves"
        case .run: "The data and the run"
        }
    }

    /// The section's place, counting from 1.
    package var number: Int { Self.allCases.firstIndex(of: self)! + 1 }

    /// "3. Misfires by kind and intent": the heading and the contents entry.
    package var numberedTitle: String { "\(number). \(title)" }
}
