import Foundation
import TraceStoreInterface

// MARK: - Optimization runs

extension PostgresTraceStore {
    package func saveRun(_ run: RunRecord, finish: @escaping @Sendable (Int64) throws -> Data?) async throws -> Int64 {
        try requireWritable()
        guard let json = String(data: run.resultJSON, encoding: .utf8) else {
            throw StoreError("the run's result is not UTF-8 JSON")
        }
        @Sendable func finite(_ x: Double?) -> String? { x.flatMap { $0.isFinite ? Row.number($0) : nil } }
        return try await withTransaction { connection in
            let rows = try connection.execute(
                """
                INSERT INTO runs (kind, created_at, seed, command_line, corpus_fingerprint, scene, evaluations, seconds,
                                  baseline_holdout_misfire_rate, tuned_holdout_misfire_rate, verdict, result)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
                RETURNING id
                """,
                [
                    run.kind, run.createdAt, String(run.seed), run.commandLine, run.corpusFingerprint, run.scene,
                    String(run.evaluations), Row.number(run.seconds), finite(run.baselineHoldoutMisfireRate),
                    finite(run.tunedHoldoutMisfireRate), run.verdict, json
                ])
            guard rows.count > 0, let id = rows.int(0, 0) else { throw StoreError("the run was not stored") }
            let key = String(id)
            for (seq, p) in run.parameters.enumerated() {
                try connection.execute(
                    "INSERT INTO \(StoreTable.runParameters) (run, seq, name, baseline, tuned, lower, upper) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    [
                        key, String(seq), p.name, Row.number(p.baseline), Row.number(p.tuned), Row.number(p.lower),
                        Row.number(p.upper)
                    ])
            }
            // The history with one COPY: thousands of points, one round
            // trip. A missing or infinite value is stored as NULL, as the
            // SQLite store stores it.
            var history = ""
            for point in run.history {
                Row.append(
                    &history,
                    [
                        key, String(point.evaluation), Row.text(point.phase), Row.number(point.temperature),
                        finite(point.exact) ?? Row.null, finite(point.surrogate) ?? Row.null,
                        finite(point.violation) ?? Row.null, finite(point.bestSoFar) ?? Row.null
                    ])
            }
            if !history.isEmpty {
                try connection.copy(
                    "COPY \(StoreTable.runHistory) (run, evaluation, phase, temperature, exact, surrogate, violation, best_so_far) FROM STDIN",
                    Array(history.utf8))
            }
            // Publishing writes files; this is already a thread of the store's own.
            if let final = try finish(id) {
                guard let text = String(data: final, encoding: .utf8) else {
                    throw StoreError("the run's result is not UTF-8 JSON")
                }
                try connection.execute("UPDATE runs SET result = $1 WHERE id = $2", [text, key])
            }
            return id
        }
    }

    package func run(id: Int64) async throws -> RunRecord? {
        try await withConnection { connection in try Self.loadRun(connection, id: id) }
    }

    package func latestRun(kind: String) async throws -> RunRecord? {
        try await withConnection { connection in
            let rows = try connection.execute("SELECT id FROM runs WHERE kind = $1 ORDER BY id DESC LIMIT 1", [kind])
            guard rows.count > 0, let id = rows.int(0, 0) else { return nil }
            return try Self.loadRun(connection, id: id)
        }
    }

    package func runSummaries(kind: String) async throws -> [RunRecord] {
        try await withConnection { connection in
            let rows = try connection.execute(
                "SELECT \(Self.runColumns) FROM runs WHERE kind = $1 ORDER BY id DESC", [kind])
            return (0..<rows.count).map { Self.record(rows, $0, parameters: [], history: [], result: "") }
        }
    }

    /// The columns of `runs` that ``record(_:_:parameters:history:result:)`` reads, in its order.
    private static let runColumns = """
        id, kind, created_at, seed, command_line, corpus_fingerprint, scene, evaluations, seconds,
        baseline_holdout_misfire_rate, tuned_holdout_misfire_rate, verdict
        """

    private static func loadRun(_ connection: PGConnection, id: Int64) throws -> RunRecord? {
        let key = String(id)
        let row = try connection.execute("SELECT \(runColumns), result FROM runs WHERE id = $1", [key])
        guard row.count > 0 else { return nil }
        let stored = try connection.execute(
            "SELECT name, baseline, tuned, lower, upper FROM \(StoreTable.runParameters) WHERE run = $1 ORDER BY seq", [key])
        let parameters = (0..<stored.count).map { i in
            RunParameter(
                name: stored.string(i, 0) ?? "", baseline: stored.double(i, 1) ?? .nan, tuned: stored.double(i, 2) ?? .nan,
                lower: stored.double(i, 3) ?? .nan, upper: stored.double(i, 4) ?? .nan)
        }
        let points = try connection.execute(
            """
            SELECT evaluation, phase, temperature, exact, surrogate, violation, best_so_far FROM \(StoreTable.runHistory)
            WHERE run = $1 ORDER BY evaluation
            """, [key])
        let history = (0..<points.count).map { i in
            RunHistoryPoint(
                evaluation: Int(points.int(i, 0) ?? 0), phase: points.string(i, 1) ?? "",
                temperature: points.double(i, 2) ?? .nan, exact: points.double(i, 3) ?? .infinity,
                surrogate: points.double(i, 4) ?? .infinity, violation: points.double(i, 5) ?? .infinity,
                bestSoFar: points.double(i, 6))
        }
        return record(row, 0, parameters: parameters, history: history, result: row.string(0, 12) ?? "")
    }

    /// A run from row `i` of `rows` (``runColumns``, in order).
    private static func record(
        _ rows: PGResult, _ i: Int, parameters: [RunParameter], history: [RunHistoryPoint], result: String
    ) -> RunRecord {
        RunRecord(
            id: rows.int(i, 0), kind: rows.string(i, 1) ?? "", createdAt: rows.string(i, 2) ?? "", seed: rows.int(i, 3) ?? 0,
            commandLine: rows.string(i, 4) ?? "", corpusFingerprint: rows.string(i, 5) ?? "", scene: rows.string(i, 6),
            evaluations: Int(rows.int(i, 7) ?? 0), seconds: rows.double(i, 8) ?? 0,
            baselineHoldoutMisfireRate: rows.double(i, 9), tunedHoldoutMisfireRate: rows.double(i, 10),
            verdict: rows.string(i, 11), parameters: parameters, history: history, resultJSON: Data(result.utf8))
    }
}
