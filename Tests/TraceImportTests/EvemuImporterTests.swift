import Testing
import TraceModel

@testable import TraceImport

// MARK: - Real recordings (../shared/fixtures/evemu, MIT, Red Hat)

@Suite struct EvemuRealRecordingTests {
    static let atmelScreen = screen(800, 480) // the maXTouch panel: 0…799 × 0…479, no resolution
    static let ntrigDesc = RecordingFixtures.evemu("N-Trig MultiTouch.desc")

    static func ntrigOptions() -> ImportOptions {
        var options = screen(1280, 960) // N-Trig 0…9600 × 0…7200 (4:3), no resolution
        options.deviceDescriptionPath = ntrigDesc
        return options
    }

    func inside(_ session: Session) -> Bool {
        session.touches.allSatisfy {
            $0.x >= 0 && $0.y >= 0 && $0.x <= session.header.device.screenWidth
                && $0.y <= session.header.device.screenHeight
        }
    }

    @Test func twoFingersTouchReleaseHasTwoStrokes() throws {
        // grep -c '0003 0039 [0-9]' "Atmel maXTouch Touchscreen.2-fingers-touch-release.events"  → 2 (ids 7, 8)
        // grep -c '0003 0039 -001'  "Atmel maXTouch Touchscreen.2-fingers-touch-release.events"  → 2
        let (sessions, summary) = try importSessions(
            EvemuImporter.self, RecordingFixtures.evemu("Atmel maXTouch Touchscreen.2-fingers-touch-release.events"),
            options: Self.atmelScreen)
        let session = try #require(sessions.first)
        #expect(sessions.count == 1)
        #expect(session.id == "Atmel maXTouch Touchscreen.2-fingers-touch-release")
        #expect(session.header.device.model == "Atmel maXTouch Touchscreen")
        #expect(session.header.device.platform == .linux)
        #expect(session.header.device.screenWidth == 800)
        #expect(session.strokes.count == 2)
        #expect(Set(session.strokes.map(\.pointer)) == [7, 8])
        #expect(summary.touches == session.touches.count)
        // The first contact lands at (539, 167) device units = points on an 800×480 screen.
        let first = try #require(session.touches.first)
        #expect(first.phase == .began && first.t == 0 && first.x == 539 && first.y == 167)
        #expect(inside(session))
    }

    @Test func fastTapsHaveNineStrokes() throws {
        // grep -c '0003 0039 [0-9]' "Atmel maXTouch Touchscreen.1-finger-fast-taps.events"  → 9
        // grep -c '0003 0039 -001'  "Atmel maXTouch Touchscreen.1-finger-fast-taps.events"  → 9
        let (sessions, _) = try importSessions(
            EvemuImporter.self, RecordingFixtures.evemu("Atmel maXTouch Touchscreen.1-finger-fast-taps.events"),
            options: Self.atmelScreen)
        let session = try #require(sessions.first)
        #expect(session.strokes.count == 9)
        #expect(session.strokes.allSatisfy { $0.samples.last?.phase == .ended })
        // Fast taps: every one is short.
        #expect(session.strokes.allSatisfy { $0.duration < 300 * .millisecond })
        #expect(inside(session))
    }

    @Test func dragUpDownGoesUpThenDown() throws {
        // grep -c '0003 0039 [0-9]' → 1, grep -c '0003 0039 -001' → 1
        let (sessions, _) = try importSessions(
            EvemuImporter.self, RecordingFixtures.evemu("Atmel maXTouch Touchscreen.1-finger-drag-up-down.events"),
            options: Self.atmelScreen)
        let session = try #require(sessions.first)
        let stroke = try #require(session.strokes.first)
        #expect(session.strokes.count == 1)
        let ys = stroke.samples.map(\.y)
        let top = try #require(ys.indices.min { ys[$0] < ys[$1] })
        // Up first (y decreases, y points down), then down again, each by a good distance.
        #expect(top > 0 && top < ys.count - 1)
        #expect(ys[0] - ys[top] > 100)
        #expect(ys[ys.count - 1] - ys[top] > 100)
        #expect(stroke.duration > 1 * .second)
        #expect(inside(session))
    }

    @Test func fourFingerDragMovesDown() throws {
        // grep -c '0003 0039 [0-9]' → 4 (ids 21…24), grep -c '0003 0039 -001' → 4
        let (sessions, _) = try importSessions(
            EvemuImporter.self, RecordingFixtures.evemu("Atmel maXTouch Touchscreen.4-finger-drag-down.events"),
            options: Self.atmelScreen)
        let session = try #require(sessions.first)
        #expect(session.strokes.count == 4)
        #expect(Set(session.strokes.map(\.pointer)) == [21, 22, 23, 24])
        for stroke in session.strokes {
            let dy = (stroke.samples.last?.y ?? 0) - (stroke.samples.first?.y ?? 0)
            let dx = (stroke.samples.last?.x ?? 0) - (stroke.samples.first?.x ?? 0)
            #expect(dy > 50, "pointer \(stroke.pointer) moved \(dy) pt down")
            #expect(abs(dx) < dy)
        }
        // All four fingers were down together at some moment.
        #expect(inside(session))
    }

    @Test func ntrigProtocolADragNorthWestToSouthEast() throws {
        // Protocol A has no tracking ids: count contacts per frame instead. The frames'
        // contact counts (SYN_MT_REPORTs between SYN_REPORTs) run 1,1,…,1,0: one stroke.
        // grep -c '0000 0002 0' → 106, grep -c '0000 0000 0' → 107 (the last frame is empty).
        let (sessions, _) = try importSessions(
            EvemuImporter.self, RecordingFixtures.evemu("N-Trig MultiTouch.1-finger-drag-NW-SE.events"),
            options: Self.ntrigOptions())
        let session = try #require(sessions.first)
        #expect(session.header.device.model == "N-Trig MultiTouch")
        #expect(session.strokes.count == 1)
        let stroke = try #require(session.strokes.first)
        #expect(stroke.samples.count == 107) // 106 contact frames + the end on the empty frame
        let start = try #require(stroke.samples.first), end = try #require(stroke.samples.last)
        #expect(end.x - start.x > 200) // west → east
        #expect(end.y - start.y > 200) // north → south (y down)
        // First contact: raw (205, 183) on 0…9600 × 0…7200 → 205/9601×1280, 183/7201×960.
        #expect(abs(start.x - 205.0 / 9601 * 1280) < 1e-9)
        #expect(abs(start.y - 183.0 / 7201 * 960) < 1e-9)
        #expect(start.radius != nil)
        #expect(inside(session))
    }

    @Test func ntrigProtocolATwoFingers() throws {
        // Contacts per frame (SYN_MT_REPORTs between SYN_REPORTs) run 1 → 2 → 1 → 0:
        // python: frames Counter({1: 169, 2: 49, 0: 1}); so two strokes.
        let (sessions, _) = try importSessions(
            EvemuImporter.self, RecordingFixtures.evemu("N-Trig MultiTouch.2-fingers-touch-release.events"),
            options: Self.ntrigOptions())
        let session = try #require(sessions.first)
        #expect(session.strokes.count == 2)
        #expect(Set(session.strokes.map(\.pointer)) == [0, 1])
        // Each frame's contacts are matched by nearest neighbour: no stroke jumps across the screen.
        for stroke in session.strokes {
            for (a, b) in zip(stroke.samples, stroke.samples.dropFirst()) {
                #expect(abs(b.x - a.x) + abs(b.y - a.y) < 100)
            }
        }
        #expect(inside(session))
    }

    @Test func withoutScreenTheErrorAsksForIt() throws {
        let path = RecordingFixtures.evemu("Atmel maXTouch Touchscreen.2-fingers-touch-release.events")
        let error = try #require(importError(EvemuImporter.self, path))
        #expect(error.field == "--screen")
        #expect(error.message.contains("--screen WIDTHxHEIGHT"))
        // The A: line of ABS_MT_POSITION_X (`A: 35 0 799 0 0 0`).
        #expect(error.location.line == 112)
        #expect(error.description.hasPrefix(path + ":112: "))
    }

    @Test func protocolAWithoutItsDescriptionFails() throws {
        let error = try #require(
            importError(
                EvemuImporter.self, RecordingFixtures.evemu("N-Trig MultiTouch.1-finger-drag-NW-SE.events"),
                options: Self.atmelScreen))
        #expect(error.location.line == 1)
        #expect(error.message.contains("--device-desc"))
    }
}
