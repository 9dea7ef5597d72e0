// MARK: - Text from an input, shown rather than obeyed

extension String {
    /// The text with every control character (ESC, BEL, a line break, a
    /// tab) and every invisible format character (a byte order mark, a
    /// direction override) written as Swift writes it, `\u{1B}`.
    ///
    /// Every message that echoes a value from an input goes through this
    /// before a person sees it: a crafted cell must not clear a terminal or
    /// retitle its window, a value with a line break must not split a
    /// one-line error in two, and an invisible mark must be seen to be
    /// there (`\u{FEFF}device_id`).
    public var escapingControlCharacters: String {
        func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
            // Printable ASCII first: the common case costs one comparison.
            if scalar.value >= 0x20 && scalar.value < 0x7F { return false }
            let category = scalar.properties.generalCategory
            return category == .control || category == .format
        }
        guard unicodeScalars.contains(where: needsEscape) else { return self }
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if needsEscape(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
