import Foundation
import GestureTuneTestSupport
import Recognizers
import Scenes
import Testing
import Tuning

/// Each built-in scene's default search list lives in the catalogue
/// (`[tuning]` in parameters.toml), beside everything else known of a
/// constant; a name there that the catalogue lacks stops the generator
/// instead of being dropped when a search starts.
@Suite("Default tuning lists, from the catalogue")
struct DefaultTuningTests {
    @Test func everyListBelongsToABuiltInSceneAndNamesEachConstantOnce() {
        for list in DefaultTuning.allCases {
            #expect(Scene.builtInNames.contains(list.rawValue), "\(list.rawValue) is no built-in scene")
            #expect(Set(list.parameters).count == list.parameters.count, "\(list.rawValue) repeats a constant")
            #expect(list.parameters.allSatisfy { $0.spec.untuned == nil }, "\(list.rawValue) tunes an untuned constant")
        }
        // The search visits them in the catalogue's order: the first line search is the row's swipe.
        #expect(TuningSpace.defaultNames(for: [.epilogue]).first == "swipeActions.threshold")
        #expect(TuningSpace.defaultNames(for: [.study]) == DefaultTuning.study.parameters.map(\.name))
    }

    @Test func aMisspeltNameInTheCatalogueStopsTheGenerator() throws {
        let catalogue = TestPaths.inPackage("Sources/Recognizers/Catalogue/parameters.toml")
        let text = try String(contentsOf: catalogue, encoding: .utf8)
        #expect(try validate(text) == (0, ""))
        let misspelt = text.replacingOccurrences(of: "\"tabSwipe.momentumWindow\",", with: "\"tabSwipe.momentumWindw\",")
        #expect(misspelt != text)
        let (status, message) = try validate(misspelt)
        #expect(status == 1)
        #expect(message.contains("tuning.epilogue: unknown constant 'tabSwipe.momentumWindw'"), "\(message)")
        // An ordering that names no constant is refused the same way.
        let ordering = text.replacingOccurrences(
            of: "shorter_than = { name = \"longPress.minimumDuration\"", with: "shorter_than = { name = \"longPress.minDuration\""
        )
        #expect(try validate(ordering).status == 1)
    }

    /// Runs `scripts/generate-catalogue.py --validate` on `text`.
    private func validate(_ text: String) throws -> (status: Int32, message: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("catalogue-\(UUID().uuidString).toml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TestPaths.inPackage("scripts/generate-catalogue.py").path, "--validate", file.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
