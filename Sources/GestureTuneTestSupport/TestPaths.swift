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
    package static let sharedFixtures: URL = {
        var directory = packageRoot.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("shared/fixtures")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
    }()

    /// A path below `shared/fixtures`, e.g. `velocity/flutter-velocity.jsonl`.
    package static func sharedFixture(_ relativePath: String) -> String {
        sharedFixtures.appendingPathComponent(relativePath).path
    }

    /// A path below the package root, e.g. `datasets/epilogue`.
    package static func inPackage(_ relativePath: String) -> URL {
        packageRoot.appendingPathComponent(relativePath)
    }
}
