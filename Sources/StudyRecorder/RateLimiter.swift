import Foundation
import Synchronization

// MARK: - Too many requests from one address

/// A token bucket per client address: `perMinute` requests may come at
/// once, then one every `60 / perMinute` seconds. A phone fetches the page
/// and posts a session every few trials, far below the default; a client
/// guessing tokens or flooding the store is refused with 429.
package final class RateLimiter: Sendable {
    private let capacity: Double
    private let refillPerSecond: Double
    private let clock: @Sendable () -> TimeInterval
    private struct Bucket {
        var tokens: Double
        var updated: TimeInterval
    }

    private let buckets = Mutex<[String: Bucket]>([:])

    package init(perMinute: Int, clock: @escaping @Sendable () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }) {
        capacity = Double(max(perMinute, 1))
        refillPerSecond = Double(max(perMinute, 1)) / 60
        self.clock = clock
    }

    /// Takes one request's token; `nil` when allowed, else the seconds to
    /// wait before the next one is (for `Retry-After`).
    package func admit(_ address: String) -> Int? {
        let now = clock()
        return buckets.withLock { buckets in
            var bucket = buckets[address] ?? Bucket(tokens: capacity, updated: now)
            bucket.tokens = min(capacity, bucket.tokens + (now - bucket.updated) * refillPerSecond)
            bucket.updated = now
            defer { buckets[address] = bucket }
            guard bucket.tokens >= 1 else { return max(1, Int(((1 - bucket.tokens) / refillPerSecond).rounded(.up))) }
            bucket.tokens -= 1
            if buckets.count > 10_000 { buckets = buckets.filter { now - $0.value.updated < 600 } } // bounded memory
            return nil
        }
    }
}
