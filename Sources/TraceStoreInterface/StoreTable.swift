// MARK: - The schema's tables, named once

/// The store's tables, named once for every backend: their SQL names them
/// through this, so a table is spelt the same in a SQLite file and on a
/// PostgreSQL server (snake_case, as SQL spells names; the SQLite store's
/// schema version 3 renamed its camelCase ones).
///
/// Their columns are spelt by the same rule, in each backend's SQL as
/// written: a column both stores have has one name (`file_name`,
/// `touch_count`), one only the SQLite store has follows the rule too
/// (`touch_first`; its schema version 4 renamed the camelCase ones). The
/// guarantee is a test that reads both schemas (`SchemaNamingTests`), not a
/// constant per column, which would leave the SQL unreadable.
///
/// ```swift
/// let sql = "SELECT COUNT(*) FROM \(StoreTable.touchSamples)"   // … FROM touch_samples
/// ```
package enum StoreTable: String, CaseIterable, Sendable, CustomStringConvertible {
    case imports
    case devices
    case users
    case sessions
    case strokes
    case touchSamples = "touch_samples"
    case motionSamples = "motion_samples"
    case labels
    case runs
    case runParameters = "run_parameters"
    case runHistory = "run_history"

    /// The name SQL uses.
    package var description: String { rawValue }

    /// The tables of recorded sessions (the corpus, without the runs tuned
    /// on it), in the order their rows refer to each other.
    package static let traces: [StoreTable] = [
        .imports, .devices, .users, .sessions, .strokes, .touchSamples, .motionSamples, .labels
    ]
}
