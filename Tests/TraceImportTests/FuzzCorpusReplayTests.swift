import Foundation
import Testing
import TraceModel

@testable import TraceImport

// MARK: - The fuzz regression corpus, replayed on every test run

/// Every input in `Fuzz/Corpus/TARGET` (crashes found by the campaign and by
/// `make fuzz`, kept once fixed) read by its importer, strictly and with
/// `--skip-invalid`, by the fuzz targets' own code (FuzzSupport.swift): accepted, or refused
/// with a ``TraceError``. A trap would take the whole test run down, which
/// is the point: `make test` needs no fuzzer build to catch a regression.
@Suite struct FuzzCorpusReplayTests {
    static let corpus = RecordingFixtures.packageRoot.appendingPathComponent("Fuzz/Corpus")
    static let formats: [String: InputFormat] = [
        "FuzzJSONL": .jsonl, "FuzzCSV": .csv, "FuzzEvemu": .evemu, "FuzzLibinput": .libinput,
        "FuzzGetevent": .getevent, "FuzzPointerEvents": .pointerEvents, "FuzzIOSStudy": .iosStudy,
        "FuzzMapped": .mapped
    ]

    @Test func everyTargetHasARegressionCorpus() throws {
        let directories = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        #expect(directories == Self.formats.keys.sorted())
    }

    @Test(arguments: formats.keys.sorted())
    func replay(target: String) throws {
        let format = try #require(Self.formats[target])
        let directory = Self.corpus.appendingPathComponent(target)
        let inputs = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(!inputs.isEmpty)
        for input in inputs {
            let path = directory.appendingPathComponent(input).path
            if let problem = FuzzImporter.check(path: path, format: format) { Issue.record("\(target)/\(input): \(problem)") }
        }
    }
}
