import Recognizers
import TraceModel

// MARK: - Built-in scenes

extension Scene {
    /// Tap, double tap, long press and a free pan on the whole screen: the
    /// scene for real recordings made without a UI (evemu captures, raw
    /// logs). The single tap waits for the double tap to fail. Its long
    /// press opens no context menu, so the reading app's 500 ms context-menu
    /// standard does not bind it (issue 34): its duration is free to tune.
    private static let plainScreen = Provenance.ours(
        "a scene for recordings made without a UI: each gesture on the whole screen")

    package static let plain = Scene(
        name: "plain",
        recognizers: [
            Member("tap", .tap, target: "screen", from: plainScreen),
            Member("doubleTap", .doubleTap, target: "screen", from: plainScreen),
            Member("longPress", .longPress, target: "screen", from: plainScreen),
            Member("pan", .pan, target: "screen", from: plainScreen)
        ],
        relations: [.requireToFail("tap", waitsFor: "doubleTap")])

    /// The iOS study app's screen: one full-screen view carrying a tap, a
    /// long press, four one-direction swipes (one finger each) and a free
    /// pan, every pair recognizing simultaneously (its delegate's
    /// `shouldRecognizeSimultaneouslyWith` returns true, so each recognizer
    /// is observed on every touch). Study logs record what UIKit's own
    /// recognizers decided; replaying them here measures how well
    /// gesturetune's models agree with the platform.
    ///
    /// Values: the long press uses UIKit's documented defaults,
    /// `minimumPressDuration` 0.5 s and `allowableMovement` 10 pt (set here,
    /// so they stay UIKit's whatever the catalogue's defaults become). UIKit
    /// documents no thresholds for its tap (beyond one tap of one finger),
    /// swipe or pan; those come from the catalogue and are gesturetune's
    /// choice: `tap.movementSlop`, `tap.maxDuration`, `swipe.minimumDistance`,
    /// `swipe.maximumDuration`, `swipe.directionCone`, `pan.slop`. The finger
    /// counts are UIKit's defaults (`numberOfTouchesRequired` 1; the pan's
    /// `minimumNumberOfTouches` 1, `maximumNumberOfTouches` unlimited).
    private static let studyScreen = Provenance.ours(
        "gesturetune's iOS study app: UIKit's recognizers observed side by side, none of the four sources")

    package static let study = Scene(
        name: "study",
        recognizers: [
            Member("tap", .tap, target: "screen", from: studyScreen),
            Member("longPress", .longPress, target: "screen", from: studyScreen),
            Member("swipeRight", .swipe, target: "screen", .init(direction: .right), from: studyScreen),
            Member("swipeLeft", .swipe, target: "screen", .init(direction: .left), from: studyScreen),
            Member("swipeUp", .swipe, target: "screen", .init(direction: .up), from: studyScreen),
            Member("swipeDown", .swipe, target: "screen", .init(direction: .down), from: studyScreen),
            Member("pan", .pan, target: "screen", .init(axis: .free), from: studyScreen)
        ],
        relations: [.allSimultaneous],
        parameters: Parameter.documentedByUIKit.mapValues(\.value))

    /// The reading app, as its gesture case study writes it, with the
    /// paging, locks, momentum window and tab bar it borrows from the
    /// interactive tab-swipe session (a different app) and the sheet's
    /// dismiss and the image's zoom and turn from the animation patterns:
    /// each member cites the lines of `shared/seeds` that write it and name
    /// its gesture (``Scene/Member/provenance``). The layout is documented
    /// in Docs/epilogue-scene.md (keep the two in step).
    ///
    /// Fractions of the screen (x, y, width, height), y down (``EpilogueLayout``):
    /// - tab bar `0, 0.9, 1, 0.1`: three buttons (tap selects the tab);
    /// - content `0, 0.1, 1, 0.8`: three paged tabs (tab swipe);
    /// - tab 0 "Notes": six note rows `0, 0.1 + 0.1·k, 1, 0.1` (swipe
    ///   actions, long press: the custom note menu), vertical scroll;
    /// - tab 1 "Cards": card stack `0.1, 0.15, 0.8, 0.45` (card swipe),
    ///   dismissible sheet `0, 0.65, 1, 0.25`;
    /// - tab 2 "Library": image `0.05, 0.12, 0.9, 0.2` (double tap to zoom,
    ///   pinch, rotation), text `0.05, 0.33, 0.9, 0.11` (press to select),
    ///   grid `0, 0.45, 1, 0.45` of 3 × 3 items (long press: context menu;
    ///   drag and drop with auto-scroll in the content; tap; press
    ///   feedback), vertical scroll;
    /// - shake anywhere: undo, not within 2 s of the screen appearing (the
    ///   session's start); haptics on the grid (light on press, medium on
    ///   the tap);
    /// - overlays: the note menu's backdrop covers the whole screen while
    ///   the menu is open (a tap dismisses it; a tap meant for the content
    ///   under it misfires); the text selection's action menu, three
    ///   `actionPill.size` pills above the selection's end, while it shows
    ///   (a tap on a pill keeps the selection).
    ///
    /// Not here, because no source has them: a single tap on the image (the
    /// image answers only `.onTapGesture(count: 2)`), an edge-swipe back of
    /// the reading app's own, a pressed scale on the tab bar, a three-finger
    /// undo/redo swipe, a tap that opens a note, a tap that flips a card, a
    /// two-finger tap on the text, and a transform gesture on the image
    /// (the playground's). `examples/scenes/ours-epilogue-additions.yaml`
    /// keeps the scene with them, labelled ours.
    package static let epilogue = Scene(
        name: "epilogue", tabs: EpilogueLayout.tabCount, initialTab: 0,
        recognizers: epilogueNotesTab + epilogueCardsTab + epilogueLibraryTab + epiloguePagingAndScrolling
            + epilogueBarAndDevice + epilogueOverlays,
        relations: [
            .highPriority("noteRowSwipe", over: "tabSwipe"),
            .highPriority("cardSwipe", over: "tabSwipe"),
            .highPriority("sheetDismiss", over: "tabSwipe"),
            // No scroll waits for the tab swipe: the tab session's guard
            // only skips a steep update (001_f8e9ba9022a96da8.txt:167),
            // so the tab swipe, declared first, decides each update
            // before the scrolls and leaves them the steep ones.
            .simultaneous("imagePinch", "imageRotation")
            // Exclusive, decided by time and movement (see Docs/epilogue-scene.md):
            // gridDrag / gridLongPress / libraryScroll on the grid,
            // textSelect / libraryScroll / tabSwipe on the text.
        ],
        // The app sets its last-shake time when the screen appears; UIKit
        // hands it each frame's moves together.
        shakeDebounceAtStart: true, wholeFrames: true)

    /// Tab 0, the notes: the rows' swipe actions, their buttons and the note menu's long press.
    private static let epilogueNotesTab: [Member] = [
        Member(
            "noteRowSwipe", .swipeActions, region: EpilogueLayout.noteRows, tab: 0, target: "note-row",
            .init(maxTouches: 1, rows: EpilogueLayout.noteRowCount),
            from: .cite(.readingApp, 143, 270)),
        // An open row's two action buttons: tap targets whose action
        // runs 0.2 s later; before the row's long press, so a tap
        // there is theirs.
        Member(
            "noteRowActions", .tap, region: EpilogueLayout.noteRows, tab: 0, target: "note-actions",
            .init(maxTouches: 1, action: .runRowAction, rows: EpilogueLayout.noteRowCount, layer: .rowActions),
            from: .cite(.readingApp, 121)),
        Member(
            "noteRowLongPress", .longPress, region: EpilogueLayout.noteRows, tab: 0, target: "note-row",
            .init(action: .openNoteMenu, rows: EpilogueLayout.noteRowCount),
            from: .cite(.readingApp, 59, 1002))
    ]

    /// Tab 1: the card stack and the dismissible sheet.
    private static let epilogueCardsTab: [Member] = [
        Member(
            "cardSwipe", .cardSwipe, region: EpilogueLayout.cards, tab: 1, target: "card-stack", .init(maxTouches: 1),
            from: .cite(.readingApp, 286, 342)),
        Member(
            "sheetDismiss", .dismiss, region: EpilogueLayout.sheet, tab: 1, target: "sheet", .init(maxTouches: 1),
            from: .cite(.animationPatterns, 111, 134))
    ]

    /// Tab 2, the library: the image, the text and the grid.
    private static let epilogueLibraryTab: [Member] = [
        Member(
            "imageDoubleTap", .doubleTap, region: EpilogueLayout.image, tab: 2, target: "image", .init(action: .toggleZoom),
            from: .cite(.animationPatterns, 186)),
        Member(
            "imagePinch", .pinch, region: EpilogueLayout.image, tab: 2, target: "image",
            from: .cite(.animationPatterns, 159, 176)),
        Member(
            "imageRotation", .rotation, region: EpilogueLayout.image, tab: 2, target: "image",
            from: .cite(.animationPatterns, 195, 205)),
        Member(
            "textSelect", .textSelect, region: EpilogueLayout.text, tab: 2, target: "text", from: .cite(.readingApp, 439, 501)),
        Member(
            "gridLongPress", .longPress, region: EpilogueLayout.grid, tab: 2, target: "grid-item", .init(action: .contextMenu),
            from: .cite(.readingApp, 956, 957)),
        Member(
            "gridTap", .tap, region: EpilogueLayout.grid, tab: 2, target: "grid-item", .init(haptic: .medium),
            from: .cite(.readingApp, 951, 952)),
        Member(
            "gridDrag", .drag, region: EpilogueLayout.grid, tab: 2, target: "grid-item",
            .init(scrollArea: EpilogueLayout.content),
            from: .cite(.readingApp, 23, 1168)),
        Member(
            "gridPress", .pressFeedback, region: EpilogueLayout.grid, tab: 2, target: "grid-item",
            .init(columns: EpilogueLayout.gridColumns, rows: EpilogueLayout.gridRows, haptic: .light),
            from: .cite(.readingApp, 934, 941, 942))
    ]

    /// Paging and scrolling (after the inner recognizers: ties go to
    /// them): the tab session's, borrowed — its pages' scroll views
    /// obey its lock.
    private static let epiloguePagingAndScrolling: [Member] = [
        Member(
            "tabSwipe", .tabSwipe, region: EpilogueLayout.content, target: "tab-content", .init(maxTouches: 1),
            from: .cite(.tabSession, 3, 80)),
        Member(
            "notesScroll", .scroll, region: EpilogueLayout.content, tab: 0, target: "tab-content",
            .init(axis: .vertical, maxTouches: 1, obeysTabLock: true), from: .cite(.tabSession, 189, 190)),
        Member(
            "libraryScroll", .scroll, region: EpilogueLayout.content, tab: 2, target: "tab-content",
            .init(axis: .vertical, maxTouches: 1, obeysTabLock: true), from: .cite(.tabSession, 189, 190))
    ]

    /// Bars and the device. The tab session's bar
    /// (FloatingPillNavigation) is there; no line writes its gesture.
    private static let epilogueBarAndDevice: [Member] = [
        Member(
            "tabBar", .tap, region: EpilogueLayout.tabBar, target: "tab-bar", .init(action: .selectTab),
            from: .platform(
                "a tab bar's button selects its tab when tapped (UIKit's UITabBar); the tab session's bar, FloatingPillNavigation at 001_f8e9ba9022a96da8.txt:389, writes no gesture"
            )),
        Member("shake", .shake, target: "device", .init(action: .undo), from: .cite(.readingApp, 22, 867))
    ]

    /// Overlays: they cover the content while they show.
    private static let epilogueOverlays: [Member] = [
        Member(
            "noteMenuBackdrop", .tap, target: "note-menu", exclusiveTarget: true,
            .init(action: .dismissNoteMenu, layer: .noteMenu), from: .cite(.readingApp, 640, 643)),
        Member(
            "actionPillTap", .tap, tab: 2, target: "action-pill", exclusiveTarget: true,
            .init(columns: 3, layer: .selectionMenu), from: .cite(.readingApp, 441, 465)),
        Member(
            "actionPillPress", .pressFeedback, tab: 2, target: "action-pill",
            .init(columns: 3, pressStyle: .pill, layer: .selectionMenu), from: .cite(.readingApp, 480, 481))
    ]
}
