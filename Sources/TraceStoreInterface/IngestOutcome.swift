import TraceImport

// MARK: - What an import did

/// What one `ingest` of a file did.
package enum IngestOutcome: Sendable {
    /// The file was imported (possibly with some sessions already present).
    case imported(IngestReport)
    /// A file with the same SHA-256 was imported before: nothing was done.
    case alreadyImported(fileName: String, importedAt: String)
}

/// The counts of one imported file.
package struct IngestReport: Sendable, Codable, Hashable {
    package var fileName: String
    package var sha256: String
    package var format: String
    /// Sessions stored by this import.
    package var sessions: Int
    /// Sessions of the file already stored with the same content (skipped).
    package var sessionsAlreadyPresent: [String]
    package var strokes: Int
    package var touches: Int
    package var motion: Int
    package var labels: Int
    /// Invalid lines skipped (`--skip-invalid` only).
    package var skippedLines: Int
    /// The first few skipped problems, `FILE:LINE: what (field)`.
    package var problems: [String]
    /// What the importer left out of the valid file (`ImportSummary/notes`).
    package var notes: [String]
    /// Rows of a real log skipped because they break the touch sequence
    /// (`ImportSummary/strayRows`), by reason, with the first of each.
    package var strayRows: [StrayRows] = []
    package var seconds: Double

    /// The counts of an import (any store's).
    /// - Parameters:
    ///   - fileName: the file's name as shown.
    ///   - sha256: its SHA-256.
    ///   - format: its format.
    ///   - sessions: sessions stored.
    ///   - sessionsAlreadyPresent: sessions skipped, stored before with the same content.
    ///   - strokes: strokes stored.
    ///   - touches: touch samples stored.
    ///   - motion: motion samples stored.
    ///   - labels: labels stored.
    ///   - skippedLines: invalid lines skipped.
    ///   - problems: the first skipped problems.
    ///   - notes: what the importer left out.
    ///   - strayRows: stray rows skipped.
    ///   - seconds: wall time.
    package init(
        fileName: String, sha256: String, format: String, sessions: Int, sessionsAlreadyPresent: [String], strokes: Int,
        touches: Int, motion: Int, labels: Int, skippedLines: Int, problems: [String], notes: [String],
        strayRows: [StrayRows], seconds: Double
    ) {
        self.fileName = fileName
        self.sha256 = sha256
        self.format = format
        self.sessions = sessions
        self.sessionsAlreadyPresent = sessionsAlreadyPresent
        self.strokes = strokes
        self.touches = touches
        self.motion = motion
        self.labels = labels
        self.skippedLines = skippedLines
        self.problems = problems
        self.notes = notes
        self.strayRows = strayRows
        self.seconds = seconds
    }

    /// Touch and motion samples per second of wall time.
    package var samplesPerSecond: Double {
        seconds > 0 ? Double(touches + motion) / seconds : 0
    }
}

/// Progress of a long import: events so far, and an estimate of the total
/// (from the file size and the line length of its first bytes).
package typealias IngestProgress = (_ events: Int, _ estimatedTotal: Int) -> Void
