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
        let directory = preview.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("gesturetune-reports-\(UUID().uuidString)")
        defer { if preview == nil { try? FileManager.default.removeItem(at: directory) } }

        let files = try ReportWriter.write(.sample, to: directory)

        #expect(files.map(\.lastPathComponent) == ["report.html", "report.md", "result.json", "GestureConstants.swift"])
        let json = try Data(contentsOf: directory.appendingPathComponent("result.json"))
        #expect(try ReportWriter.decoder.decode(TuningReport.self, from: json) == .sample)
        #expect(try ReportWriter.json(.sample) == json, "encoding is byte-stable")
        let html = try String(contentsOf: directory.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html == HTMLReport.render(.sample))
        let swift = try String(contentsOf: directory.appendingPathComponent("GestureConstants.swift"), encoding: .utf8)
        #expect(swift.contains("public static let directionalBias: Double = 2.6174"))
    }
}
