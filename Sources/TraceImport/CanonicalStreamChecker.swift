import TraceModel

// MARK: - Rules across lines, and skipping invalid lines

/// Applies the rules of `gesturetune-trace/1` that span lines — nothing
/// before the first session, the pointer rules of ``SessionValidator``,
/// motion in time order, every pointer ended by the end of its session — and
/// decides what an invalid line does: stop the file (strict) or be skipped
/// and reported (`skipInvalid`).
///
/// Shared by the canonical and CSV readers so both reject the same mistakes
/// with the same words.
struct CanonicalStreamChecker {
    private(set) var summary = ImportSummary()
    private let skipInvalid: Bool
    private let maxProblems: Int
    private var inSession = false
    /// An invalid session line was skipped: its lines are skipped with it.
    private var skippingSession = false
    private var validator = SessionValidator()
    private var lastMotionTime: Micros = .min
    /// With `skipInvalid`, the last sample of each active pointer, to close
    /// pointers a damaged session left open.
    private var lastSample: [Int32: TouchSample] = [:]
    private var lastTouchTime: Micros = 0

    init(options: ImportOptions) {
        skipInvalid = options.skipInvalid
        maxProblems = options.maxReportedProblems
    }

    /// Whether a session is open (lines after it belong to it).
    var hasOpenSession: Bool { inSession }

    /// Checks a decoded event and emits it (or skips it).
    mutating func accept(
        _ event: TraceEvent, at location: SourceLocation, emit: (TraceEvent) throws -> Void
    ) throws {
        switch event {
        case .session:
            try closeSession(at: location, emit: emit)
            skippingSession = false
            inSession = true
        case .touch(let touch):
            if skippingSession { return skipSilently() }
            guard inSession else { return try reject(TraceError(location, "line before the first session line", field: "type")) }
            if let violation = validator.check(touch) {
                return try reject(TraceError(location, violation.message, field: violation.field))
            }
            lastTouchTime = touch.t
            if skipInvalid {
                if touch.phase.isTerminal { lastSample[touch.pointer] = nil } else { lastSample[touch.pointer] = touch }
            }
        case .motion(let sample):
            if skippingSession { return skipSilently() }
            guard inSession else { return try reject(TraceError(location, "line before the first session line", field: "type")) }
            guard sample.t >= lastMotionTime else {
                return try reject(
                    TraceError(
                        location, "time goes backwards: \(sample.t.seconds) s after \(lastMotionTime.seconds) s", field: "t"))
            }
            lastMotionTime = sample.t
        case .label:
            if skippingSession { return skipSilently() }
            guard inSession else { return try reject(TraceError(location, "line before the first session line", field: "type")) }
        }
        summary.count(event)
        if case .session(var header) = event {
            header.line = location.line
            return try emit(.session(header))
        }
        try emit(event)
    }

    /// Handles a line that failed to decode.
    mutating func rejectLine(
        _ error: TraceError, isSessionLine: Bool, emit: (TraceEvent) throws -> Void
    ) throws {
        if isSessionLine && skipInvalid {
            // The lines up to the next session belong to a session we do not
            // have: skip them too (they count as skipped, one problem reported).
            try closeSession(at: error.location, emit: emit)
            inSession = false
            skippingSession = true
        } else if skippingSession {
            return skipSilently()
        }
        try reject(error)
    }

    /// Closes the last session at the end of the input.
    mutating func finish(at location: SourceLocation, emit: (TraceEvent) throws -> Void) throws {
        try closeSession(at: location, emit: emit)
        inSession = false
    }

    // MARK: - Private

    private mutating func closeSession(at location: SourceLocation, emit: (TraceEvent) throws -> Void) throws {
        defer {
            lastMotionTime = .min
            lastSample = [:]
            lastTouchTime = 0
        }
        guard inSession else { return }
        let open = lastSample
        guard let violation = validator.finish() else { return }
        let error = TraceError(location, violation.message, field: violation.field)
        guard skipInvalid else { throw error }
        // Keep the store's invariant (every pointer ends) by cancelling the
        // pointers the damaged session left down, at its last touch time.
        record(error)
        for (pointer, sample) in open.sorted(by: { $0.key < $1.key }) {
            let cancel = TouchSample(
                t: lastTouchTime, pointer: pointer, phase: .cancelled, x: sample.x, y: sample.y)
            summary.count(.touch(cancel))
            try emit(.touch(cancel))
        }
    }

    private mutating func reject(_ error: TraceError) throws {
        guard skipInvalid else { throw error }
        record(error)
        summary.skipped += 1
    }

    private mutating func skipSilently() {
        summary.skipped += 1
    }

    private mutating func record(_ error: TraceError) {
        if summary.problems.count < maxProblems { summary.problems.append(error) }
    }
}
