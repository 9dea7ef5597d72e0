import TraceModel

// MARK: - report.md

/// Renders a ``TuningReport`` as GitHub-flavoured Markdown for a pull
/// request: the same sentences and tables as the HTML page, without charts.
///
/// Text from data is escaped so it can neither break a table (pipes,
/// newlines) nor become markup (backticks, brackets, emphasis, HTML tags).
///
/// ```swift
/// let markdown = MarkdownReport.render(report)
/// ```
package enum MarkdownReport {
    package static func render(_ report: TuningReport) -> String {
        let f = ReportFindings(report)
        var document = MarkdownDocument()
        document.heading(1, report.title)
        document.paragraph("gesturetune tuning report · \(report.run.corpus)" + (report.run.generatedAt.map { " · \($0)" } ?? ""))
        for section in ReportSection.allCases {
            document.heading(2, section.numberedTitle)
            write(section, f, into: &document)
        }
        return document.lines.joined(separator: "\n") + "\n"
    }

    /// What `report.md` holds in a section, below its heading: the same
    /// sentences and tables as the page's section, without its charts.
    static func write(_ section: ReportSection, _ f: ReportFindings, into out: inout MarkdownDocument) {
        let report = f.report
        switch section {
        case .verdict:
            out.lines.append(
                "**" + escape(f.headline) + "** "
                    + escape(
                        [f.significance, f.worseIntentsSentence, f.budgetSentence].filter { !$0.isEmpty }.joined(separator: " "))
            )
            out.lines.append("")
            if let intents = f.significantIntentsTable {
                out.heading(3, "Intents that changed significantly")
                out.table(intents)
            }
            if !report.verdict.applicableBudgets.isEmpty { out.table(f.budgetTable) }
            if let held = f.heldBudgetsSentence { out.paragraph(held) }
            if let springs = f.unchangedSpringSentence { out.paragraph(springs) }
            if let sentence = f.platformSentence, let agreement = f.platformTable {
                out.heading(3, "Agreement with the platform")
                out.paragraph(sentence)
                out.table(agreement)
                if let calibration = f.calibrationTable { out.table(calibration) }
            }
        case .constants:
            out.paragraph("Tuned on the training people; paste them from GestureConstants.swift.")
            out.table(f.constantsTable)
        case .misfires:
            out.paragraph("Counts on held-out people, before → after.")
            out.table(f.misfireTable)
            out.heading(3, "Confusion before (intended rows, recognized columns)")
            out.table(ReportFindings.confusionTable(report.misfires.confusionBefore))
            out.heading(3, "Confusion after")
            out.table(ReportFindings.confusionTable(report.misfires.confusionAfter))
        case .latency:
            out.table(f.latencyTable)
        case .springs:
            out.table(f.springTable)
        case .sensitivity:
            if let protection = f.protectionSentence { out.paragraph(protection) }
            if !f.sweepSentence.isEmpty { out.paragraph(f.sweepSentence) }
            out.table(f.sweepTable)
            if !report.sensitivity.pareto.isEmpty {
                out.heading(3, "Misfires against latency")
                if let sentence = f.paretoSentence { out.paragraph(sentence) }
                out.table(f.paretoTable)
            }
        case .search:
            out.paragraph(f.searchSentence)
        case .examples:
            out.heading(3, "Worst remaining misfires")
            if report.examples.remaining.isEmpty {
                out.paragraph("None.")
            } else {
                out.table(f.exampleTable(report.examples.remaining, fixed: false))
            }
            out.heading(3, "Misfires the tuning fixed")
            if report.examples.fixed.isEmpty {
                out.paragraph("None.")
            } else {
                out.table(f.exampleTable(report.examples.fixed, fixed: true))
            }
        case .breakdown:
            if let least = ReportFindings.leastServed(report.breakdown.byUser) {
                out.paragraph(
                    "Served least: user \(least.group) at \(ReportFindings.rateWithInterval(least.after)) after tuning.")
            }
            out.table(ReportFindings.breakdownTable(report.breakdown.byUser, groupTitle: "user"))
            out.table(ReportFindings.breakdownTable(report.breakdown.byDevice, groupTitle: "device"))
        case .run:
            out.table(f.runTable)
            out.lines.append(codeBlock(report.run.commandLine))
        }
    }

    /// The lines of `report.md` as they are written, each block followed by
    /// the blank line that separates Markdown blocks.
    struct MarkdownDocument {
        var lines: [String] = []

        mutating func heading(_ level: Int, _ text: String) {
            lines += [String(repeating: "#", count: level) + " " + escape(text), ""]
        }

        mutating func paragraph(_ text: String) {
            lines += [escape(text), ""]
        }

        mutating func table(_ table: ReportTable) {
            lines += [MarkdownReport.table(table), ""]
        }
    }

    // MARK: - Pieces

    /// A GitHub table; every row has exactly as many cells as the header.
    static func table(_ table: ReportTable) -> String {
        let width = table.columns.count
        func line(_ cells: [String]) -> String {
            let padded = (cells + Array(repeating: "", count: max(0, width - cells.count))).prefix(width)
            return "| " + padded.map { $0.isEmpty ? " " : escape($0) }.joined(separator: " | ") + " |"
        }
        var lines = [line(table.columns.map(\.title))]
        lines.append("|" + table.columns.map { $0.alignment == .right ? " ---: " : " --- " }.joined(separator: "|") + "|")
        for row in table.rows {
            var cells = row.cells.map(\.text)
            if row.highlighted, !cells.isEmpty { cells[0] += " (served least)" }
            lines.append(line(cells))
        }
        return lines.joined(separator: "\n")
    }

    /// A fenced code block whose fence is longer than any run of backticks
    /// inside, so the content cannot close it.
    static func codeBlock(_ text: String) -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return fence + "sh\n" + text + "\n" + fence
    }

    /// Escapes text for a Markdown paragraph or table cell: the punctuation
    /// that opens Markdown syntax within a line (`\ | * _ [ ] # ~` and the
    /// backtick) gets a backslash, `& < >` become entities, and line breaks become
    /// spaces (a newline would end a table row).
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\\", "|", "`", "*", "_", "[", "]", "#", "~":
                // The characters that open Markdown syntax inside a line or a
                // cell. Backslash-escaping ASCII punctuation is always valid
                // (CommonMark §2.4); numbers and prose keep `( ) . - + ! %`.
                out += "\\"
                out.unicodeScalars.append(scalar)
            case "\n", "\r", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}", "\t":
                out += " "
            default:
                // Other control characters shown, `\u{1B}`, never sent raw.
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += escape(String(scalar).escapingControlCharacters)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
