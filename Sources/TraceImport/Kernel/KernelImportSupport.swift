import TraceModel

// MARK: - Line helpers shared by the text importers

extension UnsafeBufferPointer<UInt8> {
    /// The line as a `String` (invalid UTF-8 repaired, never a crash).
    var text: String { String(decoding: self, as: UTF8.self) }
}

/// The first lines of an input's prefix, as text, for `recognizes(prefix:)`.
func leadingLines(of prefix: [UInt8], count: Int = 40) -> [Substring] {
    let text = String(decoding: prefix.prefix(16_384), as: UTF8.self)
    return Array(text.split(separator: "\n", maxSplits: count, omittingEmptySubsequences: true).prefix(count))
}

/// Whether a file name ends with one of the extensions (case-insensitive).
func fileName(_ name: String, endsWithAnyOf extensions: [String]) -> Bool {
    let lower = name.lowercased()
    return extensions.contains { lower.hasSuffix($0) }
}

/// A session header for a Linux recording; the screen is filled in from the
/// point mapping once the axes are known.
func linuxSessionHeader(
    fileName: String, model: String?, platform: Device.Platform, metaJSON: String?
) -> SessionHeader {
    SessionHeader(
        id: importedSessionID(fileName: fileName),
        device: Device(platform: platform, model: model, screenWidth: 0, screenHeight: 0),
        metaJSON: metaJSON)
}
