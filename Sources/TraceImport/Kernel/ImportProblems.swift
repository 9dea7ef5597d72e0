import TraceModel

// MARK: - Failing or skipping

/// Where the importers of real formats send a problem: thrown at once, or,
/// with `--skip-invalid`, counted and kept (the first few) in the summary.
struct ImportProblems {
    let skipInvalid: Bool
    let maxReported: Int
    private(set) var skipped = 0
    private(set) var reported: [TraceError] = []

    init(options: ImportOptions) {
        skipInvalid = options.skipInvalid
        maxReported = options.maxReportedProblems
    }

    /// Throws `error`, or records it when skipping invalid input.
    mutating func handle(_ error: TraceError) throws {
        guard skipInvalid else { throw error }
        skipped += 1
        if reported.count < maxReported { reported.append(error) }
    }

    /// Copies the skipped problems into a summary.
    func fill(_ summary: inout ImportSummary) {
        summary.skipped += skipped
        summary.problems.append(contentsOf: reported)
    }
}

// MARK: - Session ids from file names

/// The session id of an imported recording: the file's name without its
/// directory and last extension (`/tmp/Atmel maXTouch.1-finger-taps.events` →
/// `Atmel maXTouch.1-finger-taps`); `stdin` for standard input.
func importedSessionID(fileName: String) -> String {
    if fileName == "-" || fileName.isEmpty { return "stdin" }
    var base = Substring(fileName)
    if let slash = base.lastIndex(of: "/") { base = base[base.index(after: slash)...] }
    if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = base[..<dot] }
    return base.isEmpty ? "stdin" : String(base)
}

// MARK: - Timestamps

/// Parses `SECONDS.FRACTION` (the kernel's `sec.usec`, as evemu and getevent
/// print it) exactly into microseconds, without going through a double.
func parseKernelTimestamp(_ text: Substring) -> Micros? {
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let secondsText = parts.first, !secondsText.isEmpty,
        secondsText.allSatisfy(\.isASCIIDigitCharacter),
        secondsText.count <= 18, let seconds = Int64(secondsText)
    else { return nil }
    var micros: Int64 = 0
    if parts.count == 2 {
        let fraction = parts[1]
        guard !fraction.isEmpty, fraction.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
        var digits = Array(fraction.utf8.prefix(7)).map { Int64($0 - 0x30) }
        while digits.count < 7 { digits.append(0) }
        for digit in digits.prefix(6) { micros = micros * 10 + digit }
        if digits[6] >= 5 { micros += 1 } // round the 7th digit
    }
    return Micros(seconds: seconds, microseconds: micros)
}

extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isWholeNumber }
}
