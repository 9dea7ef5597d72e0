import Recognizers

// MARK: - Where the epilogue scene's views are

/// The reading app's views in fractions of the screen (x, y, width, height;
/// y down): where ``Scene/epilogue`` attaches its members, and where the
/// synthesizer (`Synthesis`' `EpilogueScene`) performs its gestures, so
/// that the two never disagree. Docs/epilogue-scene.md draws the same
/// layout (keep the two in step).
package enum EpilogueLayout {
    /// The paged content of every tab, between the top bar and the tab bar.
    package static let content = Region(x: 0, y: 0.1, width: 1, height: 0.8)
    /// Tab 0: the note rows, ``noteRowCount`` of 10 % each.
    package static let noteRows = Region(x: 0, y: 0.1, width: 1, height: 0.6)
    package static let noteRowCount = 6
    /// Tab 1: the card stack.
    package static let cards = Region(x: 0.1, y: 0.15, width: 0.8, height: 0.45)
    /// Tab 1: the dismissible sheet.
    package static let sheet = Region(x: 0, y: 0.65, width: 1, height: 0.25)
    /// Tab 2: the image.
    package static let image = Region(x: 0.05, y: 0.12, width: 0.9, height: 0.2)
    /// Tab 2: the text view.
    package static let text = Region(x: 0.05, y: 0.33, width: 0.9, height: 0.11)
    /// Tab 2: the grid of ``gridColumns`` × ``gridRows`` items.
    package static let grid = Region(x: 0, y: 0.45, width: 1, height: 0.45)
    package static let gridColumns = 3
    package static let gridRows = 3
    /// The tab bar along the bottom: one button per tab.
    package static let tabBar = Region(x: 0, y: 0.9, width: 1, height: 0.1)
    package static let tabCount = 3
}
