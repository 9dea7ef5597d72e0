import Foundation
import GestureTuneTestSupport
import Testing
import TraceStore
import TraceStoreInterface
import TraceStorePostgres

// MARK: - TLS to the PostgreSQL store

/// A team's server on another machine is reached over TLS, with libpq's
/// `sslmode`: against the test server (scripts/with-postgres.sh turns
/// `ssl` on with a certificate for `localhost`, signed by a CA made for the
/// run), `require` encrypts, `verify-full` with that CA connects when the
/// host name is the certificate's, and is refused in one line when it is
/// not, or when the CA is another.
@Suite(
    "TLS to a PostgreSQL store: sslmode=require and verify-full", .serialized, .timeLimit(storeTestLimit),
    .enabled(
        if: TestPostgres.isAvailable && TestPostgres.certificateAuthority != nil,
        "needs scripts/with-postgres.sh (make test)"))
struct TLSTests {
    /// Whether every connection gesturetune has open to `database` is
    /// encrypted (and there is at least one), as the server sees them.
    private static func encrypted(_ database: String) throws -> String {
        try TestPostgres.psql(
            database,
            """
            SELECT coalesce(bool_and(s.ssl), false) FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid)
            WHERE a.application_name = 'gesturetune' AND a.datname = current_database()
            """)
    }

    /// `url` with its host named `localhost`, as the server's certificate names it.
    private static func byName(_ url: String) -> String {
        url.replacingOccurrences(of: "@127.0.0.1:", with: "@localhost:")
    }

    @Test("sslmode=require: the store connects over TLS and ingests")
    func requireEncrypts() async throws {
        let database = try TestPostgres.freshDatabase()
        let store = try await PostgresTraceStore.open(try PostgresURL(database + "?sslmode=require"))
        let imported = try #require(report(try await store.ingest(path: flutter)))
        #expect(imported.sessions == 2 && imported.touches == 318)
        #expect(try Self.encrypted(database) == "t")
        #expect(try await store.statistics().touches == 318)
        await store.close()
    }

    @Test("sslmode=verify-full with the server's CA: connects by the certificate's host name, and ingests")
    func verifyFullConnects() async throws {
        let authority = try #require(TestPostgres.certificateAuthority)
        let database = try TestPostgres.freshDatabase()
        let url = try PostgresURL(Self.byName(database) + "?sslmode=verify-full&sslrootcert=\(authority)")
        #expect(url.redacted.hasSuffix("?sslmode=verify-full&sslrootcert=\(authority)"))
        let store = try await PostgresTraceStore.open(url)
        #expect(report(try await store.ingest(path: flutter))?.sessions == 2)
        #expect(try Self.encrypted(database) == "t")
        await store.close()
    }

    /// The store's refusal of `url`: one line, naming the store and why.
    private static func refusal(_ url: String) async throws -> String {
        do {
            let store = try await PostgresTraceStore.open(try PostgresURL(url))
            await store.close()
            Issue.record("connected: \(url)")
            return ""
        } catch {
            let text = "\(error)"
            #expect(!text.contains("\n"), "\(text)")
            #expect(text.hasPrefix("\(url): cannot connect ("), "\(text)")
            return text
        }
    }

    @Test("sslmode=verify-full is refused, in one line, by an address the certificate does not name")
    func verifyFullRefusesAnotherHostName() async throws {
        let authority = try #require(TestPostgres.certificateAuthority)
        let database = try TestPostgres.freshDatabase()
        let refused = try await Self.refusal(database + "?sslmode=verify-full&sslrootcert=\(authority)")
        #expect(refused.contains(#"server certificate for "localhost""#), "\(refused)")
        #expect(refused.contains(#"does not match host name "127.0.0.1""#), "\(refused)")
        #expect(try TestPostgres.psql(database, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == "0")
    }

    @Test("sslmode=verify-full is refused, in one line, when the certificate is not the given CA's")
    func verifyFullRefusesAnotherAuthority() async throws {
        // Another CA, made here: the server's certificate is not signed by it.
        let dir = try scratchDirectory()
        let other = dir.appendingPathComponent("other-ca.crt").path
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj",
            "/CN=another CA", "-keyout", dir.appendingPathComponent("other-ca.key").path, "-out", other
        ]
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        try #require(openssl.terminationStatus == 0)
        let database = try TestPostgres.freshDatabase()
        let refused = try await Self.refusal(Self.byName(database) + "?sslmode=verify-full&sslrootcert=\(other)")
        #expect(refused.contains("certificate verify failed"), "\(refused)")
    }
}
