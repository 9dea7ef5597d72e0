import TraceModel

// MARK: - Kernel events → touch samples

/// Turns a stream of Linux input events into canonical ``TraceEvent``s: the
/// `.session` header, then one touch sample per pointer per frame it changed in.
///
/// The evemu, libinput and getevent importers parse their own syntax into
/// ``KernelEvent``s and hand them here, so the kernel's semantics live in one
/// place:
/// - `SYN_REPORT` closes a frame; samples get the frame's time, relative to
///   the first event of the recording (the session start).
/// - **Protocol B** (`ABS_MT_SLOT`): a slot's `ABS_MT_TRACKING_ID` ≥ 0 begins a
///   contact, −1 lifts it, a different id in an occupied slot ends the old
///   contact and begins a new one. Slot values persist, as in the kernel, so a
///   contact that begins where the last one in its slot was needs no position
///   events. Pointer ids are the tracking ids. Only slots that changed in a
///   frame get a sample (`moved`).
/// - **Protocol A** (`SYN_MT_REPORT` after each contact): contacts carry no
///   identity, so each frame's contacts are matched to the pointers down by
///   nearest neighbour (globally closest pairs first); unmatched new contacts
///   begin (with the smallest free pointer id), pointers left unmatched end
///   where they were last seen. An empty frame or `BTN_TOUCH 0` lifts them all.
///   Every contact is resent each frame, so an unmoved one gets `stationary`.
///   Tracking ids, when a protocol-A device sends them, are used instead.
/// - **Single touch** (`ABS_X`/`ABS_Y` + `BTN_TOUCH`): pointer 0.
/// - `SYN_DROPPED` means the kernel lost events: an error (with
///   `--skip-invalid`, the frame is dropped).
///
/// Every sample goes through ``SessionValidator``, so broken recordings get
/// the same words as broken canonical traces.
struct KernelTouchAssembler {
    let file: String
    private var header: SessionHeader
    private let description: KernelDeviceDescription
    private let screen: ScreenSize?
    private(set) var touchProtocol: KernelTouchProtocol?
    private var mapping: KernelPointMapping?
    private(set) var problems: ImportProblems
    /// Every event passed on, counted: what the import reports.
    private var emitted = ImportSummary()
    private var validator = SessionValidator()
    private(set) var sessionStarted = false
    private(set) var touches = 0

    private var firstTime: Micros?
    private var lastTime: Micros?
    private var lastLine = 0
    private var frame: [(event: KernelEvent, line: Int)] = []
    private var droppingUntilReport = false
    /// Pointers down, with their last position in points (for end samples).
    private var down: [Int32: (x: Double, y: Double)] = [:]

    // Protocol B
    private struct Slot {
        var trackingID: Int32?
        var x: Int32?, y: Int32?, major: Int32?, pressure: Int32?
        var beganInFrame = false
        var changedInFrame = false
    }
    private var slots: [Int32: Slot] = [:]
    private var currentSlot: Int32 = 0

    // Protocol A
    private struct Contact {
        var pointer: Int32
        var trackingID: Int32?
        var x: Int32, y: Int32
    }
    private var contacts: [Contact] = []

    // Single touch
    private var single = Slot()
    private var singleTouching = false

    /// - Parameters:
    ///   - header: the session header; its device screen (and ppi) are filled
    ///     in from the mapping.
    ///   - touchProtocol: how contacts are reported; `nil` lets the first
    ///     frame with contacts decide (inputs without a device description).
    init(
        file: String, header: SessionHeader, description: KernelDeviceDescription,
        touchProtocol: KernelTouchProtocol?, options: ImportOptions
    ) {
        self.file = file
        self.header = header
        self.description = description
        self.touchProtocol = touchProtocol
        self.screen = options.screen
        self.problems = ImportProblems(options: options)
    }

    private func location(_ line: Int) -> SourceLocation { SourceLocation(file: file, line: line) }

    // MARK: Feeding

    /// Takes the next event, read from `line`.
    mutating func feed(
        _ event: KernelEvent, line: Int, emit: (TraceEvent) throws -> Void
    ) throws {
        lastLine = line
        if let problem = LinuxInput.problem(type: event.type, code: event.code) {
            try problems.handle(
                TraceError(
                    location(line), problem, field: LinuxInput.maxCode[event.type] == nil ? "type" : "code"))
            return
        }
        if let lastTime, event.time < lastTime {
            try problems.handle(
                TraceError(
                    location(line),
                    "time goes backwards: \(event.time.seconds) s after \(lastTime.seconds) s", field: "time"))
            return
        }
        lastTime = event.time
        if firstTime == nil { firstTime = event.time }

        let isReport = event.type == LinuxInput.EV_SYN && event.code == LinuxInput.SYN_REPORT
        if droppingUntilReport {
            if isReport { droppingUntilReport = false }
            return
        }
        if event.type == LinuxInput.EV_SYN && event.code == LinuxInput.SYN_DROPPED {
            try problems.handle(
                TraceError(
                    location(line),
                    "the kernel dropped events here: the contacts are unknown until the next SYN_REPORT",
                    field: "SYN_DROPPED"))
            frame.removeAll()
            droppingUntilReport = true
            return
        }
        switch event.type {
        case LinuxInput.EV_SYN, LinuxInput.EV_KEY, LinuxInput.EV_ABS:
            frame.append((event, line))
        default:
            break // EV_MSC timestamps, LEDs, …: nothing a touch needs
        }
        if isReport {
            try closeFrame(time: event.time, line: line, emit: emit)
        }
    }

    /// Ends the recording: a frame left open or pointers left down are errors
    /// (with `--skip-invalid`, the open frame is dropped and the pointers
    /// cancelled at the last time).
    mutating func finish(emit: (TraceEvent) throws -> Void) throws {
        let endLine = lastLine
        if let open = frame.first {
            try problems.handle(
                TraceError(
                    location(endLine),
                    "the recording ends in the middle of a frame: no SYN_REPORT after line \(open.line)"
                        + " (truncated?)", field: "SYN_REPORT"))
            frame.removeAll()
        }
        try startSession(at: endLine, emit: emit)
        let remaining = down
        if let violation = validator.finish() {
            try problems.handle(
                TraceError(
                    location(endLine), "the recording ends with a contact down: " + violation.message,
                    field: violation.field))
            // Skipping: close what is open so the session stays valid.
            let t = (lastTime ?? 0) - (firstTime ?? 0)
            for (pointer, position) in remaining.sorted(by: { $0.key < $1.key }) {
                try pass(
                    .touch(TouchSample(t: t, pointer: pointer, phase: .cancelled, x: position.x, y: position.y)),
                    to: emit)
                touches += 1
            }
        }
        down.removeAll()
    }

    // MARK: Session header

    private mutating func startSession(at line: Int, emit: (TraceEvent) throws -> Void) throws {
        guard !sessionStarted else { return }
        let chosen = touchProtocol ?? description.impliedProtocol ?? .slots
        let single = chosen == .singleTouch
        let xCode = single ? LinuxInput.ABS_X : LinuxInput.ABS_MT_POSITION_X
        let yCode = single ? LinuxInput.ABS_Y : LinuxInput.ABS_MT_POSITION_Y
        let pressureCode = single ? LinuxInput.ABS_PRESSURE : LinuxInput.ABS_MT_PRESSURE
        let mapping = try KernelPointMapping(
            x: description.axes[xCode], y: description.axes[yCode],
            axisNames: (LinuxInput.axisName(xCode), LinuxInput.axisName(yCode)),
            pressure: description.axes[pressureCode], screen: screen,
            missingLocation: description.location.line > 0 ? description.location : location(line))
        self.mapping = mapping
        header.device.screenWidth = mapping.screen.width
        header.device.screenHeight = mapping.screen.height
        header.device.ppi = mapping.ppi
        try pass(.session(header), to: emit)
        sessionStarted = true
    }

    // MARK: Frames

    private mutating func closeFrame(time: Micros, line: Int, emit: (TraceEvent) throws -> Void) throws {
        defer { frame.removeAll(keepingCapacity: true) }
        if touchProtocol == nil {
            touchProtocol = Self.protocolShown(by: frame)
            guard touchProtocol != nil else { return } // nothing touch-like yet
        }
        try startSession(at: line, emit: emit)
        let t = time - (firstTime ?? time)
        switch touchProtocol {
        case .slots: try closeSlotFrame(t: t, line: line, emit: emit)
        case .anonymousContacts: try closeContactFrame(t: t, line: line, emit: emit)
        case .singleTouch: try closeSingleTouchFrame(t: t, line: line, emit: emit)
        case nil: break
        }
    }

    /// Which protocol a frame is written in, for inputs without a description.
    private static func protocolShown(by frame: [(event: KernelEvent, line: Int)]) -> KernelTouchProtocol? {
        var sawSlotsOrIDs = false, sawPosition = false, sawSingle = false
        for (event, _) in frame {
            if event.type == LinuxInput.EV_SYN && event.code == LinuxInput.SYN_MT_REPORT {
                return .anonymousContacts
            }
            guard event.type == LinuxInput.EV_ABS || event.type == LinuxInput.EV_KEY else { continue }
            switch (event.type, event.code) {
            case (LinuxInput.EV_ABS, LinuxInput.ABS_MT_SLOT), (LinuxInput.EV_ABS, LinuxInput.ABS_MT_TRACKING_ID):
                sawSlotsOrIDs = true
            case (LinuxInput.EV_ABS, LinuxInput.ABS_MT_POSITION_X), (LinuxInput.EV_ABS, LinuxInput.ABS_MT_POSITION_Y):
                sawPosition = true
            case (LinuxInput.EV_ABS, LinuxInput.ABS_X), (LinuxInput.EV_KEY, LinuxInput.BTN_TOUCH):
                sawSingle = true
            default: break
            }
        }
        if sawSlotsOrIDs { return .slots }
        if sawPosition { return .anonymousContacts }
        return sawSingle ? .singleTouch : nil
    }

    /// Emits one sample through the format's rules.
    private mutating func sample(
        _ t: Micros, _ pointer: Int32, _ phase: TouchPhase, x rawX: Int32, y rawY: Int32,
        major: Int32?, pressure: Int32?, line: Int, emit: (TraceEvent) throws -> Void
    ) throws {
        guard let mapping else { return }
        let (x, y) = mapping.point(x: rawX, y: rawY)
        try emitSample(
            TouchSample(
                t: t, pointer: pointer, phase: phase, x: x, y: y,
                force: pressure.flatMap(mapping.force(pressure:)),
                radius: major.map(mapping.radius(touchMajor:))),
            line: line, emit: emit)
    }

    private mutating func emitSample(
        _ touch: TouchSample, line: Int, emit: (TraceEvent) throws -> Void
    ) throws {
        if let violation = validator.check(touch) {
            try problems.handle(TraceError(location(line), violation.message, field: violation.field))
            return
        }
        if touch.phase.isTerminal { down[touch.pointer] = nil } else { down[touch.pointer] = (touch.x, touch.y) }
        try pass(.touch(touch), to: emit)
        touches += 1
    }

    /// Counts `event`, then hands it on: the assembler is the only thing
    /// that emits in a kernel import, so its count is the import's.
    private mutating func pass(_ event: TraceEvent, to emit: (TraceEvent) throws -> Void) throws {
        emitted.count(event)
        try emit(event)
    }

    /// What the import returns: the events emitted, and the problems
    /// skipped while assembling and while `reading` the file's lines.
    func summary(adding reading: ImportProblems) -> ImportSummary {
        var summary = emitted
        reading.fill(&summary)
        problems.fill(&summary)
        return summary
    }

    /// Ends a pointer where it was last seen.
    private mutating func end(_ pointer: Int32, t: Micros, line: Int, emit: (TraceEvent) throws -> Void) throws {
        guard let position = down[pointer] else { return }
        try emitSample(
            TouchSample(t: t, pointer: pointer, phase: .ended, x: position.x, y: position.y),
            line: line, emit: emit)
    }

    // MARK: Protocol B

    private mutating func closeSlotFrame(t: Micros, line reportLine: Int, emit: (TraceEvent) throws -> Void) throws {
        let slotLimit = description.axes[LinuxInput.ABS_MT_SLOT].map { Int64($0.maximum) } ?? 255
        for (event, line) in frame where event.type == LinuxInput.EV_ABS {
            switch event.code {
            case LinuxInput.ABS_MT_SLOT:
                guard event.value >= 0, Int64(event.value) <= slotLimit else {
                    try problems.handle(
                        TraceError(
                            location(line), "slot \(event.value) is outside 0…\(slotLimit)", field: "ABS_MT_SLOT"))
                    continue
                }
                currentSlot = event.value
            case LinuxInput.ABS_MT_TRACKING_ID:
                var slot = slots[currentSlot] ?? Slot()
                if event.value < 0 {
                    guard let lifted = slot.trackingID else {
                        try problems.handle(
                            TraceError(
                                location(line), "a lift without a touch: slot \(currentSlot) has no contact down",
                                field: "ABS_MT_TRACKING_ID"))
                        continue
                    }
                    if slot.beganInFrame {
                        // Down and up within one frame: the began sample still has to come first.
                        try beginSlot(slot, t: t, line: line, emit: emit)
                    }
                    try end(lifted, t: t, line: line, emit: emit)
                    slot.trackingID = nil
                    slot.beganInFrame = false
                    slot.changedInFrame = false
                } else if slot.trackingID != event.value {
                    if let previous = slot.trackingID {
                        if slot.beganInFrame { try beginSlot(slot, t: t, line: line, emit: emit) }
                        try end(previous, t: t, line: line, emit: emit)
                    }
                    slot.trackingID = event.value
                    slot.beganInFrame = true
                }
                slots[currentSlot] = slot
            case LinuxInput.ABS_MT_POSITION_X: slots[currentSlot, default: Slot()].x = event.value
            case LinuxInput.ABS_MT_POSITION_Y: slots[currentSlot, default: Slot()].y = event.value
            case LinuxInput.ABS_MT_TOUCH_MAJOR: slots[currentSlot, default: Slot()].major = event.value
            case LinuxInput.ABS_MT_PRESSURE: slots[currentSlot, default: Slot()].pressure = event.value
            default: continue
            }
            switch event.code {
            case LinuxInput.ABS_MT_POSITION_X, LinuxInput.ABS_MT_POSITION_Y,
                LinuxInput.ABS_MT_TOUCH_MAJOR, LinuxInput.ABS_MT_PRESSURE:
                slots[currentSlot]?.changedInFrame = true
            default: break
            }
        }
        for index in slots.keys.sorted() {
            guard var slot = slots[index] else { continue }
            defer {
                slot.beganInFrame = false
                slot.changedInFrame = false
                slots[index] = slot
            }
            guard let pointer = slot.trackingID else { continue }
            if slot.beganInFrame {
                try beginSlot(slot, t: t, line: reportLine, emit: emit)
            } else if slot.changedInFrame, let x = slot.x, let y = slot.y, down[pointer] != nil {
                try sample(
                    t, pointer, .moved, x: x, y: y, major: slot.major, pressure: slot.pressure,
                    line: reportLine, emit: emit)
            }
        }
    }

    private mutating func beginSlot(_ slot: Slot, t: Micros, line: Int, emit: (TraceEvent) throws -> Void) throws {
        guard let pointer = slot.trackingID else { return }
        guard let x = slot.x, let y = slot.y else {
            try problems.handle(
                TraceError(
                    location(line), "contact \(pointer) began without a position",
                    field: slot.x == nil ? "ABS_MT_POSITION_X" : "ABS_MT_POSITION_Y"))
            return
        }
        try sample(
            t, pointer, .began, x: x, y: y, major: slot.major, pressure: slot.pressure,
            line: line, emit: emit)
    }

    // MARK: Protocol A

    /// A contact of a Protocol A frame with its position, and its report's line.
    private typealias FrameContact = (x: Int32, y: Int32, major: Int32?, pressure: Int32?, trackingID: Int32?, line: Int)

    private struct RawContact {
        var x: Int32?, y: Int32?, major: Int32?, pressure: Int32?, trackingID: Int32?
        var isEmpty: Bool { x == nil && y == nil && major == nil && pressure == nil && trackingID == nil }
    }

    private mutating func closeContactFrame(t: Micros, line reportLine: Int, emit: (TraceEvent) throws -> Void) throws {
        var reported: [(contact: RawContact, line: Int)] = []
        var current = RawContact()
        var touchReleased = false
        for (event, line) in frame {
            switch (event.type, event.code) {
            case (LinuxInput.EV_ABS, LinuxInput.ABS_MT_POSITION_X): current.x = event.value
            case (LinuxInput.EV_ABS, LinuxInput.ABS_MT_POSITION_Y): current.y = event.value
            case (LinuxInput.EV_ABS, LinuxInput.ABS_MT_TOUCH_MAJOR): current.major = event.value
            case (LinuxInput.EV_ABS, LinuxInput.ABS_MT_PRESSURE): current.pressure = event.value
            case (LinuxInput.EV_ABS, LinuxInput.ABS_MT_TRACKING_ID):
                current.trackingID = event.value >= 0 ? event.value : nil
            case (LinuxInput.EV_KEY, LinuxInput.BTN_TOUCH):
                if event.value == 0 { touchReleased = true }
            case (LinuxInput.EV_SYN, LinuxInput.SYN_MT_REPORT):
                // An empty SYN_MT_REPORT is how some drivers say "no contacts".
                if !current.isEmpty { reported.append((current, line)) }
                current = RawContact()
            default: break
            }
        }
        if !current.isEmpty { reported.append((current, reportLine)) } // last contact without SYN_MT_REPORT

        var frameContacts: [FrameContact] = []
        if !touchReleased {
            for (contact, line) in reported {
                guard let x = contact.x, let y = contact.y else {
                    try problems.handle(
                        TraceError(
                            location(line), "a contact without a position",
                            field: contact.x == nil ? "ABS_MT_POSITION_X" : "ABS_MT_POSITION_Y"))
                    continue
                }
                frameContacts.append((x, y, contact.major, contact.pressure, contact.trackingID, line))
            }
        }

        // Pair this frame's contacts with the pointers down.
        let (matchOfNew, matchedOld) = pairs(frameContacts)

        // Ends first, so their ids are free for this frame's new contacts.
        for (o, old) in contacts.enumerated() where !matchedOld.contains(o) {
            try end(old.pointer, t: t, line: reportLine, emit: emit)
        }
        var next: [Contact] = []
        for (n, new) in frameContacts.enumerated() {
            guard let o = matchOfNew[n] else { continue }
            let old = contacts[o]
            let phase: TouchPhase = (old.x, old.y) == (new.x, new.y) ? .stationary : .moved
            try sample(
                t, old.pointer, phase, x: new.x, y: new.y, major: new.major, pressure: new.pressure,
                line: new.line, emit: emit)
            next.append(Contact(pointer: old.pointer, trackingID: new.trackingID, x: new.x, y: new.y))
        }
        for (n, new) in frameContacts.enumerated() where matchOfNew[n] == nil {
            let taken = Set(next.map(\.pointer))
            let pointer = new.trackingID ?? (0...).lazy.map(Int32.init).first { !taken.contains($0) } ?? 0
            try sample(
                t, pointer, .began, x: new.x, y: new.y, major: new.major, pressure: new.pressure,
                line: new.line, emit: emit)
            if down[pointer] != nil {
                next.append(Contact(pointer: pointer, trackingID: new.trackingID, x: new.x, y: new.y))
            }
        }
        contacts = next
    }

    /// Pairs a frame's contacts with the pointers down: by tracking id when
    /// every contact has one, else nearest first. For each new contact, the
    /// index of its pointer in `contacts` (nil: a new touch); and the
    /// pointers matched.
    private func pairs(_ frameContacts: [FrameContact]) -> (matchOfNew: [Int?], matchedOld: Set<Int>) {
        var matchOfNew = [Int?](repeating: nil, count: frameContacts.count) // index into `contacts`
        var matchedOld = Set<Int>()
        let identified = !frameContacts.isEmpty && frameContacts.allSatisfy { $0.trackingID != nil }
        if identified {
            for (n, new) in frameContacts.enumerated() {
                if let o = contacts.firstIndex(where: { $0.trackingID == new.trackingID }), !matchedOld.contains(o) {
                    matchOfNew[n] = o
                    matchedOld.insert(o)
                }
            }
        } else {
            var pairs: [(distance: Double, new: Int, old: Int)] = []
            for (n, new) in frameContacts.enumerated() {
                for (o, old) in contacts.enumerated() {
                    let dx = Double(new.x) - Double(old.x), dy = Double(new.y) - Double(old.y)
                    pairs.append((dx * dx + dy * dy, n, o))
                }
            }
            pairs.sort { ($0.distance, $0.new, $0.old) < ($1.distance, $1.new, $1.old) }
            for pair in pairs where matchOfNew[pair.new] == nil && !matchedOld.contains(pair.old) {
                matchOfNew[pair.new] = pair.old
                matchedOld.insert(pair.old)
            }
        }
        return (matchOfNew, matchedOld)
    }

    // MARK: Single touch

    private mutating func closeSingleTouchFrame(t: Micros, line reportLine: Int, emit: (TraceEvent) throws -> Void) throws {
        var touching = singleTouching
        var changed = false
        for (event, line) in frame {
            switch (event.type, event.code) {
            case (LinuxInput.EV_ABS, LinuxInput.ABS_X):
                single.x = event.value
                changed = true
            case (LinuxInput.EV_ABS, LinuxInput.ABS_Y):
                single.y = event.value
                changed = true
            case (LinuxInput.EV_ABS, LinuxInput.ABS_PRESSURE):
                single.pressure = event.value
                changed = true
            case (LinuxInput.EV_KEY, LinuxInput.BTN_TOUCH):
                if event.value == 0 && !touching {
                    try problems.handle(
                        TraceError(
                            location(line), "a lift without a touch: BTN_TOUCH 0 while nothing is down",
                            field: "BTN_TOUCH"))
                    continue
                }
                touching = event.value != 0
            default: break
            }
        }
        defer { singleTouching = down[0] != nil }
        if touching && !singleTouching {
            guard let x = single.x, let y = single.y else {
                try problems.handle(
                    TraceError(
                        location(reportLine), "the touch began without a position",
                        field: single.x == nil ? "ABS_X" : "ABS_Y"))
                return
            }
            try sample(t, 0, .began, x: x, y: y, major: nil, pressure: single.pressure, line: reportLine, emit: emit)
        } else if touching && changed, let x = single.x, let y = single.y {
            try sample(t, 0, .moved, x: x, y: y, major: nil, pressure: single.pressure, line: reportLine, emit: emit)
        } else if !touching && singleTouching {
            if let x = single.x, let y = single.y, let mapping {
                let (px, py) = mapping.point(x: x, y: y)
                down[0] = (px, py)
            }
            try end(0, t: t, line: reportLine, emit: emit)
        }
    }
}
