import Digests
import Foundation
import Testing

// MARK: - SHA-256 as the standard defines it

@Suite struct SHA256Tests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test("FIPS 180-2's vectors: the empty string, abc, the 448-bit message, a million a's")
    func standardVectors() {
        #expect(
            Self.hex(SHA256.hash(data: Data())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            Self.hex(SHA256.hash(data: Data("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Self.hex(SHA256.hash(data: Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            Self.hex(SHA256.hash(data: Data(repeating: UInt8(ascii: "a"), count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("bytes fed in pieces, of any size and kind, hash as the whole")
    func piecesMakeTheWhole() {
        let whole = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        var sha = SHA256()
        var start = 0
        for size in [0, 1, 63, 64, 65, 1000, 3] {
            sha.update(data: whole[start..<start + size])
            start += size
        }
        Array(whole[start...]).withUnsafeBytes { sha.update(bufferPointer: $0) }
        #expect(sha.finalize() == SHA256.hash(data: whole))
        #expect(SHA256.hash(data: whole).count == 32)
    }
}
