import Foundation
import TraceModel

// MARK: - Reading whole files into memory

extension ImporterRegistry {
    /// Size and first 64 KiB of a file, for format detection and progress
    /// estimates.
    public static func head(path: String, name: String) throws(TraceError) -> (size: Int, prefix: [UInt8]) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TraceError(SourceLocation(file: name, line: 0), "cannot open the file: " + whyUnreadable(path))
        }
        defer { try? handle.close() }
        do {
            let size = Int(try handle.seekToEnd())
            try handle.seek(toOffset: 0)
            let prefix = try handle.read(upToCount: 65536) ?? Data()
            return (size, [UInt8](prefix))
        } catch {
            throw TraceError(SourceLocation(file: name, line: 0), "read failed: \(error.localizedDescription)")
        }
    }

    /// Why `path` cannot be opened for reading, in words a person can act on.
    static func whyUnreadable(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return "no such file" }
        if isDirectory.boolValue { return "it is a directory" }
        if !FileManager.default.isReadableFile(atPath: path) { return "permission denied" }
        return "it cannot be read"
    }

    /// Reads a whole file of any supported format into sessions, for commands
    /// that work on one recording without a store (`gesturetune velocity`).
    ///
    /// ```swift
    /// let sessions = try ImporterRegistry.readSessions(path: "fling.jsonl")
    /// ```
    ///
    /// Memory grows with the file; `ingest` streams instead.
    public static func readSessions(
        path: String, format: InputFormat = .auto, options: ImportOptions = ImportOptions()
    ) throws -> [Session] {
        let (_, prefix) = try head(path: path, name: path)
        let type = try importer(for: format, prefix: prefix, fileName: path)
        var collector = SessionCollector()
        let summary = try type.read(try TraceInput(path: path), options: options) { collector.add($0) }
        try summary.requireSamples(file: path)
        return collector.sessions
    }
}
