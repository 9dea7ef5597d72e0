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
        if format == .mapped { return checkMapped(path: path) }
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

    // MARK: - The mapped importer: a mapping, a log and a devices file in one input

    /// The line that separates the parts of a mapped input: the mapping's
    /// YAML, the log, and (optionally) the devices file the mapping names.
    public static let separator = Array("\n--8<--\n".utf8)

    /// Where a mapped input's files go: the log and the devices file in a
    /// folder named as HMOG's sessions are (`userFromPath`), the log named
    /// as Henze et al.'s (`labels.intent.fileName`), so every shipped
    /// mapping reads its seed.
    static func mappedFiles(in directory: String) -> (mapping: String, log: String, devices: String) {
        let folder = directory + "/900001_session_2"
        return (directory + "/mapping.yaml", folder + "/FittsTasks-participant9.csv", folder + "/devices.csv")
    }

    /// A mapped input split into its parts.
    public static func mappedParts(_ bytes: [UInt8]) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        var rest = bytes[...]
        while parts.count < 2, let range = firstRange(of: separator, in: rest) {
            parts.append(Array(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(Array(rest))
        return parts
    }

    private static func firstRange(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Range<Int>? {
        guard haystack.count >= needle.count else { return nil }
        var i = haystack.startIndex
        while i + needle.count <= haystack.endIndex {
            if haystack[i..<i + needle.count].elementsEqual(needle) { return i..<i + needle.count }
            i += 1
        }
        return nil
    }

    /// Ingests a mapped input (written out as its files) both ways: what is
    /// wrong beyond a ``TraceError`` in the one form, or `nil`.
    public static func checkMapped(path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return "cannot read \(path)" }
        // Beside the scratch input, never beside a corpus file (the replay test reads those).
        let scratch = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        let directory = "\(scratch)/gesturetune-fuzz-\(getpid())-\(UUID().uuidString).mapped"
        let files = mappedFiles(in: directory)
        try? FileManager.default.removeItem(atPath: directory)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            try FileManager.default.createDirectory(
                atPath: (files.log as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let parts = mappedParts([UInt8](data))
            for (k, file) in [files.mapping, files.log, files.devices].enumerated() where k < parts.count {
                try Data(parts[k]).write(to: URL(fileURLWithPath: file))
            }
        } catch {
            return "cannot write the input's files: \(error)"
        }
        for skipInvalid in [false, true] {
            var options = ImportOptions()
            options.skipInvalid = skipInvalid
            options.mappingPath = files.mapping
            do {
                _ = try ImporterRegistry.readSessions(path: files.log, format: .mapped, options: options)
            } catch let error as TraceError {
                if let problem = formProblem(error, inside: directory) { return "mapped: \(problem): \(error)" }
            } catch {
                return "mapped: an error that is not a TraceError: \(type(of: error)): \(error)"
            }
        }
        return nil
    }

    /// What is wrong with an error's form, or `nil`: the one voice is one
    /// line, `FILE:LINE: what is wrong (field)`, naming a file of the input
    /// (the line may be absent for a whole file), showing no control
    /// character raw, never an empty `()`, and nothing of libyaml's or
    /// Swift's own vocabulary.
    public static func formProblem(_ error: TraceError, inside directory: String) -> String? {
        let text = error.description
        if text.contains(where: \.isNewline) { return "more than one line" }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "a raw control character"
        }
        guard error.location.file.hasPrefix(directory + "/") else { return "it names \(error.location.file)" }
        guard text.hasPrefix(error.location.description + ": ") else { return "not FILE:LINE: first" }
        if error.message.trimmingCharacters(in: .whitespaces).isEmpty { return "no message" }
        if text.hasSuffix("()") { return "an empty field" }
        for leak in ["yaml_", "Swift.", "Error(", "Optional(", "YamlError"] where text.contains(leak) {
            return "it quotes \(leak)"
        }
        return nil
    }
}
