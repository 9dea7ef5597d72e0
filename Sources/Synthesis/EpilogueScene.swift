import Recognizers
import Scenes

// MARK: - The epilogue scene's layout

/// Where things are in the `epilogue` scene, in points for one screen size.
///
/// The layout is the built-in `epilogue` scene's, read from it
/// (`EpilogueLayout`, where `Scene.epilogue` attaches its members; drawn in
/// Docs/epilogue-scene.md), in fractions of the screen so it fits every device:
/// - tab bar, y 90–100 %: three buttons (a tap selects the tab);
/// - content, y 10–90 %: three paged tabs (tab swipe);
/// - tab 0 "Notes": six note rows of 10 % from y 10 % (swipe actions,
///   long press: the custom note menu, whose backdrop covers the screen
///   until a tap dismisses it), vertical scroll;
/// - tab 1 "Cards": card stack x 10–90 %, y 15–60 % (card swipe), and a
///   dismissible sheet, y 65–90 % (drag down);
/// - tab 2 "Library": image x 5–95 %, y 12–32 % (double tap, pinch,
///   rotation), text x 5–95 %, y 33–44 % (press to select and extend; the
///   selection's action pills above it), grid of 3 × 3 items y 45–90 %
///   (long press: context menu, drag and drop with auto-scroll, tap),
///   vertical scroll;
/// - shake anywhere.
///
/// Only these: the scene's elements that no source has (a three-finger
/// swipe, taps on a note row or a card, a two-finger tap on the text, a
/// transform on the image: `examples/scenes/ours-epilogue-additions.yaml`)
/// are never performed (issue 34).
///
/// ```swift
/// let scene = EpilogueScene(width: 393, height: 852)
/// scene.image                      // the image view on tab 2, in points
/// scene.target("image", tab: 2)    // "tab2/image"
/// ```
package struct EpilogueScene: Sendable, Hashable {
    package static let name = Scene.epilogue.name
    package static let tabCount = EpilogueLayout.tabCount

    package struct Box: Sendable, Hashable {
        package var minX, minY, maxX, maxY: Double
        package var width: Double { maxX - minX }
        package var height: Double { maxY - minY }
        package var center: Vector { Vector((minX + maxX) / 2, (minY + maxY) / 2) }
        /// Shrunk by `inset` points on every side.
        package func inset(_ inset: Double) -> Box {
            Box(minX: minX + inset, minY: minY + inset, maxX: maxX - inset, maxY: maxY - inset)
        }
    }

    package let width: Double
    package let height: Double

    func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Box {
        Box(minX: x0 * width, minY: y0 * height, maxX: x1 * width, maxY: y1 * height)
    }

    /// A view of the scene's layout in points, as the arena resolves it
    /// (the layout's views lie on no edge, so no edge strip width applies).
    func box(_ region: Region) -> Box {
        let rect = region.resolved(screenWidth: width, screenHeight: height, edgeWidth: 0)
        return Box(minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY)
    }

    /// The tab bar along the bottom: three buttons, tap to select a tab.
    package var tabBar: Box { box(EpilogueLayout.tabBar) }
    /// The paged content of every tab.
    package var content: Box { box(EpilogueLayout.content) }
    /// Tab 0: six note rows (swipe actions, long press: the note menu).
    package var noteRows: Box { box(EpilogueLayout.noteRows) }
    package static let noteRowCount = EpilogueLayout.noteRowCount
    /// Tab 1: the card stack (card swipe).
    package var cards: Box { box(EpilogueLayout.cards) }
    /// Tab 1: the dismissible sheet (drag down).
    package var sheet: Box { box(EpilogueLayout.sheet) }
    /// Tab 2: the image (double tap, pinch, rotation).
    package var image: Box { box(EpilogueLayout.image) }
    /// Tab 2: the text view (press to select a word and extend the
    /// selection).
    package var text: Box { box(EpilogueLayout.text) }
    /// Tab 2: one line of the text, points (word selections extend by lines).
    package static let textLineHeight = 22.0
    /// Tab 2: the grid of 3 × 3 items (long press, tap).
    package var grid: Box { box(EpilogueLayout.grid) }
    package static let gridColumns = EpilogueLayout.gridColumns
    package static let gridRows = EpilogueLayout.gridRows
    /// The strip along the left edge where a back swipe starts, 20 pt, y 10–90 %.
    package static let edgeWidth = 20.0
    /// Tab 2: the side of each of the selection's three action pills, the
    /// gap between two of them, and how far above the selection's end their
    /// bottom edge sits (the scene's `actionPill.size`, `actionPill.spacing`
    /// and `actionPill.clearance`: the catalogue's defaults, what the
    /// people of the corpus saw).
    package static let actionPillSize = Parameter.actionPillSize.spec.defaultValue
    package static let actionPillSpacing = Parameter.actionPillSpacing.spec.defaultValue
    package static let actionPillClearance = Parameter.actionPillClearance.spec.defaultValue
    /// Tab 0: the note menu, `noteMenu.width` × `noteMenu.height`, centred
    /// on its row, below it or above it near the bottom, `noteMenu.edgeMargin`
    /// clear of the edges.
    package static let noteMenuSize = (width: 260.0, height: 240.0, margin: 20.0)

    /// Where the note menu stands for a long press on the row at `rowY`
    /// (the scene's `SharedState.noteMenuFrame`).
    package func noteMenu(forRowAt rowY: Double) -> Box {
        let size = Self.noteMenuSize
        let rowHeight = noteRows.height / Double(Self.noteRowCount)
        let row = min(max(((rowY - noteRows.minY) / rowHeight).rounded(.down), 0), Double(Self.noteRowCount - 1))
        let rowTop = noteRows.minY + row * rowHeight
        var minY = rowTop + rowHeight
        if minY + size.height > height - size.margin { minY = rowTop - size.height }
        minY = max(size.margin, min(minY, height - size.margin - size.height))
        let minX = max(size.margin, min(width / 2 - size.width / 2, width - size.margin - size.width))
        return Box(minX: minX, minY: minY, maxX: minX + size.width, maxY: minY + size.height)
    }

    /// Bands of the content where a horizontal swipe meets no inner
    /// horizontal recognizer (rows slide on tab 0, cards on tab 1): where a
    /// person who wants the next tab swipes.
    package func freeSwipeBands(tab: Int) -> [Box] {
        let content = content
        switch tab {
        case 0: return [Box(minX: content.minX, minY: noteRows.maxY, maxX: content.maxX, maxY: content.maxY)]
        case 1:
            let cards = cards
            return [
                Box(minX: content.minX, minY: content.minY, maxX: content.maxX, maxY: cards.minY),
                Box(minX: content.minX, minY: cards.maxY, maxX: content.maxX, maxY: sheet.minY)
            ]
        default: return [content]
        }
    }

    /// The label target: the region (the scene's target names) and the tab
    /// it is meant on, `tab1/card-stack`. Keeping the intended tab in the
    /// target lets a report tell a gesture meant for tab 2 that the
    /// recognizers saw on tab 1.
    package func target(_ region: String, tab: Int) -> String { "tab\(tab)/\(region)" }
}

// MARK: - What is where

/// The intents of the epilogue scene, and the tab each needs (nil: any tab):
/// only gestures the built-in scene offers (issue 34 took out the
/// three-finger swipe, the image's transform, the text's two-finger tap
/// and the taps on note rows and cards, which no source has).
package enum EpilogueIntent: String, Sendable, Hashable, CaseIterable {
    case tap, doubleTap, longPress, scroll, tabSwipe, swipeActions, cardSwipe
    case dismiss, pinch, rotate, shake, none
    /// Drag and drop a grid item (press, hold, move; some to the edge to auto-scroll).
    case drag
    /// Select a word on the text and extend the selection.
    case textSelect
    /// Slide the open note row back (swipe actions rightward).
    case closeRow
    /// Hold a note row to open the custom note menu; the next touch goes
    /// to its backdrop (a tap that dismisses it, or a tap meant for a row).
    case noteMenu

    /// The tabs on which the gesture's target lives (nil: any tab).
    package var tabs: [Int]? {
        switch self {
        case .swipeActions, .closeRow, .noteMenu: [0]
        case .cardSwipe, .dismiss: [1]
        // Single taps aimed at the content are the grid's: the cards
        // have none, the notes only an open row's action buttons (which
        // the model does not aim at), the image only a double tap.
        case .tap, .doubleTap, .longPress, .pinch, .rotate, .drag, .textSelect: [2]
        case .scroll: [0, 2]
        default: nil
        }
    }

    /// How often people do this in a session, relative (taps and scrolls
    /// dominate phone use; shakes are rare). Multi-finger gestures are long
    /// and sampled once per finger (a two-finger pinch writes several kB, a
    /// tap 0.6 kB), so they are kept rarer to keep the committed corpus
    /// under 25 MB with over 10 000 labels.
    var weight: Double {
        switch self {
        // 24, was 16 when every tab had a tap of its own (note rows and
        // cards too, issue 34): the grid's taps, now the only ones aimed
        // at the content, take the share of labels taps had (28 %), and the corpus
        // stays under 25 MB (with 16 the tab changes on the way to the
        // Library made it 25.7 MB).
        case .tap: 24
        case .doubleTap: 7
        case .longPress: 7
        case .scroll: 17
        case .tabSwipe: 5
        case .swipeActions: 9
        case .cardSwipe: 9
        case .dismiss: 6
        case .pinch: 3
        case .rotate: 2
        case .shake: 1
        case .none: 7
        case .drag: 4
        case .textSelect: 4
        // Only while a row stands open (the generator draws it then).
        case .closeRow: 4
        case .noteMenu: 3
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
