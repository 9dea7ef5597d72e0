import Foundation
import Testing
import TraceModel

@testable import Synthesis

@Suite struct DeterminismTests {
    let small = SynthConfiguration(seed: 7, users: 3, devices: 3, sessions: 1, gesturesPerSession: 12)

    @Test func sameSeedGivesTheSameBytes() throws {
        let a = try Synthesizer(small).encoded()
        let b = try Synthesizer(small).encoded()
        #expect(a.count > 10_000)
        #expect(a == b)
        #expect(fnv1a(a) == fnv1a(b))
    }

    @Test func differentSeedGivesDifferentBytes() throws {
        var other = small
        other.seed = 8
        let a = try Synthesizer(small).encoded()
        let b = try Synthesizer(other).encoded()
        #expect(fnv1a(a) != fnv1a(b))
    }

    @Test func aPersonsSessionsDoNotDependOnWhoElseIsWritten() throws {
        let whole = try Synthesizer(small).encoded()
        var first = small
        first.userRange = 0..<1
        var rest = small
        rest.userRange = 1..<3
        let head = try Synthesizer(first).encoded()
        let tail = try Synthesizer(rest).encoded()
        #expect(Array(whole.prefix(head.count)) == head)
        // The tail file carries its own format tag on its first session line.
        let tag = Array(#","format":"gesturetune-trace/1""#.utf8)
        var untagged = tail
        if let range = untagged.firstRange(of: tag) { untagged.removeSubrange(range) }
        #expect(Array(whole.dropFirst(head.count)) == untagged)
    }

    @Test func theFormatTagIsOnTheFirstSessionLineOnly() throws {
        let text = String(decoding: try Synthesizer(small).encoded(), as: UTF8.self)
        let sessionLines = text.split(separator: "\n").filter { $0.hasPrefix(#"{"type":"session""#) }
        #expect(sessionLines.count == 3)
        #expect(sessionLines[0].contains(#""format":"gesturetune-trace/1""#))
        #expect(sessionLines.dropFirst().allSatisfy { !$0.contains("format") })
    }

    @Test func writingToAFileGivesTheEncodedBytes() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("synth-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let summary = try Synthesizer(small).write(toPath: path)
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(written == (try Synthesizer(small).encoded()))
        #expect(summary.bytes == written.count)
        #expect(summary.sessions == 3)
        #expect(summary.labels == summary.labelsByIntent.values.reduce(0, +))
    }

    @Test func theSummaryEncodesInAStableOrder() throws {
        let summary = try Synthesizer(small).write(to: try #require(FileHandle(forWritingAtPath: "/dev/null")))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(summary), as: UTF8.self)
        #expect(json.hasPrefix(#"{"bytes":"#))
        #expect(json.contains(#""sessions":3"#))
        // Intents by their spelling in the format, every label counted once.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let intents = try #require(object["labelsByIntent"] as? [String: Int])
        #expect(intents["double-tap"] == summary.labelsByIntent[.doubleTap])
        #expect(intents.values.reduce(0, +) == summary.labels)
        #expect(json == String(decoding: try encoder.encode(summary), as: UTF8.self))
    }

    @Test func badConfigurationsAreRejectedWithTheOptionNamed() {
        #expect(throws: SynthError.self) { try Synthesizer(SynthConfiguration(seed: 1, users: 0, devices: 1, sessions: 1)) }
        #expect(throws: SynthError.self) { try Synthesizer(SynthConfiguration(seed: 1, users: 1, devices: 99, sessions: 1)) }
        #expect(throws: SynthError.self) {
            try Synthesizer(SynthConfiguration(seed: 1, users: 1, devices: 1, sessions: 1, scene: "lobby"))
        }
        do {
            _ = try Synthesizer(SynthConfiguration(seed: 1, users: 1, devices: 1, sessions: 0))
            Issue.record("sessions 0 accepted")
        } catch let error as SynthError {
            #expect(error.message.contains("--sessions"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
