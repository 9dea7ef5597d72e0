import TraceModel

// MARK: - Per-instance options

/// What distinguishes two recognizers of the same kind in a scene (the
/// tunable constants are ``Parameter``s, shared by kind).
package struct RecognizerOptions: Sendable, Hashable, Codable {
    /// Axis of a pan or scroll.
    package enum Axis: String, Sendable, Hashable, Codable { case free, horizontal, vertical }

    /// What a recognition does to the scene's shared state.
    package enum Action: String, Sendable, Hashable, Codable {
        case none
        /// Tap on a tab bar: selects the tab under the finger (the region is
        /// split into `tabs` equal buttons).
        case selectTab
        /// Double tap on an image: toggles 1× and `pinch.doubleTapScale`.
        case toggleZoom
        /// Shake or multi-finger swipe: undo.
        case undo
        /// Long press: opens a context menu.
        case contextMenu
        /// Pinch, rotation or transform: when the gesture ends the view
        /// returns to identity (scale 1, no turn, no translation) instead
        /// of keeping the result — the playground's pinch, rotation and
        /// transform. Nothing is stored in the shared state, so each
        /// gesture starts from identity; the release reports the distance
        /// the return carries the view's farthest corner
        /// (``Recognition/springDistance``). The return is no spring: the
        /// playground app animates it with SwiftUI's `.easeOut`, for
        /// `returnToIdentity.duration`.
        case returnToIdentity
        /// Long press on a note row: opens the custom note menu, whose
        /// backdrop then covers the screen (``SharedState/noteMenuOpen``).
        case openNoteMenu
        /// Tap on the note menu's backdrop or on one of its items: dismisses
        /// the menu.
        case dismissNoteMenu
        /// Tap on an open row's action button (a member on the
        /// ``Layer/rowActions`` layer): the button's action runs
        /// `swipeActions.actionDelay` (0.2 s, the reading app's) later
        /// (``Recognition/value`` is that delay, seconds), and the row
        /// closes at once, as the reading app's `executeAction` does (it
        /// springs the offset to 0 and hides the actions, then runs the
        /// action 0.2 s later: 000_dfd263f105d7efd6.txt:207-214).
        case runRowAction
        /// Card swipe: the animation patterns' draggable card
        /// (002_fade1e29999cfedf.txt:8-45), one card and no stack: released
        /// past `draggableCard.threshold` (150 pt) or with a predicted end
        /// past `draggableCard.predictedEndTrigger` (500 pt) it flies
        /// `draggableCard.flightOffset` to that side, else it snaps back —
        /// each with its own spring, from rest (the offset is state the
        /// drag set without animation). It is never removed.
        case draggableCard
        /// Card swipe: the same card, decided the same way, released into
        /// the velocity-preserving completion (002_fade1e29999cfedf.txt:70-91):
        /// an `interpolatingSpring` handed the finger's velocity.
        case velocityPreservingCard

        /// Whether this is one of the animation patterns' draggable cards.
        package var isDraggableCard: Bool { self == .draggableCard || self == .velocityPreservingCard }

        /// The overlay this action leaves over the content until a member
        /// of that layer closes it (the note menu); `nil` for the rest. The
        /// text selection's menu is not one: any touch off its pills hides
        /// it and reaches the content.
        package var opensOverlay: Layer? { self == .openNoteMenu ? .noteMenu : nil }

        /// Whether the action opens a context menu: the system's
        /// (`.contextMenu`, 000_dfd263f105d7efd6.txt:957) or the note rows'
        /// custom one (000_dfd263f105d7efd6.txt:622-629). The reading app's
        /// 500 ms long-press standard is the context menu's
        /// (000_dfd263f105d7efd6.txt:1002), so it binds only these.
        package var opensContextMenu: Bool { self == .contextMenu || self == .openNoteMenu }
    }

    /// Which layer of the screen a recognizer's view is on. Overlays cover
    /// the content while they show: a touch that lands on one reaches only
    /// that overlay's recognizers.
    package enum Layer: String, Sendable, Hashable, Codable {
        /// The screen's content (and bars): hit unless an overlay covers it.
        case content
        /// The custom note menu's backdrop, which covers the whole screen
        /// while the menu is open, and only then, with the menu on it: a
        /// tap on a menu item, like one on the backdrop, dismisses the menu
        /// (the item's own action is not modelled).
        case noteMenu
        /// The text selection's action menu (a row of pills above the
        /// selection's end), hit only while it shows.
        case selectionMenu
        /// A swipe-actions list's action buttons: on each open row
        /// (``SharedState/openRows``) the rightmost `actionButtons` ×
        /// `swipeActions.buttonWidth` points the open row uncovered. The
        /// member's region and `rows` are the list's; elsewhere (and on a
        /// closed row) it is not hit. The row's own gestures still hear a
        /// touch there (a drag that starts on a button moves the row); a
        /// tap is the button's when the member is declared before the
        /// row's tap (declaration order breaks a tie within one sample).
        case rowActions
    }

    /// The haptic a recognizer plays when it fires (its delay is measured).
    package enum Haptic: String, Sendable, Hashable, Codable {
        case light, medium, heavy
    }

    /// How much a pressed control shrinks (press feedback).
    package enum PressStyle: String, Sendable, Hashable, Codable {
        /// Large items (grid cells, cards): `pressFeedback.itemScale`.
        case item
        /// Small controls (buttons): `pressFeedback.buttonScale`.
        case button
        /// The text selection's action pills: `actionPill.pressedScale`.
        case pill
    }

    package var axis: Axis
    /// Fingers a tap, double tap, long press, swipe, drag or text selection
    /// needs (UIKit's `numberOfTouchesRequired`).
    package var fingers: Int
    /// A pan begins only once this many fingers are down (UIKit's
    /// `minimumNumberOfTouches`).
    package var minTouches: Int
    /// A pan, scroll or swipe fails (while undecided) when more fingers than
    /// this are down (UIKit's `maximumNumberOfTouches`).
    package var maxTouches: Int
    package var action: Action
    /// A scroll that obeys the tab swipe's vertical scroll lock.
    package var obeysTabLock: Bool
    /// The region is a grid of `columns × rows` items (press feedback scales
    /// the item under the finger about its centre), or a list of `rows`
    /// rows (swipe actions keep one row open).
    package var columns: Int
    package var rows: Int
    package var pressStyle: PressStyle
    /// The area a drag auto-scrolls near the top and bottom of (`nil`: the
    /// recognizer's own region).
    package var scrollArea: Region?
    /// The one direction a swipe recognizes (UIKit's `direction`; `nil`:
    /// any of left, right, up, down — whichever the movement takes).
    package var direction: Direction?
    /// Taps required (UIKit's `numberOfTapsRequired`, 0–5): how many taps a
    /// tap recognizes (1 unless set) or a double tap (2), and how many
    /// quick taps must come *before* a long press's hold (0 unless set: a
    /// tap-then-hold is 1). See ``requiredTaps(of:)``.
    package var taps: Int?
    /// The layer the recognizer's view is on (``Layer``).
    package var layer: Layer
    /// The haptic played when it fires: press feedback when the pressed
    /// state shows, a tap when it is recognized (`nil`: none).
    package var haptic: Haptic?
    /// Swipe actions: the action buttons a row reveals; the open row rests
    /// at their count × `swipeActions.buttonWidth` (the reading app's note
    /// rows: two, −112 pt).
    package var actionButtons: Int
    /// A tab swipe past the last page shows the first, and before the first
    /// the last (a carousel): the edges do not stop it. The reference app's
    /// edges stop it (boundary prevention), so false unless a scene says so.
    package var wrapsAround = false

    package init(
        axis: Axis = .free, fingers: Int = 1, minTouches: Int = 1, maxTouches: Int = 10, action: Action = .none,
        obeysTabLock: Bool = false, columns: Int = 1, rows: Int = 1, pressStyle: PressStyle = .item,
        scrollArea: Region? = nil, direction: Direction? = nil, taps: Int? = nil, layer: Layer = .content,
        haptic: Haptic? = nil, actionButtons: Int = 2
    ) {
        self.actionButtons = actionButtons
        self.layer = layer
        self.haptic = haptic
        self.scrollArea = scrollArea
        self.direction = direction
        self.taps = taps
        self.axis = axis
        self.fingers = fingers
        self.minTouches = minTouches
        self.maxTouches = maxTouches
        self.action = action
        self.obeysTabLock = obeysTabLock
        self.columns = columns
        self.rows = rows
        self.pressStyle = pressStyle
    }
}

extension RecognizerOptions {
    /// The taps a recognizer of `kind` counts: a tap's and a double tap's
    /// taps to recognize (1 and 2 unless ``taps`` says otherwise), a long
    /// press's taps before its hold (0 unless set); 0 for other kinds.
    @inline(__always)
    package func requiredTaps(of kind: GestureKind) -> Int {
        switch kind {
        case .tap: taps ?? 1
        case .doubleTap: taps ?? 2
        case .longPress: taps ?? 0
        default: 0
        }
    }
}
