import Digests

// MARK: - Which sessions a run tuned on

/// ``TraceStoreReader/corpusFingerprint(sessionIDs:)``, fed the sessions in
/// bytewise order of their ids by any backend.
package struct CorpusFingerprint {
    private var sha = SHA256()
    private let sessionIDs: Set<String>?

    /// A fingerprint of the sessions named (all when `nil`).
    /// - Parameter sessionIDs: the sessions to cover.
    package init(sessionIDs: Set<String>?) { self.sessionIDs = sessionIDs }

    /// The next session, in bytewise order of ids.
    /// - Parameters:
    ///   - name: the session's id.
    ///   - contentHash: its content hash.
    package mutating func add(name: String, contentHash: String?) {
        if let ids = sessionIDs, !ids.contains(name) { return }
        sha.update(data: Array((name + "\u{1F}" + (contentHash ?? "") + "\u{1E}").utf8))
    }

    /// The fingerprint, as lowercase hex.
    package func finalize() -> String { sha.finalize().lowercaseHex }
}
