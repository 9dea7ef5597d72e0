import Foundation

// MARK: - Where a default comes from

/// Where a parameter's default comes from, read from the tag the
/// catalogue's descriptions end with.
package enum ParameterSource: Sendable, Hashable {
    /// The reference app's source names the value.
    case referenceApp
    /// The reference app names none; the default follows this platform
    /// convention (the description's "(…; the reference app names none)").
    case platform(String)
    /// Nobody names one: "(Default: gesturetune's choice; …)".
    case gesturetune

    /// As the README's table prints it.
    package var label: String {
        switch self {
        case .referenceApp: "the reference app"
        case .platform(let convention): convention
        case .gesturetune: "gesturetune's choice"
        }
    }
}

extension ParameterSpec {
    /// Where the default comes from (see ``ParameterSource``).
    package var source: ParameterSource {
        if description.contains("(Default: gesturetune's choice") { return .gesturetune }
        if let tag = description.range(of: "; the reference app names none") {
            let head = description[..<tag.lowerBound]
            if let open = head.lastIndex(of: "(") {
                return .platform(String(head[head.index(after: open)...]))
            }
        }
        return .referenceApp
    }
}
