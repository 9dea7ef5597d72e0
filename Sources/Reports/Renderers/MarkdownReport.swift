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
        var out: [String] = []
        func heading(_ level: Int, _ text: String) {
            out.append(String(repeating: "#", count: level) + " " + escape(text))
            out.append("")
        }
        func paragraph(_ text: String) {
            out.append(escape(text))
            out.append("")
        }
        func table(_ t: ReportTable) {
            out.append(self.table(t))
            out.append("")
        }

        heading(1, report.title)
        paragraph("gesturetune tuning report · \(report.run.corpus)" + (report.run.generatedAt.map { " · \($0)" } ?? ""))

        heading(2, "1. Verdict")
        out.append(
            "**" + escape(f.headline) + "** "
                + escape([f.significance, f.worseIntentsSentence, f.budgetSentence].filter { !$0.isEmpty }.joined(separator: " "))
        )
        out.append("")
        if let intents = f.significantIntentsTable {
            heading(3, "Intents that changed significantly")
            table(intents)
        }
        if !report.verdict.applicableBudgets.isEmpty { table(f.budgetTable) }
        if let held = f.heldBudgetsSentence { paragraph(held) }
        if let springs = f.unchangedSpringSentence { paragraph(springs) }
        if let sentence = f.platformSentence, let agreement = f.platformTable {
            heading(3, "Agreement with the platform")
            paragraph(sentence)
            table(agreement)
            if let calibration = f.calibrationTable { table(calibration) }
        }

        heading(2, "2. The constants")
        paragraph("Tuned on the training people; paste them from GestureConstants.swift.")
        table(f.constantsTable)

        heading(2, "3. Misfires by kind and intent")
        paragraph("Counts on held-out people, before → after.")
        table(f.misfireTable)
        heading(3, "Confusion before (intended rows, recognized columns)")
        table(ReportFindings.confusionTable(report.misfires.confusionBefore))
        heading(3, "Confusion after")
        table(ReportFindings.confusionTable(report.misfires.confusionAfter))

        heading(2, "4. Latency against budgets")
        table(f.latencyTable)

        heading(2, "5. Springs")
        table(f.springTable)

        heading(2, "6. Sensitivity")
        if let protection = f.protectionSentence { paragraph(protection) }
        if !f.sweepSentence.isEmpty { paragraph(f.sweepSentence) }
        table(f.sweepTable)
        if !report.sensitivity.pareto.isEmpty {
            heading(3, "Misfires against latency")
            if let sentence = f.paretoSentence { paragraph(sentence) }
            table(f.paretoTable)
        }

        heading(2, "7. The search")
        paragraph(f.searchSentence)

        heading(2, "8. Examples")
        heading(3, "Worst remaining misfires")
        if report.examples.remaining.isEmpty {
            paragraph("None.")
        } else {
            table(f.exampleTable(report.examples.remaining, fixed: false))
        }
        heading(3, "Misfires the tuning fixed")
        if report.examples.fixed.isEmpty { paragraph("None.") } else { table(f.exampleTable(report.examples.fixed, fixed: true)) }

        heading(2, "9. Who it serves")
        if let least = ReportFindings.leastServed(report.breakdown.byUser) {
            paragraph("Served least: user \(least.group) at \(ReportFindings.rateWithInterval(least.after)) after tuning.")
        }
        table(ReportFindings.breakdownTable(report.breakdown.byUser, groupTitle: "user"))
        table(ReportFindings.breakdownTable(report.breakdown.byDevice, groupTitle: "device"))

        heading(2, "10. The data and the run")
        table(f.runTable)
        out.append(codeBlock(report.run.commandLine))
        return out.joined(separator: "\n") + "\n"
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
