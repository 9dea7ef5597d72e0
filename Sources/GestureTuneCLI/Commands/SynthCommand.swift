import ArgumentParser
import Foundation
import Synthesis
import TraceModel

// MARK: - gesturetune synth

/// Writes labelled sessions from the model of human movement in `Synthesis`.
///
/// ```sh
/// gesturetune synth --seed 2026 --users 40 --devices 6 --sessions 8 \
///     --scene epilogue --users-per-file 5 --out datasets/epilogue
/// ```
///
/// The same arguments always write the same bytes: each person draws from
/// their own GSL stream, so splitting into files does not change the output.
struct SynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Generate labelled touch sessions (canonical JSON Lines) from a model of human movement.",
        discussion: "Deterministic: the same options write the same bytes.")

    // Numbers parse `.unconditional`ly: `--users -3` is refused as a value,
    // not misread as a missing value and a flag.
    @Option(parsing: .unconditional, help: "Random seed.") var seed: UInt = 2026
    @Option(parsing: .unconditional, help: "Number of people (user ids u00, u01, …).") var users = 40
    @Option(parsing: .unconditional, help: "Number of device profiles, assigned round-robin to people.") var devices = 6
    @Option(parsing: .unconditional, help: "Sessions per person.") var sessions = 8
    @Option(parsing: .unconditional, help: "Gestures per session.") var gestures = 27
    @Option(help: "Scene the gestures are made for: epilogue or playground.") var scene = "epilogue"
    @Option(help: "Output file (`-` for standard output), or a directory with --users-per-file.")
    var out: String
    @Option(parsing: .unconditional, help: "Write one file per this many people into the --out directory.")
    var usersPerFile: Int?
    @Flag(help: "Print what was written as one JSON object (not with --out -).")
    var json = false

    func validate() throws {
        if json && out == "-" { throw ValidationError("--json cannot share standard output with --out -") }
        if let usersPerFile, usersPerFile < 1 { throw ValidationError("--users-per-file must be at least 1") }
        if usersPerFile != nil && out == "-" { throw ValidationError("--users-per-file needs a directory for --out") }
        do { try settings.validate() } catch { throw ValidationError("\(error)") }
    }

    private var settings: SynthConfiguration {
        SynthConfiguration(
            seed: seed, users: users, devices: devices, sessions: sessions, scene: scene,
            gesturesPerSession: gestures)
    }

    func run() throws {
        let clock = ContinuousClock()
        let started = clock.now
        var total = SynthSummary()
        var files: [String] = []
        do {
            let synthesizer = try Synthesizer(settings)
            if let usersPerFile {
                for (file, summary) in try synthesizer.writeParts(toDirectory: out, usersPerFile: usersPerFile) {
                    files.append(file)
                    total.add(summary)
                }
            } else {
                total = try synthesizer.write(toPath: out)
                files = [out]
            }
        } catch {
            Console.error("\(error)")
            throw ExitCode.failure
        }
        let elapsed = (clock.now - started) / .seconds(1)
        if json {
            try Console.json(SynthReport(files: files, summary: total, seconds: elapsed))
            return
        }
        let events = total.sessions + total.touches + total.motion + total.labels
        Console.error(
            "wrote \(Console.grouped(total.sessions)) sessions, \(Console.grouped(total.labels)) labels, "
                + "\(Console.grouped(total.touches)) touches, \(Console.grouped(total.motion)) motion samples "
                + "(\(Console.grouped(total.bytes)) bytes in \(files.count) file(s)) in \(Console.fixed(elapsed, 2)) s "
                + "(\(Console.grouped(Int(Double(events) / max(elapsed, 1e-9)))) events/s)")
    }
}

/// What `synth --json` prints.
private struct SynthReport: Encodable {
    var files: [String]
    var summary: SynthSummary
    var seconds: Double
}
