import Digests
import Foundation
import Recognizers
import Scenes
import StudyRecorder
import Testing
import TraceImport
import TraceModel

// MARK: - The page: self-contained, escaped, allowed by its own hashes

@Suite struct StudyPageTests {
    static func page(_ scene: Scene = .epilogue, upload: String? = "/study/t/sessions") throws -> StudyPage {
        try StudyPage(StudyConfiguration(study: "abcd1234", scene: scene, uploadPath: upload, seed: 7))
    }

    /// The text between `open` and the next `</script>`.
    static func block(after open: String, in html: String) throws -> String {
        let start = try #require(html.range(of: open)).upperBound
        let end = try #require(html.range(of: "</script>", range: start..<html.endIndex)).lowerBound
        return String(html[start..<end])
    }

    static func hash(_ text: String) -> String {
        "'sha256-" + Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString() + "'"
    }

    @Test func theInlineScriptAndStyleAreExactlyWhatThePolicyAllows() throws {
        let page = try Self.page()
        let script = try Self.block(after: "<script>", in: page.html)
        let styleStart = try #require(page.html.range(of: "<style>")).upperBound
        let styleEnd = try #require(page.html.range(of: "</style>")).lowerBound
        let style = String(page.html[styleStart..<styleEnd])
        #expect(page.contentSecurityPolicy.contains("script-src \(Self.hash(script))"))
        #expect(page.contentSecurityPolicy.contains("style-src \(Self.hash(style))"))
        #expect(page.contentSecurityPolicy.hasPrefix("default-src 'none'"))
        #expect(page.contentSecurityPolicy.contains("connect-src 'self'"))
        // The same policy travels with the exported page, in a meta element.
        #expect(
            page.html.contains(
                "http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src \(Self.hash(script))"))
        // Exactly one executable script; nothing loaded from anywhere.
        #expect(page.html.components(separatedBy: "<script").count == 3) // the JSON block and the script
        #expect(!page.html.contains("src="))
        #expect(!page.html.contains("http://") && !page.html.contains("https://"))
        #expect(page.html.contains("touch-action:none"))
        #expect(script.contains("getCoalescedEvents"))
    }

    @Test func hostileTargetNamesStayDataInTheConfigurationBlock() throws {
        let evil = "</script><img src=x onerror=alert(1)>&\u{2028}<!--"
        let scene = Scene(
            name: "evil",
            recognizers: [
                Scene.Member("tap", .tap, region: Region(x: 0.1, y: 0.2, width: 0.5, height: 0.3), target: evil)
            ])
        let page = try Self.page(scene)
        #expect(!page.html.contains("<img"))
        #expect(!page.html.contains("<!--"))
        #expect(!page.html.contains("\u{2028}"))
        let json = try Self.block(after: "<script type=\"application/json\" id=\"study-config\">", in: page.html)
        let config = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let tasks = try #require(config["tasks"] as? [[String: Any]])
        #expect(tasks.first?["target"] as? String == evil)
        // The script writes text with textContent only, never as markup.
        let script = try Self.block(after: "<script>", in: page.html)
        #expect(!script.contains("innerHTML") && !script.contains("insertAdjacentHTML") && !script.contains("document.write"))
    }

    @Test func theOfflinePageHasNoUploadAddress() throws {
        let page = try Self.page(upload: nil)
        let json = try Self.block(after: "id=\"study-config\">", in: page.html)
        let config = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(config["upload"] == nil || config["upload"] is NSNull)
        #expect(config["seed"] as? String == "7")
    }
}

// MARK: - Tasks drawn from the scene

@Suite struct StudyTaskTests {
    @Test func theEpilogueOffersItsGesturesWhereItPutsThem() throws {
        let tasks = StudyTask.tasks(for: .epilogue)
        let members = Set(tasks.map(\.member))
        // Feedback and the tab bar's navigation are not tasks.
        #expect(!members.contains("gridPress") && !members.contains("tabBarPress") && !members.contains("tabBar"))
        // Overlays show only after the gesture that opens them: a trial,
        // one gesture on the screen as it starts, cannot ask for them.
        #expect(!members.contains("noteMenuBackdrop") && !members.contains("actionPillTap"))
        #expect(members.contains("noteRowLongPress"))
        // …but the note menu a long press on a row opens stays over the
        // screen until its backdrop is tapped, so the page closes it with a
        // step of its own before the next trial; nothing else leaves one open.
        let menu = try #require(tasks.first { $0.member == "noteRowLongPress" }?.leavesOpen)
        #expect(menu.member == "noteMenuBackdrop" && menu.target == "note-menu")
        #expect(menu.prompt == "Tap beside the note's menu to close it" && menu.panelWidth == 260)
        #expect(menu.name == "note menu")
        #expect(tasks.filter { $0.leavesOpen != nil }.map(\.member) == ["noteRowLongPress"])
        let swipe = try #require(tasks.first { $0.member == "noteRowSwipe" })
        #expect(swipe.intent == .swipeActions && swipe.directions == [.left] && swipe.tab == 0)
        #expect(swipe.region == tasks.first { $0.member == "noteRowLongPress" }?.region)
        #expect(swipe.prompts["left"] == "Swipe the second note in the list left")
        let image = try #require(tasks.first { $0.member == "imageDoubleTap" })
        #expect(image.region.x == 0.05 && image.region.y == 0.12 && image.region.width == 0.9 && image.tab == 2)
        // Only what the sources write: no two-finger tap on the text, no
        // three-finger swipe (ours: examples/scenes/ours-epilogue-additions.yaml).
        #expect(!members.contains("textTwoFingerTap") && !members.contains("multiSwipe"))
        // No edge-swipe back: the reading app has none of its own (issue 24).
        #expect(!members.contains("edgeBack") && !members.contains("imageTap"))
        #expect(tasks.first { $0.member == "shake" }?.needsMotion == true)
        // Every prompt's direction is one the label vocabulary accepts.
        for task in tasks {
            for direction in task.directions {
                #expect(CanonicalVocabularyCheck.accepts(direction, for: task.intent), "\(task.member) \(direction)")
            }
        }
    }

    @Test("prompts and boxes name places as a participant sees them, never a target's id")
    func promptsNamePlacesNotIDs() throws {
        let tasks = StudyTask.tasks(for: .epilogue)
        let prompt = { (member: String, direction: String) in tasks.first { $0.member == member }?.prompts[direction] }
        #expect(prompt("noteRowLongPress", "") == "Press and hold the second note in the list until its menu would open")
        #expect(prompt("cardSwipe", "right") == "Swipe the top card right")
        #expect(prompt("sheetDismiss", "down") == "Swipe the sheet at the bottom down to dismiss it")
        #expect(prompt("gridDrag", "") == "Press and hold the first tile in the grid, then drag it to the top")
        #expect(prompt("imagePinch", "in") == "Pinch the picture closed (zoom out)")
        // No prompt names a target by its id, with or without its hyphens.
        let ids = Set(Scene.epilogue.recognizers.compactMap(\.target)).subtracting(["screen", "image", "text", "sheet", "device"])
        #expect(ids.contains("note-row") && ids.contains("grid-item"))
        for task in tasks {
            for (_, text) in task.prompts {
                for id in ids {
                    #expect(!text.contains(id) && !text.contains(id.replacingOccurrences(of: "-", with: " ")), "\(text)")
                }
            }
        }
        // The page's boxes are written with names too (the config the page reads).
        let config = try StudyPageTests.block(
            after: #"<script type="application/json" id="study-config">"#, in: StudyPageTests.page(.epilogue).html)
        #expect(config.contains(#""name":"notes""#) && config.contains(#""name":"tiles""#))
    }

    @Test func thePlaygroundAsksForEachScreensGestureOnItsScreen() throws {
        // The reference configuration: a two-finger double tap, a two-finger
        // tap-then-hold, a three-finger swipe down, and back from the edge,
        // each on its own screen (its tab).
        let tasks = StudyTask.tasks(for: .playground(.reference))
        #expect(
            tasks.map(\.member) == [
                "tapBack", "tap", "longPressBack", "longPress", "swipeBack", "swipe", "panBack", "pan", "pinchBack", "pinch",
                "rotationBack", "rotation", "transformBack", "transform"
            ])
        #expect(tasks.map { $0.tab ?? -1 } == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6])
        let prompt = { (member: String, direction: String) in tasks.first { $0.member == member }?.prompts[direction] }
        #expect(prompt("tap", "") == "Tap the target twice with two fingers")
        #expect(
            prompt("longPress", "") == "Tap the target once with two fingers, then press and hold it until its menu would open")
        #expect(tasks.first { $0.member == "swipe" }?.directions == [.down])
        #expect(prompt("swipe", "down") == "Swipe down with 3 fingers")
        #expect(prompt("tapBack", "right") == "Swipe right in from the screen's edge")
        // The app's defaults ask for a single tap and a plain hold.
        let plain = StudyTask.tasks(for: .playground(PlaygroundConfiguration()))
        #expect(plain.first { $0.member == "tap" }?.prompts[""] == "Tap the target")
        #expect(plain.first { $0.member == "longPress" }?.prompts[""] == "Press and hold the target until its menu would open")
        // Every screen is reachable: the page pushes each trial's screen and
        // names each session after it (no tab bar needed).
        let page = try StudyPage(StudyConfiguration(study: "abcd1234", scene: .playground(), uploadPath: nil, seed: 7))
        #expect(page.html.contains(#""screens":["tap","long-press","swipe","pan","pinch","rotation","transform"]"#))
        #expect(page.html.contains(#""member":"transform""#))
    }

    @Test func aStudyWithoutTasksIsRefused() {
        #expect(throws: StudyError.self) {
            try StudyPage(StudyConfiguration(study: "s", scene: .epilogue, uploadPath: nil, seed: 1, intents: [.none]))
        }
    }
}

enum CanonicalVocabularyCheck {
    static func accepts(_ direction: Direction, for intent: Intent) -> Bool {
        CanonicalVocabulary.directions(for: intent).allowed.contains(direction)
    }
}
