// MARK: - Bytes as hexadecimal text

extension Sequence<UInt8> {
    /// Lowercase hexadecimal, two digits a byte (`[0x0f, 0xa5]` → `"0fa5"`):
    /// how the store writes every SHA-256 (file, session content, corpus
    /// fingerprint, store digest) and how the study recorder writes its
    /// tokens. One spelling, so digests written by different paths compare
    /// equal as text.
    package var lowercaseHex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
