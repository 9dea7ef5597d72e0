import Foundation
import GSL
import Scenes
import TraceModel

// MARK: - The entry point

/// Generates labelled touch sessions from a model of human movement, as a
/// stream of `TraceEvent`s or as canonical `gesturetune-trace/1` JSON Lines.
///
/// Everything random comes from GSL's Mersenne Twister: person *i* has the
/// generator `RandomGenerator(seed: seed, stream: i)` (GSL's derived
/// streams), which draws that person's habits and then their sessions in
/// order. A person's sessions therefore depend only on the seed and their
/// index, and the output is byte-for-byte the same for the same
/// configuration, on every machine.
///
/// ```swift
/// let synth = try Synthesizer(SynthConfiguration(seed: 7, users: 4, devices: 4, sessions: 2))
/// try synth.forEachEvent { event in ... }          // streaming
/// let summary = try synth.write(toPath: "out.jsonl")
/// print(summary.labels, summary.bytes)
/// ```
package struct Synthesizer: Sendable {
    package let configuration: SynthConfiguration

    package init(_ configuration: SynthConfiguration) throws {
        try configuration.validate()
        self.configuration = configuration
    }

    /// The phone person `index` uses.
    package func device(ofUser index: Int) -> DeviceProfile {
        DeviceProfile.catalogue[index % configuration.devices]
    }

    /// Person `index`'s id: `u00` … (at least two digits, more for big populations).
    package func userID(_ index: Int) -> String {
        let digits = max(2, String(configuration.users - 1).count)
        let number = String(index)
        return "u" + String(repeating: "0", count: max(0, digits - number.count)) + number
    }

    // MARK: - Streaming

    /// Calls `body` with every event, in file order: each session's header,
    /// then its samples and labels.
    package func forEachEvent(_ body: (TraceEvent) throws -> Void) throws {
        for user in configuration.writtenUsers {
            try forEachEvent(ofUser: user, body)
        }
    }

    /// The events of one person's sessions (independent of the others').
    package func forEachEvent(ofUser index: Int, _ body: (TraceEvent) throws -> Void) throws {
        let rng = try RandomGenerator(seed: configuration.seed, stream: UInt(index))
        let profile = device(ofUser: index)
        let person = UserProfile(id: userID(index), rng: rng, pointsPerMillimetre: profile.pointsPerMillimetre)
        for session in 0..<configuration.sessions {
            let header = SessionHeader(
                id: "syn\(configuration.seed)-\(person.id)-s\(session)",
                device: profile.device, user: person.id, scene: sceneOf(session: session, user: index),
                metaJSON: #"{"synthetic":true,"seed":\#(configuration.seed),"hand":"\#(person.leftHanded ? "left" : "right")"}"#)
            var generator = SessionGenerator(
                header: header, user: person, profile: profile, gestures: configuration.gesturesPerSession, rng: rng)
            try generator.generate(body)
        }
    }

    /// The scene a session names: the configuration's, or for the
    /// playground one of its screens, each person's sessions going round
    /// the seven from a screen of their own (`playground/long-press`).
    func sceneOf(session: Int, user: Int) -> String {
        guard configuration.scene == PlaygroundScene.name else { return configuration.scene }
        let screens = PlaygroundScreen.allCases
        return PlaygroundScene.name + "/" + screens[(user + session) % screens.count].rawValue
    }

    // MARK: - Writing

    /// The whole output in memory (for tests and small configurations).
    package func encoded() throws -> [UInt8] {
        var encoder = TraceLineEncoder()
        var bytes: [UInt8] = []
        try forEachEvent { encoder.encode($0, into: &bytes) }
        return bytes
    }

    /// Writes the output to an open file handle, in chunks; returns what was written.
    @discardableResult
    package func write(to handle: FileHandle) throws -> SynthSummary {
        var encoder = TraceLineEncoder()
        var summary = SynthSummary()
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20 + 4096)
        try forEachEvent { event in
            summary.count(event)
            encoder.encode(event, into: &buffer)
            if buffer.count >= 1 << 20 {
                summary.bytes += buffer.count
                try handle.write(contentsOf: buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        summary.bytes += buffer.count
        try handle.write(contentsOf: buffer)
        return summary
    }

    /// Writes the output to a file (replaced whole); `-` is standard output.
    ///
    /// The corpus goes to a hidden file beside `path`, renamed over it once
    /// complete and flushed: a full disk or a crash leaves the old file (or
    /// none), never a truncated or empty one that would later ingest as data.
    @discardableResult
    package func write(toPath path: String) throws -> SynthSummary {
        if path == "-" { return try write(to: FileHandle.standardOutput) }
        let url = URL(fileURLWithPath: path)
        let partial = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).partial-\(ProcessInfo.processInfo.processIdentifier)").path
        guard FileManager.default.createFile(atPath: partial, contents: nil),
            let handle = FileHandle(forWritingAtPath: partial)
        else {
            throw SynthError("\(path): cannot create the output file")
        }
        do {
            let summary = try write(to: handle)
            try handle.synchronize()
            try handle.close()
            guard rename(partial, path) == 0 else {
                throw SynthError("\(path): cannot replace the output file: \(String(cString: strerror(errno)))")
            }
            return summary
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: partial)
            if error is SynthError { throw error }
            throw SynthError("\(path): not written: \(error.localizedDescription)")
        }
    }

    /// Writes the corpus as several files of `usersPerFile` people each,
    /// named `PREFIX-u00-u09.jsonl` in `directory`; each file is what a run
    /// with the matching ``SynthConfiguration/userRange`` writes. Returns the
    /// file names and what each holds, in order.
    @discardableResult
    package func writeParts(
        toDirectory directory: String, usersPerFile: Int, prefix: String? = nil
    ) throws -> [(file: String, summary: SynthSummary)] {
        guard usersPerFile >= 1 else { throw SynthError("--users-per-file must be at least 1") }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var results: [(String, SynthSummary)] = []
        let all = configuration.writtenUsers
        for lower in stride(from: all.lowerBound, to: all.upperBound, by: usersPerFile) {
            var part = configuration
            part.userRange = lower..<min(lower + usersPerFile, all.upperBound)
            let range = part.writtenUsers
            let name = "\(prefix ?? configuration.scene)-\(userID(range.lowerBound))-\(userID(range.upperBound - 1)).jsonl"
            let path = (directory as NSString).appendingPathComponent(name)
            let summary = try Synthesizer(part).write(toPath: path)
            results.append((name, summary))
        }
        return results
    }
}

// MARK: - What was written

/// Counts of what a run wrote. Encodes (for `--json`; use `.sortedKeys` for
/// a stable order) with intents spelled as in the format and the session
/// time in seconds.
///
/// ```swift
/// let summary = try synth.write(toPath: "out.jsonl")
/// summary.labelsByIntent[.doubleTap]   // 446
/// ```
package struct SynthSummary: Sendable, Hashable, Encodable {
    package var sessions = 0
    package var touches = 0
    package var motion = 0
    package var labels = 0
    /// Labels per intent (iterate `Intent/allCases` for a stable order).
    package var labelsByIntent: [Intent: Int] = [:]
    package var bytes = 0
    /// Session time covered (each session from 0 to its last event), for
    /// "hours of touch data per second of generation".
    package var recordedTime: Micros { closedSessionsTime + currentSessionEnd }
    private var closedSessionsTime: Micros = 0
    private var currentSessionEnd: Micros = 0

    package init() {}

    package mutating func count(_ event: TraceEvent) {
        switch event {
        case .session:
            sessions += 1
            closedSessionsTime += currentSessionEnd
            currentSessionEnd = 0
        case .touch(let s):
            touches += 1
            currentSessionEnd = max(currentSessionEnd, s.t)
        case .motion(let m):
            motion += 1
            currentSessionEnd = max(currentSessionEnd, m.t)
        case .label(let label):
            labels += 1
            labelsByIntent[label.intent, default: 0] += 1
            currentSessionEnd = max(currentSessionEnd, label.end)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case sessions, touches, motion, labels, labelsByIntent, bytes, recordedSeconds
    }

    private struct IntentKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sessions, forKey: .sessions)
        try c.encode(touches, forKey: .touches)
        try c.encode(motion, forKey: .motion)
        try c.encode(labels, forKey: .labels)
        var intents = c.nestedContainer(keyedBy: IntentKey.self, forKey: .labelsByIntent)
        for intent in Intent.allCases {
            if let n = labelsByIntent[intent] { try intents.encode(n, forKey: IntentKey(stringValue: intent.rawValue)) }
        }
        try c.encode(bytes, forKey: .bytes)
        try c.encode(recordedTime.seconds, forKey: .recordedSeconds)
    }

    /// Adds another summary's counts.
    package mutating func add(_ other: SynthSummary) {
        sessions += other.sessions
        touches += other.touches
        motion += other.motion
        labels += other.labels
        bytes += other.bytes
        closedSessionsTime += other.recordedTime
        for (intent, n) in other.labelsByIntent { labelsByIntent[intent, default: 0] += n }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
