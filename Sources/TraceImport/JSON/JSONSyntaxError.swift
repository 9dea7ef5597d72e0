// MARK: - Errors

/// A syntax error in a JSON line, with the 0-based byte column.
struct JSONSyntaxError: Error, Sendable {
    var message: String
    var column: Int
    init(_ message: String, column: Int) {
        self.message = message
        self.column = column
    }
    /// The message as the reader reports it.
    var description: String { "malformed JSON: \(message) at column \(column + 1)" }
}
