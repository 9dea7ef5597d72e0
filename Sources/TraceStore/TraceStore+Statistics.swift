import GRDB
import TraceStoreInterface

// MARK: - What is in the store

extension TraceStore {
    /// Counts, intents, sampling intervals per device and stroke
    /// distributions, in a few passes over the tables.
    ///
    /// ```swift
    /// let stats = try await store.statistics()
    /// print(stats.touches, stats.intents["tap"] ?? 0)
    /// ```
    package func statistics() async throws -> StoreStatistics {
        try await reading { db in
            var intents: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT intent, COUNT(*) FROM labels GROUP BY intent ORDER BY intent") {
                intents[row[0]] = row[1]
            }
            let stats = try StoreStatistics(
                counting: { table in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }, intents: intents)

            // Device of each session, for the sampling intervals.
            var builder = StatisticsBuilder(counts: stats)
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT s.id, d.platform, d.model, d.screen_width, d.screen_height FROM sessions s JOIN devices d ON d.id = s.device
                    """)
            {
                builder.device(ofSession: row[0], platform: row[1], model: row[2], width: row[3], height: row[4])
            }
            try RawStatement(db, "SELECT session, stroke, t, phase, x, y FROM \(StoreTable.touchSamples) ORDER BY id").forEachRow
            { row in
                builder.touch(
                    session: row.int64(0), stroke: row.int64(1), t: row.int64(2), phase: row.int64(3), x: row.double(4),
                    y: row.double(5))
            }
            try RawStatement(db, "SELECT id, began, ended FROM strokes").forEachRow { row in
                builder.stroke(row.int64(0), began: row.int64(1), ended: row.int64(2))
            }
            return builder.finish()
        }
    }
}
