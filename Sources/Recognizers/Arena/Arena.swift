import TraceModel

// MARK: - The gesture arena
//
// The arena by concern, a file each (extensions of this one type): this
// file holds the type, its relations compiled into member masks (`init`)
// and its state; Arena+Input.swift the entry points (sessions, touch and
// motion samples); Arena+Contacts.swift membership (who joins a contact,
// what its end decides); Arena+HitTesting.swift and
// Arena+ActionPillPanel.swift which members a point hits;
// Arena+Delivery.swift which members an event reaches; Arena+Timers.swift
// the deadlines; Arena+Rules.swift the decisions (waiting, winning,
// failing) and what is recorded; ArenaStorage.swift the heap storage
// behind the members, the tuning and the touch table. Helpers one
// concern calls from another are internal, the rest private to their file.

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
    /// The state the members share (menus, tabs, locks): set by the arena's
    /// concerns across its files, read by everyone.
    package internal(set) var shared: SharedState
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
}
