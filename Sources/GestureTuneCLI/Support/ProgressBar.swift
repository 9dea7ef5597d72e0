import Foundation

// MARK: - Progress on standard error

/// The one progress bar of the command line: `ingest`'s per file
/// (`corpus.jsonl [#####     ] 42% 1,234 events`) and `optimize`'s
/// (`optimize [#####     ] 120/300 best 0.0412 search`). Drawn on standard
/// error when it is a terminal; silent otherwise (logs and pipes get only the
/// final summary).
final class ProgressBar {
    /// Characters between the brackets.
    static let width = 30

    private let label: String
    private let enabled: Bool
    private var lastDraw = Date.distantPast

    init(label: String, enabled: Bool = Console.stderrIsTerminal) {
        self.label = label
        self.enabled = enabled
    }

    /// Redraws at most 10 times a second; `detail` follows the bar (the
    /// caller says what is counted).
    func update(done: Int, total: Int, detail: @autoclosure () -> String) {
        guard enabled, Date().timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = Date()
        FileHandle.standardError.write(Data(Self.line(label: label, done: done, total: total, detail: detail()).utf8))
    }

    /// Clears the bar's line, if it was drawn.
    func finish() {
        guard enabled, lastDraw != .distantPast else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    /// What one redraw writes: back to the line's start, clear it (a shorter
    /// line must not leave the end of a longer one), label, bar, detail.
    static func line(label: String, done: Int, total: Int, detail: String) -> String {
        let filled = Int(fraction(done: done, total: total) * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        return "\r\u{1B}[K\(label) [\(bar)] \(detail)"
    }

    /// `done / total` clamped to 0…1; 0 while the total is unknown (0).
    static func fraction(done: Int, total: Int) -> Double {
        total > 0 ? min(1, max(0, Double(done) / Double(total))) : 0
    }
}

// MARK: - What each command counts

extension ProgressBar {
    /// `ingest`: events read of the file's events.
    func updateEvents(done: Int, total: Int) {
        update(
            done: done, total: total,
            detail: "\(Int(Self.fraction(done: done, total: total) * 100))% \(Console.grouped(done)) events")
    }
}
