import Foundation
import GRDB
import GestureTuneTestSupport
import Testing
import TraceStore
import TraceStoreInterface
import TraceStorePostgres

// MARK: - One spelling of every table, column and index

/// What a backend's fresh schema names: each table's columns, in order,
/// and its indexes.
private struct SchemaNames {
    var columns: [String: [String]] = [:]
    var indexes: [String] = []

    /// A new SQLite store's, as `PRAGMA table_info` and `index_list` give them.
    static func sqlite() async throws -> SchemaNames {
        let path = try scratchDirectory().appendingPathComponent("store.sqlite").path
        let store = try await BlockingWork.run { try TraceStore(path: path) }
        return try store.read { db in
            var names = SchemaNames()
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") {
                names.columns[table] = try db.columns(in: table).map(\.name)
                names.indexes += try db.indexes(on: table).map(\.name)
            }
            return names
        }
    }

    /// A new PostgreSQL store's, as `information_schema` and `pg_indexes`
    /// give them.
    static func postgres() async throws -> SchemaNames {
        let url = try TestPostgres.freshDatabase()
        let store = try await PostgresTraceStore.open(try PostgresURL(url))
        await store.close()
        var names = SchemaNames()
        let columns = try TestPostgres.psql(
            url,
            """
            SELECT table_name || ' ' || column_name FROM information_schema.columns
            WHERE table_schema = 'public' ORDER BY table_name, ordinal_position
            """)
        for line in columns.split(separator: "\n") {
            let parts = line.split(separator: " ").map(String.init)
            names.columns[parts[0], default: []].append(parts[1])
        }
        names.indexes =
            try TestPostgres.psql(url, "SELECT indexname FROM pg_indexes WHERE schemaname = 'public'")
            .split(separator: "\n").map(String.init)
        return names
    }

    static func of(_ backend: Backend) async throws -> SchemaNames {
        switch backend {
        case .sqlite: return try await sqlite()
        case .postgres: return try await postgres()
        }
    }
}

/// SQL's spelling, which both stores use: lower case, words joined by `_`.
private func isSnakeCase(_ name: String) -> Bool {
    name.wholeMatch(of: #/[a-z][a-z0-9]*(_[a-z0-9]+)*/#) != nil
}

/// A name with its spelling taken away: `fileName` and `file_name` are one.
private func spellingFree(_ name: String) -> String {
    name.lowercased().replacingOccurrences(of: "_", with: "")
}

/// The columns only one store has, each for a reason of its design: the
/// SQLite store numbers rows by one id per table and finds a session's
/// samples by id range; the PostgreSQL store numbers them within their
/// session (`seq`, so that writers never wait on each other for ids).
private let ownColumns: [Backend: Set<String>] = [
    .sqlite: [
        "sessions.touch_first", "sessions.motion_first", "strokes.id", "touch_samples.id", "motion_samples.id",
        "labels.id"
    ],
    .postgres: [
        "strokes.seq", "touch_samples.seq", "motion_samples.seq", "labels.seq", "run_parameters.seq"
    ]
]

@Suite("Store schema names: one spelling in both backends", .serialized, .timeLimit(storeTestLimit))
struct SchemaNamingTests {
    @Test("every table, column and index a store makes is snake_case", arguments: Backend.available)
    func snakeCase(_ backend: Backend) async throws {
        let names = try await SchemaNames.of(backend)
        #expect(Set(StoreTable.allCases.map(\.rawValue)).isSubset(of: names.columns.keys))
        for (table, columns) in names.columns.sorted(by: { $0.key < $1.key }) {
            #expect(isSnakeCase(table), "\(backend): table \(table)")
            for column in columns where !isSnakeCase(column) {
                Issue.record("\(backend): column \(table).\(column) is not snake_case")
            }
        }
        for index in names.indexes where !isSnakeCase(index) {
            Issue.record("\(backend): index \(index) is not snake_case")
        }
    }

    @Test(
        "a column both stores have is spelt the same; the others are each store's own",
        .enabled(if: TestPostgres.isAvailable, "needs scripts/with-postgres.sh (make test)"))
    func sameColumns() async throws {
        let sqlite = try await SchemaNames.sqlite()
        let postgres = try await SchemaNames.postgres()
        var shared = 0
        var alone: [Backend: Set<String>] = [.sqlite: [], .postgres: []]
        for table in StoreTable.allCases.map(\.rawValue) {
            let sqliteColumns = sqlite.columns[table] ?? [], postgresColumns = postgres.columns[table] ?? []
            let postgresSpelling = Dictionary(uniqueKeysWithValues: postgresColumns.map { (spellingFree($0), $0) })
            for column in sqliteColumns {
                guard let spelt = postgresSpelling[spellingFree(column)] else { continue }
                #expect(column == spelt, "\(table): SQLite \(column), PostgreSQL \(spelt)")
                shared += 1
            }
            alone[.sqlite]!.formUnion(Set(sqliteColumns).subtracting(postgresColumns).map { "\(table).\($0)" })
            alone[.postgres]!.formUnion(Set(postgresColumns).subtracting(sqliteColumns).map { "\(table).\($0)" })
        }
        #expect(alone == ownColumns)
        // Every column of the 11 tables but the stores' own.
        #expect(shared == 93)
    }
}
