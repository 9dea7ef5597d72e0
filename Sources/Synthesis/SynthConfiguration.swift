// MARK: - What to synthesize

/// The knobs of `gesturetune synth`: which seed, how many people, devices and
/// sessions, on which scene.
///
/// A person's sessions depend only on the seed and the person's index, so
/// ``userRange`` can split a corpus into files whose concatenation (less the
/// format tags) is what one run would write.
///
/// ```swift
/// let config = SynthConfiguration(seed: 2026, users: 40, devices: 6, sessions: 8, scene: "epilogue")
/// try Synthesizer(config).write(toPath: "corpus.jsonl")
/// ```
///
/// The `gesturetune synth` options map one to one: `--seed`, `--users`,
/// `--devices`, `--sessions`, `--scene`, `--gestures` (``gesturesPerSession``);
/// `--out FILE` is ``Synthesizer/write(toPath:)`` and `--out DIR
/// --users-per-file N` is ``Synthesizer/writeParts(toDirectory:usersPerFile:prefix:)``.
package struct SynthConfiguration: Sendable, Hashable {
    /// Seeds GSL's Mersenne Twister (one derived stream per person).
    package var seed: UInt
    /// People in the population (`u00`, `u01`, …).
    package var users: Int
    /// How many phones of ``DeviceProfile/catalogue`` are used; person `i`
    /// uses phone `i % devices`.
    package var devices: Int
    /// Sessions per person.
    package var sessions: Int
    /// The scene the sessions are performed on: `epilogue` (the reference
    /// reading app) or `playground` (the multi-finger playground in its
    /// reference configuration, ``PlaygroundScene``).
    package var scene: String
    /// Gestures a person sets out to make per session (the tab swipes needed
    /// to reach their targets come on top).
    package var gesturesPerSession: Int
    /// The people to write (all by default): a corpus split into files writes
    /// one range per file.
    package var userRange: Range<Int>?

    package init(
        seed: UInt, users: Int, devices: Int, sessions: Int, scene: String = EpilogueScene.name,
        gesturesPerSession: Int = 27, userRange: Range<Int>? = nil
    ) {
        self.seed = seed
        self.users = users
        self.devices = devices
        self.sessions = sessions
        self.scene = scene
        self.gesturesPerSession = gesturesPerSession
        self.userRange = userRange
    }

    /// The scenes the synthesizer can perform gestures on.
    package static let scenes = [EpilogueScene.name, PlaygroundScene.name]

    /// Checks the configuration; the message names the option at fault.
    package func validate() throws {
        func fail(_ message: String) -> SynthError { SynthError(message) }
        guard users >= 1 else { throw fail("--users must be at least 1 (got \(users))") }
        guard users <= 100_000 else { throw fail("--users must be at most 100000 (got \(users))") }
        guard devices >= 1, devices <= DeviceProfile.catalogue.count else {
            throw fail("--devices must be between 1 and \(DeviceProfile.catalogue.count) (got \(devices))")
        }
        guard sessions >= 1, sessions <= 10_000 else { throw fail("--sessions must be between 1 and 10000 (got \(sessions))") }
        guard gesturesPerSession >= 1, gesturesPerSession <= 10_000 else {
            throw fail("--gestures must be between 1 and 10000 (got \(gesturesPerSession))")
        }
        guard Self.scenes.contains(scene) else {
            throw fail("unknown scene '\(scene)' (known: \(Self.scenes.joined(separator: ", ")))")
        }
        if let range = userRange, range.isEmpty || range.lowerBound < 0 || range.upperBound > users {
            throw fail("the user range \(range.lowerBound)..<\(range.upperBound) is not inside 0..<\(users)")
        }
    }

    /// The people written, in order.
    package var writtenUsers: Range<Int> { userRange ?? 0..<users }
}

/// A configuration the synthesizer cannot run, or an output it cannot write.
package struct SynthError: Error, Sendable, Hashable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
