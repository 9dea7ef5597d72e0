import Foundation
import TraceImport
import TraceModel

// MARK: - One fuzz input through one importer

/// Runs a fuzz input through an importer the way `ingest` and `velocity`
/// read files: strictly, then with `--skip-invalid` (whose recovery paths
/// once trapped where strict mode stopped early), collected into sessions.
///
/// An input may be rejected, but only with a ``TraceError`` (the
/// `FILE:LINE: what (field)` form); any other error stops the fuzzer as a
/// finding, and so does a trap (overflow, out-of-range index), which
/// libFuzzer reports as a crash with the input that caused it.
public enum FuzzImporter {
    /// Importers read paths, not memory: each input is written to one
    /// scratch file per process (in TMPDIR, ideally a tmpfs).
    static let path: String = {
        let directory = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        return "\(directory)/gesturetune-fuzz-\(getpid()).input"
    }()

    public static func run(_ format: InputFormat, _ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { fatalError("cannot write \(path): \(String(cString: strerror(errno)))") }
        if let data, count > 0, write(descriptor, data, count) != count { fatalError("short write to \(path)") }
        close(descriptor)
        if let problem = check(path: path, format: format) { fatalError(problem) }
        return 0
    }

    /// Reads the file both ways; what is wrong beyond a ``TraceError``, or
    /// `nil`. (A trap does not return: it ends the process.) Also what
    /// `make test` replays the regression corpus with
    /// (Tests/TraceImportTests/FuzzSupport.swift links to this file).
    public static func check(path: String, format: InputFormat) -> String? {
        for skipInvalid in [false, true] {
            var options = ImportOptions()
            options.skipInvalid = skipInvalid
            // Kernel formats need a screen when the axes give no resolution.
            options.screen = ScreenSize(width: 400, height: 800)
            do {
                _ = try ImporterRegistry.readSessions(path: path, format: format, options: options)
            } catch is TraceError {
                // Rejected in the one form: fine.
            } catch {
                return "\(format.rawValue): an error that is not a TraceError: \(type(of: error)): \(error)"
            }
        }
        return nil
    }
}
