import Foundation

// MARK: - Progress on standard error

/// A progress bar on standard error when it is a terminal; silent otherwise
/// (logs and pipes get only the final summary).
final class ProgressBar {
    private let label: String
    private let enabled: Bool
    private var lastDraw = Date.distantPast

    init(label: String, enabled: Bool = Console.stderrIsTerminal) {
        self.label = label
        self.enabled = enabled
    }

    /// Redraws at most 10 times a second.
    func update(done: Int, total: Int) {
        guard enabled, Date().timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = Date()
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
        let width = 30
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        FileHandle.standardError.write(Data(
            "\r\(label) [\(bar)] \(Int(fraction * 100))% \(Console.grouped(done)) events".utf8))
    }

    /// Clears the bar's line.
    func finish() {
        guard enabled, lastDraw != .distantPast else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
