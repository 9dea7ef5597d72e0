// MARK: - How a store is opened

/// How a store is opened, whatever holds it.
package enum StoreAccess: Sendable {
    /// Created if missing, migrated, written to.
    case readWrite
    /// Never written to (works on read-only media, immutable files and a
    /// database user without write grants); the store must exist and be
    /// of the current schema.
    case readOnly
}
