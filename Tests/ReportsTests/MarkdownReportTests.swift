import Foundation
import Testing

@testable import Reports

@Suite struct MarkdownReportTests {
    /// Pipes that separate cells: not preceded by an odd run of backslashes.
    static func separators(_ line: String) -> Int {
        var count = 0, backslashes = 0
        for character in line {
            if character == "|", backslashes % 2 == 0 { count += 1 }
            backslashes = character == "\\" ? backslashes + 1 : 0
        }
        return count
    }

    /// Consecutive lines starting with `|`, outside code fences.
    static func tables(_ markdown: String) -> [[String]] {
        var tables: [[String]] = [], current: [String] = [], fenced = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") { fenced.toggle() }
            if !fenced, line.hasPrefix("|") {
                current.append(line)
            } else if !current.isEmpty {
                tables.append(current)
                current = []
            }
        }
        if !current.isEmpty { tables.append(current) }
        return tables
    }

    func expectWellFormedTables(_ markdown: String) {
        let tables = Self.tables(markdown)
        #expect(tables.count >= 12)
        for table in tables {
            let counts = Set(table.map(Self.separators))
            #expect(counts.count == 1, "rows disagree on cell count: \(table.first ?? "")")
            #expect(table.count >= 2 && table[1].allSatisfy { "|-: ".contains($0) }, "second row is the alignment row")
        }
    }

    @Test func sampleHasTheSameFindingsAsTables() {
        let markdown = MarkdownReport.render(.sample)
        expectWellFormedTables(markdown)
        let headings = markdown.split(separator: "\n").filter { $0.hasPrefix("## ") }.map(String.init)
        #expect(
            headings == [
                "## 1. Verdict", "## 2. The constants", "## 3. Misfires by kind and intent", "## 4. Latency against budgets",
                "## 5. Springs", "## 6. Sensitivity", "## 7. The search", "## 8. Examples", "## 9. Who it serves",
                "## 10. The data and the run"
            ])
        let findings = ReportFindings(.sample)
        #expect(markdown.contains("**" + MarkdownReport.escape(findings.headline) + "**"))
        #expect(markdown.contains("| pan.slop | 10 pt | 8.02 pt |"))
        #expect(markdown.contains("| p36 (served least) | 96 |"))
        #expect(markdown.contains("```sh\n" + TuningReport.sample.run.commandLine + "\n```"))
    }

    @Test func hostileTextCannotBreakATableOrBecomeMarkup() {
        let markdown = MarkdownReport.render(.hostileSample)
        expectWellFormedTables(markdown)
        var fenced = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("````") {
                fenced.toggle()
                continue
            }
            if fenced { continue }
            #expect(!line.contains("<"), "raw HTML: \(line)")
            #expect(!line.contains("#note") || line.hasPrefix("|"), "a newline in data split a row: \(line)")
            // Every backtick, bracket and emphasis character from data is
            // escaped; the only markup is the verdict's own bold.
            var text = String(line)
            if text.hasPrefix("**"),
                let close = text.range(of: "** ", range: text.index(text.startIndex, offsetBy: 2)..<text.endIndex)
            {
                text.removeSubrange(close)
                text.removeFirst(2)
            }
            var previous: Character = " "
            for character in text {
                if "`[]*_".contains(character) {
                    #expect(previous == "\\", "unescaped \(character) in: \(line)")
                }
                previous = character
            }
        }
        // The command line (with backtick runs up to 4) sits in a 5-backtick fence.
        #expect(markdown.contains("`````sh\n" + TuningReport.hostileSample.run.commandLine + "\n`````"))
    }

    @Test func escapesEachDangerousCharacter() {
        #expect(MarkdownReport.escape("a|b") == "a\\|b")
        // Control characters from data are shown, never sent raw (issue 37).
        #expect(MarkdownReport.escape("a\u{1B}[2Jb\u{7}\u{9F}") == #"a\\u{1B}\[2Jb\\u{7}\\u{9F}"#)
        #expect(MarkdownReport.escape("`x`") == "\\`x\\`")
        #expect(MarkdownReport.escape("[l](u)") == "\\[l\\](u)")
        #expect(MarkdownReport.escape("<b>&amp;") == "&lt;b&gt;&amp;amp;")
        #expect(MarkdownReport.escape("a\nb\r\nc") == "a b  c")
        #expect(MarkdownReport.escape("*_~#\\") == "\\*\\_\\~\\#\\\\")
        #expect(MarkdownReport.escape("3.1 % (95 % CI 2–4 %)") == "3.1 % (95 % CI 2–4 %)", "prose stays readable")
    }
}
