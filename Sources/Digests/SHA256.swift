import CLibCrypto
import Foundation

// MARK: - SHA-256, from the system's libcrypto

/// SHA-256 of bytes fed in pieces: OpenSSL's implementation through its
/// EVP interface (the C boundary, here and nowhere else).
///
/// The digests are what the store records of each import and session and
/// what a page's Content-Security-Policy names its script by: they must be
/// SHA-256 exactly, which the tests check against the standard's vectors.
///
/// ```swift
/// var sha = SHA256()
/// sha.update(data: Data("abc".utf8))
/// sha.finalize()          // 32 bytes: ba7816bf…f20015ad
/// SHA256.hash(data: Data("abc".utf8))   // the same, in one call
/// ```
package struct SHA256 {
    /// The EVP context, freed with the last copy of the hasher. A copy
    /// made after bytes were fed shares the context, as no caller needs
    /// otherwise (each hasher is fed and finalized in one place).
    private final class Context {
        let pointer: OpaquePointer

        init() {
            // Allocation and SHA-256's set-up fail only when memory does.
            guard let pointer = EVP_MD_CTX_new(), EVP_DigestInit_ex(pointer, EVP_sha256(), nil) == 1 else {
                fatalError("libcrypto could not set up SHA-256")
            }
            self.pointer = pointer
        }

        deinit { EVP_MD_CTX_free(pointer) }
    }

    private let context = Context()

    package init() {}

    package mutating func update(bufferPointer bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        EVP_DigestUpdate(context.pointer, base, bytes.count)
    }

    package mutating func update<Bytes: DataProtocol>(data: Bytes) {
        for region in data.regions { region.withUnsafeBytes { update(bufferPointer: $0) } }
    }

    /// The 32-byte digest of everything fed.
    package func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context.pointer, &digest, &length)
        return Array(digest.prefix(Int(length)))
    }

    package static func hash<Bytes: DataProtocol>(data: Bytes) -> [UInt8] {
        var sha = SHA256()
        sha.update(data: data)
        return sha.finalize()
    }
}
