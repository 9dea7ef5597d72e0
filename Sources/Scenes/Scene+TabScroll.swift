import Foundation
import Recognizers
import TraceModel

// MARK: - Paged tabs over vertically scrolling pages, for published studies

/// The options of the `tab-scroll` scene: how many pages, and whether the
/// first and last stop a swipe. `--scene tab-scroll` is the reference
/// (3 pages, the edges stop a swipe); `--scene tab-scroll:pages=12,edges=wrap`
/// asks for another.
package struct TabScrollConfiguration: Sendable, Hashable {
    /// Pages of the pager (2 or more).
    package var pages: Int
    /// Whether a swipe past the first or last page is stopped (the
    /// reference app's boundary prevention) or goes round (a carousel).
    package var edgesStop: Bool

    package init(pages: Int = 3, edgesStop: Bool = true) {
        self.pages = pages
        self.edgesStop = edgesStop
    }

    /// The reference app's: three tabs whose edges stop a swipe.
    package static let reference = TabScrollConfiguration()

    /// The name `--scene` resolves: `tab-scroll` for the reference,
    /// `tab-scroll:pages=N,edges=stop|wrap` otherwise.
    package var name: String {
        self == .reference ? "tab-scroll" : "tab-scroll:pages=\(pages),edges=\(edgesStop ? "stop" : "wrap")"
    }

    /// Reads the options after `tab-scroll:` (`pages=12,edges=wrap`), each
    /// optional; `nil` when the text is not of that form.
    package init?(options text: Substring) {
        self.init()
        for option in text.split(separator: ",") {
            let pair = option.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { return nil }
            switch pair[0] {
            case "pages":
                guard let pages = Int(pair[1]), pages >= 2, pages <= 1000 else { return nil }
                self.pages = pages
            case "edges":
                guard pair[1] == "stop" || pair[1] == "wrap" else { return nil }
                edgesStop = pair[1] == "stop"
            default: return nil
            }
        }
    }
}

/// Where an element of the `tab-scroll` scene that is not a member comes
/// from (its pages, edges, region, relation): the members say it
/// themselves (``Scene/Member/provenance``); this says it for the rest, in
/// the same vocabulary (`Provenance`), and names the user's option where
/// one chose the value.
package struct SceneElementSource: Sendable, Hashable {
    /// A member's id, an ordering (`tabSwipe decides before pageScroll`) or a
    /// property of the scene (`pages`, `region`).
    package var element: String
    /// A source document, a platform convention, or ours with the reason.
    package var source: Provenance
    /// Set when the user's option chose it (`pages=12`).
    package var option: String?
    /// What the source says, in words.
    package var note: String
}

extension Scene {
    /// The reference app's tab swipe over vertically scrolling pages, alone
    /// on a full screen: the scene a study of reading (vertical scrolls)
    /// and image galleries (horizontal page swipes) replays on without a
    /// scene file of its own. ``tabScrollSources(_:)`` says where each
    /// element comes from.
    ///
    /// - `tabSwipe` (one finger) pages between the scene's pages by the
    ///   reference app's rules (`Recognizer`'s tab swipe: directional bias,
    ///   momentum, locks, boundary prevention unless the pages wrap);
    /// - `pageScroll` scrolls every page vertically (one finger), takes the
    ///   updates the tab swipe (declared first) skips as too steep, and
    ///   obeys its vertical scroll lock, as the reference app's notes and
    ///   library scrolls do.
    ///
    /// Both listen on the whole screen: a study app's pages fill it (the
    /// reference app's content sits between its title and tab bars, which
    /// a study's screen does not have).
    package static func tabScroll(_ configuration: TabScrollConfiguration = .reference) -> Scene {
        var paging = RecognizerOptions(maxTouches: 1)
        paging.wrapsAround = !configuration.edgesStop
        // The layout is the tab session's: its tab swipe over content that
        // scrolls vertically. The swipe decides each update first and only
        // skips a steep one (001_f8e9ba9022a96da8.txt:167), which the
        // scroll then takes: no relation.
        return Scene(
            name: configuration.name, tabs: configuration.pages, initialTab: 0,
            recognizers: [
                Member("tabSwipe", .tabSwipe, target: "tab-content", paging, from: .cite(.tabSession, 3, 80)),
                Member(
                    "pageScroll", .scroll, target: "tab-content", .init(axis: .vertical, maxTouches: 1, obeysTabLock: true),
                    from: .cite(.tabSession, 189, 190))
            ],
            wholeFrames: true)
    }

    /// Where each element of ``tabScroll(_:)`` comes from: the members'
    /// own provenance, and the scene's properties and relation.
    package static func tabScrollSources(_ configuration: TabScrollConfiguration = .reference) -> [SceneElementSource] {
        let scene = tabScroll(configuration)
        let options = "as the scene's option asks"
        var sources: [SceneElementSource] = [
            SceneElementSource(
                element: "pages",
                source: configuration.pages == 3
                    ? .cite(.tabSession, 18) : .ours("\(configuration.pages) pages, \(options)"),
                option: configuration.pages == 3 ? nil : "pages=\(configuration.pages)",
                note: configuration.pages == 3 ? "the tab session's three tabs" : "as many pages as the option asks"),
            SceneElementSource(
                element: "initialTab",
                source: .ours("no source says which tab a session opens on; the first, the leftmost of the tab session's"),
                note: "the first page"),
            SceneElementSource(
                element: "edges",
                source: configuration.edgesStop
                    ? .cite(.tabSession, 201, 206, 209) : .ours("pages that wrap around, \(options)"),
                option: configuration.edgesStop ? nil : "edges=wrap",
                note: configuration.edgesStop
                    ? "boundary prevention: a swipe towards no tab is swallowed"
                    : "the pages wrap around (a carousel), as the option asks"),
            SceneElementSource(
                element: "region",
                source: .ours("a study app's pages fill the screen, with no title or tab bar"),
                note:
                    "the whole screen: the reference content (0.1-0.9 of the height) lies between bars a study screen has not"
            ),
            SceneElementSource(
                element: "tabSwipe decides before pageScroll", source: .cite(.tabSession, 167, 186, 189, 190),
                note:
                    "the tab swipe, declared first, decides each update; its guard skips a steep one, which the scroll then takes; the pages' scroll views are locked while the tab swipe drags"
            ),
            SceneElementSource(
                element: "wholeFrames", source: .platform("UIKit and Android MotionEvents deliver a frame's moves together"),
                note: "each frame's finger moves arrive together")
        ]
        for member in scene.recognizers {
            if let provenance = member.provenance {
                sources.append(
                    SceneElementSource(
                        element: member.id, source: provenance,
                        note: "\(member.kind.rawValue), one finger, target \(member.target ?? "none")"))
            }
        }
        return sources
    }
}
