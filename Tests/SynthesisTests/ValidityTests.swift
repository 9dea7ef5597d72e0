import Foundation
import Testing
import TraceModel

@testable import Synthesis

/// Every generated session must pass the format's rules, exactly as a reader
/// would check them.
@Suite struct ValidityTests {
    @Test func everySessionPassesTheFormatsRules() throws {
        var validator = SessionValidator()
        var sessions = 0, touches = 0
        var lastTouch: Micros = .min, lastMotion: Micros = .min
        var problems: [String] = []
        func finish() {
            if let v = validator.finish() { problems.append(v.message) }
        }
        try Synthesizer(population).forEachEvent { event in
            switch event {
            case .session:
                if sessions > 0 { finish() }
                sessions += 1
                lastTouch = .min
                lastMotion = .min
            case .touch(let sample):
                touches += 1
                if let v = validator.check(sample) { problems.append(v.message) }
                if sample.t < lastTouch { problems.append("touch time went back") }
                lastTouch = sample.t
                if !(sample.x.isFinite && sample.y.isFinite) { problems.append("non-finite position") }
                if let r = sample.radius, r < 0 { problems.append("negative radius") }
                if let f = sample.force, f < 0 { problems.append("negative force") }
            case .motion(let m):
                if m.t < lastMotion { problems.append("motion time went back") }
                lastMotion = m.t
            case .label(let label):
                if label.start > label.end { problems.append("label starts after it ends") }
                if label.start < 0 { problems.append("negative label start") }
            }
        }
        finish()
        #expect(sessions == 24)
        #expect(touches > 10_000)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }

    @Test func samplesStayOnTheScreen() throws {
        for session in try sessions(population) {
            let w = session.header.device.screenWidth, h = session.header.device.screenHeight
            #expect(session.touches.allSatisfy { $0.x >= 0 && $0.x <= w && $0.y >= 0 && $0.y <= h })
        }
    }

    @Test func labelWindowsSpanTheirGesturesExactly() throws {
        for session in try sessions(population) {
            let strokes = session.strokes
            for label in session.labels where label.intent != .shake && !(label.note ?? "").contains("bump") {
                let inside = strokes.filter { $0.began >= label.start && $0.ended <= label.end }
                #expect(!inside.isEmpty, "no stroke in \(label)")
                #expect(inside.map(\.began).min() == label.start)
                #expect(inside.map(\.ended).max() == label.end)
                let expectedFingers = label.fingers ?? 1
                let maxPointer = inside.map { Int($0.pointer) }.max() ?? 0
                #expect(maxPointer == expectedFingers, "\(label.intent) with \(maxPointer) pointers")
            }
        }
    }

    @Test func theWrittenTextParsesBackToTheSameEvents() throws {
        let small = SynthConfiguration(seed: 3, users: 2, devices: 2, sessions: 1, gesturesPerSession: 10)
        var events: [TraceEvent] = []
        try Synthesizer(small).forEachEvent { events.append($0) }
        let lines = String(decoding: try Synthesizer(small).encoded(), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == events.count)
        for (line, event) in zip(lines, events) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            switch event {
            case .touch(let s):
                #expect(object["type"] as? String == "touch")
                #expect(Micros(seconds: (object["t"] as? Double) ?? -1) == s.t)
                #expect(object["x"] as? Double == s.x)
                #expect(object["y"] as? Double == s.y)
                #expect(object["phase"] as? String == s.phase.name)
                #expect(object["radius"] as? Double == s.radius)
            case .label(let l):
                #expect(Micros(seconds: (object["start"] as? Double) ?? -1) == l.start)
                #expect(Micros(seconds: (object["end"] as? Double) ?? -1) == l.end)
                #expect(object["intent"] as? String == l.intent.rawValue)
                #expect(object["direction"] as? String == l.direction?.rawValue)
            case .motion(let m):
                #expect(object["ax"] as? Double == m.ax)
            case .session(let h):
                #expect(object["id"] as? String == h.id)
                let device = try #require(object["device"] as? [String: Any])
                #expect(device["sampleRateHz"] as? Double == h.device.sampleRateHz)
                #expect(object["scene"] as? String == "epilogue")
            }
        }
    }
}
