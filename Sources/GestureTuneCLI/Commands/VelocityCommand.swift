import ArgumentParser
import Foundation
import GesturePhysics
import TraceImport
import TraceModel

// MARK: - gesturetune velocity

extension VelocityStrategy: ExpressibleByArgument {}

/// Prints one release velocity per pointer of a recording, as the spec's
/// "Velocity at release" contract defines it.
///
/// ```sh
/// gesturetune velocity --json ../shared/fixtures/velocity/flutter-velocity.jsonl
/// ```
struct VelocityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "velocity",
        abstract: "Print the release velocity of every pointer in a recording (points per second).",
        discussion: """
            Strategies: lsq2 (default; least squares, degree 2, over at most 20 samples \
            within 100 ms), impulse (Android's kinetic-energy estimator), ios (weighted \
            mean of the last three segments), twopoint (slope of the last two samples). \
            A release more than 40 ms after the previous sample has velocity 0.
            """)

    @Option(help: "Velocity estimator.")
    var strategy: VelocityStrategy = .lsq2

    @OptionGroup var input: ImportFlags

    @Flag(help: "Print an array of objects with session, pointer, t, vx, vy.")
    var json = false

    @Argument(help: ArgumentHelp("A recording in any supported format.", valueName: "file"))
    var file: String

    func run() throws {
        let sessions: [Session]
        do {
            sessions = try ImporterRegistry.readSessions(path: file, format: input.resolvedFormat, options: input.options)
        } catch {
            Console.error("\(error)")
            throw ExitCode.failure
        }
        let releases = sessions.flatMap { releaseVelocities(of: $0, strategy: strategy) }
        if json {
            try Console.json(releases.map(ReleaseLine.init))
            return
        }
        Console.out("session\tpointer\tt (s)\tvx (pt/s)\tvy (pt/s)")
        for release in releases {
            Console.out(
                "\(release.session)\t\(release.pointer)\t\(Console.fixed(release.t.seconds, 6))\t"
                    + "\(Console.fixed(release.vx, 3))\t\(Console.fixed(release.vy, 3))")
        }
    }
}

/// One line of `velocity --json`; `t` in seconds.
private struct ReleaseLine: Encodable {
    var session: String
    var pointer: Int32
    var t: Double
    var vx: Double
    var vy: Double

    init(_ release: ReleaseVelocity) {
        session = release.session
        pointer = release.pointer
        t = release.t.seconds
        vx = release.vx
        vy = release.vy
    }
}
