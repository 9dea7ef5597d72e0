import ArgumentParser
import Foundation

// MARK: - The `gesturetune` command

/// The root command. Each subcommand lives in `Commands/` (one file each);
/// option groups several commands share (`StoreOptions`) live in `Options/`.
///
/// To add a command: write `Commands/FooCommand.swift` with a
/// `struct FooCommand: ParsableCommand` (`AsyncParsableCommand` when it uses the store) (`commandName: "foo"`), and add
/// `FooCommand.self` to `subcommands` below.
///
/// Exit codes: 0 ok, 1 failure (bad input, store problem), 2 usage error.
@main
struct GestureTune: AsyncParsableCommand {
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
            ServeCommand.self
        ])

    /// Like `ParsableCommand.main()`, but usage errors exit with 2 (the
    /// parser's default is 64) so scripts can tell them from failures, and
    /// every error speaks the one voice of ``Console/error(_:)``:
    /// `gesturetune ingest: what is wrong`, then the usage and where the
    /// help is, each line with the same prefix (the parser's own `Error:`
    /// and `Usage:` forms never reach a script's log).
    static func main() async {
        do {
            var command = try parseAsRoot()
            // The commands that use the store are async (a PostgreSQL store
            // answers over the network); the others stay plain.
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            // --help and --version: printed as the parser prints them.
            if code == .success { exit(withError: error) }
            let message = Console.sentence(self.message(for: error))
            if code == .validationFailure {
                var lines = [message.isEmpty ? "invalid usage" : message]
                // The parser's full text after its own error line: the usage
                // (possibly wrapped) and the pointer to --help.
                let full = fullMessage(for: error).split(separator: "\n")
                let usage = full.dropFirst(message.isEmpty ? 0 : 1)
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("Help:") }
                lines += usage.map { Console.sentence($0) }
                Console.error(lines.joined(separator: "\n"))
                Foundation.exit(2)
            }
            if !message.isEmpty { Console.error(message) }
            Foundation.exit(code.rawValue)
        }
    }
}
