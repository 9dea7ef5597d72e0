import TraceModel

// MARK: - One recognizer: a value-type state machine

/// What the arena tells a recognizer.
package enum TouchEvent: UInt8, Sendable {
    /// A finger went down (the slot is in ``Touches``).
    case down
    case move
    /// A finger lifted; it is still in the table while recognizers look.
    case up
    case cancel
    /// The recognizer's deadline passed.
    case timer
}

/// What a recognizer asks of the arena after an event.
package enum RecognizerVerdict: UInt8, Sendable {
    case none
    /// Recognize (discrete) or begin (continuous): the arena decides whether
    /// it may, given the relations.
    case begin
    /// A continuous gesture ended (outcome fields are set).
    case end
    case fail
    /// Would have begun, but a lock or boundary swallowed it: fail and record
    /// a ``Drop``.
    case drop
}

/// A gesture recognizer of any ``GestureKind``.
///
/// One struct for every kind, dispatched by a `switch` on ``kind`` — no
/// protocol existentials, no allocation, no reference counting — because
/// the replay calls it for every sample of every contact. Each kind's
/// transitions live in its own file (`Recognizer+Tap.swift`, …). Fields
/// below the configuration are scratch state that each kind uses its own way.
///
/// States follow UIKit: `possible` → `began` → (`changed`) → `ended`, or
/// `possible` → `recognized` for discrete gestures, or `failed`/`cancelled`.
///
/// The shared skeletons: the drag family (card swipe, dismiss, edge swipe,
/// swipe actions, tab swipe, pan and scroll) and the press family (drag and
/// drop, text selection) each run one state machine — the `switch state` /
/// `switch event` frame, the anchoring touch-down, the lift that fails an
/// undecided kind or ends a begun one — written once as a step inlined
/// into each kind (`dragStep` in `Recognizer+DragFamily.swift`, `pressStep`
/// in `+PressFamily.swift`) that hands the kind only what it judges: a
/// translation to begin from, a hold's end, a release to end at. Each
/// kind's file then reads as the platform's documented rules, whose small
/// differences (which slop, which lock, whether the lift commits) are the
/// point. A step, not a protocol or closures: each kind's machine is the
/// innermost loop of the replay (every sample of every contact, millions
/// per evaluation), where a witness table or a closure context would cost
/// a call and an indirection per sample. The other kinds (taps and the
/// long press, pinch, rotation, transform, the one-direction and
/// multi-finger swipes, press feedback, shake) differ in their frame, not
/// only in their judging, and keep their own. See reports/BENCHMARKS.md for
/// the replay's throughput.
package struct Recognizer: Sendable {
    // MARK: Configuration
    package let kind: GestureKind
    package let region: Region
    /// Tab the recognizer's view is on (`nil`: every tab).
    package let tab: Int?
    package let options: RecognizerOptions
    /// The region in points for the current session's screen.
    package internal(set) var rect = Rect(minX: 0, minY: 0, maxX: 0, maxY: 0)
    /// The drag's auto-scroll area in points (``RecognizerOptions/scrollArea``,
    /// else ``rect``).
    package internal(set) var scrollRect = Rect(minX: 0, minY: 0, maxX: 0, maxY: 0)

    // MARK: State
    package internal(set) var state: RecognizerState = .idle
    /// When the recognizer wants a ``TouchEvent/timer`` (`.max`: never).
    package internal(set) var deadline: Micros = .max
    /// Index of the open recognition in the arena's list (-1: none).
    var record = -1
    /// When the recognizer entered `waiting`.
    var waitingSince: Micros = 0
    /// The arena's number of the contact this recognizer is watching.
    var contactNumber = 0

    // Anchors of the recognizer's own contact.
    var downT: Micros = 0
    var downX = 0.0, downY = 0.0
    var panX0 = 0.0, panY0 = 0.0
    var upT: Micros = 0
    var count = 0
    var pairGeneration = -1
    var span0 = 0.0, scale0 = 1.0, scaleStart = 1.0, angleLast = 0.0, angleTurn = 0.0
    var prevT: Micros = 0
    var prevOffset = 0.0
    var crossed = false
    var lastSign = 0
    var dx = 0.0, dy = 0.0
    /// Drag: the hold completed (the item lifted); text selection: unused.
    var armed = false

    // Outcome, read by the arena on begin and end.
    var onset: Micros = 0
    var direction: Direction?
    var committed = true
    var velocity = 0.0
    var springDistance = 0.0
    var hapticLatency: Micros = -1
    var value = 0.0
    var dropReason: Drop.Reason = .boundary

    package init(kind: GestureKind, region: Region = .screen, tab: Int? = nil, options: RecognizerOptions = .init()) {
        // A grid or list has at least one column and row: the options keep
        // what they were given (a scene refuses 0), the machine divides.
        var options = options
        options.columns = max(1, options.columns)
        options.rows = max(1, options.rows)
        self.init(kind: kind, region: region, tab: tab, checkedOptions: options)
    }

    private init(kind: GestureKind, region: Region, tab: Int?, checkedOptions options: RecognizerOptions) {
        self.kind = kind
        self.region = region
        self.tab = tab
        self.options = options
    }

    /// Back to `idle`, scratch cleared (configuration kept).
    ///
    /// Field by field, to the initial values declared above (every `var`
    /// under State and Outcome; a new one belongs here too): every
    /// touch-down resets the members it hits, and building a fresh
    /// recognizer and copying it over moved its whole configuration — 520
    /// bytes per member and contact, the first cost of a touch-down.
    mutating func reset() {
        state = .idle
        deadline = .max
        record = -1
        waitingSince = 0
        contactNumber = 0
        downT = 0
        downX = 0
        downY = 0
        panX0 = 0
        panY0 = 0
        upT = 0
        count = 0
        pairGeneration = -1
        span0 = 0
        scale0 = 1
        scaleStart = 1
        angleLast = 0
        angleTurn = 0
        prevT = 0
        prevOffset = 0
        crossed = false
        lastSign = 0
        dx = 0
        dy = 0
        armed = false
        onset = 0
        direction = nil
        committed = true
        velocity = 0
        springDistance = 0
        hapticLatency = -1
        value = 0
        dropReason = .boundary
    }

    /// Starts watching a new contact.
    mutating func start() {
        reset()
        state = .possible
    }

    /// The contact's mean translation since this recognizer started.
    func translation(_ touches: UnsafePointer<Touches>) -> (dx: Double, dy: Double) {
        (touches.pointee.panX - panX0, touches.pointee.panY - panY0)
    }

    /// Whether a kind's machine does nothing with a move once it has
    /// left `possible` (waiting or begun): the arena does not call it for
    /// moves then. True of the kinds that decide before they begin and
    /// wait only for the lift (a begun pan, tab swipe or card swipe ignores
    /// moves until the last finger lifts; a tap waiting for a double tap
    /// ignores them too); false of those that follow the fingers while begun
    /// (swipe actions, drag, text selection, pinch, rotation, transform).
    /// Press feedback ignores moves in every state (`ignoresMoves(_:)`).
    /// A kind marked here must return `.none` and change nothing for every
    /// `.move` outside `possible`; the corpus tests hold the replay to that.
    static func ignoresMovesOnceDecided(_ kind: GestureKind) -> Bool {
        switch kind {
        case .tap, .doubleTap, .longPress, .pan, .scroll, .cardSwipe, .tabSwipe, .dismiss, .edgeSwipe, .multiSwipe,
            .swipe, .pressFeedback, .shake:
            true
        case .swipeActions, .pinch, .rotation, .drag, .textSelect, .transform:
            false
        }
    }

    /// Whether a kind's machine does nothing with a move in any state.
    static func ignoresMoves(_ kind: GestureKind) -> Bool {
        kind == .pressFeedback || kind == .shake || kind == .multiSwipe
    }

    /// Whether a kind's machine, while `possible`, decides a move from the
    /// touch table's positions and finger counts alone until it leaves
    /// `possible`: its first test is a distance (a slop, a movement
    /// allowance), and every test of the time, the shared state or the
    /// margins comes after one has been passed, which ends `possible`. So a
    /// move that changes no position, after moves only (no finger down or
    /// up, no timer or verdict in between), gives it the verdict the last
    /// move gave, `.none`, and it is not called for it: a finger at rest
    /// (a press, the hold before a drag) sends a third of the samples.
    /// Not pinch, rotation and transform (they re-anchor a new pair and
    /// time their rate on a move) nor multi-finger swipes (moves are
    /// ignored outright).
    static func decidesMovesFromPositions(_ kind: GestureKind) -> Bool {
        switch kind {
        case .tap, .doubleTap, .longPress, .pan, .scroll, .swipeActions, .cardSwipe, .tabSwipe, .dismiss, .edgeSwipe,
            .drag, .textSelect, .swipe:
            true
        case .pinch, .rotation, .transform, .multiSwipe, .pressFeedback, .shake:
            false
        }
    }

    // MARK: - Dispatch

    /// Feeds one touch event; the arena acts on the verdict.
    mutating func handle(
        _ event: TouchEvent, slot: Int, t: Micros, touches touchTable: UnsafePointer<Touches>,
        tuning tuningTable: UnsafePointer<ResolvedParameters>, shared: inout SharedState, compare: inout SoftThreshold
    ) -> RecognizerVerdict {
        // Passed on through the pointers: no copy of either table per call.
        switch kind {
        case .tap, .doubleTap: tapSequence(event, slot: slot, t: t, touchTable, tuningTable, &compare)
        case .longPress: longPress(event, slot: slot, t: t, touchTable, tuningTable, &compare)
        case .pan, .scroll: pan(event, slot: slot, t: t, touchTable, tuningTable, shared, &compare)
        case .swipeActions: swipeActions(event, slot: slot, t: t, touchTable, tuningTable, &shared, &compare)
        case .cardSwipe: cardSwipe(event, slot: slot, t: t, touchTable, tuningTable, &shared, &compare)
        case .tabSwipe: tabSwipe(event, slot: slot, t: t, touchTable, tuningTable, &shared, &compare)
        case .dismiss: dismiss(event, slot: slot, t: t, touchTable, tuningTable, &compare)
        case .pinch: pinch(event, slot: slot, t: t, touchTable, tuningTable, &shared, &compare)
        case .rotation: rotation(event, slot: slot, t: t, touchTable, tuningTable, &shared, &compare)
        case .edgeSwipe: edgeSwipe(event, slot: slot, t: t, touchTable, tuningTable, &compare)
        case .multiSwipe: multiSwipe(event, slot: slot, t: t, touchTable, tuningTable, &compare)
        case .shake: .none
        case .drag: drag(event, slot: slot, t: t, touchTable, tuningTable, &compare)
        case .textSelect: textSelect(event, slot: slot, t: t, touchTable, tuningTable, &shared, &compare)
        case .transform: transform(event, slot: slot, t: t, touchTable, tuningTable, &compare)
        case .pressFeedback: pressFeedback(event, slot: slot, t: t, touchTable, tuningTable, &compare)
        case .swipe: swipe(event, slot: slot, t: t, touchTable, tuningTable, &compare)
        }
    }

    /// What a recognition does to the shared state, applied when the arena
    /// lets it fire.
    mutating func applyAction(
        at t: Micros, tuning: UnsafePointer<ResolvedParameters>, touches: UnsafePointer<Touches>,
        shared: inout SharedState
    ) {
        switch options.action {
        case .none, .contextMenu, .returnToIdentity, .draggableCard, .velocityPreservingCard: break
        case .openNoteMenu:
            // The menu grows from `noteMenu.entranceScale` to full size; its
            // edge (half its width each side of the centre) travels this
            // far, from rest.
            shared.noteMenuOpen = true
            shared.noteMenuFrame = noteMenuFrame(
                tuning, screenWidth: touches.pointee.screenWidth, screenHeight: touches.pointee.screenHeight)
            springDistance = (1 - tuning.pointee.noteMenuEntranceScale) * tuning.pointee.noteMenuWidth / 2
        case .runRowAction:
            // The action runs after the app's delay; the row closing is
            // ours (the source defers the action and says no more).
            if let row = cell(x: downX, y: downY)?.row, row < 64 { shared.openRows &= ~(1 << UInt64(row)) }
            value = tuning.pointee.swipeActionsActionDelay
        case .dismissNoteMenu:
            // Shrinks back to the entrance scale as it fades out; the
            // backdrop lingers `noteMenu.backdropLinger` (0.2 s) before it
            // goes. A tap on the lingering backdrop dismisses nothing more.
            guard shared.noteMenuOpen else { return }
            shared.noteMenuOpen = false
            shared.backdropLingersUntil = t + tuning.pointee.noteMenuBackdropLinger
            springDistance = -(1 - tuning.pointee.noteMenuEntranceScale) * tuning.pointee.noteMenuWidth / 2
        case .selectTab:
            let width = rect.maxX - rect.minX
            guard width > 0 else { return }
            let position = (downX - rect.minX) / width * Double(shared.tabCount)
            guard position.isFinite else { return }
            let button = Int(min(max(position, 0), Double(shared.tabCount - 1)))
            let selected = min(max(0, button), shared.tabCount - 1)
            // The tab session sets the momentum window on any change of the
            // selected tab, a tab-bar tap included; a tap on the tab already
            // showing changes nothing (no change, no window).
            if selected != shared.currentTab {
                shared.changeTab(to: selected, at: t, momentumWindow: tuning.pointee.tabSwipeMomentumWindow)
            }
            value = Double(shared.currentTab)
        case .toggleZoom:
            let before = shared.imageScale
            shared.imageScale = shared.imageScale > 1 ? 1 : tuning.pointee.pinchDoubleTapScale
            value = shared.imageScale
            // The zoom spring moves the image's edge by the scale change
            // times half its width (it scales about its centre), from rest.
            springDistance = (shared.imageScale - before) * (rect.maxX - rect.minX) / 2
        case .undo:
            shared.undoCount += 1
        }
    }

    /// The note menu's frame for the row under this long press, placed as
    /// the reading app's `calculatePosition` writes it: the menu's centre
    /// (SwiftUI's `.position`) at the row's midX and `noteMenu.edgeMargin`
    /// (20) below the row's bottom (000_dfd263f105d7efd6.txt:694-695); moved
    /// in from the right edge only, its centre half its width and the
    /// margin from it (000_dfd263f105d7efd6.txt:698-700); and where its
    /// centre plus `noteMenu.height` would pass the screen's bottom, its
    /// centre at the row's top less the height and the margin
    /// (000_dfd263f105d7efd6.txt:702-704). No other edge is clamped.
    private func noteMenuFrame(
        _ tuning: UnsafePointer<ResolvedParameters>, screenWidth: Double, screenHeight: Double
    ) -> Rect {
        let width = tuning.pointee.noteMenuWidth, height = tuning.pointee.noteMenuHeight
        let margin = tuning.pointee.noteMenuEdgeMargin
        var rowTop = rect.minY, rowBottom = rect.maxY
        if let row = cell(x: downX, y: downY)?.row {
            let rowHeight = (rect.maxY - rect.minY) / Double(options.rows)
            rowTop = rect.minY + Double(row) * rowHeight
            rowBottom = rowTop + rowHeight
        }
        var x = (rect.minX + rect.maxX) / 2, y = rowBottom + margin
        if x + width / 2 > screenWidth { x = screenWidth - width / 2 - margin }
        if y + height > screenHeight { y = rowTop - height - margin }
        return Rect(minX: x - width / 2, minY: y - height / 2, maxX: x + width / 2, maxY: y + height / 2)
    }
}
