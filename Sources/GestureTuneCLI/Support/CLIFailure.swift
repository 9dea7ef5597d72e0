import ArgumentParser

// MARK: - Failures

/// A failure reported as one line on standard error with exit status 1.
struct CLIFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }

    /// Runs `body`; any error is printed and becomes exit status 1.
    static func guarding<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            Console.error("\(error)")
            throw ExitCode.failure
        }
    }
}
