import Foundation

// MARK: - The test PostgreSQL server

/// The PostgreSQL server `scripts/with-postgres.sh` starts for the tests
/// (`make test` runs the suite inside it): its URL is in
/// `GESTURETUNE_TEST_POSTGRES`, its password in `PGPASSWORD`. Without them
/// the PostgreSQL tests are not run; the SQLite halves of the same
/// conformance tests always are.
///
/// Each test makes a database of its own (``freshDatabase()``), so tests
/// never see each other's rows.
package enum TestPostgres {
    /// The server's URL (its `postgres` database), or `nil` when no server
    /// was started for the tests.
    package static var serverURL: String? {
        guard let url = ProcessInfo.processInfo.environment["GESTURETUNE_TEST_POSTGRES"], !url.isEmpty else { return nil }
        return url
    }

    /// Whether the PostgreSQL tests can run.
    package static var isAvailable: Bool { serverURL != nil }

    /// A new, empty database on the test server: its URL.
    package static func freshDatabase() throws -> String {
        guard let server = serverURL else { throw Failure(message: "GESTURETUNE_TEST_POSTGRES is not set") }
        let name = "gt_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try psql(server, "CREATE DATABASE \(name)")
        return url(server, database: name)
    }

    /// `server` with its database replaced by `database`.
    /// - Parameters:
    ///   - server: a `postgres://user@host:port/db` URL.
    ///   - database: the database to name instead.
    package static func url(_ server: String, database: String) -> String {
        guard let slash = server.range(of: "/", options: .backwards) else { return server }
        return String(server[..<slash.upperBound]) + database
    }

    /// Runs `sql` with `psql` against the database `url` names; its output
    /// (unaligned, tuples only).
    /// - Parameters:
    ///   - url: the database.
    ///   - sql: one or more statements.
    @discardableResult
    package static func psql(_ url: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        // psql takes postgresql:// and postgres:// alike.
        process.arguments = ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-At", "-d", url, "-c", sql]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(message: "psql \(sql): " + String(decoding: errors, as: UTF8.self))
        }
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    package struct Failure: Error, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }
}
