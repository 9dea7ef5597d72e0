import TraceModel

// MARK: - The gesture arena

/// Replays touches and motion through a scene's recognizers, coordinating
/// them the way UIKit and Flutter do, and records what fired.
///
/// ## Membership
/// When the first finger of a contact goes down, every recognizer whose
/// region contains the point (and whose tab is showing) joins the contact —
/// like UIKit's hit-testing, or Flutter's pointer-down routing that adds each
/// hit recognizer as an **arena member**. Fingers that join later go to the
/// same members. A recognizer still `possible` from the previous contact (a
/// double tap between its taps) joins again if hit and fails if not.
///
/// ## Deciding (see ``Relation``)
/// - **Exclusive by default.** The first member to recognize or begin wins;
///   every other undecided member of the contact fails at once (UIKit fails
///   them; Flutter calls `rejectGesture` on the losers after `acceptGesture`
///   on the winner). Declaration order breaks ties within one sample.
/// - **Simultaneous** pairs are not failed by each other's win.
/// - **requireToFail / highPriority.** A member that would recognize while a
///   recognizer it waits for is still undecided enters `waiting` (UIKit:
///   the recognizer stays possible until the other fails; Flutter: the arena
///   is *held* — the double-tap recognizer holds it between taps). When that
///   one fails, the waiter wins at that moment — the measured latency
///   includes the wait, which is why a single tap that waits for a double
///   tap is slow; when it wins, the waiter fails.
/// - **Eager winner / sweep.** Flutter resolves an arena with one member
///   left in favour of it, and sweeps on pointer-up by accepting the first
///   member. Here recognizers decide for themselves on their own events (a
///   tap recognizes on the lift), which gives the same result for the
///   recognizers modelled; a member still undecided with no timer pending
///   when the last finger lifts fails (it can no longer recognize).
/// - **delaysTouches**: UIKit can hold touches back from views until
///   recognition fails; gesturetune measures recognition, not view delivery,
///   so it has no counterpart (the latency of the waiting recognizer is what
///   such a delay would cost).
///
/// ## Cost
/// Recognizers are values in one array, dispatched by `switch`; members are
/// a 64-bit mask; timers are one `min` deadline; no allocation per sample.
///
/// ```swift
/// var arena = try Arena(recognizers: [Recognizer(kind: .tap), Recognizer(kind: .doubleTap)],
///                       relations: [.requireToFail(recognizer: 0, waitsFor: 1)])
/// arena.beginSession(screenWidth: 390, screenHeight: 844)
/// arena.touch(t: 0, pointer: 1, phase: .began, x: 100, y: 100)
/// arena.touch(t: 80_000, pointer: 1, phase: .ended, x: 100, y: 100)
/// arena.finishSession()
/// arena.recognitions.first?.kind      // .tap, recognized 500 ms after the lift
/// ```
package struct Arena: Sendable {
    /// Most recognizers in one scene (members are a 64-bit mask).
    package static let maximumRecognizers = 64

    package private(set) var recognizers: [Recognizer]
    /// Per recognizer: the ones it may recognize alongside.
    let simultaneous: [UInt64]
    /// Per recognizer: the ones that must fail before it may recognize.
    let waitsFor: [UInt64]
    let motionMask: UInt64
    /// Press-feedback recognizers (see ``GestureKind/isFeedback``).
    let feedbackMask: UInt64
    /// The resolved parameters and the touches live behind pointers (copied on write), so that
    /// the per-sample calls pass them by address: as stored properties of a
    /// struct being mutated they would be copied on every call.
    var storage: ArenaStorage
    package var tuning: ResolvedParameters { storage.tuning.pointee }
    /// The parameter values the tuning was made from.
    package let parameters: ParameterSet
    /// Internal: it points into this arena's storage.
    var touches: Touches { storage.touches.pointee }
    /// Fingers down now.
    package var fingersDown: Int { storage.touches.pointee.activeCount }
    let initialShared: SharedState
    package private(set) var shared: SharedState
    var compare: SoftThreshold

    /// Members of the current contact.
    var contact: UInt64 = 0
    /// Recognizers that receive touch events (possible, waiting, began).
    var live: UInt64 = 0
    var nextDeadline: Micros = .max

    /// Everything recognized so far in this session, in order of recognition.
    package var recognitions: [Recognition] = []
    /// Everything swallowed by locks, boundaries and debounce.
    package var drops: [Drop] = []
    /// With smoothing on: each contact's time span and closest threshold margin.
    package var contacts: [ContactMargin] = []
    var contactStart: Micros = 0
    var contactNumber = 0
    /// Time of the latest input.
    var now: Micros = 0

    /// Whether the fingers' moves of one frame (samples with one time)
    /// reach the recognizers together, as UIKit's `touchesMoved` and
    /// Android's `MotionEvent` deliver them, rather than one finger at a
    /// time, as Flutter's pointer events do (the default, with which the
    /// built-in scenes' figures were made). One finger at a time, a
    /// two-finger recognizer sees half-updated frames: fingers moving fast
    /// across the line between them turn it by the first finger's step
    /// alone, which can begin a rotation no whole frame shows.
    package let wholeFrames: Bool
    /// Whole frames: the slots moved at ``pendingT`` not delivered yet (one
    /// bit per slot), delivered once the frame is complete — when an input
    /// of another time or kind arrives, or the session finishes.
    var pendingMoves: UInt16 = 0
    var pendingT: Micros = 0

    /// - Throws: ``ArenaError`` for too many recognizers or a relation that
    ///   names a recognizer that is not there.
    package init(
        recognizers: [Recognizer], relations: [Relation] = [], tuning: ResolvedParameters = ResolvedParameters(),
        shared: SharedState = SharedState(), temperature: Double = 0, wholeFrames: Bool = false
    ) throws {
        guard recognizers.count <= Arena.maximumRecognizers else {
            throw ArenaError.tooManyRecognizers(recognizers.count)
        }
        var simultaneous = [UInt64](repeating: 0, count: recognizers.count)
        var waitsFor = [UInt64](repeating: 0, count: recognizers.count)
        func check(_ i: Int) throws {
            guard recognizers.indices.contains(i) else { throw ArenaError.noSuchRecognizer(i) }
        }
        for relation in relations {
            switch relation {
            case .simultaneous(let a, let b):
                try check(a)
                try check(b)
                simultaneous[a] |= 1 << UInt64(b)
                simultaneous[b] |= 1 << UInt64(a)
            case .requireToFail(let a, let b), .highPriority(let b, let a):
                try check(a)
                try check(b)
                guard a != b else { throw ArenaError.waitsForItself(a) }
                waitsFor[a] |= 1 << UInt64(b)
            }
        }
        var motion: UInt64 = 0
        for (i, r) in recognizers.enumerated() where r.kind == .shake { motion |= 1 << UInt64(i) }
        // Feedback (the pressed state) is simultaneous with everything.
        var feedback: UInt64 = 0
        for (i, r) in recognizers.enumerated() where r.kind.isFeedback { feedback |= 1 << UInt64(i) }
        for i in recognizers.indices {
            simultaneous[i] |= recognizers[i].kind.isFeedback ? ~(1 << UInt64(i)) : feedback
        }
        self.feedbackMask = feedback
        self.recognizers = recognizers
        self.simultaneous = simultaneous
        self.waitsFor = waitsFor
        self.motionMask = motion
        self.storage = ArenaStorage(tuning: tuning)
        self.parameters = tuning.parameters
        self.initialShared = shared
        self.shared = shared
        self.compare = SoftThreshold(temperature: temperature)
        self.wholeFrames = wholeFrames
    }

    // MARK: - Sessions

    /// Resets everything for a new session on a screen of the given size
    /// (regions are resolved to points here, once).
    package mutating func beginSession(screenWidth: Double, screenHeight: Double) {
        makeStorageUnique()
        for i in recognizers.indices {
            recognizers[i].reset()
            recognizers[i].rect = recognizers[i].region.resolved(
                screenWidth: screenWidth, screenHeight: screenHeight, edgeWidth: storage.tuning.pointee.edgeWidth)
            recognizers[i].scrollRect =
                recognizers[i].options.scrollArea.map {
                    $0.resolved(screenWidth: screenWidth, screenHeight: screenHeight, edgeWidth: storage.tuning.pointee.edgeWidth)
                } ?? recognizers[i].rect
        }
        storage.touches.pointee.reset(width: screenWidth, height: screenHeight)
        shared = initialShared
        compare.reset()
        contact = 0
        live = 0
        nextDeadline = .max
        now = 0
        pendingMoves = 0
        recognitions.removeAll(keepingCapacity: true)
        drops.removeAll(keepingCapacity: true)
        contacts.removeAll(keepingCapacity: true)
    }

    /// Lets pending timers run out (a single tap waiting for a double tap is
    /// recognized when the window closes) and fails what is still undecided.
    package mutating func finishSession() {
        if pendingMoves != 0 { deliverFrame() }
        fireTimers(upTo: .max - 1)
        var m = live
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            fail(i, at: now)
        }
    }

    // MARK: - Input

    /// One touch sample. Samples must come in time order (the format's rule).
    package mutating func touch(t: Micros, pointer: Int32, phase: TouchPhase, x: Double, y: Double) {
        makeStorageUnique()
        if pendingMoves != 0, t != pendingT || (phase != .moved && phase != .stationary) { deliverFrame() }
        now = t
        let touches = storage.touches
        if t >= nextDeadline { fireTimers(upTo: t) }
        switch phase {
        case .began:
            if touches.pointee.activeCount == 0 { startContact(t: t, x: x, y: y) }
            let slot = touches.pointee.down(pointer: pointer, t: t, x: x, y: y)
            guard slot >= 0 else { return }
            deliver(.down, slot: slot, t: t)
            if touches.pointee.activeCount == 1 { lateJoin(slot: slot, t: t, x: x, y: y) }
        case .moved, .stationary:
            let slot = touches.pointee.slot(of: pointer)
            guard slot >= 0 else { return }
            touches.pointee.move(slot, t: t, x: x, y: y)
            if wholeFrames {
                pendingMoves |= 1 << UInt16(slot)
                pendingT = t
            } else {
                deliver(.move, slot: slot, t: t)
            }
        case .ended, .cancelled:
            let slot = touches.pointee.slot(of: pointer)
            guard slot >= 0 else { return }
            touches.pointee.up(slot, t: t, x: x, y: y)
            if touches.pointee.activeCount == 1 { failWaitingContinuous(at: t) }
            deliver(phase == .ended ? .up : .cancel, slot: slot, t: t)
            touches.pointee.remove(slot)
            if touches.pointee.activeCount == 0 { endContact(t: t) }
        }
    }

    /// One motion sample (user acceleration in g), for shake recognizers.
    package mutating func motion(t: Micros, ax: Double, ay: Double, az: Double) {
        makeStorageUnique()
        if pendingMoves != 0 { deliverFrame() }
        now = t
        if t >= nextDeadline { fireTimers(upTo: t) }
        var m = motionMask
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            switch recognizers[i].shake(t: t, ax: ax, ay: ay, storage.tuning, shared, &compare) {
            case .begin:
                recognizers[i].state = .recognized
                shared.lastShake = t
                recognizers[i].applyAction(at: t, tuning: storage.tuning, touches: storage.touches, shared: &shared)
                record(i, at: t, touchDown: recognizers[i].onset)
                recognizers[i].state = .idle
            case .drop:
                drops.append(
                    Drop(
                        recognizer: i, kind: .shake, direction: nil, t: t, reason: recognizers[i].dropReason))
            default:
                break
            }
        }
    }

    // MARK: - Contacts

    private mutating func startContact(t: Micros, x: Double, y: Double) {
        contactStart = t
        contactNumber &+= 1
        // Carried over from the last contact: a double tap between its taps
        // continues if hit, fails if not (which may release a waiting tap).
        var m = live & contact
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            if recognizers[i].state == .possible, !hits(i, x: x, y: y) { fail(i, at: t) }
        }
        contact = 0
        m = live
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            if recognizers[i].state == .possible {
                contact |= 1 << UInt64(i)
                recognizers[i].contactNumber = contactNumber
            }
        }
        for i in recognizers.indices where motionMask & (1 << UInt64(i)) == 0 {
            switch recognizers[i].state {
            case .possible, .waiting, .began:
                continue
            default:
                guard hits(i, x: x, y: y) else {
                    if recognizers[i].state != .idle { recognizers[i].reset() }
                    continue
                }
                placeOverlay(i)
                recognizers[i].start()
                recognizers[i].downT = t
                recognizers[i].contactNumber = contactNumber
                contact |= 1 << UInt64(i)
                live |= 1 << UInt64(i)
            }
        }
        // A touch-down anywhere but on a shown pill collapses the selection
        // (and its action menu); a tap on a pill keeps it.
        if shared.selectionMenuAt != .max, !onPill(x: x, y: y) { shared.selectionMenuAt = .max }
    }

    /// Recognizers freed by the first touch-down itself — a double tap whose
    /// second tap landed too far away fails, which releases the waiting
    /// single tap — join the new contact as if it had just begun, so that
    /// this touch can be the first tap of a new tap or double tap.
    private mutating func lateJoin(slot: Int, t: Micros, x: Double, y: Double) {
        var joined: UInt64 = 0
        for i in recognizers.indices where motionMask & (1 << UInt64(i)) == 0 && contact & (1 << UInt64(i)) == 0 {
            switch recognizers[i].state {
            case .possible, .waiting, .began, .idle: continue
            default:
                guard hits(i, x: x, y: y) else { continue }
                placeOverlay(i)
                recognizers[i].start()
                recognizers[i].downT = t
                recognizers[i].contactNumber = contactNumber
                joined |= 1 << UInt64(i)
            }
        }
        guard joined != 0 else { return }
        contact |= joined
        live |= joined
        var m = joined
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            guard recognizers[i].state.isLive else { continue }
            let verdict = recognizers[i].handle(
                .down, slot: slot, t: t, touches: storage.touches, tuning: storage.tuning, shared: &shared, compare: &compare)
            if verdict != .none { apply(verdict, i, at: t) }
            let deadline = recognizers[i].deadline
            if deadline < nextDeadline { nextDeadline = deadline }
        }
    }

    /// Hit-testing by layer: while the note menu is open its backdrop
    /// covers the screen (only its layer is hit); a shown pill covers what
    /// is under it; elsewhere the content's regions decide.
    @inline(__always)
    private func hits(_ i: Int, x: Double, y: Double) -> Bool {
        // Fields read in place: a copy of the whole recognizer here was a
        // memmove per member and touch-down, 9 % of a replay's time.
        if let tab = recognizers[i].tab, tab != shared.currentTab { return false }
        let covered = shared.backdropCovers(at: now)
        switch recognizers[i].options.layer {
        case .content:
            return !covered && recognizers[i].rect.contains(x: x, y: y) && !onPill(x: x, y: y)
        case .noteMenu:
            // The open menu stands on its backdrop: a touch on it is the
            // menu's (its items are not modelled), never the backdrop's.
            return covered && recognizers[i].rect.contains(x: x, y: y)
                && !(shared.noteMenuOpen && shared.noteMenuFrame.contains(x: x, y: y))
        case .selectionMenu:
            return !covered && onPill(x: x, y: y)
        case .rowActions:
            return !covered && onRowButtons(of: i, x: x, y: y)
        }
    }

    /// Whether a point is on the buttons member `i` shows on an open row:
    /// the rightmost `actionButtons` × `swipeActions.buttonWidth` points of
    /// that row, which the row's open offset uncovered.
    @inline(__always)
    private func onRowButtons(of i: Int, x: Double, y: Double) -> Bool {
        let rect = recognizers[i].rect
        guard shared.openRows != 0, rect.contains(x: x, y: y), let row = recognizers[i].cell(x: x, y: y)?.row, row < 64,
            shared.openRows & (1 << UInt64(row)) != 0
        else { return false }
        let buttons = Double(recognizers[i].options.actionButtons) * storage.tuning.pointee.swipeActionsButtonWidth
        return x >= rect.maxX - buttons
    }

    /// Whether a point is on a pill of the selection's action menu while it
    /// shows: in the pills' row and not in the `actionPill.spacing` gaps
    /// between them (a touch there is on what lies under the menu).
    @inline(__always)
    private func onPill(x: Double, y: Double) -> Bool {
        guard shared.selectionMenuShows(at: now) else { return false }
        let row = pillRow
        guard row.contains(x: x, y: y) else { return false }
        let size = storage.tuning.pointee.actionPillSize, pitch = size + storage.tuning.pointee.actionPillSpacing
        return (x - row.minX).truncatingRemainder(dividingBy: pitch) < size
    }

    /// The action menu's row of three `actionPill.size` pills (note, quote,
    /// question) `actionPill.spacing` apart: centred on where the selection
    /// ended, its bottom edge ``Arena/pillClearance`` above that point,
    /// kept on the screen.
    var pillRow: Rect {
        let size = storage.tuning.pointee.actionPillSize
        let width = 3 * size + 2 * storage.tuning.pointee.actionPillSpacing
        let screen = storage.touches.pointee.screenWidth
        let minX = min(max(shared.selectionX - width / 2, 0), max(0, screen - width))
        let minY = max(shared.selectionY - Arena.pillClearance - size, 0)
        return Rect(minX: minX, minY: minY, maxX: minX + width, maxY: minY + size)
    }

    /// How far above the selection's end the pills' bottom edge sits, pt:
    /// clear of the 22 pt line under the finger (gesturetune's layout).
    package static let pillClearance = 20.0

    /// An overlay's recognizer takes the overlay's frame before it joins a
    /// contact: the pills' row moves with the selection.
    private mutating func placeOverlay(_ i: Int) {
        if recognizers[i].options.layer == .selectionMenu { recognizers[i].rect = pillRow }
    }

    /// Before the last finger lifts: a continuous gesture still waiting can
    /// no longer begin — nothing is left to move it (UIKit fails a pan whose
    /// touches end while it waits for another recognizer to fail).
    private mutating func failWaitingContinuous(at t: Micros) {
        var m = live & contact
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            if recognizers[i].state == .waiting, recognizers[i].kind.isContinuous { fail(i, at: t) }
        }
    }

    private mutating func endContact(t: Micros) {
        // Undecided with nothing left to wait for: it can no longer win.
        var m = live & contact
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            if recognizers[i].state == .possible, recognizers[i].deadline == .max { fail(i, at: t) }
        }
        // Anything still in progress is cancelled (its recording closes uncommitted).
        m = live & contact
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            if recognizers[i].state == .began { fail(i, at: t) }
        }
        if compare.temperature > 0 {
            contacts.append(ContactMargin(start: contactStart, end: t, margin: compare.closestMargin))
            compare.reset()
        }
    }

    // MARK: - Delivery

    /// Whole frames: every finger of the frame has moved; each move is
    /// delivered now, in slot order, at the frame's time.
    private mutating func deliverFrame() {
        var m = pendingMoves
        pendingMoves = 0
        while m != 0 {
            let slot = m.trailingZeroBitCount
            m &= m - 1
            deliver(.move, slot: slot, t: pendingT)
        }
    }

    private mutating func deliver(_ event: TouchEvent, slot: Int, t: Micros) {
        var m = live & contact
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            guard recognizers[i].state.isLive else { continue }
            let verdict = recognizers[i].handle(
                event, slot: slot, t: t, touches: storage.touches, tuning: storage.tuning, shared: &shared, compare: &compare)
            if verdict != .none { apply(verdict, i, at: t) }
            let deadline = recognizers[i].deadline
            if deadline < nextDeadline { nextDeadline = deadline }
        }
    }

    private mutating func fireTimers(upTo t: Micros) {
        while nextDeadline <= t {
            let now = nextDeadline
            nextDeadline = .max
            for i in recognizers.indices where recognizers[i].deadline <= now {
                recognizers[i].deadline = .max
                guard recognizers[i].state.isLive else { continue }
                let verdict = recognizers[i].handle(
                    .timer, slot: -1, t: now, touches: storage.touches, tuning: storage.tuning, shared: &shared,
                    compare: &compare)
                if verdict != .none { apply(verdict, i, at: now) }
            }
            for r in recognizers where r.deadline < nextDeadline { nextDeadline = r.deadline }
        }
    }

    // MARK: - Decisions

    private mutating func apply(_ verdict: Verdict, _ i: Int, at t: Micros) {
        switch verdict {
        case .none: break
        case .begin: request(i, at: t)
        case .end: end(i, at: t)
        case .fail: fail(i, at: t)
        case .drop:
            let r = recognizers[i]
            drops.append(Drop(recognizer: i, kind: r.kind, direction: r.direction, t: t, reason: r.dropReason))
            fail(i, at: t)
        }
    }

    /// Bits of the recognizers in `mask` that are still undecided / have won.
    private func undecided(_ mask: UInt64) -> (undecided: Bool, won: Bool) {
        var m = mask
        var undecided = false, won = false
        while m != 0 {
            let j = m.trailingZeroBitCount
            m &= m - 1
            let state = recognizers[j].state
            if state.isUndecided { undecided = true } else if state.hasWon { won = true }
        }
        return (undecided, won)
    }

    private mutating func request(_ i: Int, at t: Micros) {
        let (pending, won) = undecided(waitsFor[i])
        if won {
            fail(i, at: t)
        } else if pending {
            recognizers[i].state = .waiting
            recognizers[i].waitingSince = t
            recognizers[i].deadline = .max
        } else {
            accept(i, at: t)
        }
    }

    private mutating func accept(_ i: Int, at t: Micros) {
        let bit: UInt64 = 1 << UInt64(i)
        let kind = recognizers[i].kind
        let waited = recognizers[i].state == .waiting ? t - recognizers[i].waitingSince : 0
        recognizers[i].deadline = .max
        recognizers[i].applyAction(at: t, tuning: storage.tuning, touches: storage.touches, shared: &shared)
        // A haptic plays as the recognizer fires: the delay runs from the
        // moment it could (a press's touch-down, a tap's last lift) to the
        // sample or timer that fired it, as the swipe actions' runs from
        // the threshold crossing.
        if recognizers[i].options.haptic != nil {
            switch kind {
            case .pressFeedback: recognizers[i].hapticLatency = t - recognizers[i].downT
            case .tap, .doubleTap: recognizers[i].hapticLatency = t - recognizers[i].onset
            default: break
            }
        }
        if kind.isContinuous {
            recognizers[i].state = .began
            recognizers[i].record = recognitions.count
        } else {
            recognizers[i].state = .recognized
            live &= ~bit
        }
        record(i, at: t, touchDown: recognizers[i].downT, waited: waited)
        // A press feedback that showed at the lift is over at once.
        if recognizers[i].endsWhenShown { end(i, at: t) }
        // Any gesture but a tap takes the touches from the pressed control:
        // its feedback is cancelled, no ripple (UIKit cancels the control's
        // touches when a scroll view's pan begins; a context menu's preview
        // replaces the pressed state; Flutter's ink splash is cancelled
        // when its tap recognizer is rejected). With no winner at all the
        // press completes where the finger lifts (movement never cancels it).
        if feedbackMask != 0, !kind.isFeedback, kind != .tap, kind != .doubleTap,
            recognizers[i].contactNumber == contactNumber
        {
            var pressed = contact & feedbackMask
            while pressed != 0 {
                let j = pressed.trailingZeroBitCount
                pressed &= pressed - 1
                if recognizers[j].state.isLive { fail(j, at: t) }
            }
        }
        // Exclusive: the other undecided members of this contact lose (if
        // it is still the current one: a tap released late by a timer does
        // not touch the next contact)…
        var losers = recognizers[i].contactNumber == contactNumber ? contact & ~simultaneous[i] & ~bit : 0
        // …and so does anything waiting for this one to fail.
        for j in recognizers.indices where waitsFor[j] & bit != 0 { losers |= 1 << UInt64(j) }
        while losers != 0 {
            let j = losers.trailingZeroBitCount
            losers &= losers - 1
            if recognizers[j].state.isUndecided { fail(j, at: t) }
        }
    }

    private mutating func record(_ i: Int, at t: Micros, touchDown: Micros, waited: Micros = 0) {
        let r = recognizers[i]
        let moved = r.kind.isContinuous ? storage.touches.pointee.movedYardstick : Micros.max
        recognitions.append(
            Recognition(
                recognizer: i, kind: r.kind, direction: r.direction, touchDown: touchDown,
                onset: r.onset == .max ? t : r.onset, recognized: t, ended: t, waited: waited,
                movedYardstick: moved == .max ? t : min(moved, t),
                pointers: r.kind == .shake ? 0 : storage.touches.pointee.maxActive, committed: true,
                releaseVelocity: r.velocity, springDistance: r.springDistance, hapticLatency: r.hapticLatency,
                value: r.value,
                responded: r.kind == .tap || r.kind == .doubleTap ? pressedState(touchDown: touchDown, before: t) : t))
    }

    /// When the contact that went down at `touchDown` first showed its
    /// pressed state, if before `t` (else `t`). Press feedback is recorded
    /// when it shows, always before the tap of its contact, so a short look
    /// back over the latest recognitions finds it (only taps ask).
    private func pressedState(touchDown: Micros, before t: Micros) -> Micros {
        var earliest = t
        for r in recognitions.suffix(8).reversed() where r.kind == .pressFeedback && r.touchDown == touchDown {
            earliest = min(earliest, r.recognized)
        }
        return earliest
    }

    private mutating func end(_ i: Int, at t: Micros) {
        let r = recognizers[i]
        guard r.state == .began, r.record >= 0 else { return fail(i, at: t) }
        recognizers[i].state = .ended
        recognizers[i].deadline = .max
        live &= ~(1 << UInt64(i))
        let k = r.record
        recognitions[k].ended = t
        recognitions[k].direction = r.direction
        recognitions[k].committed = r.committed
        recognitions[k].releaseVelocity = r.velocity
        recognitions[k].springDistance = r.springDistance
        recognitions[k].hapticLatency = r.hapticLatency
        recognitions[k].value = r.value
        if r.kind == .transform {
            recognitions[k].transform = ViewTransform(
                translationX: r.dx, translationY: r.dy, scale: r.value, rotation: r.angleTurn * 180 / .pi)
        }
        recognitions[k].pointers = max(recognitions[k].pointers, storage.touches.pointee.maxActive)
    }

    private mutating func fail(_ i: Int, at t: Micros) {
        let bit: UInt64 = 1 << UInt64(i)
        let previous = recognizers[i].state
        switch previous {
        case .possible, .waiting:
            recognizers[i].state = .failed
        case .began:
            // Forced out while in progress: cancelled, the recording closes.
            recognizers[i].state = .cancelled
            let k = recognizers[i].record
            if k >= 0 {
                recognitions[k].ended = t
                recognitions[k].committed = false
            }
        default:
            return
        }
        recognizers[i].deadline = .max
        live &= ~bit
        // Whoever waited for this one may now be free to win.
        for j in recognizers.indices where waitsFor[j] & bit != 0 && recognizers[j].state == .waiting {
            let (pending, won) = undecided(waitsFor[j])
            if won { fail(j, at: t) } else if !pending { accept(j, at: t) }
        }
    }
}

/// Heap storage for an arena's tuning and touch table, copied on write.
final class ArenaStorage: @unchecked Sendable {
    let tuning: UnsafeMutablePointer<ResolvedParameters>
    let touches: UnsafeMutablePointer<Touches>
    let slots: UnsafeMutablePointer<Touches.Slot>

    init(tuning: ResolvedParameters) {
        self.tuning = .allocate(capacity: 1)
        self.tuning.initialize(to: tuning)
        slots = .allocate(capacity: Touches.capacity)
        slots.initialize(repeating: Touches.Slot(), count: Touches.capacity)
        touches = .allocate(capacity: 1)
        touches.initialize(to: Touches(slots: slots))
    }

    func copy() -> ArenaStorage {
        let other = ArenaStorage(tuning: tuning.pointee)
        other.slots.update(from: slots, count: Touches.capacity)
        var table = touches.pointee
        table.slots = other.slots
        other.touches.pointee = table
        return other
    }

    deinit {
        tuning.deinitialize(count: 1)
        tuning.deallocate()
        touches.deinitialize(count: 1)
        touches.deallocate()
        slots.deinitialize(count: Touches.capacity)
        slots.deallocate()
    }
}

extension Arena {
    /// Value semantics: a copied arena gets its own storage before it changes.
    @inline(__always)
    mutating func makeStorageUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }
}

/// The span of one contact and how close its closest threshold decision
/// came to flipping (relative margin), for the smoothed misfire count.
package struct ContactMargin: Sendable, Hashable, Codable {
    package var start: Micros
    package var end: Micros
    package var margin: Double
}

package enum ArenaError: Error, Sendable, Hashable, CustomStringConvertible {
    case tooManyRecognizers(Int)
    case noSuchRecognizer(Int)
    case waitsForItself(Int)

    package var description: String {
        switch self {
        case .tooManyRecognizers(let n): "a scene holds at most \(Arena.maximumRecognizers) recognizers, not \(n)"
        case .noSuchRecognizer(let i): "a relation names recognizer \(i), which does not exist"
        case .waitsForItself(let i): "recognizer \(i) cannot wait for itself to fail"
        }
    }
}
