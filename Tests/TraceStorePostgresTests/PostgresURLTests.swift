import Testing
import TraceStore
import TraceStorePostgres

// MARK: - What a store URL may say, and what is printed of it

/// libpq reads the URL (its options after `?` included); what messages and
/// reports print of it never holds the password, however it was given.
@Suite("PostgreSQL store URLs: libpq's options kept, the password never shown")
struct PostgresURLTests {
    @Test("options after ? are kept in what is shown; a password, in the authority or as an option, is not")
    func redaction() throws {
        let url = try PostgresURL("postgres://lab:secret@db.example.org:5433/study?sslmode=verify-full&password=also")
        #expect(url.redacted == "postgres://lab@db.example.org:5433/study?sslmode=verify-full")
        #expect(!"\(url)".contains("secret") && !"\(url)".contains("also"))
        #expect(try PostgresURL("postgresql://lab@[::1]/study").redacted == "postgres://lab@[::1]:5432/study")
        #expect(
            PostgresURL.withoutPassword("postgres://lab:secret@h/db?password=x&sslmode=require")
                == "postgres://lab@h/db?sslmode=require")
    }

    @Test("an option libpq does not know is refused in libpq's words, the password not shown")
    func unknownOptionRefused() {
        do {
            _ = try PostgresURL("postgres://lab:secret@h:5432/study?sslmod=require")
            Issue.record("an unknown option was taken")
        } catch {
            #expect(
                "\(error)"
                    == "postgres://lab@h:5432/study?sslmod=require: not a PostgreSQL store URL (invalid URI query "
                    + "parameter: \"sslmod\"); the form is postgres://user@host:port/dbname", "\(error)")
        }
    }
}
