import Foundation
import Testing

@testable import Reports

@Suite struct ReportWriterTests {
    /// Writes the sample report and reads it back. With
    /// `GESTURETUNE_REPORT_PREVIEW_DIR` set, it writes there and keeps the
    /// files: `make browser-check` uses that to get a page to open before the
    /// demo produces a real one.
    @Test func writesFourFilesThatReadBack() throws {
        let preview = ProcessInfo.processInfo.environment["GESTURETUNE_REPORT_PREVIEW_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        let directory =
            preview.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("gesturetune-reports-\(UUID().uuidString)")
        defer { if preview == nil { try? FileManager.default.removeItem(at: directory) } }

        let files = try ReportWriter.write(.sample, to: directory)

        #expect(files.map(\.lastPathComponent) == ["report.html", "report.md", "report.json", "GestureConstants.swift"])
        let json = try Data(contentsOf: directory.appendingPathComponent("report.json"))
        #expect(try ReportWriter.decoder.decode(TuningReport.self, from: json) == .sample)
        #expect(try ReportWriter.json(.sample) == json, "encoding is byte-stable")
        let html = try String(contentsOf: directory.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html == HTMLReport.render(.sample))
        let swift = try String(contentsOf: directory.appendingPathComponent("GestureConstants.swift"), encoding: .utf8)
        #expect(swift == SwiftConstantsFile.render(.sample))
    }
}

@Suite struct ResultJSONTests {
    @Test func keysAreSortedAndDerivedJudgementsWritten() throws {
        let json = String(decoding: try ReportWriter.json(.sample), as: UTF8.self)
        let topLevel = [
            "breakdown", "constants", "examples", "latency", "misfires", "run", "search", "sensitivity", "springs", "title",
            "verdict"
        ]
        let positions = topLevel.map { json.range(of: "\n  \"\($0)\" : ")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "top-level keys in sorted order")
        #expect(json.hasSuffix("}\n"))
        // Judgements a script would otherwise re-derive.
        #expect(json.contains("\"budgetsMet\" : true"))
        #expect(json.contains("\"significantImprovement\" : true"))
        #expect(json.contains("\"met\" : true"))
        #expect(json.contains("\"bound\" : \"lower\""))
        #expect(json.contains("\"rate\" : 0.0508064516129032"), "63 of 1240")
    }

    @Test func derivedFieldsAreIgnoredOnReadAndNonFiniteNumbersSurvive() throws {
        var report = TuningReport.sample
        report.verdict.mcnemarPValue = .nan
        report.constants[0].new = .infinity
        let decoded = try ReportWriter.decoder.decode(TuningReport.self, from: ReportWriter.json(report))
        #expect(decoded.verdict.mcnemarPValue.isNaN)
        #expect(decoded.constants[0].new == .infinity)
        #expect(decoded.breakdown == report.breakdown)

        // A hand-edited derived field cannot contradict the stored ones.
        var text = String(decoding: try ReportWriter.json(.sample), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"budgetsMet\" : true", with: "\"budgetsMet\" : false")
        let edited = try ReportWriter.decoder.decode(TuningReport.self, from: Data(text.utf8))
        #expect(edited.verdict.budgetsMet)
    }
}
