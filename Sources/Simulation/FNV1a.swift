// MARK: - FNV-1a, 64 bits

/// The 64-bit FNV-1a hash of bytes: the package's one non-cryptographic
/// hash, for what needs a stable spread or a short name and no secrecy —
/// the by-user split's side, the replay benchmark's digest, a probe
/// cache's file name. (Swift's `Hasher` is seeded per process, so it can
/// name nothing that must be the same tomorrow; SHA-256 is the store's,
/// for content that must not collide.)
///
/// ```swift
/// var hash = FNV1a()
/// hash.add("user:p07".utf8)
/// hash.value   // the same on every machine, every run
/// ```
package struct FNV1a: Sendable {
    /// The hash of the bytes added so far.
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    /// Adds `bytes` to the hash.
    package mutating func add<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01B3
        }
    }

    /// The hash of `bytes`.
    package static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash = FNV1a()
        hash.add(bytes)
        return hash.value
    }
}
