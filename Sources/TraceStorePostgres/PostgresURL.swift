import Foundation
import TraceStoreInterface

// MARK: - postgres://user@host:port/dbname?options

/// Where a team's store is: a PostgreSQL server and database, from
/// `postgres://user@host:port/dbname` (`postgresql://` too), with libpq's
/// connection options after `?` (`sslmode=verify-full&sslrootcert=ca.pem`,
/// `service=lab`, …). libpq reads the URL itself, so the password comes
/// as libpq finds it: the URL's own `user:password@` (discouraged: it shows
/// in `ps`), else `PGPASSWORD`, else `~/.pgpass` (or `$PGPASSFILE`), else a
/// service file. The password is never in what is printed.
///
/// ```swift
/// let url = try PostgresURL("postgres://lab@db.example.org:5432/study?sslmode=verify-full")
/// print(url.redacted)   // postgres://lab@db.example.org:5432/study?sslmode=verify-full
/// ```
package struct PostgresURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL as given, password included: what libpq is handed.
    let text: String
    package var user: String
    package var host: String
    package var port: Int
    package var database: String
    /// The options after `?`, a password among them taken out.
    package var options: String

    /// Whether `text` names a PostgreSQL store rather than a file.
    /// - Parameter text: a `--db` value.
    package static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Parses `text`: the parts a store names itself by (user, host, port,
    /// database) here, the options by libpq.
    /// - Parameter text: `postgres://user@host:port/dbname[?options]`.
    /// - Throws: `StoreError` naming what is missing or malformed.
    package init(_ text: String) throws {
        let shown = Self.withoutPassword(text)
        func bad(_ why: String) -> StoreError {
            StoreError("\(shown): not a PostgreSQL store URL (\(why)); the form is postgres://user@host:port/dbname")
        }
        guard Self.isURL(text), let components = URLComponents(string: text) else { throw bad("cannot parse it") }
        guard let user = components.user, !user.isEmpty else { throw bad("no user") }
        guard let host = components.host, !host.isEmpty else { throw bad("no host") }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else { throw bad("no database name after the port") }
        let port = components.port ?? 5432
        guard (1...65_535).contains(port) else { throw bad("port \(port)") }
        if let problem = PGConnection.parseProblem(text) { throw bad(problem) }
        self.text = text
        self.user = user.removingPercentEncoding ?? user
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        self.port = port
        self.database = database.removingPercentEncoding ?? database
        options = Self.withoutPassword(options: components.percentEncodedQuery ?? "")
    }

    /// The URL without a password: what messages and reports show.
    package var redacted: String {
        "postgres://\(user)@\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)"
            + (options.isEmpty ? "" : "?\(options)")
    }

    package var description: String { redacted }

    /// `text` with any `:password@` part and `password=` option taken out
    /// (for messages about a URL that did not parse).
    package static func withoutPassword(_ text: String) -> String {
        var text = text
        if let question = text.firstIndex(of: "?") {
            let options = withoutPassword(options: String(text[text.index(after: question)...]))
            text = String(text[..<question]) + (options.isEmpty ? "" : "?" + options)
        }
        guard let scheme = text.range(of: "://") else { return text }
        let authority = text[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" }
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + String(text[at...])
    }

    /// `a=1&password=x&b=2` → `a=1&b=2`.
    private static func withoutPassword(options: String) -> String {
        options.split(separator: "&").filter { !$0.hasPrefix("password=") }.joined(separator: "&")
    }
}
