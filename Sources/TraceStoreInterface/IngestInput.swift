import Digests
import Foundation
import TraceImport
import TraceModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif // stat

// MARK: - What every store's import reads

/// The file side of an import, the same for every store: what the file
/// is (its size, its importer, an estimate of its events), its events read
/// on a thread of their own and handed over in batches, its SHA-256, and
/// the name errors give it. Each backend only writes what it is handed.
///
/// ```swift
/// let (size, importerType, estimate) = try IngestInput.inspect(path: path, displayName: nil, format: .auto)
/// let summary = try IngestInput.pipe(path: path, importerType: importerType, options: options, renaming: path) { batch in
///     for event in batch { try inserter.add(event) }
/// }
/// ```
package enum IngestInput {
    /// What is known of a file before it is read: its size, its importer
    /// and an estimate of its events (from the line length of its first
    /// bytes), for any store.
    /// - Parameters:
    ///   - path: the file to read.
    ///   - displayName: the name errors use (`-` for standard input); `nil` for `path`.
    ///   - format: `.auto` detects it through `ImporterRegistry`.
    /// - Throws: `TraceError` for a directory, a device, a pipe, an unknown format.
    package static func inspect(path: String, displayName: String?, format: InputFormat) throws -> (
        size: Int, importerType: any TraceImporter.Type, estimatedTotal: Int
    ) {
        let name = displayName ?? path
        // The file is read twice at once (importer and SHA-256): a device or
        // a pipe cannot be, and /dev/zero would never end.
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw TraceError(
                SourceLocation(file: name, line: 0),
                info.st_mode & S_IFMT == S_IFDIR
                    ? "it is a directory; give the files in it (for example DIR/*.jsonl)"
                    : "not a regular file (a device or a pipe); pass - to read standard input", field: "file")
        }
        let (size, prefix) = try ImporterRegistry.head(path: path, name: name)
        let importerType = try ImporterRegistry.importer(
            for: format, prefix: prefix, fileName: displayName == "-" ? "" : name)
        let linesInPrefix = prefix.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        let estimatedTotal = prefix.isEmpty ? 0 : Int(Double(size) * Double(max(linesInPrefix, 1)) / Double(prefix.count))
        return (size, importerType, estimatedTotal)
    }

    /// The summary with a spooled file's path replaced by the name the user
    /// knows (`-`), in its problems and stray rows.
    /// - Parameters:
    ///   - summary: the importer's summary.
    ///   - path: the file read.
    ///   - name: the name to show.
    package static func renaming(_ summary: ImportSummary, path: String, to name: String) -> ImportSummary {
        var summary = summary
        for k in summary.problems.indices where summary.problems[k].location.file == path {
            summary.problems[k].location.file = name
        }
        for k in summary.strayRows.indices where path != name && summary.strayRows[k].first.hasPrefix(path + ":") {
            summary.strayRows[k].first = name + summary.strayRows[k].first.dropFirst(path.count)
        }
        return summary
    }

    /// Reads `path` with the importer on a worker thread and hands the
    /// events, in batches and in order, to `consume` on this thread.
    /// - Parameters:
    ///   - path: the file to read.
    ///   - importerType: the importer that reads it.
    ///   - options: what the importer needs beyond the file.
    ///   - name: the name its errors give it (`-` for a spooled standard input).
    ///   - consume: called with each batch, in order; throwing stops the reader.
    /// - Returns: the importer's summary of the file.
    package static func pipe(
        path: String, importerType: any TraceImporter.Type, options: ImportOptions, renaming name: String,
        consume: ([TraceEvent]) throws -> Void
    ) throws -> ImportSummary {
        let pipe = EventPipe()
        let reader = Unchecked(value: importerType)
        let worker = Worker {
            do {
                var batch: [TraceEvent] = []
                batch.reserveCapacity(EventPipe.batchSize)
                let summary = try reader.value.read(try TraceInput(path: path), options: options) { event in
                    batch.append(event)
                    if batch.count == EventPipe.batchSize {
                        try pipe.push(batch)
                        batch.removeAll(keepingCapacity: true)
                    }
                }
                if !batch.isEmpty { try pipe.push(batch) }
                pipe.finish(.success(summary))
            } catch {
                pipe.finish(.failure(error))
            }
        }
        defer { worker.join() }
        do {
            while let batch = pipe.next() { try consume(batch) }
            return try pipe.outcome().get()
        } catch var error as TraceError {
            pipe.cancel()
            // Standard input is read from a spooled copy; errors in another
            // file (a --device-desc description) keep that file's name.
            if error.location.file == path { error.location.file = name }
            throw error
        } catch {
            pipe.cancel()
            throw error
        }
    }

    /// SHA-256 of a file, as lowercase hex.
    /// - Parameters:
    ///   - path: the file to read.
    ///   - name: the name its errors give it.
    package static func sha256(path: String, name: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TraceError(SourceLocation(file: name, line: 0), "cannot open the file")
        }
        defer { try? handle.close() }
        var sha = SHA256()
        while true {
            let chunk: Data
            do {
                guard let data = try handle.read(upToCount: 1 << 20), !data.isEmpty else { break }
                chunk = data
            } catch {
                throw TraceError(SourceLocation(file: name, line: 0), "read failed: \(error.localizedDescription)")
            }
            sha.update(data: chunk)
        }
        return sha.finalize().lowercaseHex
    }
}
