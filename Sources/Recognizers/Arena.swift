import GesturePhysics
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
/// Recognizers are values in arena-owned memory, dispatched by `switch`;
/// members are a 64-bit mask; timers are one `min` deadline; no allocation
/// per sample. A move reaches only the members it can change: not press
/// feedback, not a begun gesture that waits for the lift, and — once the
/// arena is `settled` — not a `possible` member for a finger at rest.
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

    /// The members, in declaration order (a copy: the arena keeps them in
    /// its storage, see `members`).
    package var recognizers: [Recognizer] {
        Array(UnsafeBufferPointer(start: storage.recognizers, count: memberCount))
    }
    /// The members, read and written in place: behind the storage's pointer,
    /// like the tuning and the touches, so that the per-sample calls into a
    /// member pay no copy-on-write check and no bounds check (as an array they
    /// paid a uniqueness check for every member of every sample).
    var members: UnsafeMutablePointer<Recognizer> { storage.recognizers }
    /// How many members the scene has.
    let memberCount: Int
    /// Member `i`'s options (what a spring or a report needs to know of it).
    package func options(of i: Int) -> RecognizerOptions? {
        i >= 0 && i < memberCount ? members[i].options : nil
    }
    /// Per recognizer: the ones it may recognize alongside.
    let simultaneous: [UInt64]
    /// Per recognizer: the ones that must fail before it may recognize.
    let waitsFor: [UInt64]
    /// Per recognizer: the ones that wait for it to fail (`waitsFor` read
    /// the other way), so that a win or a failure visits its waiters only
    /// instead of every member.
    let waitedOnBy: [UInt64]
    let motionMask: UInt64
    /// Press-feedback recognizers (see ``GestureKind/isFeedback``).
    let feedbackMask: UInt64
    /// Members a move cannot change (`Recognizer/ignoresMoves(_:)`) and
    /// members a move cannot change once out of `possible`
    /// (`Recognizer/ignoresMovesOnceDecided(_:)`): a move skips them. Most
    /// of a contact's moves come after its gesture has begun, when the
    /// winner waits for the lift and only the press feedback is left beside
    /// it — so most moves call no member at all.
    let movesIgnored: UInt64
    let movesIgnoredOnceDecided: UInt64
    /// Members that, while `possible`, are not called for a move that
    /// changed no position once every member has seen the table as it is
    /// (`Recognizer/decidesMovesFromPositions(_:)`, `settled`).
    let stillMovesIgnored: UInt64
    /// Every live member has seen the touch table as it is now, and only
    /// moves were delivered since anything else happened: set after a move
    /// delivered without a verdict, cleared by any other event, a verdict,
    /// a timer or a shake. A move that changes no position then changes no
    /// verdict of the members in `stillMovesIgnored`.
    var settled = false
    /// While `settled`: the members a move calls, in the state they are
    /// in — for a move that changed a position (`moveCallers`) and for one
    /// that changed none (`stillCallers`). Nothing but a verdict (which
    /// clears `settled`) changes a member's state between moves, so a
    /// settled move calls these without reading any member's state; most
    /// moves then call no member and cost the touch table's update alone.
    var moveCallers: UInt64 = 0
    var stillCallers: UInt64 = 0
    /// Whole frames: the slots of `pendingMoves` whose position the frame
    /// changed.
    var pendingChanged: UInt16 = 0
    /// Members whose hit test is not their `rect` alone (the selection
    /// menu's pills move with the selection): hit-tested at every
    /// touch-down. The others are tested only where the hit grid says their
    /// rect may be (`mayHit(x:y:)`).
    let hitTestedEverywhere: UInt64
    /// The screen the hit grid (`ArenaStorage.hitColumns`, `hitRows`) was
    /// made for: the members' rects depend on nothing else.
    var hitGridWidth = -1.0, hitGridHeight = -1.0
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
    /// Members started since they were last reset (a superset of those not
    /// `idle`, motion members aside): a touch-down visits these and the
    /// ones it may hit, not every member.
    var started: UInt64 = 0
    /// Members that reached a final state (recognized, ended, failed,
    /// cancelled) since the contact's members were chosen: the only ones a
    /// late join may take (every other member outside the contact is idle
    /// or undecided then).
    var decided: UInt64 = 0
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
        var ignored: UInt64 = 0, ignoredOnceDecided: UInt64 = 0
        for (i, r) in recognizers.enumerated() {
            if Recognizer.ignoresMoves(r.kind) { ignored |= 1 << UInt64(i) }
            if Recognizer.ignoresMovesOnceDecided(r.kind) { ignoredOnceDecided |= 1 << UInt64(i) }
        }
        self.movesIgnored = ignored
        self.movesIgnoredOnceDecided = ignoredOnceDecided
        var still: UInt64 = 0
        for (i, r) in recognizers.enumerated() where Recognizer.decidesMovesFromPositions(r.kind) {
            still |= 1 << UInt64(i)
        }
        self.stillMovesIgnored = still
        var everywhere: UInt64 = 0
        for (i, r) in recognizers.enumerated() where r.options.layer == .selectionMenu { everywhere |= 1 << UInt64(i) }
        self.hitTestedEverywhere = everywhere
        self.memberCount = recognizers.count
        self.simultaneous = simultaneous
        self.waitsFor = waitsFor
        var waitedOnBy = [UInt64](repeating: 0, count: recognizers.count)
        for j in recognizers.indices {
            var m = waitsFor[j]
            while m != 0 {
                waitedOnBy[m.trailingZeroBitCount] |= 1 << UInt64(j)
                m &= m - 1
            }
        }
        self.waitedOnBy = waitedOnBy
        self.motionMask = motion
        self.storage = ArenaStorage(tuning: tuning, recognizers: recognizers)
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
        for i in 0..<memberCount {
            members[i].reset()
            members[i].rect = members[i].region.resolved(
                screenWidth: screenWidth, screenHeight: screenHeight, edgeWidth: storage.tuning.pointee.edgeWidth)
            members[i].scrollRect =
                members[i].options.scrollArea.map {
                    $0.resolved(screenWidth: screenWidth, screenHeight: screenHeight, edgeWidth: storage.tuning.pointee.edgeWidth)
                } ?? members[i].rect
        }
        if screenWidth != hitGridWidth || screenHeight != hitGridHeight { makeHitGrid(width: screenWidth, height: screenHeight) }
        storage.touches.pointee.reset(width: screenWidth, height: screenHeight)
        shared = initialShared
        compare.reset()
        contact = 0
        live = 0
        started = 0
        decided = 0
        nextDeadline = .max
        now = 0
        pendingMoves = 0
        pendingChanged = 0
        settled = false
        recognitions.removeAll(keepingCapacity: true)
        drops.removeAll(keepingCapacity: true)
        contacts.removeAll(keepingCapacity: true)
    }

    /// Lets pending timers run out (a single tap waiting for a double tap is
    /// recognized when the window closes) and fails what is still undecided.
    package mutating func finishSession() {
        makeStorageUnique()
        if pendingMoves != 0 { deliverFrame() }
        fireTimers(upTo: .max - 1)
        var m = live
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            fail(i, at: now)
        }
    }

    /// When the earliest pending timer runs out (`Micros.max`: none).
    package var nextTimer: Micros { nextDeadline }

    /// Runs now the timers due by `t`, as the next input at `t` would run
    /// them first: for an observer that wants each timer's verdicts at the
    /// timer's own moment (`gesturetune serve`'s session timeline), not at the
    /// next input's. The verdicts are the same; the simulator never calls
    /// it, so its replay costs what it did.
    package mutating func runTimers(upTo t: Micros) {
        makeStorageUnique()
        if pendingMoves != 0, t != pendingT { completeFrame() }
        if t >= nextDeadline { fireTimers(upTo: t) }
    }

    // MARK: - Input

    /// One touch sample. Samples must come in time order (the format's rule).
    package mutating func touch(t: Micros, pointer: Int32, phase: TouchPhase, x: Double, y: Double) {
        makeStorageUnique()
        touchSample(t: t, pointer: pointer, phase: phase, x: x, y: y)
    }

    /// One session's samples, as a compiled corpus keeps them (a column
    /// per field), replayed in time order — touch first on equal times —
    /// with one check that the storage is this arena's own for the whole
    /// session instead of one per sample.
    package mutating func replay(
        touches: Range<Int>, t: UnsafeBufferPointer<Micros>, pointer: UnsafeBufferPointer<Int32>,
        phase: UnsafeBufferPointer<TouchPhase>, x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>,
        motion: Range<Int>, motionT: UnsafeBufferPointer<Micros>, ax: UnsafeBufferPointer<Double>,
        ay: UnsafeBufferPointer<Double>, az: UnsafeBufferPointer<Double>
    ) {
        makeStorageUnique()
        var j = motion.lowerBound
        for i in touches {
            let ti = t[i]
            while j < motion.upperBound, motionT[j] < ti {
                motionSample(t: motionT[j], ax: ax[j], ay: ay[j], az: az[j])
                j += 1
            }
            touchSample(t: ti, pointer: pointer[i], phase: phase[i], x: x[i], y: y[i])
        }
        while j < motion.upperBound {
            motionSample(t: motionT[j], ax: ax[j], ay: ay[j], az: az[j])
            j += 1
        }
    }

    /// ``touch(t:pointer:phase:x:y:)`` once the storage is known to be this
    /// arena's own.
    @inline(__always)
    private mutating func touchSample(t: Micros, pointer: Int32, phase: TouchPhase, x: Double, y: Double) {
        if pendingMoves != 0, t != pendingT || (phase != .moved && phase != .stationary) { completeFrame() }
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
            let changed = touches.pointee.move(slot, t: t, x: x, y: y)
            if wholeFrames {
                pendingMoves |= 1 << UInt16(slot)
                if changed { pendingChanged |= 1 << UInt16(slot) }
                pendingT = t
            } else {
                deliver(.move, slot: slot, t: t, changed: changed)
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
        motionSample(t: t, ax: ax, ay: ay, az: az)
    }

    /// ``motion(t:ax:ay:az:)`` once the storage is known to be this arena's own.
    private mutating func motionSample(t: Micros, ax: Double, ay: Double, az: Double) {
        if pendingMoves != 0 { deliverFrame() }
        now = t
        if t >= nextDeadline { fireTimers(upTo: t) }
        var m = motionMask
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            switch members[i].shake(t: t, ax: ax, ay: ay, storage.tuning, shared, &compare) {
            case .begin:
                settled = false
                members[i].state = .recognized
                shared.lastShake = t
                members[i].applyAction(at: t, tuning: storage.tuning, touches: storage.touches, shared: &shared)
                record(i, at: t, touchDown: members[i].onset)
                members[i].state = .idle
            case .drop:
                settled = false
                drops.append(
                    Drop(
                        recognizer: i, kind: .shake, direction: nil, t: t, reason: members[i].dropReason))
            default:
                break
            }
        }
    }

    // MARK: - Contacts

    private mutating func startContact(t: Micros, x: Double, y: Double) {
        contactStart = t
        contactNumber &+= 1
        let mayHit = mayHit(x: x, y: y)
        // Carried over from the last contact: a double tap between its taps
        // continues if hit, fails if not (which may release a waiting tap).
        var m = live & contact
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            if members[i].state == .possible, mayHit & (1 << UInt64(i)) == 0 || !hits(i, x: x, y: y) { fail(i, at: t) }
        }
        contact = 0
        m = live
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            if members[i].state == .possible {
                contact |= 1 << UInt64(i)
                members[i].contactNumber = contactNumber
            }
        }
        // Every member but the motion ones, in order: an idle member that
        // cannot be hit has nothing to do, so only the others are visited.
        m = (mayHit | started) & ~motionMask
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            switch members[i].state {
            case .possible, .waiting, .began:
                continue
            default:
                guard mayHit & (1 << UInt64(i)) != 0, hits(i, x: x, y: y) else {
                    if members[i].state != .idle { members[i].reset() }
                    started &= ~(1 << UInt64(i))
                    continue
                }
                placeOverlay(i)
                members[i].start()
                started |= 1 << UInt64(i)
                members[i].downT = t
                members[i].contactNumber = contactNumber
                contact |= 1 << UInt64(i)
                live |= 1 << UInt64(i)
            }
        }
        decided = 0
        // A touch-down anywhere but on the shown menu's panel collapses the
        // selection (and its action menu); a tap on a pill, or between
        // pills, keeps it.
        if shared.selectionMenuAt != .max, !onPillPanel(x: x, y: y) { shared.selectionMenuAt = .max }
    }

    /// Recognizers freed by the first touch-down itself — a double tap whose
    /// second tap landed too far away fails, which releases the waiting
    /// single tap — join the new contact as if it had just begun, so that
    /// this touch can be the first tap of a new tap or double tap.
    private mutating func lateJoin(slot: Int, t: Micros, x: Double, y: Double) {
        var joined: UInt64 = 0
        let mayHit = mayHit(x: x, y: y)
        var candidates = decided & ~motionMask & ~contact
        while candidates != 0 {
            let i = candidates.trailingZeroBitCount
            candidates &= candidates - 1
            switch members[i].state {
            case .possible, .waiting, .began, .idle: continue
            default:
                guard mayHit & (1 << UInt64(i)) != 0, hits(i, x: x, y: y) else { continue }
                placeOverlay(i)
                members[i].start()
                started |= 1 << UInt64(i)
                members[i].downT = t
                members[i].contactNumber = contactNumber
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
            guard members[i].state.isLive else { continue }
            let verdict = members[i].handle(
                .down, slot: slot, t: t, touches: storage.touches, tuning: storage.tuning, shared: &shared, compare: &compare)
            if verdict != .none { apply(verdict, i, at: t) }
            let deadline = members[i].deadline
            if deadline < nextDeadline { nextDeadline = deadline }
        }
    }

    // The helpers below that only read are `mutating` all the same: called
    // from the mutating entry points, a non-mutating method got a copy of
    // the whole arena (544 bytes and a retain of each of its arrays) per
    // call — per member and touch-down, 5 % of a replay's instructions.

    /// Hit-testing by layer: while the note menu is open its backdrop
    /// covers the screen (only its layer is hit); the action menu's panel
    /// covers what is under it; elsewhere the content's regions decide.
    @inline(__always)
    private mutating func hits(_ i: Int, x: Double, y: Double) -> Bool {
        // Fields read in place: a copy of the whole recognizer here was a
        // memmove per member and touch-down, 9 % of a replay's time.
        if let tab = members[i].tab, tab != shared.currentTab { return false }
        let covered = shared.backdropCovers(at: now)
        switch members[i].options.layer {
        case .content:
            return !covered && members[i].rect.contains(x: x, y: y) && !onPillPanel(x: x, y: y)
        case .noteMenu:
            // The backdrop and the menu on it: a tap on either dismisses the
            // menu — the backdrop's tap calls `dismissMenu()`, and so does
            // every item after its own action (000_dfd263f105d7efd6.txt:644-672).
            return covered && members[i].rect.contains(x: x, y: y)
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
    private mutating func onRowButtons(of i: Int, x: Double, y: Double) -> Bool {
        let rect = members[i].rect
        guard shared.openRows != 0, rect.contains(x: x, y: y), let row = members[i].cell(x: x, y: y)?.row, row < 64,
            shared.openRows & (1 << UInt64(row)) != 0
        else { return false }
        let buttons = Double(members[i].options.actionButtons) * storage.tuning.pointee.swipeActionsButtonWidth
        return x >= rect.maxX - buttons
    }

    /// Whether a point is on a pill of the selection's action menu while it
    /// shows: in the pills' row and not in the `actionPill.spacing` gaps
    /// between them (a touch there is on the menu's panel, ``pillPanel``).
    @inline(__always)
    private mutating func onPill(x: Double, y: Double) -> Bool {
        guard shared.selectionMenuShows(at: now) else { return false }
        let row = pillRow
        guard row.contains(x: x, y: y) else { return false }
        let size = storage.tuning.pointee.actionPillSize, pitch = size + storage.tuning.pointee.actionPillSpacing
        return (x - row.minX).truncatingRemainder(dividingBy: pitch) < size
    }

    /// The action menu's row of three `actionPill.size` pills (note, quote,
    /// question) `actionPill.spacing` apart: centred on where the selection
    /// ended, its bottom edge `actionPill.clearance` above that point,
    /// kept on the screen.
    var pillRow: Rect {
        let size = storage.tuning.pointee.actionPillSize
        let width = 3 * size + 2 * storage.tuning.pointee.actionPillSpacing
        let screen = storage.touches.pointee.screenWidth
        let minX = min(max(shared.selectionX - width / 2, 0), max(0, screen - width))
        let minY = max(shared.selectionY - storage.tuning.pointee.actionPillClearance - size, 0)
        return Rect(minX: minX, minY: minY, maxX: minX + width, maxY: minY + size)
    }

    /// Columns and rows of the hit grid over the screen.
    static let hitGridColumns = 16, hitGridRows = 32

    /// The members whose hit test may pass at (`x`, `y`): those whose rect
    /// covers both the point's column and its row of the hit grid (a rect
    /// is a rectangle, so it then covers the cell), and those tested
    /// everywhere. A superset of the members `hits` accepts, found without
    /// reading any member: a touch-down tests the few whose rect is near
    /// instead of every member.
    @inline(__always)
    private func mayHit(x: Double, y: Double) -> UInt64 {
        let column = Arena.cell(x, size: hitGridWidth, count: Arena.hitGridColumns)
        let row = Arena.cell(y, size: hitGridHeight, count: Arena.hitGridRows)
        return storage.hitColumns[column] & storage.hitRows[row] | hitTestedEverywhere
    }

    /// The grid cell of a coordinate, clamped to the grid (a point off the
    /// screen falls in the nearest edge cell, as does a rect reaching past it).
    @inline(__always)
    private static func cell(_ v: Double, size: Double, count: Int) -> Int {
        let cell = (v / size * Double(count)).rounded(.down)
        return cell >= 0 ? (cell < Double(count) ? Int(cell) : count - 1) : 0
    }

    /// The hit grid for a screen: per column and per row, the members whose
    /// rect reaches into it (rects are resolved per screen and do not move,
    /// but the pills', which `hitTestedEverywhere` holds).
    private mutating func makeHitGrid(width: Double, height: Double) {
        hitGridWidth = width
        hitGridHeight = height
        let columns = storage.hitColumns, rows = storage.hitRows
        columns.update(repeating: 0, count: Arena.hitGridColumns)
        rows.update(repeating: 0, count: Arena.hitGridRows)
        for i in 0..<memberCount {
            let rect = members[i].rect, bit: UInt64 = 1 << UInt64(i)
            var c = Arena.cell(rect.minX, size: width, count: Arena.hitGridColumns)
            while c <= Arena.cell(rect.maxX, size: width, count: Arena.hitGridColumns) {
                columns[c] |= bit
                c += 1
            }
            var r = Arena.cell(rect.minY, size: height, count: Arena.hitGridRows)
            while r <= Arena.cell(rect.maxY, size: height, count: Arena.hitGridRows) {
                rows[r] |= bit
                r += 1
            }
        }
    }

    /// An overlay's recognizer takes the overlay's frame before it joins a
    /// contact: the pills' row moves with the selection.
    private mutating func placeOverlay(_ i: Int) {
        if members[i].options.layer == .selectionMenu { members[i].rect = pillRow }
    }

    /// Before the last finger lifts: a continuous gesture still waiting can
    /// no longer begin — nothing is left to move it (UIKit fails a pan whose
    /// touches end while it waits for another recognizer to fail).
    private mutating func failWaitingContinuous(at t: Micros) {
        var m = live & contact
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            if members[i].state == .waiting, members[i].kind.isContinuous { fail(i, at: t) }
        }
    }

    private mutating func endContact(t: Micros) {
        // Undecided with nothing left to wait for: it can no longer win.
        var m = live & contact
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            if members[i].state == .possible, members[i].deadline == .max { fail(i, at: t) }
        }
        // Anything still in progress is cancelled (its recording closes uncommitted).
        m = live & contact
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            if members[i].state == .began { fail(i, at: t) }
        }
        if compare.temperature > 0 {
            contacts.append(ContactMargin(start: contactStart, end: t, margin: compare.closestMargin))
            compare.reset()
        }
    }

    // MARK: - Delivery

    /// Whole frames: every finger of the frame has moved; each move is
    /// delivered now, in slot order, at the frame's time.
    /// The frame's moves delivered, unless no member would be called for
    /// any of them (settled, with no member that takes a move): then only
    /// forgotten, without the call — the common case of a contact whose
    /// gesture has begun, or a finger at rest.
    @inline(__always)
    private mutating func completeFrame() {
        if settled, moveCallers | stillCallers == 0 {
            pendingMoves = 0
            pendingChanged = 0
        } else {
            deliverFrame()
        }
    }

    private mutating func deliverFrame() {
        var m = pendingMoves
        let changed = pendingChanged
        pendingMoves = 0
        pendingChanged = 0
        while m != 0 {
            let slot = m.trailingZeroBitCount
            m &= m - 1
            deliver(.move, slot: slot, t: pendingT, changed: changed & (1 << UInt16(slot)) != 0)
        }
    }

    /// Delivers one event to the members of the contact that can act on it
    /// (`changed`: for a move, whether it changed the finger's position).
    private mutating func deliver(_ event: TouchEvent, slot: Int, t: Micros, changed: Bool = true) {
        let candidates = live & contact
        let isMove = event == .move
        // Members in `possible` that this move cannot change.
        let stillIgnored = isMove && !changed && settled ? stillMovesIgnored : 0
        if isMove, settled {
            var m = changed ? moveCallers : stillCallers
            while m != 0 {
                let i = m.trailingZeroBitCount
                m &= m - 1
                let verdict = members[i].handle(
                    event, slot: slot, t: t, touches: storage.touches, tuning: storage.tuning, shared: &shared,
                    compare: &compare)
                if verdict != .none {
                    // States change: the members after this one as the full
                    // loop takes them, each by its state now.
                    apply(verdict, i, at: t)
                    updateDeadline(i)
                    deliverToEach(
                        event, slot: slot, t: t, candidates & (UInt64.max << UInt64(i + 1)), stillIgnored: stillIgnored,
                        verdicts: true)
                    return
                }
                updateDeadline(i)
            }
            return
        }
        deliverToEach(event, slot: slot, t: t, candidates, stillIgnored: stillIgnored, verdicts: false)
    }

    @inline(__always)
    private mutating func updateDeadline(_ i: Int) {
        let deadline = members[i].deadline
        if deadline < nextDeadline { nextDeadline = deadline }
    }

    /// `deliver(_:slot:t:changed:)` to each member of `mask` that can act
    /// on the event in its current state (read from each); a move without
    /// verdicts leaves the arena `settled`.
    private mutating func deliverToEach(
        _ event: TouchEvent, slot: Int, t: Micros, _ mask: UInt64, stillIgnored: UInt64, verdicts hadVerdicts: Bool
    ) {
        var m = mask
        let isMove = event == .move
        if isMove { m &= ~movesIgnored }
        var verdicts = hadVerdicts
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            let state = members[i].state
            guard state.isLive else { continue }
            if isMove {
                let ignored = state == .possible ? stillIgnored : movesIgnoredOnceDecided
                if ignored & (1 << UInt64(i)) != 0 { continue }
            }
            let verdict = members[i].handle(
                event, slot: slot, t: t, touches: storage.touches, tuning: storage.tuning, shared: &shared, compare: &compare)
            if verdict != .none {
                verdicts = true
                apply(verdict, i, at: t)
            }
            updateDeadline(i)
        }
        settled = isMove && !verdicts
        if settled { cacheMoveCallers() }
    }

    /// Works out `moveCallers` and `stillCallers` from the members' states.
    private mutating func cacheMoveCallers() {
        var moving: UInt64 = 0, still: UInt64 = 0
        var m = live & contact & ~movesIgnored
        while m != 0 {
            let i = m.trailingZeroBitCount
            m &= m - 1
            let bit: UInt64 = 1 << UInt64(i)
            let state = members[i].state
            if state == .possible {
                moving |= bit
                if stillMovesIgnored & bit == 0 { still |= bit }
            } else if state.isLive, movesIgnoredOnceDecided & bit == 0 {
                moving |= bit
                still |= bit
            }
        }
        moveCallers = moving
        stillCallers = still
    }

    private mutating func fireTimers(upTo t: Micros) {
        while nextDeadline <= t {
            let now = nextDeadline
            nextDeadline = .max
            settled = false
            // Only live members hold a timer: a member sets its deadline
            // while it handles an event, which only live ones do, and
            // leaving `live` (a verdict, a reset) clears it.
            var m = live
            while m != 0 {
                let i = m.trailingZeroBitCount
                m &= m - 1
                guard members[i].deadline <= now else { continue }
                members[i].deadline = .max
                guard members[i].state.isLive else { continue }
                let verdict = members[i].handle(
                    .timer, slot: -1, t: now, touches: storage.touches, tuning: storage.tuning, shared: &shared,
                    compare: &compare)
                if verdict != .none { apply(verdict, i, at: now) }
            }
            m = live
            while m != 0 {
                let i = m.trailingZeroBitCount
                m &= m - 1
                if members[i].deadline < nextDeadline { nextDeadline = members[i].deadline }
            }
        }
    }

    // MARK: - Decisions

    private mutating func apply(_ verdict: RecognizerVerdict, _ i: Int, at t: Micros) {
        switch verdict {
        case .none: break
        case .begin: request(i, at: t)
        case .end: end(i, at: t)
        case .fail: fail(i, at: t)
        case .drop:
            let r = members[i]
            drops.append(Drop(recognizer: i, kind: r.kind, direction: r.direction, t: t, reason: r.dropReason))
            fail(i, at: t)
        }
    }

    /// Bits of the recognizers in `mask` that are still undecided / have won.
    private mutating func undecided(_ mask: UInt64) -> (undecided: Bool, won: Bool) {
        var m = mask
        var undecided = false, won = false
        while m != 0 {
            let j = m.trailingZeroBitCount
            m &= m - 1
            let state = members[j].state
            if state.isUndecided { undecided = true } else if state.hasWon { won = true }
        }
        return (undecided, won)
    }

    private mutating func request(_ i: Int, at t: Micros) {
        let (pending, won) = undecided(waitsFor[i])
        if won {
            fail(i, at: t)
        } else if pending {
            members[i].state = .waiting
            members[i].waitingSince = t
            members[i].deadline = .max
        } else {
            accept(i, at: t)
        }
    }

    private mutating func accept(_ i: Int, at t: Micros) {
        let bit: UInt64 = 1 << UInt64(i)
        let kind = members[i].kind
        let waited = members[i].state == .waiting ? t - members[i].waitingSince : 0
        members[i].deadline = .max
        members[i].applyAction(at: t, tuning: storage.tuning, touches: storage.touches, shared: &shared)
        // A haptic plays as the recognizer fires: the delay runs from the
        // moment it could (a press's touch-down, a tap's last lift) to the
        // sample or timer that fired it, as the swipe actions' runs from
        // the threshold crossing.
        if members[i].options.haptic != nil {
            switch kind {
            case .pressFeedback: members[i].hapticLatency = t - members[i].downT
            case .tap, .doubleTap: members[i].hapticLatency = t - members[i].onset
            default: break
            }
        }
        if kind.isContinuous {
            members[i].state = .began
            members[i].record = recognitions.count
        } else {
            members[i].state = .recognized
            decided |= bit
            live &= ~bit
        }
        record(i, at: t, touchDown: members[i].downT, waited: waited)
        // A press feedback that showed at the lift is over at once.
        if members[i].endsWhenShown { end(i, at: t) }
        // Any gesture but a tap takes the touches from the pressed control:
        // its feedback is cancelled, no ripple (UIKit cancels the control's
        // touches when a scroll view's pan begins; a context menu's preview
        // replaces the pressed state; Flutter's ink splash is cancelled
        // when its tap recognizer is rejected). With no winner at all the
        // press completes where the finger lifts (movement never cancels it).
        if feedbackMask != 0, !kind.isFeedback, kind != .tap, kind != .doubleTap,
            members[i].contactNumber == contactNumber
        {
            var pressed = contact & feedbackMask
            while pressed != 0 {
                let j = pressed.trailingZeroBitCount
                pressed &= pressed - 1
                if members[j].state.isLive { fail(j, at: t) }
            }
        }
        // Exclusive: the other undecided members of this contact lose (if
        // it is still the current one: a tap released late by a timer does
        // not touch the next contact)…
        var losers = members[i].contactNumber == contactNumber ? contact & ~simultaneous[i] & ~bit : 0
        // …and so does anything waiting for this one to fail.
        losers |= waitedOnBy[i]
        while losers != 0 {
            let j = losers.trailingZeroBitCount
            losers &= losers - 1
            if members[j].state.isUndecided { fail(j, at: t) }
        }
    }

    private mutating func record(_ i: Int, at t: Micros, touchDown: Micros, waited: Micros = 0) {
        let r = members[i]
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
        let r = members[i]
        guard r.state == .began, r.record >= 0 else { return fail(i, at: t) }
        members[i].state = .ended
        members[i].deadline = .max
        live &= ~(1 << UInt64(i))
        decided |= 1 << UInt64(i)
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
        let previous = members[i].state
        switch previous {
        case .possible, .waiting:
            members[i].state = .failed
        case .began:
            // Forced out while in progress: cancelled, the recording closes.
            members[i].state = .cancelled
            let k = members[i].record
            if k >= 0 {
                recognitions[k].ended = t
                recognitions[k].committed = false
            }
        default:
            return
        }
        members[i].deadline = .max
        live &= ~bit
        decided |= bit
        // Whoever waited for this one may now be free to win.
        var waiters = waitedOnBy[i]
        while waiters != 0 {
            let j = waiters.trailingZeroBitCount
            waiters &= waiters - 1
            guard members[j].state == .waiting else { continue }
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
    let trackers: UnsafeMutablePointer<VelocityTracker>
    let recognizers: UnsafeMutablePointer<Recognizer>
    let recognizerCount: Int
    /// The hit grid (`Arena.mayHit(x:y:)`): per column, per row, a member mask.
    let hitColumns: UnsafeMutablePointer<UInt64>
    let hitRows: UnsafeMutablePointer<UInt64>
    let angleMemo: UnsafeMutablePointer<Touches.AngleMemo>

    init(tuning: ResolvedParameters, recognizers: [Recognizer]) {
        self.tuning = .allocate(capacity: 1)
        self.tuning.initialize(to: tuning)
        slots = .allocate(capacity: Touches.capacity)
        slots.initialize(repeating: Touches.Slot(), count: Touches.capacity)
        trackers = .allocate(capacity: Touches.capacity)
        trackers.initialize(repeating: VelocityTracker(), count: Touches.capacity)
        touches = .allocate(capacity: 1)
        angleMemo = .allocate(capacity: 1)
        angleMemo.initialize(to: Touches.AngleMemo())
        touches.initialize(to: Touches(slots: slots, trackers: trackers, angleMemo: angleMemo))
        recognizerCount = recognizers.count
        self.recognizers = .allocate(capacity: max(1, recognizers.count))
        _ = UnsafeMutableBufferPointer(start: self.recognizers, count: recognizers.count).initialize(from: recognizers)
        hitColumns = .allocate(capacity: Arena.hitGridColumns)
        hitColumns.initialize(repeating: 0, count: Arena.hitGridColumns)
        hitRows = .allocate(capacity: Arena.hitGridRows)
        hitRows.initialize(repeating: 0, count: Arena.hitGridRows)
    }

    func copy() -> ArenaStorage {
        let other = ArenaStorage(
            tuning: tuning.pointee, recognizers: Array(UnsafeBufferPointer(start: recognizers, count: recognizerCount)))
        other.slots.update(from: slots, count: Touches.capacity)
        other.trackers.update(from: trackers, count: Touches.capacity)
        other.hitColumns.update(from: hitColumns, count: Arena.hitGridColumns)
        other.hitRows.update(from: hitRows, count: Arena.hitGridRows)
        var table = touches.pointee
        table.slots = other.slots
        table.trackers = other.trackers
        table.angleMemo = other.angleMemo
        other.touches.pointee = table
        return other
    }

    deinit {
        angleMemo.deallocate()
        hitColumns.deallocate()
        hitRows.deallocate()
        recognizers.deinitialize(count: recognizerCount)
        recognizers.deallocate()
        trackers.deinitialize(count: Touches.capacity)
        trackers.deallocate()
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
