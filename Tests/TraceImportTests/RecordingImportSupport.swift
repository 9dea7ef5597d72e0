import Foundation
import GestureTuneTestSupport
import Testing
import TraceModel

@testable import TraceImport

// MARK: - Helpers for the importers of real recording formats

enum RecordingFixtures {
    static let packageRoot = TestPaths.packageRoot
    /// `../shared/fixtures` (found by the support target).
    static let shared = TestPaths.sharedFixtures
    /// Constructed inputs of this test target.
    static let local = packageRoot.appendingPathComponent("Tests/TraceImportTests/Fixtures")

    static func evemu(_ name: String) -> String { shared.appendingPathComponent("evemu/\(name)").path }
    static func local(_ name: String) -> String { local.appendingPathComponent(name).path }

    /// Writes `text` to a fresh temporary file and returns its path.
    static func temporary(_ text: String, name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gesturetune-import-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}

/// Runs an importer over a file and collects whole sessions.
func importSessions<Importer: TraceImporter>(
    _ importer: Importer.Type, _ path: String, options: ImportOptions = ImportOptions()
) throws -> (sessions: [Session], summary: ImportSummary) {
    var collector = SessionCollector()
    var first = true
    let summary = try Importer.read(TraceInput(path: path), options: options) { event in
        if first, case .session = event {
        } else if first {
            Issue.record("the first event is not a session: \(event)")
        }
        first = false
        collector.add(event)
    }
    // Everything an importer emits must pass the canonical rules again.
    for session in collector.sessions {
        var rules = SessionValidator()
        for touch in session.touches {
            #expect(rules.check(touch) == nil, "\(session.id): \(touch)")
        }
        #expect(rules.finish() == nil, "\(session.id)")
    }
    return (collector.sessions, summary)
}

/// The error an import throws, or `nil` (recorded as an issue) if it succeeds.
func importError<Importer: TraceImporter>(
    _ importer: Importer.Type, _ path: String, options: ImportOptions = ImportOptions(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> TraceError? {
    do {
        _ = try importSessions(importer, path, options: options)
        Issue.record("expected an import error", sourceLocation: sourceLocation)
        return nil
    } catch let error as TraceError {
        return error
    } catch {
        Issue.record("not a TraceError: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

func screen(_ width: Double, _ height: Double) -> ImportOptions {
    var options = ImportOptions()
    options.screen = ScreenSize(width: width, height: height)
    return options
}
