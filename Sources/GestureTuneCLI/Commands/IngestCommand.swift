import ArgumentParser
import Foundation
import TraceImport
import TraceModel
import TraceStoreInterface

// MARK: - gesturetune ingest

struct IngestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Import recorded touch sessions into the store.",
        discussion: """
            Each file is imported in one transaction: all of it or nothing. A file \
            imported before (same SHA-256) is skipped. The first invalid line stops \
            with FILE:LINE: what is wrong (field) and exit status 1, unless \
            --skip-invalid is given. `-` reads standard input.
            """)

    @OptionGroup var store: StoreOptions

    @OptionGroup var input: ImportFlags

    @Flag(help: "Print the summary as JSON.")
    var json = false

    @Argument(help: ArgumentHelp("Files to import (`-` for standard input).", valueName: "file"))
    var files: [String] = []

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one file to import (or - for standard input)") }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read only once") }
    }

    func run() async throws {
        let options = input.options
        var summary = IngestSummary()
        let started = Date()
        try await store.withStore(input: files.first) { traceStore in
            for (index, file) in files.enumerated() {
                // The next file is read while this one is stored, where the store can.
                if index + 1 < files.count, files[index + 1] != "-" {
                    let next = files[index + 1]
                    traceStore.prepareIngest(
                        path: next, displayName: Console.fileName(next), format: input.resolvedFormat, options: options)
                }
                let status = try await ingest(file, into: traceStore, options: options)
                summary.files.append(status)
                if status.status == "failed" {
                    // The error said what failed; a "0 sessions" line would read
                    // like a success. Files imported before it are summed up.
                    if json || summary.imported > 0 { finish(summary, started: started) }
                    throw ExitCode.failure
                }
            }
        }
        finish(summary, started: started)
    }

    /// Imports one file; reports failures on stderr.
    private func ingest(_ file: String, into traceStore: any TraceStoring, options: ImportOptions) async throws -> FileStatus {
        var path = file
        let name = Console.fileName(file)
        var spooled: String?
        if file == "-" {
            do {
                path = try Self.spoolStandardInput()
                spooled = path
            } catch {
                Console.error("\(name): cannot read it: \(error)")
                return FileStatus(file: file, status: "failed", error: "\(error)")
            }
        }
        defer { if let spooled { try? FileManager.default.removeItem(atPath: spooled) } }

        let bar = ProgressBar(label: (file as NSString).lastPathComponent)
        defer { bar.finish() }
        do {
            let outcome = try await traceStore.ingest(
                path: path, displayName: name, format: input.resolvedFormat, options: options,
                progress: { done, total in bar.updateEvents(done: done, total: total) })
            switch outcome {
            case .alreadyImported(let earlier, let when):
                if !json { Console.out("\(name): already imported (as \(earlier) at \(when)); nothing to do") }
                return FileStatus(file: file, status: "already-imported")
            case .imported(let report):
                if report.skippedLines > 0 || !report.problems.isEmpty {
                    Console.error("\(name): skipped \(report.skippedLines) invalid line(s); the first:")
                    for problem in report.problems { Console.error(problem) }
                }
                for note in report.notes { Console.error("\(name): \(note)") }
                if !report.strayRows.isEmpty {
                    let rows = report.strayRows.reduce(0) { $0 + $1.rows }
                    Console.error("\(name): skipped \(rows) stray row(s) that break the touch sequence (--strict refuses them):")
                    for stray in report.strayRows { Console.error("  \(stray.description)") }
                }
                if !report.sessionsAlreadyPresent.isEmpty {
                    Console.error(
                        "\(name): \(report.sessionsAlreadyPresent.count) session(s) already in the store with the same content, skipped: "
                            + report.sessionsAlreadyPresent.prefix(5).joined(separator: ", "))
                }
                return FileStatus(file: file, status: "imported", report: report)
            }
        } catch {
            bar.finish()
            Console.error("\(error)")
            return FileStatus(file: file, status: "failed", error: "\(error)")
        }
    }

    private func finish(_ summary: IngestSummary, started: Date) {
        var summary = summary
        summary.seconds = Date().timeIntervalSince(started)
        summary.samplesPerSecond = summary.seconds > 0 ? Double(summary.touches + summary.motion) / summary.seconds : 0
        if json {
            try? Console.json(summary)
            return
        }
        let already = summary.files.filter { $0.status == "already-imported" }.count
        var line =
            "ingested \(Console.grouped(summary.sessions)) sessions, \(Console.grouped(summary.pointers)) pointers, "
            + "\(Console.grouped(summary.touches)) touches, \(Console.grouped(summary.labels)) labels"
        if summary.motion > 0 { line += ", \(Console.grouped(summary.motion)) motion samples" }
        line += " from \(summary.imported) file(s)"
        if already > 0 { line += " (\(already) already imported)" }
        line += " in \(Console.fixed(summary.seconds, 2)) s (\(Console.grouped(Int(summary.samplesPerSecond))) samples/s)"
        Console.out(line)
    }

    /// Copies standard input to a temporary file so that it can be hashed
    /// before it is imported.
    static func spoolStandardInput() throws -> String {
        let path = NSTemporaryDirectory() + "gesturetune-stdin-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let out = FileHandle(forWritingAtPath: path)
        else { throw CocoaError(.fileWriteUnknown) }
        defer { try? out.close() }
        while true {
            guard let chunk = try FileHandle.standardInput.read(upToCount: 1 << 20), !chunk.isEmpty else { break }
            try out.write(contentsOf: chunk)
        }
        return path
    }
}

// MARK: - The summary

/// What `ingest --json` prints.
struct IngestSummary: Encodable {
    var files: [FileStatus] = []
    var seconds = 0.0
    var samplesPerSecond = 0.0

    private var reports: [IngestReport] { files.compactMap(\.report) }
    var imported: Int { reports.count }
    var sessions: Int { reports.reduce(0) { $0 + $1.sessions } }
    var pointers: Int { reports.reduce(0) { $0 + $1.strokes } }
    var touches: Int { reports.reduce(0) { $0 + $1.touches } }
    var motion: Int { reports.reduce(0) { $0 + $1.motion } }
    var labels: Int { reports.reduce(0) { $0 + $1.labels } }
    var skippedLines: Int { reports.reduce(0) { $0 + $1.skippedLines } }
    var strayRows: Int { reports.reduce(0) { $0 + $1.strayRows.reduce(0) { $0 + $1.rows } } }

    enum CodingKeys: String, CodingKey {
        case files, seconds, samplesPerSecond, sessions, pointers, touches, motion, labels, skippedLines, strayRows
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(files, forKey: .files)
        try c.encode(seconds, forKey: .seconds)
        try c.encode(samplesPerSecond, forKey: .samplesPerSecond)
        try c.encode(sessions, forKey: .sessions)
        try c.encode(pointers, forKey: .pointers)
        try c.encode(touches, forKey: .touches)
        try c.encode(motion, forKey: .motion)
        try c.encode(labels, forKey: .labels)
        try c.encode(skippedLines, forKey: .skippedLines)
        try c.encode(strayRows, forKey: .strayRows)
    }
}

/// One file of an ingest: `imported`, `already-imported` or `failed`.
struct FileStatus: Encodable {
    var file: String
    var status: String
    var report: IngestReport?
    var error: String?
}
