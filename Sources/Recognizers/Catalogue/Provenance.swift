// MARK: - Where a value or an element comes from

/// The four documents the built-in reference scenes are read from. They
/// are not in the repository; `Docs/` names them.
package enum ReferenceSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// The reading app's gesture case study (the `epilogue` scene).
    case readingApp = "reading-app"
    /// The interactive tab-swipe session: a different app, whose paging,
    /// locks and momentum window the reading-app scene borrows.
    case tabSession = "tab-session"
    /// The gesture-driven animation patterns (the velocity-preserving
    /// spring among them).
    case animationPatterns = "animation-patterns"
    /// The UIKit gestures playground (the `playground` scene).
    case playground

    /// As tables print it: "the reading app".
    package var title: String {
        switch self {
        case .readingApp: "the reading app"
        case .tabSession: "the tab session"
        case .animationPatterns: "the animation patterns"
        case .playground: "the playground"
        }
    }
}

/// Where a catalogue constant's default or a built-in scene element comes
/// from, stated as data — never read from prose: one of the four source
/// documents, a platform convention (named), or ours (with the reason).
///
/// ```swift
/// Parameter.tabSwipeDirectionalBias.spec.source   // .source(.tabSession)
/// Parameter.tapMovementSlop.spec.source.label     // "ours: …"
/// ```
///
/// In JSON and YAML it is an object of one key: `{"source": "reading-app"}`,
/// `{"platform": "UIKit's …"}` or `{"ours": "why"}`.
package enum Provenance: Sendable, Hashable, Codable {
    /// A source document writes it.
    case source(ReferenceSource)
    /// No source writes it; it follows this named platform convention.
    case platform(String)
    /// No source writes it and no convention fixes it: gesturetune's
    /// choice, for the reason given.
    case ours(String)

    /// Whether a source document writes it.
    package var isSource: Bool {
        if case .source = self { return true }
        return false
    }

    /// One line for tables: "the tab session", "platform: UIKit's …",
    /// "ours: why".
    package var label: String {
        switch self {
        case .source(let source): source.title
        case .platform(let convention): "platform: \(convention)"
        case .ours(let reason): "ours: \(reason)"
        }
    }

    /// One word for narrow columns: the source's raw name, `platform`, `ours`.
    package var word: String {
        switch self {
        case .source(let source): source.rawValue
        case .platform: "platform"
        case .ours: "ours"
        }
    }

    private enum CodingKeys: String, CodingKey { case source, platform, ours }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let source = try c.decodeIfPresent(ReferenceSource.self, forKey: .source) {
            self = .source(source)
        } else if let convention = try c.decodeIfPresent(String.self, forKey: .platform) {
            self = .platform(convention)
        } else if let reason = try c.decodeIfPresent(String.self, forKey: .ours) {
            self = .ours(reason)
        } else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a provenance names a source, a platform convention or ours (with the reason)"))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .source(let source): try c.encode(source, forKey: .source)
        case .platform(let convention): try c.encode(convention, forKey: .platform)
        case .ours(let reason): try c.encode(reason, forKey: .ours)
        }
    }
}
