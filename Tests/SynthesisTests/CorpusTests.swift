import Foundation
import GestureTuneTestSupport
import Testing
import TraceModel

@testable import Synthesis

/// The committed corpus in `datasets/epilogue/` is exactly what the
/// documented command writes, and stays within its size budget.
@Suite struct CorpusTests {
    /// The configuration of `datasets/README.md`'s regeneration command.
    static let corpus = SynthConfiguration(seed: 2026, users: 40, devices: 6, sessions: 8, scene: "epilogue")
    static let usersPerFile = 5

    static var directory: URL {
        TestPaths.inPackage("datasets/epilogue")
    }

    func files() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: Self.directory, includingPropertiesForKeys: [.fileSizeKey])
            .filter { $0.pathExtension == "jsonl" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test func theFirstFileIsRegeneratedByteForByte() throws {
        let first = try #require(try files().first)
        #expect(first.lastPathComponent == "epilogue-u00-u04.jsonl")
        try expectRegenerated(Self.corpus, users: 0..<Self.usersPerFile, as: first)
    }

    @Test func theCorpusIsBigEnoughAndSmallEnough() throws {
        let files = try files()
        #expect(files.count == Self.corpus.users / Self.usersPerFile)
        var total = 0, labels = 0, sessions = 0
        var users = Set<Substring>(), devices = Set<Substring>()
        for file in files {
            let data = try Data(contentsOf: file)
            #expect(data.count < 5_000_000, "\(file.lastPathComponent) is \(data.count) bytes")
            total += data.count
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                if line.hasPrefix(#"{"type":"label""#) { labels += 1 }
                if line.hasPrefix(#"{"type":"session""#) {
                    sessions += 1
                    if let u = line.firstRange(of: #""user":""#) { users.insert(line[u.upperBound...].prefix(3)) }
                    if let m = line.firstRange(of: #""model":""#) {
                        devices.insert(line[m.upperBound...].prefix { $0 != "\"" })
                    }
                }
            }
        }
        #expect(total < 25_000_000)
        #expect(labels >= 10_000)
        #expect(sessions == 320)
        #expect(users.count == 40)
        #expect(devices.count == 6)
    }
}

/// The committed playground corpus in `datasets/playground/` (issue 18) is
/// exactly what `datasets/README.md`'s command writes.
@Suite struct PlaygroundCorpusTests {
    static let corpus = SynthConfiguration(
        seed: 2026, users: 12, devices: 6, sessions: 7, scene: "playground", gesturesPerSession: 12)
    static let usersPerFile = 4

    func files() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(
            at: TestPaths.inPackage("datasets/playground"), includingPropertiesForKeys: nil
        )
        .filter { $0.pathExtension == "jsonl" }
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test func theFirstFileIsRegeneratedByteForByte() throws {
        let files = try files()
        #expect(
            files.map(\.lastPathComponent)
                == ["playground-u00-u03.jsonl", "playground-u04-u07.jsonl", "playground-u08-u11.jsonl"])
        let first = try #require(files.first)
        try expectRegenerated(Self.corpus, users: 0..<Self.usersPerFile, as: first)
    }

    @Test func itsSessionsArePerformedOnThePlaygroundWithItsIntents() throws {
        var part = Self.corpus
        part.userRange = 0..<1
        var intents = Set<Intent>(), fingers = Set<Int>(), scenes = Set<String>()
        try Synthesizer(part).forEachEvent { event in
            switch event {
            case .session(let header): scenes.insert(header.scene ?? "")
            case .label(let label):
                intents.insert(label.intent)
                if let count = label.fingers { fingers.insert(count) }
            default: break
            }
        }
        // One person visits each of the seven screens once, each session
        // naming its screen, and performs that screen's gesture there.
        #expect(
            scenes == Set(["tap", "long-press", "swipe", "pan", "pinch", "rotation", "transform"].map { "playground/" + $0 }))
        #expect(intents == [.tap, .longPress, .multiSwipe, .pan, .pinch, .rotate, .transform, .edgeSwipe, .none])
        #expect(fingers.isSuperset(of: [1, 2, 3]))
    }
}

// MARK: - Regenerating a committed file

/// `configuration`'s sessions of `users`, synthesized again, are `committed`
/// byte for byte.
func expectRegenerated(_ configuration: SynthConfiguration, users: Range<Int>, as committed: URL) throws {
    var part = configuration
    part.userRange = users
    let regenerated = try Synthesizer(part).encoded()
    let bytes = try [UInt8](Data(contentsOf: committed))
    #expect(regenerated.count == bytes.count)
    // A Bool, not `==` on the arrays: on a mismatch the testing library
    // would diff two multi-megabyte arrays element by element (for hours).
    let identical = regenerated.elementsEqual(bytes)
    let firstDifference =
        zip(regenerated, bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(regenerated.count, bytes.count)
    #expect(identical, "\(committed.lastPathComponent): first difference at byte \(firstDifference)")
}
