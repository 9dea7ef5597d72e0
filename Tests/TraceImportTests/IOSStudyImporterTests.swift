import Foundation
import Testing
import TraceModel

@testable import TraceImport

/// The iOS study export, read from `ios-study-session.json`: an invented
/// session in the real layout, written by `make-ios-study-fixture.py`,
/// whose listing gives every count below.
@Suite struct IOSStudyImporterTests {
    static let fixture = RecordingFixtures.local("ios-study-session.json")

    func run(_ text: String, options: ImportOptions = ImportOptions()) throws -> TraceError? {
        importError(IOSStudyImporter.self, try RecordingFixtures.temporary(text, name: "case.json"), options: options)
    }

    /// A one-trial export in the real layout; `touches` are touch objects,
    /// one per line from line 4.
    func export(
        task: String = "tap", _ touches: [String], trial: String = #""success" : true"#,
        events: String = ""
    ) -> String {
        """
        {"deviceInfo" : {"screenSize" : [ 375, 667 ]},
         "\(task)" : {"trials" : [{\(trial),\(events)
          "tracks" : [{"touches" : [

        """ + touches.joined(separator: ",\n") + "\n]}]}]}}\n"
    }
    func touch(_ t: Double, _ phase: String, _ x: Double = 100, _ y: Double = 200) -> String {
        #"{"timestamp" : \#(t), "phase" : "\#(phase)", "location" : [ \#(x), \#(y) ], "majorRadius" : 20.5, "force" : 0.8}"#
    }

    // MARK: - The fixture

    @Test func sessionFromTheExportAndNothingThatNamesAPerson() throws {
        let (sessions, summary) = try importSessions(IOSStudyImporter.self, Self.fixture)
        let session = try #require(sessions.first)
        #expect(sessions.count == 1)
        #expect(session.id == "6C0F4E9A-2B1D-4C3E-9F7A-1D2E3F4A5B6C")
        #expect(session.header.user == "0D8C7B6A-5F4E-4D3C-8B2A-19F8E7D6C5B4")
        #expect(session.header.device == Device(platform: .ios, model: "iPhone8,1", screenWidth: 375, screenHeight: 667))
        #expect(session.header.startedAt == "2019-08-30T13:41:49Z")
        let meta = try #require(session.header.metaJSON)
        #expect(meta.hasPrefix(#"{"appVersion":"1.2 (7)","hand":"left","osVersion":"12.4","platformRecognitions":["#))
        // subject.name and deviceInfo.name hold a person's name: nowhere.
        #expect(!"\(sessions)".contains("Quistgaard") && !"\(sessions)".contains("Zoë"))
        // Nor the rest of `subject`.
        #expect(!meta.contains("1987") && !meta.contains("female") && !meta.contains("difficulty"))
        #expect(summary.sessions == 1 && summary.touches == 47 && summary.labels == 10 && summary.skipped == 0)
        #expect(summary.notes == ["1 of 11 trials without touches got no label (tap trial 2)"])
    }

    @Test func touchesKeepTheirClockPointersAndForce() throws {
        let session = try #require(try importSessions(IOSStudyImporter.self, Self.fixture).sessions.first)
        #expect(session.touches.count == 47)
        #expect(session.strokes.count == 11)
        // The session starts at `start` (13:41:49Z), a second before T0: the
        // first touch, T0 + 0.5 s, is at 1.5 s.
        #expect(session.touches.first?.t == 1_500_000)
        #expect(session.touches.first?.x == 140 && session.touches.first?.y == 222)
        // Exponent timestamps to the microsecond: 1.5671725567019998E9 → T0 + 46.702.
        #expect(session.touches.map(\.t).contains(47_000_000 + 1_000_000))
        // The long press done with two fingers: both down at once, ids 0 and 1.
        let twoFinger = session.strokes.filter { (15_200_000...15_900_000).contains($0.began) }
        #expect(twoFinger.map(\.pointer) == [0, 1])
        // Force as UIKit reports it: 0 on the first sample, then rising.
        #expect(session.touches.first?.force == 0 && session.touches[1].force == 0.25)
        #expect(session.touches.first?.radius == 20.875)
    }

    @Test func oneLabelPerTrialWithTouches() throws {
        let session = try #require(try importSessions(IOSStudyImporter.self, Self.fixture).sessions.first)
        // Tasks in file order (keys sorted), trials in order; tap trial 2 had no touches.
        let labels = session.labels.map { "\($0.intent.rawValue) \($0.direction?.rawValue ?? "-")" }
        #expect(
            labels == [
                "scroll right", "long-press -", "long-press -", "multi-swipe left", "multi-swipe up", "multi-swipe right",
                "tap -", "tap -", "scroll up", "scroll up"
            ])
        let tap = try #require(session.labels.first { $0.intent == .tap })
        #expect(tap.start == 1_500_000 && tap.end == 1_580_000) // first touch to last
        #expect(tap.note == "tap trial 0: success; target frame 100,200 80×44 pt")
        let swipes = session.labels.filter { $0.intent == .multiSwipe }
        #expect(swipes.allSatisfy { $0.fingers == 1 })
        #expect(swipes.last?.note == "swipe trial 2: success; target direction right, result right")
        #expect(session.labels.first?.note == "horizontalScroll trial 0: success")
    }

    @Test func platformRecognitionsReadBack() throws {
        let session = try #require(try importSessions(IOSStudyImporter.self, Self.fixture).sessions.first)
        let platform = try session.header.platformRecognitions()
        // 26 events less the 5 `changed`.
        #expect(platform.count == 21)
        #expect(platform.first == PlatformRecognition(gesture: "tap", state: .ended, t: 1_582_000, x: 141, y: 223, touches: 1))
        #expect(platform.map(\.t) == platform.map(\.t).sorted())
        #expect(
            Dictionary(grouping: platform, by: \.gesture).mapValues(\.count)
                == ["tap": 1, "longPress": 4, "swipe": 4, "pan": 12])
        // UIKit's swipe reports [0, 0]: no location kept; a pan's end counts no touches.
        #expect(platform.filter { $0.gesture == "swipe" }.allSatisfy { $0.x == nil && $0.y == nil })
        #expect(platform.first { $0.gesture == "pan" && $0.state == .ended }?.touches == 0)
        #expect(platform.filter(\.isRecognition).count == 1 + 2 + 4 + 6)
    }

    @Test func recognizesStudyExports() throws {
        let prefix = Array(try String(contentsOfFile: Self.fixture, encoding: .utf8).utf8.prefix(65_536))
        #expect(IOSStudyImporter.recognizes(prefix: prefix, fileName: "x.json"))
        #expect(!PointerEventsImporter.recognizes(prefix: prefix, fileName: "x.json"))
        #expect(
            !IOSStudyImporter.recognizes(
                prefix: Array(try String(contentsOfFile: PointerEventsImporterTests.fixture, encoding: .utf8).utf8),
                fileName: "x.json"))
    }

    // MARK: - Bad input

    @Test func touchErrorsNameTheirLine() throws {
        let lift = try #require(try run(export([touch(10.1, "ended")])))
        #expect(lift.location.line == 4 && lift.field == "phase")
        #expect(lift.message.contains("with no began"))

        let back = try #require(try run(export([touch(10.2, "began"), touch(10.1, "moved"), touch(10.3, "ended")])))
        #expect(back.location.line == 5 && back.field == "timestamp")

        let phase = try #require(try run(export([touch(10.2, "began").replacingOccurrences(of: "began", with: "hovering")])))
        #expect(phase.location.line == 4 && phase.field == "phase")

        let location = try #require(try run(export([#"{"timestamp" : 10.2, "phase" : "began", "location" : [ 1 ]}"#])))
        #expect(location.location.line == 4 && location.field == "location")

        let open = try #require(try run(export([touch(10.2, "began"), touch(10.3, "moved")])))
        #expect(open.location.line == 5 && open.message.contains("never ended"))
    }

    /// The study export's JSON strings follow the canonical scanner's rules
    /// (JSONText): `\u+041` and lone surrogates are errors on their line.
    @Test func malformedStringEscapesNameTheirLine() throws {
        for bad in [#"\u+041"#, #"\uD800"#, #"\uDC00"#] {
            let text = export([
                touch(10.2, "began"),
                touch(10.3, "ended").replacingOccurrences(
                    of: #""phase" : "ended""#, with: #""phase" : "ended", "note" : "\#(bad)""#)
            ])
            let error = try #require(try run(text), "\(bad)")
            #expect(error.location.line == 5 && error.field == "json", "\(bad): \(error)")
            #expect(error.message.contains("escape"), "\(bad): \(error.message)")
        }
    }

    @Test func trialAndSessionErrorsNameTheirField() throws {
        let text = export([touch(10.2, "began"), touch(10.3, "ended")])
        let cut = try #require(try run(String(text.prefix(text.count - 30))))
        #expect(cut.message.contains("truncated") && cut.field == "json" && cut.location.line == 5)
        let noScreen = try #require(
            try run(text.replacingOccurrences(of: #""screenSize" : [ 375, 667 ]"#, with: #""model" : "x""#)))
        #expect(noScreen.location.line == 1 && noScreen.field == "deviceInfo.screenSize" && noScreen.message.contains("--screen"))
        let month = try #require(
            try run(
                export(
                    [touch(10.2, "began"), touch(10.3, "ended")],
                    trial: #""startDate" : "2019-13-01T10:00:00Z""#)))
        #expect(month.location.line == 2 && month.field == "startDate")
        let direction = try #require(
            try run(
                export(
                    task: "swipe", [touch(10.2, "began"), touch(10.3, "ended")],
                    trial: #""targetDirection" : "left""#)))
        #expect(direction.field == "targetDirection")
        let state = try #require(
            try run(
                export(
                    [touch(10.2, "began"), touch(10.3, "ended")],
                    events: #""events" : [{"type" : "tap", "state" : "done", "timestamp" : 10.3}],"#)))
        #expect(state.location.line == 2 && state.field == "state")
    }

    /// Times far apart, each within the range of a time on its own: their
    /// difference is checked, not computed into an overflow; beyond the
    /// range a time is refused where it is read.
    @Test func farApartTimesAreAnErrorNotACrash() throws {
        let error = try #require(
            try run(
                export(
                    [touch(-2e12, "began"), touch(-2e12, "ended")],
                    events: #""events" : [{"type" : "tap", "state" : "ended", "timestamp" : 2e12}],"#)))
        #expect(error.field == "timestamp" && error.message.contains("after the session start"))
        let huge = try #require(try run(export([touch(-9e12, "began"), touch(-9e12, "ended")])))
        #expect(huge.field == "timestamp" && huge.location.line == 4 && huge.message.contains("out of range"))
    }

    @Test func unknownTasksAndUntouchedTrialsAreSaid() throws {
        let path = try RecordingFixtures.temporary(
            export(task: "fling", [touch(10.2, "began"), touch(10.3, "ended")]), name: "fling.json")
        let (sessions, summary) = try importSessions(IOSStudyImporter.self, path)
        #expect(sessions.first?.touches.isEmpty == true)
        #expect(summary.notes.first?.hasPrefix("1 trials of the unknown task \"fling\" were not imported") == true)
        // And a file that yields no sample at all is an error for every importer.
        #expect(throws: TraceError.self) { try summary.requireSamples(file: path) }
        do { try summary.requireSamples(file: path) } catch {
            #expect(
                error.description
                    == "\(path): no touch samples in the file (1 sessions, 0 labels read): is it the format given with --format?")
        }
    }

    @Test func skippingDropsABrokenTrial() throws {
        var options = ImportOptions()
        options.skipInvalid = true
        let text = export(
            [touch(10.2, "began"), touch(10.3, "moved", 100, 150), touch(10.4, "ended", 100, 150)],
            events: #""events" : [{"type" : "tap", "state" : "ended"}],"#)
        let path = try RecordingFixtures.temporary(text, name: "skip.json")
        let (sessions, summary) = try importSessions(IOSStudyImporter.self, path, options: options)
        #expect(summary.skipped == 1 && summary.problems.first?.field == "timestamp")
        #expect(sessions.first?.touches.isEmpty == true)
    }
}
