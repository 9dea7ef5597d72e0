import Digests
import Foundation
import Recognizers
import Scenes
import TraceModel

// MARK: - The study page

/// The one self-contained HTML file participants open on their phones:
/// the style, the script and the study's configuration are inline, nothing
/// is loaded from anywhere. Served by ``StudyServer`` (uploads each
/// session) or written by `record --export-page` (offline: the person saves
/// the sessions as a file and sends it back).
///
/// The script and the style are allowed by their SHA-256 in a strict
/// Content-Security-Policy, sent as a header by the server and repeated in a
/// `<meta>` element so that the exported page keeps it too.
package struct StudyPage: Sendable {
    package var html: String
    /// The policy the server sends with the page (the `<meta>` copy omits
    /// `frame-ancestors`, which browsers ignore there).
    package var contentSecurityPolicy: String

    /// Builds the page for a study.
    package init(_ configuration: StudyConfiguration) throws {
        let config = try PageConfig(configuration).scriptBlockJSON()
        let script = StudyPage.script
        let style = StudyPage.style
        let hashes = "script-src '\(Self.sha256(script))'; style-src '\(Self.sha256(style))'"
        let policy = "default-src 'none'; \(hashes); connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'"
        contentSecurityPolicy = policy + "; frame-ancestors 'none'"
        html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no, viewport-fit=cover">
            <meta http-equiv="Content-Security-Policy" content="\(policy)">
            <meta name="referrer" content="no-referrer">
            <link rel="icon" href="data:,">
            <title>Gesture study</title>
            <style>\(style)</style>
            </head>
            <body>
            <div id="stage" aria-label="gesture area"></div>
            <div id="prompt" role="status"><div id="prompt-text"></div><div id="prompt-status"></div></div>
            <div id="bar"><button id="retry" type="button">Try again</button><button id="next" type="button">Done</button></div>
            <section id="consent" class="screen" hidden>
            <h1>Gesture study</h1>
            <p>You will be asked to tap, swipe, hold and pinch things on this screen, a few seconds each. The page records \
            where and when your fingers touch the screen, with what you were asked to do. Nothing else is recorded: no \
            name, no location, no camera, no sound.</p>
            <p>Use a code, not your name. You can stop at any time; what you did so far is kept unless you ask the study's \
            organiser to delete it.</p>
            <form id="consent-form">
            <label>Participant code <input id="participant" name="participant" required maxlength="24" \
            pattern="[A-Za-z0-9_\\-]{1,24}" autocomplete="off" autocapitalize="characters" placeholder="e.g. P07"></label>
            <fieldset><legend>Hand you use most</legend>
            <label><input type="radio" name="hand" value="right" required> Right</label>
            <label><input type="radio" name="hand" value="left"> Left</label></fieldset>
            <label>Age band (optional) <select id="age" name="age"><option value="">prefer not to say</option>\
            <option>18-29</option><option>30-44</option><option>45-59</option><option>60-74</option><option>75+</option>\
            </select></label>
            <label class="agree"><input type="checkbox" id="agree" required> I agree to take part</label>
            <button type="submit" id="start">Start</button>
            </form>
            <p class="small" id="consent-note"></p>
            </section>
            <section id="done" class="screen" hidden>
            <h1 id="done-title">Thank you</h1>
            <p id="done-text"></p>
            <p><button id="save" type="button" hidden>Save the session file</button></p>
            <p><button id="again" type="button">Next participant</button></p>
            </section>
            <script type="application/json" id="study-config">\(config)</script>
            <script>\(script)</script>
            </body>
            </html>

            """
    }

    /// `sha256-…` of a script or style, as CSP wants it.
    static func sha256(_ text: String) -> String {
        "sha256-" + Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString()
    }
}

// MARK: - A study's settings

/// What a study asks of its participants.
package struct StudyConfiguration: Sendable {
    /// A random id shared by every session of the study (in session ids and
    /// `meta.study`).
    package var study: String
    package var scene: Scene
    /// Where the page posts sessions (relative to the page); `nil` for the
    /// offline page.
    package var uploadPath: String?
    /// The seed of every participant's trial order (mixed with their code).
    package var seed: UInt64
    /// Trials per participant, practice excluded; `nil`: every task twice.
    package var trials: Int?
    /// Practice trials before the recorded ones (not stored).
    package var practice: Int
    /// Trials per session: a session is sent each time this many are done.
    package var trialsPerSession: Int
    /// Only tasks with these intents (all when `nil`).
    package var intents: Set<Intent>?

    package init(
        study: String, scene: Scene, uploadPath: String?, seed: UInt64, trials: Int? = nil, practice: Int = 2,
        trialsPerSession: Int = 6, intents: Set<Intent>? = nil
    ) {
        self.study = study
        self.scene = scene
        self.uploadPath = uploadPath
        self.seed = seed
        self.trials = trials
        self.practice = practice
        self.trialsPerSession = trialsPerSession
        self.intents = intents
    }

    /// The tasks the study draws from.
    package var tasks: [StudyTask] {
        StudyTask.tasks(for: scene).filter { intents?.contains($0.intent) ?? true }
    }
}

// MARK: - The configuration the script reads

/// The JSON the page's script reads from its `study-config` block.
struct PageConfig: Encodable {
    var study: String
    var scene: String
    var tabs: Int
    var initialTab: Int
    /// A scene of screens (the playground): the screens' names by tab. The
    /// page shows each trial's screen, a session stays on one screen and is
    /// named after it (`playground/tap`); empty otherwise.
    var screens: [String]
    var upload: String?
    var seed: String
    var trials: Int
    var practice: Int
    var trialsPerSession: Int
    var tasks: [StudyTask]
    /// Everything the scene draws, tab by tab, so the target sits among its neighbours.
    var layout: [LayoutItem]
    /// The tab bar the page's navigation steps tap (`nil`: no tab bar).
    var tabBar: TabBar?
    /// Points of an edge strip (`edgeSwipe.edgeWidth`).
    var edgeWidth: Double

    struct LayoutItem: Encodable, Hashable {
        var target: String
        /// What the box says (``StudyTask/place(of:)``): never the id.
        var name: String
        var tab: Int?
        var region: PageRegion
    }

    struct TabBar: Encodable {
        var member: String
        var target: String
        var region: PageRegion
    }

    init(_ c: StudyConfiguration) throws {
        let tasks = c.tasks
        guard !tasks.isEmpty else {
            throw StudyError(
                "scene \(c.scene.name) offers no task a person can perform"
                    + (c.intents == nil ? "" : " with the intents asked for"))
        }
        let bar = c.scene.recognizers.first { $0.action == .selectTab && $0.region.unit == .fraction }
        // A task on another tab is reached through the tab bar; without one
        // only the start tab's tasks (and those on every tab) can be asked.
        // A screen of a scene of screens is pushed by the page itself.
        let reachable = tasks.filter { task in
            bar != nil || !c.scene.screens.isEmpty || task.tab == nil || task.tab == c.scene.initialTab
        }
        guard !reachable.isEmpty else { throw StudyError("scene \(c.scene.name): no task on its first tab") }
        study = c.study
        scene = c.scene.name
        tabs = c.scene.tabs
        initialTab = c.scene.initialTab
        screens = c.scene.screens
        upload = c.uploadPath
        seed = String(c.seed)
        trials = c.trials ?? reachable.count * 2
        practice = c.practice
        trialsPerSession = c.trialsPerSession
        self.tasks = reachable
        // One box per target and place: a region on every tab hides the
        // same region listed for one tab (the content under its scroll).
        let items = c.scene.recognizers.compactMap { member -> LayoutItem? in
            guard member.kind != .shake, member.region.unit == .fraction, member.region != .screen else { return nil }
            let target = member.target ?? member.id
            return LayoutItem(
                target: target, name: StudyTask.place(of: target).label, tab: member.tab, region: PageRegion(member.region))
        }
        var seen = Set<LayoutItem>()
        layout = items.filter { item in
            if item.tab != nil, items.contains(where: { $0.tab == nil && $0.target == item.target && $0.region == item.region }) {
                return false
            }
            return seen.insert(item).inserted
        }
        // Edge strips last: drawn over the content they border, as on a phone.
        layout = layout.filter { $0.region.edge == nil } + layout.filter { $0.region.edge != nil }
        tabBar = bar.map { TabBar(member: $0.id, target: $0.target ?? "tab-bar", region: PageRegion($0.region)) }
        edgeWidth = ParameterSet().all.merging(c.scene.parameters) { $1 }["edgeSwipe.edgeWidth"] ?? 20
    }

    /// The JSON, safe inside `<script type="application/json">`: no `<`,
    /// `>` or `&` can end the block or start a comment, and the line
    /// separators JavaScript once treated as line ends are escaped too.
    func scriptBlockJSON() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Self.escapeForScriptBlock(String(decoding: try encoder.encode(self), as: UTF8.self))
    }

    static func escapeForScriptBlock(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

// MARK: - Errors

/// A study that cannot run as asked (no task, a bad option).
package struct StudyError: Error, Sendable, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
