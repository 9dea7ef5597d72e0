// MARK: - Where a value or an element comes from

/// The four documents the built-in reference scenes are read from, kept
/// beside the repository in `shared/seeds` (its README says which is
/// which). They are cited by file and line, never copied.
package enum ReferenceSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// The reading app's gesture case study (the `epilogue` scene).
    case readingApp = "reading-app"
    /// The interactive tab-swipe session: a different app, whose paging,
    /// locks and momentum window the reading-app scene borrows.
    case tabSession = "tab-session"
    /// The gesture-driven animation patterns (the interactive dismiss,
    /// pinch and rotation of the reading-app scene's sheet and image).
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

    /// The document's file name in `shared/seeds`.
    package var document: String {
        switch self {
        case .readingApp: "000_dfd263f105d7efd6.txt"
        case .tabSession: "001_f8e9ba9022a96da8.txt"
        case .animationPatterns: "002_fade1e29999cfedf.txt"
        case .playground: "003_3bd7d55b26cb2476.txt"
        }
    }

    /// The source whose document is this file, if any.
    package init?(document: String) {
        guard let source = Self.allCases.first(where: { $0.document == document }) else { return nil }
        self = source
    }
}

/// The line or lines of a source document that write a value or name an
/// element: `001_f8e9ba9022a96da8.txt:164,167`.
///
/// In JSON and YAML, `{"document": "001_f8e9ba9022a96da8.txt", "line": 167}`
/// (`"lines": [164, 416]` for several). Where a value is not written as one
/// number but as a product of the cited lines' numbers (the reading app's
/// resistance distance, `maxSwipeDistance * 2`), `"written": "product"`
/// says so; the citation test (Tests/ScenesTests/SourceCitationTests.swift)
/// holds every citation to its lines.
package struct Citation: Sendable, Hashable, Codable {
    package var source: ReferenceSource
    /// 1-based, ascending, at least one.
    package var lines: [Int]
    /// How the lines write the value when not as one number of it:
    /// `product` (the product of one number from each line); nil otherwise.
    package var written: String?

    package init(_ source: ReferenceSource, lines: [Int], written: String? = nil) {
        self.source = source
        self.lines = lines
        self.written = written
    }

    /// `000_dfd263f105d7efd6.txt:108,1008`.
    package var reference: String {
        "\(source.document):\(lines.map(String.init).joined(separator: ","))"
    }

    private enum CodingKeys: String, CodingKey { case document, line, lines, written }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let document = try c.decode(String.self, forKey: .document)
        guard let source = ReferenceSource(document: document) else {
            throw DecodingError.dataCorruptedError(
                forKey: .document, in: c,
                debugDescription:
                    "\(document) is not one of the source documents (\(ReferenceSource.allCases.map(\.document).joined(separator: ", ")))"
            )
        }
        var lines = try c.decodeIfPresent([Int].self, forKey: .lines)
        if lines == nil, let line = try c.decodeIfPresent(Int.self, forKey: .line) { lines = [line] }
        guard let lines, !lines.isEmpty, lines.allSatisfy({ $0 > 0 }) else {
            throw DecodingError.dataCorruptedError(
                forKey: .line, in: c, debugDescription: "a citation names the line (or lines, 1-based) that write it")
        }
        self.init(source, lines: lines, written: try c.decodeIfPresent(String.self, forKey: .written))
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(source.document, forKey: .document)
        if lines.count == 1 { try c.encode(lines[0], forKey: .line) } else { try c.encode(lines, forKey: .lines) }
        try c.encodeIfPresent(written, forKey: .written)
    }
}

/// Where a catalogue constant's default or a built-in scene element comes
/// from, stated as data — never read from prose: one of the four source
/// documents, a platform convention (named), or ours (with the reason).
///
/// ```swift
/// Parameter.tabSwipeDirectionalBias.spec.provenance.citation?.reference
/// // "001_f8e9ba9022a96da8.txt:164,415"
/// Parameter.tapMovementSlop.spec.provenance.label   // "ours: …"
/// ```
///
/// In JSON and YAML it is an object of one key: `{"source": {"document":
/// "001_f8e9ba9022a96da8.txt", "line": 167}}` (a ``Citation``),
/// `{"platform": "UIKit's …"}` or `{"ours": "why"}`.
package enum Provenance: Sendable, Hashable, Codable {
    /// A source document writes it, at these lines.
    case source(Citation)
    /// No source writes it; it follows this named platform convention.
    case platform(String)
    /// No source writes it and no convention fixes it: gesturetune's
    /// choice, for the reason given.
    case ours(String)

    /// A source document's lines: `.cite(.tabSession, 164, 415)`.
    package static func cite(_ source: ReferenceSource, _ lines: Int..., written: String? = nil) -> Provenance {
        .source(Citation(source, lines: lines, written: written))
    }

    /// The citation, when a source writes it.
    package var citation: Citation? {
        if case .source(let citation) = self { return citation }
        return nil
    }

    /// The source document, when one writes it.
    package var document: ReferenceSource? { citation?.source }

    /// Whether a source document writes it.
    package var isSource: Bool {
        if case .source = self { return true }
        return false
    }

    /// One line for tables: "the tab session (001_f8e9ba9022a96da8.txt:167)",
    /// "platform: UIKit's …", "ours: why".
    package var label: String {
        switch self {
        case .source(let citation): "\(citation.source.title) (\(citation.reference))"
        case .platform(let convention): "platform: \(convention)"
        case .ours(let reason): "ours: \(reason)"
        }
    }

    /// One word for narrow columns: the source's raw name, `platform`, `ours`.
    package var word: String {
        switch self {
        case .source(let citation): citation.source.rawValue
        case .platform: "platform"
        case .ours: "ours"
        }
    }

    private enum CodingKeys: String, CodingKey { case source, platform, ours }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let citation = try c.decodeIfPresent(Citation.self, forKey: .source) {
            self = .source(citation)
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
        case .source(let citation): try c.encode(citation, forKey: .source)
        case .platform(let convention): try c.encode(convention, forKey: .platform)
        case .ours(let reason): try c.encode(reason, forKey: .ours)
        }
    }
}
