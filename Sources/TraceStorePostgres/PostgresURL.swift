import Foundation
import TraceStore

// MARK: - postgres://user@host:port/dbname

/// Where a team's store is: a PostgreSQL server and database, from
/// `postgres://user@host:port/dbname` (`postgresql://` too). The password
/// is never in what is printed: it comes from the URL's own
/// `user:password@` (discouraged: it shows in `ps`), else `PGPASSWORD`,
/// else `~/.pgpass` (or `$PGPASSFILE`), as libpq reads them.
///
/// ```swift
/// let url = try PostgresURL("postgres://lab@127.0.0.1:5432/study")
/// print(url.redacted)   // postgres://lab@127.0.0.1:5432/study
/// ```
package struct PostgresURL: Sendable, Hashable, CustomStringConvertible {
    package var user: String
    package var host: String
    package var port: Int
    package var database: String
    /// The password, if any source gave one. Never printed.
    package var password: String?

    /// Whether `text` names a PostgreSQL store rather than a file.
    /// - Parameter text: a `--db` value.
    package static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Parses `text`, looking up the password where libpq would.
    /// - Parameters:
    ///   - text: `postgres://user@host:port/dbname`.
    ///   - environment: where `PGPASSWORD`, `PGPASSFILE` and `HOME` are read.
    /// - Throws: ``StoreError`` naming what is missing or malformed.
    package init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
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
        if let query = components.query, !query.isEmpty { throw bad("options after ? are not supported") }
        self.user = user.removingPercentEncoding ?? user
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        self.port = port
        self.database = database.removingPercentEncoding ?? database
        password =
            components.password?.removingPercentEncoding
            // An empty PGPASSWORD is none, as libpq reads it.
            ?? environment["PGPASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
            ?? Self.passwordFile(environment).flatMap {
                Self.pgpass($0, host: self.host, port: port, database: self.database, user: self.user)
            }
    }

    /// The URL without a password: what messages and reports show.
    package var redacted: String { "postgres://\(user)@\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)" }

    package var description: String { redacted }

    /// `text` with any `:password@` part taken out (for messages about a
    /// URL that did not parse).
    package static func withoutPassword(_ text: String) -> String {
        guard let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].lastIndex(of: "@") else { return text }
        let credentials = text[scheme.upperBound..<at]
        guard let colon = credentials.firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + String(text[at...])
    }

    /// `$PGPASSFILE`, else `~/.pgpass`.
    static func passwordFile(_ environment: [String: String]) -> String? {
        if let file = environment["PGPASSFILE"], !file.isEmpty { return file }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.pgpass"
    }

    /// The first matching line of a pgpass file
    /// (`host:port:database:user:password`, `*` matching anything, `\:`
    /// and `\\` escaped), as libpq reads it.
    /// - Parameters:
    ///   - file: the pgpass file.
    ///   - host: the server's host.
    ///   - port: its port.
    ///   - database: the database.
    ///   - user: the user.
    static func pgpass(_ file: String, host: String, port: Int, database: String, user: String) -> String? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            var fields: [String] = [""]
            var escaped = false
            for character in line {
                if escaped {
                    fields[fields.count - 1].append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == ":" && fields.count < 5 {
                    fields.append("")
                } else {
                    fields[fields.count - 1].append(character)
                }
            }
            guard fields.count == 5 else { continue }
            let wanted = [host, String(port), database, user]
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }
}
