import Recognizers

// MARK: - Built-in scenes

extension Scene {
    /// Tap, double tap, long press and a free pan on the whole screen: the
    /// scene for real recordings made without a UI (evemu captures, raw
    /// logs). The single tap waits for the double tap to fail.
    package static let plain = Scene(
        name: "plain",
        recognizers: [
            Member("tap", .tap, target: "screen"),
            Member("doubleTap", .doubleTap, target: "screen"),
            Member("longPress", .longPress, target: "screen", .init(action: .contextMenu)),
            Member("pan", .pan, target: "screen")
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
    package static let study = Scene(
        name: "study",
        recognizers: [
            Member("tap", .tap, target: "screen"),
            Member("longPress", .longPress, target: "screen"),
            Member("swipeRight", .swipe, target: "screen", .init(direction: .right)),
            Member("swipeLeft", .swipe, target: "screen", .init(direction: .left)),
            Member("swipeUp", .swipe, target: "screen", .init(direction: .up)),
            Member("swipeDown", .swipe, target: "screen", .init(direction: .down)),
            Member("pan", .pan, target: "screen", .init(axis: .free))
        ],
        relations: [.allSimultaneous],
        parameters: UIKitDocumentedValues.values.mapValues(\.value))

    /// The reference reading app; the layout is documented in
    /// Docs/epilogue-scene.md (keep the two in step).
    ///
    /// Fractions of the screen (x, y, width, height), y down:
    /// - tab bar `0, 0.9, 1, 0.1`: three buttons (tap selects the tab);
    /// - content `0, 0.1, 1, 0.8`: three paged tabs (tab swipe), a
    ///   three-finger swipe (undo/redo), the left edge strip (back);
    /// - tab 0 "Notes": six note rows `0, 0.1 + 0.1·k, 1, 0.1` (swipe
    ///   actions, tap, long press: the custom note menu), vertical scroll;
    /// - tab 1 "Cards": card stack `0.1, 0.15, 0.8, 0.45` (card swipe, tap),
    ///   dismissible sheet `0, 0.65, 1, 0.25`;
    /// - tab 2 "Library": image `0.05, 0.12, 0.9, 0.2` (tap, double tap to
    ///   zoom, pinch, rotation, transform), text `0.05, 0.33, 0.9, 0.11`
    ///   (press to select, two-finger tap), grid `0, 0.45, 1, 0.45` of 3 × 3
    ///   items (long press: context menu; drag and drop with auto-scroll in
    ///   the content; tap; press feedback), vertical scroll;
    /// - shake anywhere: undo, not within 2 s of the screen appearing (the
    ///   session's start); press feedback on the tab bar buttons; haptics on
    ///   the grid (light on press, medium on the tap);
    /// - overlays: the note menu's backdrop covers the whole screen while
    ///   the menu is open (a tap dismisses it; a tap meant for the content
    ///   under it misfires); the text selection's action menu, three
    ///   `actionPill.size` pills above the selection's end, while it shows
    ///   (a tap on a pill keeps the selection).
    package static let epilogue: Scene = {
        let content = Region(x: 0, y: 0.1, width: 1, height: 0.8)
        let rows = Region(x: 0, y: 0.1, width: 1, height: 0.6)
        let cards = Region(x: 0.1, y: 0.15, width: 0.8, height: 0.45)
        let sheet = Region(x: 0, y: 0.65, width: 1, height: 0.25)
        let image = Region(x: 0.05, y: 0.12, width: 0.9, height: 0.2)
        let text = Region(x: 0.05, y: 0.33, width: 0.9, height: 0.11)
        let grid = Region(x: 0, y: 0.45, width: 1, height: 0.45)
        let tabBar = Region(x: 0, y: 0.9, width: 1, height: 0.1)
        return Scene(
            name: "epilogue", tabs: 3, initialTab: 0,
            recognizers: [
                // Everywhere in the content
                Member(
                    "edgeBack", .edgeSwipe, region: .edge(.left, y: 0.1, height: 0.8), target: "left-edge", .init(maxTouches: 1)),
                Member("multiSwipe", .multiSwipe, region: content, target: "tab-content", .init(action: .undo)),
                // Tab 0: notes
                Member("noteRowSwipe", .swipeActions, region: rows, tab: 0, target: "note-row", .init(maxTouches: 1, rows: 6)),
                Member("noteRowTap", .tap, region: rows, tab: 0, target: "note-row"),
                Member("noteRowLongPress", .longPress, region: rows, tab: 0, target: "note-row", .init(action: .openNoteMenu)),
                // Tab 1: cards and the sheet
                Member("cardSwipe", .cardSwipe, region: cards, tab: 1, target: "card-stack", .init(maxTouches: 1)),
                Member("cardTap", .tap, region: cards, tab: 1, target: "card-stack"),
                Member("sheetDismiss", .dismiss, region: sheet, tab: 1, target: "sheet", .init(maxTouches: 1)),
                // Tab 2: library
                Member("imageDoubleTap", .doubleTap, region: image, tab: 2, target: "image", .init(action: .toggleZoom)),
                Member("imageTap", .tap, region: image, tab: 2, target: "image"),
                Member("imagePinch", .pinch, region: image, tab: 2, target: "image"),
                Member("imageRotation", .rotation, region: image, tab: 2, target: "image"),
                Member("imageTransform", .transform, region: image, tab: 2, target: "image", .init(maxTouches: 2)),
                Member("textSelect", .textSelect, region: text, tab: 2, target: "text"),
                Member("textTwoFingerTap", .tap, region: text, tab: 2, target: "text", .init(fingers: 2)),
                Member("gridLongPress", .longPress, region: grid, tab: 2, target: "grid-item", .init(action: .contextMenu)),
                Member("gridTap", .tap, region: grid, tab: 2, target: "grid-item", .init(haptic: .medium)),
                Member("gridDrag", .drag, region: grid, tab: 2, target: "grid-item", .init(scrollArea: content)),
                Member(
                    "gridPress", .pressFeedback, region: grid, tab: 2, target: "grid-item",
                    .init(columns: 3, rows: 3, haptic: .light)),
                // Paging and scrolling (after the inner recognizers: ties go to them)
                Member("tabSwipe", .tabSwipe, region: content, target: "tab-content", .init(maxTouches: 1)),
                Member(
                    "notesScroll", .scroll, region: content, tab: 0, target: "tab-content",
                    .init(axis: .vertical, maxTouches: 1, obeysTabLock: true)),
                Member(
                    "libraryScroll", .scroll, region: content, tab: 2, target: "tab-content",
                    .init(axis: .vertical, maxTouches: 1, obeysTabLock: true)),
                // Bars and the device
                Member("tabBar", .tap, region: tabBar, target: "tab-bar", .init(action: .selectTab)),
                Member("tabBarPress", .pressFeedback, region: tabBar, target: "tab-bar", .init(columns: 3, pressStyle: .button)),
                Member("shake", .shake, target: "device", .init(action: .undo)),
                // Overlays: they cover the content while they show.
                Member(
                    "noteMenuBackdrop", .tap, target: "note-menu", exclusiveTarget: true,
                    .init(action: .dismissNoteMenu, layer: .noteMenu)),
                Member(
                    "actionPillTap", .tap, tab: 2, target: "action-pill", exclusiveTarget: true,
                    .init(columns: 3, layer: .selectionMenu)),
                Member(
                    "actionPillPress", .pressFeedback, tab: 2, target: "action-pill",
                    .init(columns: 3, pressStyle: .pill, layer: .selectionMenu))
            ],
            relations: [
                .highPriority("edgeBack", over: "tabSwipe"),
                .highPriority("edgeBack", over: "noteRowSwipe"),
                .highPriority("edgeBack", over: "cardSwipe"),
                .highPriority("edgeBack", over: "notesScroll"),
                .highPriority("edgeBack", over: "libraryScroll"),
                .highPriority("noteRowSwipe", over: "tabSwipe"),
                .highPriority("cardSwipe", over: "tabSwipe"),
                .highPriority("sheetDismiss", over: "tabSwipe"),
                .requireToFail("notesScroll", waitsFor: "tabSwipe"),
                .requireToFail("libraryScroll", waitsFor: "tabSwipe"),
                .requireToFail("imageTap", waitsFor: "imageDoubleTap"),
                .simultaneous("imagePinch", "imageRotation"),
                .simultaneous("imageTransform", "imagePinch"),
                .simultaneous("imageTransform", "imageRotation")
                // Exclusive, decided by time and movement (see Docs/epilogue-scene.md):
                // gridDrag / gridLongPress / libraryScroll on the grid,
                // textSelect / libraryScroll / tabSwipe on the text.
            ],
            // The app sets its last-shake time when the screen appears; UIKit
            // hands it each frame's moving fingers together.
            shakeDebounceAtStart: true, wholeFrames: true)
    }()
}
