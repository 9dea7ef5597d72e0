import Foundation
import PostgresNIO
import TraceStore

// MARK: - Optimization runs

extension PostgresTraceStore {
    package func saveRun(_ run: RunRecord, finish: @escaping @Sendable (Int64) throws -> Data?) async throws -> Int64 {
        try requireWritable()
        guard let json = String(data: run.resultJSON, encoding: .utf8) else {
            throw StoreError("the run's result is not UTF-8 JSON")
        }
        @Sendable func finite(_ x: Double?) -> Double? { x.flatMap { $0.isFinite ? $0 : nil } }
        return try await pool.withTransaction { connection in
            let logger = Self.logger
            let rows = try await connection.query(
                """
                INSERT INTO runs (kind, created_at, seed, command_line, corpus_fingerprint, scene, evaluations, seconds,
                                  baseline_holdout_misfire_rate, tuned_holdout_misfire_rate, verdict, result)
                VALUES (\(run.kind), \(run.createdAt), \(run.seed), \(run.commandLine), \(run.corpusFingerprint),
                        \(run.scene), \(Int32(run.evaluations)), \(run.seconds), \(finite(run.baselineHoldoutMisfireRate)),
                        \(finite(run.tunedHoldoutMisfireRate)), \(run.verdict), \(json))
                RETURNING id
                """, logger: logger
            ).collect()
            guard let id = try rows.first?.decode(Int64.self) else { throw StoreError("the run was not stored") }
            for (seq, p) in run.parameters.enumerated() {
                _ = try await connection.query(
                    """
                    INSERT INTO run_parameters (run, seq, name, baseline, tuned, lower, upper)
                    VALUES (\(id), \(Int32(seq)), \(p.name), \(p.baseline), \(p.tuned), \(p.lower), \(p.upper))
                    """, logger: logger)
            }
            // The history in one statement: thousands of points, one round
            // trip. A missing or infinite value travels as NaN and is
            // stored as NULL, as the SQLite store stores it.
            let history = run.history
            func column(_ value: (RunHistoryPoint) -> Double?) -> [Double] { history.map { finite(value($0)) ?? .nan } }
            _ = try await connection.query(
                """
                INSERT INTO run_history (run, evaluation, phase, temperature, exact, surrogate, violation, best_so_far)
                SELECT \(id), e, p, t, nullif(x, 'NaN'), nullif(s, 'NaN'), nullif(v, 'NaN'), nullif(b, 'NaN')
                FROM unnest(\(history.map { Int32($0.evaluation) })::integer[], \(history.map(\.phase))::text[],
                    \(history.map(\.temperature))::float8[], \(column(\.exact))::float8[], \(column(\.surrogate))::float8[],
                    \(column(\.violation))::float8[], \(column(\.bestSoFar))::float8[]) AS h(e, p, t, x, s, v, b)
                """, logger: logger)
            // Publishing writes files: on a thread of its own.
            if let final = try await TraceStore.offThePool({ try finish(id) }) {
                guard let text = String(data: final, encoding: .utf8) else {
                    throw StoreError("the run's result is not UTF-8 JSON")
                }
                _ = try await connection.query("UPDATE runs SET result = \(text) WHERE id = \(id)", logger: logger)
            }
            return id
        }
    }

    package func run(id: Int64) async throws -> RunRecord? {
        try await pool.withConnection { connection in try await Self.loadRun(connection, id: id) }
    }

    package func latestRun(kind: String) async throws -> RunRecord? {
        try await pool.withConnection { connection in
            let rows = try await connection.query(
                "SELECT id FROM runs WHERE kind = \(kind) ORDER BY id DESC LIMIT 1", logger: Self.logger
            ).collect()
            guard let id = try rows.first?.decode(Int64.self) else { return nil }
            return try await Self.loadRun(connection, id: id)
        }
    }

    private static func loadRun(_ connection: PostgresConnection, id: Int64) async throws -> RunRecord? {
        let logger = Self.logger
        let rows = try await connection.query(
            """
            SELECT kind, created_at, seed, command_line, corpus_fingerprint, scene, evaluations, seconds,
                   baseline_holdout_misfire_rate, tuned_holdout_misfire_rate, verdict, result
            FROM runs WHERE id = \(id)
            """, logger: logger
        ).collect()
        guard let row = rows.first?.makeRandomAccess() else { return nil }
        var parameters: [RunParameter] = []
        for try await (name, baseline, tuned, lower, upper) in try await connection.query(
            "SELECT name, baseline, tuned, lower, upper FROM run_parameters WHERE run = \(id) ORDER BY seq", logger: logger
        ).decode((String, Double, Double, Double, Double).self) {
            parameters.append(RunParameter(name: name, baseline: baseline, tuned: tuned, lower: lower, upper: upper))
        }
        var history: [RunHistoryPoint] = []
        for try await (evaluation, phase, temperature, exact, surrogate, violation, best) in try await connection.query(
            """
            SELECT evaluation, phase, temperature, exact, surrogate, violation, best_so_far FROM run_history
            WHERE run = \(id) ORDER BY evaluation
            """, logger: logger
        ).decode((Int32, String, Double, Double?, Double?, Double?, Double?).self) {
            history.append(
                RunHistoryPoint(
                    evaluation: Int(evaluation), phase: phase, temperature: temperature, exact: exact ?? .infinity,
                    surrogate: surrogate ?? .infinity, violation: violation ?? .infinity, bestSoFar: best))
        }
        return RunRecord(
            id: id, kind: try row[0].decode(String.self), createdAt: try row[1].decode(String.self),
            seed: try row[2].decode(Int64.self), commandLine: try row[3].decode(String.self),
            corpusFingerprint: try row[4].decode(String.self), scene: try row[5].decode(String?.self),
            evaluations: Int(try row[6].decode(Int32.self)), seconds: try row[7].decode(Double.self),
            baselineHoldoutMisfireRate: try row[8].decode(Double?.self),
            tunedHoldoutMisfireRate: try row[9].decode(Double?.self), verdict: try row[10].decode(String?.self),
            parameters: parameters, history: history, resultJSON: Data(try row[11].decode(String.self).utf8))
    }
}
