import Foundation
import Testing
@testable import TraceImport
import TraceModel

@Suite struct IOSStudyImporterTests {
    static let fixture = RecordingFixtures.local("ios-study-P07.json")

    func run(_ text: String, options: ImportOptions = ImportOptions()) throws -> TraceError? {
        importError(IOSStudyImporter.self, try RecordingFixtures.temporary(text, name: "case.json"), options: options)
    }

    /// A one-trial log; `touches` are raw touch objects, one per line from line 4.
    func log(task: String = "tapTask", _ touches: [String], extra: String = "") -> String {
        """
        {"device": {"screenWidth": 390, "screenHeight": 844},
         "\(task)": [{"startTime": 10.0, "endTime": 11.0, "success": true\(extra),
          "rawTouchTracks": [{"rawTouches": [

        """ + touches.joined(separator: ",\n") + "\n]}]}]}\n"
    }
    func touch(_ t: Double, _ phase: String, _ x: Double = 100, _ y: Double = 200) -> String {
        #"{"timestamp": \#(t), "phase": "\#(phase)", "location": [\#(x), \#(y)], "majorRadius": 20.5, "force": 0.8}"#
    }

    @Test func tasksBecomeLabelsWithDirections() throws {
        let (sessions, summary) = try importSessions(IOSStudyImporter.self, Self.fixture)
        let session = try #require(sessions.first)
        #expect(session.id == "ios-study-P07")
        #expect(session.header.user == "P07")
        #expect(session.header.device.platform == .ios && session.header.device.model == "iPhone13,2")
        #expect(session.header.device.scale == 3 && session.header.startedAt == "2024-03-18T09:41:07Z")
        // 9 raw touch tracks = 9 strokes, all ended.
        #expect(session.strokes.count == 9)
        #expect(summary.labels == 7)
        let labels = session.labels.map { "\($0.intent.rawValue) \($0.direction?.rawValue ?? "-")" }
        #expect(labels == ["tap -", "tab-swipe left", "scroll right", "scroll up", "long-press -", "pinch out", "rotate cw"])
        // The first trial starts the session; its tap began 0.41 s in.
        #expect(session.labels[0].start == 0 && session.labels[0].end == 900_000)
        #expect(session.touches.first?.t == 410_000)
        #expect(session.labels.first { $0.intent == .pinch }?.note == "pinchTask trial 0 (failed)")
        // Two fingers down at once in the pinch: distinct pointer ids.
        let pinch = session.strokes.filter { $0.samples.first?.radius == 24.1 || $0.samples.first?.radius == 22.5 }
        #expect(pinch.count == 2 && Set(pinch.map(\.pointer)) == [0, 1])
        // maximumPossibleForce 0: no force.
        #expect(session.touches.allSatisfy { $0.force == nil })
    }

    @Test func platformRecognitionsAreKeptInMeta() throws {
        let (sessions, _) = try importSessions(IOSStudyImporter.self, Self.fixture)
        let meta = try #require(sessions.first?.header.metaJSON)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(meta.utf8)) as? [String: Any])
        let list = try #require(object["platformRecognitions"] as? [[String: Any]])
        // grep -c '"state"' ios-study-P07.json → 14: tap 1, long press 2, swipe 1 + pan 2,
        // horizontal scroll pan 3, vertical scroll pan 1, pinch 2, rotation 2.
        #expect(list.count == 14)
        let gestures = list.compactMap { $0["gesture"] as? String }
        #expect(gestures.first == "tap" && Set(gestures) == ["tap", "long-press", "swipe", "pan", "pinch", "rotate"])
        let tap = list[0]
        #expect(abs((tap["t"] as? Double ?? 0) - 0.427067) < 1e-9)   // 48211.731187 − 48211.30412
        #expect(tap["state"] as? String == "ended" && tap["x"] as? Double == 195.3)
        let pan = try #require(list.first { $0["gesture"] as? String == "pan" })
        #expect(pan["vx"] as? Double == -5400 && pan["vy"] as? Double == 240 && pan["task"] as? String == "swipeTask")
        let pinch = try #require(list.first { $0["gesture"] as? String == "pinch" })
        #expect(pinch["scale"] as? Double == 1.08 && pinch["v"] as? Double == 1.9)
        let times = list.compactMap { $0["t"] as? Double }
        #expect(times == times.sorted())
    }

    @Test func touchErrorsNameTheirLine() throws {
        let lift = try #require(try run(log([touch(10.1, "ended")])))
        #expect(lift.location.line == 4 && lift.field == "phase")
        #expect(lift.message.contains("ended with no began"))

        let back = try #require(try run(log([touch(10.2, "began"), touch(10.1, "moved"), touch(10.3, "ended")])))
        #expect(back.location.line == 5 && back.field == "timestamp")

        let phase = try #require(try run(log([touch(10.2, "began").replacingOccurrences(of: "began", with: "hovering")])))
        #expect(phase.location.line == 4 && phase.field == "phase")

        let location = try #require(try run(log([#"{"timestamp": 10.2, "phase": "began", "location": [1]}"#])))
        #expect(location.location.line == 4 && location.field == "location")

        let open = try #require(try run(log([touch(10.2, "began"), touch(10.3, "moved")])))
        #expect(open.location.line == 5 && open.message.contains("never ended"))
    }

    @Test func badJSONTruncatedAndUnknownTask() throws {
        let text = log([touch(10.2, "began"), touch(10.3, "ended")])
        let cut = try #require(try run(String(text.prefix(text.count - 30))))
        #expect(cut.message.contains("truncated") && cut.field == "json")
        #expect(cut.location.line == 5)   // the second touch's line
        let comma = try #require(try run(text.replacingOccurrences(of: #""startTime": 10.0,"#, with: #""startTime": 10.0"#)))
        #expect(comma.location.line == 2 && comma.field == "json")
        let unknown = try #require(try run(log(task: "flingTask", [touch(10.2, "began"), touch(10.3, "ended")])))
        #expect(unknown.location.line == 2 && unknown.field == "flingTask")
        let noScreen = try #require(try run(text.replacingOccurrences(of: #""screenWidth": 390, "#, with: "")))
        #expect(noScreen.location.line == 1 && noScreen.message.contains("--screen"))
    }

    @Test func skippingDropsABrokenTrial() throws {
        var options = ImportOptions()
        options.skipInvalid = true
        let text = log([touch(10.2, "began"), touch(10.3, "moved", 100, 150), touch(10.4, "ended", 100, 150)],
                       extra: #", "tapEvents": [{"state": "ended"}]"#)
        let path = try RecordingFixtures.temporary(text, name: "skip.json")
        let (sessions, summary) = try importSessions(IOSStudyImporter.self, path, options: options)
        #expect(summary.skipped == 1 && summary.problems.first?.field == "timestamp")
        #expect(sessions.first?.touches.isEmpty == true)
    }

    @Test func recognizesStudyLogs() throws {
        let prefix = Array(try String(contentsOfFile: Self.fixture, encoding: .utf8).utf8.prefix(65_536))
        #expect(IOSStudyImporter.recognizes(prefix: prefix, fileName: "x.json"))
        #expect(!PointerEventsImporter.recognizes(prefix: prefix, fileName: "x.json"))
        #expect(!IOSStudyImporter.recognizes(
            prefix: Array(try String(contentsOfFile: PointerEventsImporterTests.fixture, encoding: .utf8).utf8),
            fileName: "x.json"))
    }
}
