import Foundation
import Recognizers
import Scenes
import TraceModel

// MARK: - What a participant is asked to do

/// One kind of trial of a study, drawn from a scene member: the intent and
/// target the label will carry, where the target is, and the prompt the
/// page shows.
///
/// The page draws `region` (fractions of the viewport, as the scene puts
/// them) on tab `tab`, shows the prompt for the direction it drew, and
/// labels what the person did with `intent`, that direction, `fingers` and
/// `target`.
package struct StudyTask: Sendable, Hashable, Codable {
    /// The scene member this task exercises (`noteRowSwipe`).
    package var member: String
    package var intent: Intent
    /// The directions a trial may ask for (one is drawn per trial); empty
    /// for non-directional intents.
    package var directions: [Direction]
    /// The prompt for each direction (key `""` when there is none).
    package var prompts: [String: String]
    package var target: String
    /// The tab the target lives on; `nil` for targets on every tab.
    package var tab: Int?
    package var region: PageRegion
    /// For multi-finger taps and swipes (the label's `fingers`).
    package var fingers: Int?
    /// Needs motion sensors (shake): offered only where the browser grants them.
    package var needsMotion: Bool
    /// The overlay this task's gesture leaves open (a long press on a note
    /// row opens the note menu), or `nil`.
    package var leavesOpen: StudyOverlay?
}

/// An overlay a trial's gesture leaves over the screen. In the app the next
/// touch lands on it (the note menu's backdrop covers everything and a tap
/// only closes the menu), so the page closes it with a step of its own —
/// labelled, like the tab bar's navigation, so that a replay closes it at
/// the same moment — before it asks for the next trial.
package struct StudyOverlay: Sendable, Hashable, Codable {
    /// The member that closes it (`noteMenuBackdrop`).
    package var member: String
    /// The closing step's label target (`note-menu`).
    package var target: String
    /// What the page writes on it (``StudyTask/place(of:)``).
    package var name: String
    package var prompt: String
    /// The width of the overlay's own panel in points (the note menu's
    /// `noteMenu.width`), centred on the screen over its backdrop, or nil
    /// when the overlay is all backdrop. A touch on the panel is the
    /// panel's and closes nothing, so the page asks for the tap beside it.
    package var panelWidth: Double?
}

/// A rectangle in fractions of the viewport, as the page draws it. An edge
/// strip is resolved to its drawn width (`edgeSwipe.edgeWidth` points) by
/// the page, so it is kept with its edge.
package struct PageRegion: Sendable, Hashable, Codable {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double
    /// `left`/`right`/`top`/`bottom` for an edge strip.
    package var edge: String?

    init(_ region: Region) {
        x = region.x
        y = region.y
        width = region.width
        height = region.height
        edge = region.edge?.rawValue
    }
}

// MARK: - Tasks from a scene

extension StudyTask {
    /// The tasks a scene offers, in the scene's order: one per member that
    /// a person can be asked to perform. Feedback members (press states)
    /// fulfil no label, and the tab bar's tab selection is the page's own
    /// navigation step, so neither is a task; members with points regions
    /// (a scene for one device) are left out because the page fits every
    /// viewport, and so are overlays (the note menu's backdrop, the action
    /// pills), which show only after the gesture that opens them — one
    /// trial is one gesture on the screen as it starts.
    package static func tasks(for scene: Scene) -> [StudyTask] {
        scene.recognizers.compactMap { member in
            guard !member.kind.isFeedback, member.action != .selectTab, member.region.unit == .fraction,
                member.layer == .content
            else {
                return nil
            }
            let directions = directions(for: member)
            let target = member.target ?? "screen"
            var prompts: [String: String] = [:]
            if directions.isEmpty {
                prompts[""] = prompt(
                    member.kind, direction: nil, target: target, fingers: member.fingers,
                    taps: member.taps)
            }
            for direction in directions {
                prompts[direction.rawValue] = prompt(
                    member.kind, direction: direction, target: target, fingers: fingers(of: member))
            }
            let fingers = fingers(of: member)
            return StudyTask(
                member: member.id, intent: member.kind.intent, directions: directions, prompts: prompts,
                target: target, tab: member.tab, region: PageRegion(member.region),
                fingers: fingers > 1 ? fingers : nil, needsMotion: member.kind == .shake,
                leavesOpen: overlay(leftOpenBy: member, in: scene))
        }
    }

    /// The overlay `member`'s gesture opens, if the scene has a tap that
    /// closes it (without one the overlay could never close: no step).
    static func overlay(leftOpenBy member: Scene.Member, in scene: Scene) -> StudyOverlay? {
        guard let layer = member.action.opensOverlay,
            let closer = scene.recognizers.first(where: { $0.layer == layer && $0.kind == .tap })
        else { return nil }
        let target = closer.target ?? closer.id
        let name = place(of: target).phrase
        // The note menu stands on its backdrop, centred on its row (the
        // arena's `SharedState.noteMenuFrame`): the strip to its left is
        // backdrop whatever the row.
        guard layer == .noteMenu, let parameters = try? scene.effectiveParameters() else {
            return StudyOverlay(
                member: closer.id, target: target, name: place(of: target).label, prompt: "Tap anywhere to close \(name)")
        }
        return StudyOverlay(
            member: closer.id, target: target, name: place(of: target).label, prompt: "Tap beside \(name) to close it",
            panelWidth: parameters[.noteMenuWidth])
    }

    /// A member's finger count: its own, or the multi-finger swipe's
    /// three (the catalogue's `multiSwipe.touchCount`).
    private static func fingers(of member: Scene.Member) -> Int {
        member.kind == .multiSwipe && member.fingers < 2 ? 3 : member.fingers
    }

    /// Directions are those the label vocabulary requires or the member
    /// fixes; free movements (pan, scroll, drag, text selection) are asked
    /// for without one, as the vocabulary allows.
    static func directions(for member: Scene.Member) -> [Direction] {
        if let fixed = member.direction { return [fixed] }
        switch member.kind {
        // Swipe actions open leftward; the rightward swipe closes a row
        // already open, which a trial does not stage (on a closed row a
        // rightward drag is the tab swipe's).
        case .swipeActions: return [.left]
        case .cardSwipe, .tabSwipe, .multiSwipe, .swipe: return [.left, .right]
        case .dismiss: return [.down]
        case .edgeSwipe:
            switch member.region.edge {
            case .right: return [.left]
            case .top: return [.down]
            case .bottom: return [.up]
            case .left, nil: return [.right]
            }
        case .pinch: return [.out, .in]
        case .rotation: return [.cw, .ccw]
        default: return []
        }
    }

    // MARK: - Places as a participant sees them

    /// How the page names a target to a participant: the phrase a prompt
    /// uses ("the second note in the list") and the short label written on
    /// its box ("notes"). A target is the label's id (`note-row`), which
    /// means nothing on the screen; the built-in scenes' targets are named
    /// here, and a scene file's own read as their words ("big-button": "the
    /// big button").
    ///
    /// The note rows are one region (the list); a prompt names one row —
    /// the second, whole on every screen and clear of the tab bar's edge —
    /// so that "swipe the note" never leaves a participant asking which.
    package static func place(of target: String) -> (phrase: String, label: String) {
        switch target {
        case "screen": ("the screen", "screen")
        case "tab-content": ("the page", "page")
        case "note-row": ("the second note in the list", "notes")
        case "note-actions": ("the buttons beside the second note", "note buttons")
        case "note-menu": ("the note's menu", "note menu")
        case "card-stack": ("the top card", "cards")
        case "sheet": ("the sheet at the bottom", "sheet")
        case "image": ("the picture", "picture")
        case "text": ("the paragraph of text", "text")
        case "grid-item": ("the first tile in the grid", "tiles")
        case "action-pill": ("the buttons above the selection", "buttons")
        case "tab-bar": ("the tab bar", "tabs")
        case "left-edge": ("the left edge of the screen", "edge")
        case "device": ("the phone", "phone")
        default:
            ("the " + target.replacingOccurrences(of: "-", with: " "), target.replacingOccurrences(of: "-", with: " "))
        }
    }

    // MARK: - Prompts

    /// What the page asks, in plain words (`Swipe the note row left`). A
    /// member's `taps` (the playground's taps required) are asked for too:
    /// a tap of two taps is "Tap the view twice", a tap-then-hold "Tap the
    /// view once, then press and hold it".
    static func prompt(
        _ kind: GestureKind, direction: Direction?, target: String, fingers: Int, taps: Int? = nil
    ) -> String {
        let thing = place(of: target).phrase
        let way = direction?.rawValue ?? ""
        let withFingers = fingers == 2 ? " with two fingers" : fingers > 2 ? " with \(fingers) fingers" : ""
        func times(_ n: Int) -> String { n == 1 ? "once" : n == 2 ? "twice" : "\(n) times" }
        switch kind {
        case .tap where (taps ?? 1) > 1: return "Tap \(thing) \(times(taps ?? 1))\(withFingers)"
        case .tap, .pressFeedback: return "Tap \(thing)\(withFingers)"
        case .doubleTap: return "Double-tap \(thing)"
        case .longPress where (taps ?? 0) > 0:
            return "Tap \(thing) \(times(taps ?? 0))\(withFingers), then press and hold it until its menu would open"
        case .longPress: return "Press and hold \(thing) until its menu would open\(withFingers)"
        case .pan: return "Drag your finger around \(thing)\(withFingers)"
        case .scroll: return "Scroll \(thing) up or down, as you would a list"
        case .swipeActions, .cardSwipe: return "Swipe \(thing) \(way)"
        case .tabSwipe: return "Swipe \(way) across the page to switch tab"
        case .dismiss: return "Swipe \(thing) \(way) to dismiss it"
        case .pinch:
            return direction == .in ? "Pinch \(thing) closed (zoom out)" : "Spread \(thing) open (zoom in)"
        case .rotation:
            return "Rotate \(thing) \(direction == .ccw ? "counter-clockwise" : "clockwise") with two fingers"
        case .transform: return "Move, pinch and turn \(thing) at once"
        case .edgeSwipe: return "Swipe \(way) in from the screen's edge"
        case .multiSwipe, .swipe: return "Swipe \(way)\(withFingers)"
        case .drag: return "Press and hold \(thing), then drag it to the top"
        case .textSelect: return "Press on \(thing), then drag to select more of it"
        case .shake: return "Shake the phone"
        }
    }
}
