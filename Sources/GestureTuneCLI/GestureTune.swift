import ArgumentParser
import Foundation

// MARK: - The `gesturetune` command

/// The root command. Each subcommand lives in `Commands/` (one file each);
/// option groups several commands share (`StoreOptions`) live in `Options/`.
///
/// To add a command: write `Commands/FooCommand.swift` with a
/// `struct FooCommand: ParsableCommand` (`commandName: "foo"`), and add
/// `FooCommand.self` to `subcommands` below.
///
/// Exit codes: 0 ok, 1 failure (bad input, store problem), 2 usage error.
@main
struct GestureTune: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gesturetune",
        abstract: "Measure touch gestures against what people meant, and tune their constants.",
        version: ReportOutput.version,
        subcommands: [
            IngestCommand.self,
            StatsCommand.self,
            SimulateCommand.self,
            VelocityCommand.self,
            SynthCommand.self,
            OptimizeCommand.self,
            EvaluateCommand.self,
            ReportCommand.self,
            RecordCommand.self,
        ])

    /// Like `ParsableCommand.main()`, but usage errors exit with 2 (the
    /// parser's default is 64) so scripts can tell them from failures.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
