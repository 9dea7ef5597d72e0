import Foundation

// MARK: - Where the fixtures are

/// The package's folders as tests find them, whichever test target asks
/// (five targets once each wrote their own search).
///
/// `shared/fixtures` (real recordings: Flutter's velocity data, evemu
/// captures) sits beside the repository on CI; from a git worktree kept in
/// a subfolder (`/work/wt-x` beside `/work/shared`, or deeper) it is found
/// by looking further up.
package enum TestPaths {
    /// The directory holding Package.swift (this file is
    /// `Sources/GestureTuneTestSupport/TestPaths.swift`).
    package static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `shared/fixtures` beside the package or beside one of its ancestors.
    package static let sharedFixtures: URL = beside("shared/fixtures")

    /// `shared/seeds`, the four source documents the built-in scenes cite
    /// by file and line, found as ``sharedFixtures`` is.
    package static let sharedSeeds: URL = beside("shared/seeds")

    /// `relativePath` beside the package or beside one of its ancestors
    /// (beside the package when none has it).
    private static func beside(_ relativePath: String) -> URL {
        var directory = packageRoot.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent(relativePath)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent(relativePath)
    }

    /// A path below `shared/fixtures`, e.g. `velocity/flutter-velocity.jsonl`.
    package static func sharedFixture(_ relativePath: String) -> String {
        sharedFixtures.appendingPathComponent(relativePath).path
    }

    /// A path below the package root, e.g. `datasets/epilogue`.
    package static func inPackage(_ relativePath: String) -> URL {
        packageRoot.appendingPathComponent(relativePath)
    }
}
