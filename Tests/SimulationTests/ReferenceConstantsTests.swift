import Foundation
import GestureTuneTestSupport
import Recognizers
import Scenes
import Simulation
import Testing

@Suite("The reference scenes' constants")
struct ReferenceConstantsTests {
    /// The README's table lists every constant the epilogue scene uses, with
    /// the catalogue's defaults, units and sources: it cannot drift.
    @Test func theReadmeTableIsTheCatalogues() throws {
        let readme = TestPaths.inPackage("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "## The reference scenes' constants and budgets\n"))
        let end = try #require(text.range(of: "\n## Benchmarks", range: start.upperBound..<text.endIndex))
        let lines = text[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        // The section's first table is the constants'; the budgets' follows.
        let first = try #require(lines.firstIndex { $0.hasPrefix("|") })
        let table = lines[first...].prefix { $0.hasPrefix("|") }.joined(separator: "\n")
        #expect(table == constantsTable(Scene.epilogue.tunableParameters))
        // The budgets' table follows, and every default budget's limit is in it.
        let budgets = lines[first...].drop { $0.hasPrefix("|") }.filter { $0.hasPrefix("|") }.joined(separator: "\n")
        #expect(budgets.hasPrefix("| budget | limit | source |"))
        for budget in LatencyBudget.defaults {
            #expect(budgets.contains("\(Int(budget.limit))"), "\(budget.key)")
        }
    }
}

// MARK: - The README's table

/// The README's table is the one place this Markdown is read, so it is
/// built here, beside the test that holds the README to it.
///
/// A Markdown table of `parameters` — name, default, unit, source — in the
/// order given: the README's "The reference app's constants".
///
/// ```swift
/// print(constantsTable([.tabSwipeDirectionalBias]))
/// // | constant | default | unit | source |
/// // |---|---:|---|---|
/// // | `tabSwipe.directionalBias` | 3.5 | × | the tab session |
/// ```
func constantsTable(_ parameters: [Parameter]) -> String {
    func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v)
    }
    var lines = ["| constant | default | unit | source |", "|---|---:|---|---|"]
    for parameter in parameters {
        let spec = parameter.spec
        lines.append(
            "| `\(spec.name)` | \(number(spec.defaultValue)) | \(spec.unit.isEmpty ? "–" : spec.unit) | \(spec.provenance.label) |"
        )
    }
    return lines.joined(separator: "\n")
}
