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

    /// Runs async `body`; any error is printed and becomes exit status 1.
    /// - Parameter body: the work whose errors are the command's failure.
    static func guardingAsync<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            Console.error("\(error)")
            throw ExitCode.failure
        }
    }
}
