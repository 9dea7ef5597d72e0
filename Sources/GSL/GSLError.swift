import CGSL

// MARK: - Errors

/// A failure reported by GSL, as a Swift error instead of an abort.
///
/// GSL's default error handler calls `abort()`. gesturetune turns it off once,
/// before the first GSL object is created, and checks every status code, so a
/// bad input becomes a thrown `GSLError` that the CLI can report.
///
/// ```swift
/// do { _ = try Histogram(edges: [0, 1, 1]) }
/// catch let error as GSLError { print(error) }   // "gsl_histogram_set_ranges: …"
/// ```
package struct GSLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// GSL's status code (`GSL_EINVAL`, `GSL_EBADFUNC`, …), or `GSL_FAILURE`.
    package var code: Int32
    /// The GSL function (or Swift operation) that failed.
    package var function: String
    /// What went wrong, in words.
    package var message: String

    package init(code: Int32, function: String, message: String? = nil) {
        self.code = code
        self.function = function
        self.message = message ?? GSLError.describe(code)
    }

    /// GSL's own text for a status code (`gsl_strerror`).
    package static func describe(_ code: Int32) -> String {
        guard let text = gsl_strerror(code) else { return "GSL status \(code)" }
        return String(cString: text)
    }

    package var description: String { "\(function): \(message)" }

    /// Throws when `status` is not `GSL_SUCCESS`.
    @usableFromInline
    static func check(_ status: Int32, _ function: String) throws {
        if status != Int32(GSL_SUCCESS) { throw GSLError(code: status, function: function) }
    }
}

// MARK: - Library set-up

/// Process-wide GSL set-up, done exactly once.
enum GSLLibrary {
    /// Turns GSL's aborting error handler off. A `static let` initializer runs
    /// once, thread-safely, on first use; every type in this module touches it
    /// before calling into GSL.
    static let prepared: Bool = {
        gsl_set_error_handler_off()
        return true
    }()

    @inline(__always)
    static func prepare() { _ = prepared }
}
