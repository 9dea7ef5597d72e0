import Foundation
import GestureTuneTestSupport
import Testing

// MARK: - The README's demo table is the committed report's

/// The README's "What the demo shows" table quotes `make demo`'s verdict;
/// `reports/report.json` is that verdict as data. This test reads both, so
/// a regenerated demo with a stale README (or the reverse) fails here
/// instead of misleading a reader — as `ReferenceConstantsTests` does for
/// the constants table.
@Suite("The README's demo table")
struct ReadmeDemoTableTests {
    /// The rows of the table under "### What the demo shows", by their
    /// first cell.
    func readmeRows() throws -> [String: [String]] {
        let text = try String(contentsOf: TestPaths.inPackage("README.md"), encoding: .utf8)
        let start = try #require(text.range(of: "### What the demo shows\n"))
        let end = try #require(text.range(of: "\n## ", range: start.upperBound..<text.endIndex))
        var rows: [String: [String]] = [:]
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "**", with: "") }
            if let first = cells.first { rows[first] = Array(cells.dropFirst()) }
        }
        return rows
    }

    func report() throws -> [String: Any] {
        let data = try Data(contentsOf: TestPaths.inPackage("reports/report.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// "27.7 % (95 % CI 25.4–30.2 %)" from a rate with its interval.
    func percent(_ value: Any?) -> String {
        String(format: "%.1f", ((value as? NSNumber)?.doubleValue ?? .nan) * 100)
    }

    /// "1.7 × 10⁻³⁶", as the README writes a p-value.
    func scientific(_ p: Double) -> String {
        let exponent = Int((log10(p)).rounded(.down))
        let mantissa = p / pow(10, Double(exponent))
        let superscripts: [Character: Character] = [
            "-": "⁻", "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹"
        ]
        return String(format: "%.1f", mantissa) + " × 10" + String(String(exponent).map { superscripts[$0]! })
    }

    @Test func theHeldOutFiguresAreTheReports() throws {
        let rows = try readmeRows()
        let verdict = try #require(try report()["verdict"] as? [String: Any])
        let before = try #require(verdict["before"] as? [String: Any])
        let after = try #require(verdict["after"] as? [String: Any])
        let heldOut = try #require(rows["held-out misfire rate"])
        #expect(
            heldOut[0]
                == "\(percent(before["rate"])) % (95 % CI \(percent(before["lower"]))–\(percent(before["upper"])) %)")
        #expect(
            heldOut[1] == "\(percent(after["rate"])) % (\(percent(after["lower"]))–\(percent(after["upper"])) %)")
        let fixed = try #require(rows["held-out gestures fixed / broken"])
        let p = try #require((verdict["mcnemarPValue"] as? NSNumber)?.doubleValue)
        let counts = "\(verdict["fixedCount"] as? Int ?? -1) / \(verdict["brokenCount"] as? Int ?? -1)"
        #expect(fixed[1] == "\(counts) (McNemar χ² p = \(scientific(p)))")
    }

    @Test func theCountedBudgetsAreTheReports() throws {
        let rows = try readmeRows()
        let verdict = try #require(try report()["verdict"] as? [String: Any])
        let budgets = try #require(verdict["budgets"] as? [[String: Any]])
        // Counted: applicable, movable by some constant, observed.
        let counted = budgets.filter {
            $0["applicable"] as? Bool == true && $0["fixedByDesign"] == nil && $0["before"] is NSNumber
        }
        func missed(_ side: String) -> Int {
            counted.filter { budget in
                if side == "after" { return budget["met"] as? Bool == false }
                let value = (budget["before"] as? NSNumber)?.doubleValue ?? 0
                return value > (budget["limit"] as? NSNumber)?.doubleValue ?? .infinity
            }.count
        }
        let row = try #require(rows["counted budgets missed on the held-out people"])
        #expect(row[0] == "\(missed("before")) of \(counted.count)")
        #expect(row[1].hasPrefix("\(missed("after")) of \(counted.count)"))
    }
}
