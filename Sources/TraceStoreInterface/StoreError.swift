import TraceModel

// MARK: - What the store refuses, and why

/// A problem with the store itself (not with an input line).
package struct StoreError: Error, Sendable, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// A session id already in the store with different content.
package struct DuplicateSessionError: Error, Sendable, CustomStringConvertible {
    package var file: String
    /// The line of the session's `session` line (0 when not known).
    package var line: Int
    package var session: String

    /// - Parameters:
    ///   - file: the file refused.
    ///   - line: the session's line in it.
    ///   - session: the session's id.
    package init(file: String, line: Int, session: String) {
        self.file = file
        self.line = line
        self.session = session
    }

    package var description: String {
        TraceError(
            SourceLocation(file: file, line: line),
            "session \"\(session)\" is already in the store with different content", field: "id"
        ).description
    }
}
