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

    /// The certificate authority of the test server's TLS certificate
    /// (made for the run; the certificate names the host `localhost`).
    package static var certificateAuthority: String? {
        guard let path = ProcessInfo.processInfo.environment["GESTURETUNE_TEST_POSTGRES_CA"], !path.isEmpty else {
            return nil
        }
        return path
    }

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
    ///   - password: the server's password, when it is not the test
    ///     server's (`PGPASSWORD`).
    @discardableResult
    package static func psql(_ url: String, _ sql: String, password: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        if let password {
            var environment = ProcessInfo.processInfo.environment
            environment["PGPASSWORD"] = password
            process.environment = environment
        }
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

    /// A PostgreSQL server of one test's own, for a test that stops it:
    /// `scripts/with-postgres.sh` nested, running until ``close()``.
    package final class OwnServer: @unchecked Sendable {
        /// Its `postgres` database.
        package let url: String
        /// Its password (give it as `PGPASSWORD`).
        package let password: String
        private let control: String
        private let process = Process()
        private let input = Pipe()

        /// Starts the server (a few seconds: initdb and start).
        package init() throws {
            process.executableURL = TestPaths.packageRoot.appendingPathComponent("scripts/with-postgres.sh")
            // The command prints what with-postgres.sh gives it, then holds
            // the server until its standard input closes.
            process.arguments = [
                "sh", "-c",
                #"printf '%s %s %s\n' "$GESTURETUNE_TEST_POSTGRES" "$PGPASSWORD" "$GESTURETUNE_TEST_POSTGRES_CTL"; cat >/dev/null"#
            ]
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = input
            try process.run()
            let bytes = output.fileHandleForReading.readThroughFirstLine()
            let fields = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
            guard fields.count == 3 else {
                throw Failure(message: "scripts/with-postgres.sh did not start a server")
            }
            (url, password, control) = (fields[0], fields[1], fields[2])
        }

        /// Stops it at once, as a crash or a power cut would
        /// (`pg_ctl stop -m immediate`: no checkpoint, open transactions lost).
        package func stopImmediately() throws { try pgctl(["stop", "-m", "immediate"]) }

        /// Starts it again after ``stopImmediately()``, on the same port (it
        /// recovers from its write-ahead log first).
        package func restart() throws { try pgctl(["start"]) }

        /// Runs `sql` on the database `url` names (its own `postgres` one by default).
        @discardableResult
        package func psql(_ sql: String, database: String? = nil) throws -> String {
            try TestPostgres.psql(database ?? url, sql, password: password)
        }

        /// Stops the server and removes its directory.
        package func close() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }

        private func pgctl(_ arguments: [String]) throws {
            let run = Process()
            run.executableURL = URL(fileURLWithPath: control)
            run.arguments = arguments
            run.standardOutput = FileHandle.nullDevice
            try run.run()
            run.waitUntilExit()
            guard run.terminationStatus == 0 else { throw Failure(message: "\(control) \(arguments): failed") }
        }
    }

    package struct Failure: Error, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }
}
