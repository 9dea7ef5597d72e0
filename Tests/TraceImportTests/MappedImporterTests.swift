import Foundation
import GestureTuneTestSupport
import Testing
import TraceModel

@testable import TraceImport

// MARK: - The shipped mappings on fixtures in each published layout

/// Every fixture under `Fixtures/mapped` is written by hand in the layout
/// the spec (`shared/spec/motionevent-logs.md`) gives for its study, with
/// invented values: no row of a real file is in the project.
@Suite struct ShippedMappingTests {
    static func mapping(_ name: String) -> String { TestPaths.inPackage("mappings/\(name).yaml").path }
    static func fixture(_ path: String) -> String { RecordingFixtures.local("mapped/\(path)") }

    static func read(_ mapping: String, _ file: String) throws -> (sessions: [Session], summary: ImportSummary) {
        var options = ImportOptions()
        options.mappingPath = Self.mapping(mapping)
        return try importSessions(MappedImporter.self, Self.fixture(file), options: options)
    }

    static func strays(_ summary: ImportSummary) -> [StrayReason: Int] {
        Dictionary(uniqueKeysWithValues: summary.strayRows.map { ($0.reason, $0.rows) })
    }

    @Test func touchalytics() throws {
        let (sessions, summary) = try Self.read("touchalytics", "touchalytics/data.csv")
        // device 2 / user 7 / documents 1 and 4, then device 5 / user 8 in landscape.
        #expect(
            sessions.map(\.id) == [
                "touchalytics-data-device2-user7-task1-orientation1-1", "touchalytics-data-device2-user7-task4-orientation1-2",
                "touchalytics-data-device5-user8-task4-orientation2-3"
            ])
        #expect(sessions.map { $0.strokes.count } == [3, 2, 1])
        #expect(summary.touches == 21)
        #expect(sessions.map { $0.labels.map(\.intent) } == [[.scroll, .scroll], [.tabSwipe, .tabSwipe], [.tabSwipe]])
        #expect(sessions[1].labels.map(\.direction) == [.left, .right])
        #expect(sessions[0].labels.allSatisfy { $0.direction == nil && $0.target == "tab-content" })
        #expect(Set(sessions.map(\.header.user)) == ["touchalytics-7", "touchalytics-8"])
        // 480 × 800 px at 1.5: 320 × 533 points; landscape swaps them.
        #expect(sessions[0].header.device.screenWidth == 320)
        #expect(abs(sessions[0].header.device.screenHeight - 533.333) < 0.001)
        #expect(sessions[2].header.device.screenWidth > sessions[2].header.device.screenHeight)
        #expect(sessions[0].touches[0].x == 160 && sessions[0].touches[0].y == 400)
        // The times count from each session's first row, in ms.
        #expect(sessions[0].touches.map(\.t).prefix(2) == [0, 17_000])
        #expect(sessions[0].header.startedAt == "2011-03-13T07:06:40.000Z")
        #expect(Self.strays(summary) == [.noFingerDown: 1, .duplicate: 1, .cutOff: 2])
        #expect(
            summary.strayRows.map(\.first) == [
                Self.fixture("touchalytics/data.csv") + ":12", Self.fixture("touchalytics/data.csv") + ":15",
                Self.fixture("touchalytics/data.csv") + ":24"
            ])
    }

    @Test func bioident() throws {
        let (sessions, summary) = try Self.read("bioident", "bioident/rawdata.csv")
        #expect(sessions.count == 4) // reading, gallery, the tablet, the tablet after a 10-minute pause
        #expect(sessions.map { $0.strokes.count } == [2, 3, 1, 1])
        #expect(summary.touches == 22)
        #expect(sessions.map { $0.labels.count } == [2, 2, 1, 1]) // the click is unlabelled
        #expect(sessions[0].labels.allSatisfy { $0.intent == .scroll && $0.direction == nil })
        #expect(sessions[1].labels.map(\.direction) == [.left, .right])
        #expect(sessions[3].labels.map(\.direction) == [.up])
        // Device 40: xdpi 240 → 1.5 pixels per point, 480 × 800 px → 320 × 533.
        #expect(sessions[0].header.device.scale == 1.5 && sessions[0].header.device.ppi == 240)
        #expect(sessions[0].header.device.screenWidth == 320)
        // Device 41, labelled xxxhdpi: xdpi 200 → 1.25, 800 × 1205 px → 640 × 964; orientation 1 is landscape.
        #expect(sessions[2].header.device.scale == 1.25)
        #expect(sessions[2].header.device.screenWidth == 964 && sessions[2].header.device.screenHeight == 640)
        #expect(sessions[2].header.device.model == "bioident device 41")
        #expect(sessions[0].header.scene == "tab-scroll:edges=wrap")
        #expect(Self.strays(summary) == [.noFingerDown: 1])
        #expect(summary.strayRows.first?.first == Self.fixture("bioident/rawdata.csv") + ":9")
        #expect(sessions[0].header.metaJSON?.contains("\"doc_type\"") == false)
        #expect(sessions[0].header.metaJSON?.contains("\"task\":\"2\"") == true)
    }

    @Test func hmogMultiFinger() throws {
        let (sessions, summary) = try Self.read("hmog", "hmog/900001/900001_session_2/TouchEvent.csv")
        #expect(sessions.count == 2) // two activities
        #expect(sessions.map { $0.strokes.count } == [3, 1])
        #expect(summary.touches == 13 && summary.labels == 0) // the activity's task is in another file
        #expect(sessions[0].header.user == "hmog-900001")
        // The second contact: pointers 0 and 1 down together, 0 lifts first (code 6).
        let twoFinger = sessions[0].touches.suffix(7)
        #expect(twoFinger.map(\.pointer) == [0, 1, 0, 1, 0, 1, 1])
        #expect(twoFinger.map(\.phase) == [.began, .began, .moved, .moved, .ended, .moved, .ended])
        #expect(summary.strayRows.isEmpty)
        #expect(sessions[0].header.device.screenWidth == 360)
    }

    @Test func henze() throws {
        let (sessions, summary) = try Self.read("henze2017", "henze2017/FittsTasks-participant9.txt")
        #expect(sessions.count == 1 && summary.touches == 12)
        #expect(sessions[0].labels.map(\.intent) == [.pan, .pan, .pan])
        #expect(sessions[0].labels.map(\.direction) == [.right, .left, .right])
        #expect(sessions[0].header.user == "henze2017-9")
        #expect(sessions[0].header.device.screenWidth == 960 && sessions[0].header.device.screenHeight == 600)
        // Uptime clock for the samples (16 ms apart), the wall clock (1396000000002 ms) for the start.
        #expect(sessions[0].touches.map(\.t).prefix(2) == [0, 16_000])
        #expect(sessions[0].header.startedAt == "2014-03-28T09:46:40.002Z")
        #expect(sessions[0].touches[0].x == 150.25)
    }
}

// MARK: - The real files in ../shared

/// The real logs are read from `shared/fixtures/motionevent` (never copied
/// into the project: BioIdent states no licence).
@Suite struct RealMotionEventLogTests {
    static func sharedLog(_ path: String) -> String { TestPaths.sharedFixture("motionevent/\(path)") }

    @Test func henzeFittsDrags() throws {
        var options = ImportOptions()
        options.mappingPath = ShippedMappingTests.mapping("henze2017")
        var sessions: [Session] = []
        for participant in 1...8 {
            let path = Self.sharedLog("henze2017/FittsTasks-participant\(participant).txt")
            let (read, summary) = try importSessions(MappedImporter.self, path, options: options)
            #expect(summary.strayRows.isEmpty, "\(path)")
            sessions += read
        }
        let labels = sessions.flatMap(\.labels)
        #expect(sessions.count == 8 && labels.count == 576)
        #expect(labels.allSatisfy { $0.intent == .pan })
        #expect(labels.filter { $0.direction == .left }.count == 288)
        #expect(labels.filter { $0.direction == .right }.count == 288)
        #expect(sessions.allSatisfy { $0.strokes.count == 72 })
        #expect(Set(sessions.compactMap(\.header.user)).count == 8)
    }

    /// Counts checked independently of the importer, by this script over
    /// the same file (rows in order; a session ends when device, user,
    /// doc_type or orientation change or after 300 s; a move or up with no
    /// finger down is stray, a stroke without its up is cut off; a click
    /// stays within 0 pt of its down):
    ///
    /// ```python
    /// rows = list(csv.reader(open(path, newline='')))[1:]
    /// for r in rows:
    ///     k = (r[0], r[1], r[2], r[5]); t = int(r[3]); a = r[4]
    ///     if k != key or t - last > 300000: close(); key = k     # close: cut off, count a session if it had a stroke
    ///     last = t; p = (float(r[6]), float(r[7]))
    ///     if a == '0': stray += len(down or []); down = [p]; task = r[2]
    ///     elif down is None: stray += 1
    ///     else:
    ///         down.append(p)
    ///         if a == '1':
    ///             strokes += 1; samples += len(down); had = True
    ///             if all(q == down[0] for q in down): clicks += 1
    ///             else: labels[task] += 1
    ///             down = None
    /// ```
    ///
    /// It prints sessions 227, strokes 7,736, samples 117,188, stray 104,
    /// clicks 60, labels {1: 6,210, 2: 1,466}.
    @Test func bioidentParticipants() throws {
        var options = ImportOptions()
        options.mappingPath = ShippedMappingTests.mapping("bioident")
        let (sessions, summary) = try importSessions(
            MappedImporter.self, Self.sharedLog("bioident-dev/rawdata.csv"), options: options)
        #expect(sessions.count == 227)
        #expect(Set(sessions.compactMap(\.header.user)).count == 36)
        #expect(sessions.reduce(0) { $0 + $1.strokes.count } == 7_736)
        #expect(summary.touches == 117_188)
        let labels = sessions.flatMap(\.labels)
        #expect(labels.filter { $0.intent == .tabSwipe }.count == 6_210)
        #expect(labels.filter { $0.intent == .scroll }.count == 1_466)
        #expect(ShippedMappingTests.strays(summary) == [.noFingerDown: 104])
        // Every gallery stroke has a direction; sideways ones dominate.
        #expect(labels.filter { $0.intent == .tabSwipe }.allSatisfy { $0.direction != nil })
        #expect(labels.filter { $0.direction == .left }.count == 3_917)
        #expect(labels.filter { $0.direction == .right }.count == 2_237)
    }
}
