import Foundation
import HummingbirdCore
import NIOCore
import Synchronization

// MARK: - The open connections: for shutdown, and for a full server

/// Every connection the server holds open, and which of them wait for a
/// request (a head not yet complete, or a keep-alive between requests):
/// a shutdown closes the ones still open when its grace period is over (a
/// stalled upload would otherwise keep the server waiting for ever), and a
/// full server closes the one that has waited longest (``ConnectionLimit``).
final class OpenConnections: Sendable {
    private struct Entry {
        var channel: any Channel
        var address: String
        /// When it began waiting for a request, in a sequence of its own
        /// (smaller waited longer); nil while a request is read or answered.
        var waitingSince: UInt64?
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var clock: UInt64 = 0
    }

    private let state = Mutex(State())

    func add(_ channel: any Channel, address: String) {
        state.withLock { $0.entries[ObjectIdentifier(channel)] = Entry(channel: channel, address: address) }
    }

    func remove(_ channel: any Channel) {
        state.withLock { _ = $0.entries.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    func setWaiting(_ channel: any Channel, _ waiting: Bool) {
        state.withLock { state in
            let key = ObjectIdentifier(channel)
            guard state.entries[key] != nil else { return }
            if waiting {
                state.clock += 1
                state.entries[key]?.waitingSince = state.clock
            } else {
                state.entries[key]?.waitingSince = nil
            }
        }
    }

    var count: Int { state.withLock { $0.entries.count } }

    var anyWaiting: Bool { state.withLock { $0.entries.values.contains { $0.waitingSince != nil } } }

    /// Closes the connection that has waited longest for a request; its
    /// client's address, or nil if every connection is busy.
    func closeLongestWaiting() -> String? {
        let chosen: Entry? = state.withLock { state in
            guard
                let (key, entry) = state.entries.filter({ $0.value.waitingSince != nil })
                    .min(by: { $0.value.waitingSince! < $1.value.waitingSince! })
            else { return nil }
            state.entries[key]?.waitingSince = nil // closing: not chosen twice
            return entry
        }
        chosen?.channel.close(promise: nil)
        return chosen?.address
    }

    /// Closes every open connection; returns how many there were.
    @discardableResult
    func closeAll() -> Int {
        let open = state.withLock { $0.entries.values.map(\.channel) }
        for channel in open { channel.close(promise: nil) }
        return open.count
    }
}

// MARK: - A full server makes room

/// At most `maxConnections` connections, and a full server still answers:
/// a new connection closes the one that has waited longest for a request
/// (a half-sent head, an idle keep-alive), so a flood of connections that
/// send nothing delays a participant by nothing, not by a head deadline.
/// Only when every connection is busy reading or answering a request does
/// the server stop accepting (they end within their deadlines).
///
/// Hummingbird's `MaximumAvailableConnections` only stops accepting, which
/// left a participant queued behind hundreds of half-open connections.
struct ConnectionLimit: AvailableConnectionsDelegate {
    let maxConnections: Int
    let registry: OpenConnections
    let onCrowdedOut: @Sendable (String) -> Void
    private var open = 0

    init(maxConnections: Int, registry: OpenConnections, onCrowdedOut: @escaping @Sendable (String) -> Void) {
        self.maxConnections = maxConnections
        self.registry = registry
        self.onCrowdedOut = onCrowdedOut
    }

    mutating func connectionOpened() {
        open += 1
        if open > maxConnections, let address = registry.closeLongestWaiting() { onCrowdedOut(address) }
    }

    mutating func connectionClosed() { open -= 1 }

    func isAcceptingNewConnections() -> Bool { open < maxConnections || registry.anyWaiting }
}
