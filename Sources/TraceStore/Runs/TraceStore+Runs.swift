import Foundation
import GRDB
import TraceStoreInterface

// MARK: - Optimization runs, stored beside the data they tuned on

extension TraceStore {
    // MARK: - Schema (migration v2-runs)

    static func createRunTables(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS runs (
                    id INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL,
                    createdAt TEXT NOT NULL,
                    seed INTEGER NOT NULL,
                    commandLine TEXT NOT NULL,
                    corpusFingerprint TEXT NOT NULL,
                    scene TEXT,
                    evaluations INTEGER NOT NULL,
                    seconds REAL NOT NULL,
                    baselineHoldoutMisfireRate REAL,
                    tunedHoldoutMisfireRate REAL,
                    verdict TEXT,
                    result TEXT NOT NULL
                );
                CREATE INDEX IF NOT EXISTS runsByKind ON runs(kind, id);
                CREATE TABLE IF NOT EXISTS runParameters (
                    run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    baseline REAL NOT NULL,
                    tuned REAL NOT NULL,
                    lower REAL NOT NULL,
                    upper REAL NOT NULL,
                    PRIMARY KEY (run, name)
                );
                -- exact/surrogate may be infinite for a parameter set the
                -- simulator rejected: stored as NULL.
                CREATE TABLE IF NOT EXISTS runHistory (
                    run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
                    evaluation INTEGER NOT NULL,
                    phase TEXT NOT NULL,
                    temperature REAL NOT NULL,
                    exact REAL,
                    surrogate REAL,
                    violation REAL,
                    bestSoFar REAL,
                    PRIMARY KEY (run, evaluation)
                );
                """)
    }

    // MARK: - Saving

    /// Stores a run in one transaction and returns its id.
    ///
    /// `finish` runs inside that transaction with the new id, before the
    /// commit: it publishes what the run produced (its reports) and may return
    /// the final result JSON (which records the id). If it throws, nothing
    /// is stored, so `--run latest` never names a run whose reports failed.
    package func saveRun(_ run: RunRecord, finish: @escaping @Sendable (Int64) throws -> Data?) async throws -> Int64 {
        guard let json = String(data: run.resultJSON, encoding: .utf8) else {
            throw StoreError("the run's result is not UTF-8 JSON")
        }
        try requireWritable()
        return try await BlockingWork.run { try self.pool.write { db in try Self.insert(run, json: json, db, finish: finish) } }
    }

    /// The transaction of ``saveRun(_:finish:)``.
    private static func insert(_ run: RunRecord, json: String, _ db: Database, finish: (Int64) throws -> Data?) throws
        -> Int64
    {
        func finite(_ x: Double?) -> Double? { x.flatMap { $0.isFinite ? $0 : nil } }
        try db.execute(
            sql: """
                INSERT INTO runs (kind, created_at, seed, command_line, corpus_fingerprint, scene, evaluations, seconds,
                                  baseline_holdout_misfire_rate, tuned_holdout_misfire_rate, verdict, result)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                run.kind, run.createdAt, run.seed, run.commandLine, run.corpusFingerprint, run.scene,
                run.evaluations, run.seconds, finite(run.baselineHoldoutMisfireRate),
                finite(run.tunedHoldoutMisfireRate), run.verdict, json
            ])
        let id = db.lastInsertedRowID
        let parameter = try db.makeStatement(
            sql: """
                INSERT INTO \(StoreTable.runParameters) (run, name, baseline, tuned, lower, upper) VALUES (?, ?, ?, ?, ?, ?)
                """)
        for p in run.parameters {
            try parameter.execute(arguments: [id, p.name, p.baseline, p.tuned, p.lower, p.upper])
        }
        let point = try db.makeStatement(
            sql: """
                INSERT INTO \(StoreTable.runHistory) (run, evaluation, phase, temperature, exact, surrogate, violation, best_so_far)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for h in run.history {
            try point.execute(arguments: [
                id, h.evaluation, h.phase, h.temperature, finite(h.exact),
                finite(h.surrogate), finite(h.violation), finite(h.bestSoFar)
            ])
        }
        if let final = try finish(id) {
            guard let text = String(data: final, encoding: .utf8) else {
                throw StoreError("the run's result is not UTF-8 JSON")
            }
            try db.execute(sql: "UPDATE runs SET result = ? WHERE id = ?", arguments: [text, id])
        }
        return id
    }

    // MARK: - Loading

    /// The run with this id, complete; `nil` when there is none.
    package func run(id: Int64) async throws -> RunRecord? {
        try await reading { db in try Self.loadRun(db, where: "id = ?", [id]) }
    }

    /// The newest run of `kind`; `nil` when none is stored.
    package func latestRun(kind: String) async throws -> RunRecord? {
        try await reading { db in
            guard
                let id = try Int64.fetchOne(
                    db, sql: "SELECT id FROM runs WHERE kind = ? ORDER BY id DESC LIMIT 1",
                    arguments: [kind])
            else { return nil }
            return try Self.loadRun(db, where: "id = ?", [id])
        }
    }

    /// Every stored run without parameters, history or result: newest first.
    package func runSummaries(kind: String) async throws -> [RunRecord] {
        try await reading { db in
            try Row.fetchAll(db, sql: "SELECT * FROM runs WHERE kind = ? ORDER BY id DESC", arguments: [kind]).map {
                Self.record(from: $0, parameters: [], history: [], result: Data())
            }
        }
    }

    private static func loadRun(_ db: Database, where condition: String, _ arguments: StatementArguments) throws
        -> RunRecord?
    {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM runs WHERE \(condition)", arguments: arguments) else {
            return nil
        }
        let id: Int64 = row["id"]
        let parameters = try Row.fetchAll(
            db, sql: "SELECT * FROM \(StoreTable.runParameters) WHERE run = ? ORDER BY rowid",
            arguments: [id]
        ).map {
            RunParameter(
                name: $0["name"], baseline: $0["baseline"], tuned: $0["tuned"], lower: $0["lower"],
                upper: $0["upper"])
        }
        let history = try Row.fetchAll(
            db, sql: "SELECT * FROM \(StoreTable.runHistory) WHERE run = ? ORDER BY evaluation",
            arguments: [id]
        ).map {
            RunHistoryPoint(
                evaluation: $0["evaluation"], phase: $0["phase"], temperature: $0["temperature"],
                exact: $0["exact"] ?? .infinity, surrogate: $0["surrogate"] ?? .infinity,
                violation: $0["violation"] ?? .infinity, bestSoFar: $0["best_so_far"])
        }
        let text: String = row["result"]
        return record(from: row, parameters: parameters, history: history, result: Data(text.utf8))
    }

    private static func record(from row: Row, parameters: [RunParameter], history: [RunHistoryPoint], result: Data)
        -> RunRecord
    {
        RunRecord(
            id: row["id"], kind: row["kind"], createdAt: row["created_at"], seed: row["seed"],
            commandLine: row["command_line"], corpusFingerprint: row["corpus_fingerprint"], scene: row["scene"],
            evaluations: row["evaluations"], seconds: row["seconds"],
            baselineHoldoutMisfireRate: row["baseline_holdout_misfire_rate"],
            tunedHoldoutMisfireRate: row["tuned_holdout_misfire_rate"], verdict: row["verdict"],
            parameters: parameters, history: history, resultJSON: result)
    }

    // MARK: - Corpus fingerprint

    /// SHA-256 over the ids and content hashes of the stored sessions (all,
    /// or those named), in id order: two runs with equal fingerprints tuned
    /// on the same data. Cheap: it reads one row per session.
    package func corpusFingerprint(sessionIDs: Set<String>?) async throws -> String {
        try await reading { db in
            var fingerprint = CorpusFingerprint(sessionIDs: sessionIDs)
            let rows = try Row.fetchCursor(db, sql: "SELECT name, content_sha256 FROM sessions ORDER BY name")
            while let row = try rows.next() { fingerprint.add(name: row[0], contentHash: row[1]) }
            return fingerprint.finalize()
        }
    }
}
