import Digests
import Foundation

// MARK: - The per-study secret in the participant URL

/// Random identifiers: the token that admits a participant's phone (128
/// bits, in the URL) and the study id in every session id (not secret).
package enum StudyToken {
    /// `count` random bytes as lowercase hex, from the system's CSPRNG.
    package static func random(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }.lowercaseHex
    }

    /// Compares in time independent of where the strings differ, so the
    /// token cannot be guessed byte by byte from response times.
    package static func matches(_ candidate: Substring, _ token: String) -> Bool {
        let a = Array(candidate.utf8), b = Array(token.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for k in 0..<b.count { difference |= b[k] ^ (k < a.count ? a[k] : 0) }
        return difference == 0
    }
}
