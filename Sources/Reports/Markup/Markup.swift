import TraceModel

// MARK: - A typed HTML/SVG tree that always escapes

/// One node of an HTML document or of an inline SVG chart.
///
/// Text and attribute values are escaped when the tree is rendered, always:
/// there is no way to put data into the output unescaped. The only raw text
/// is a style sheet, and it must be a `StaticString` (compiled in, never data).
///
/// ```swift
/// let cell = Markup.element(.td, [.class: "num"], [.text("<b>&amp;</b>")])
/// cell.rendered   // <td class="num">&lt;b&gt;&amp;amp;&lt;/b&gt;</td>
/// ```
package indirect enum Markup: Sendable, Hashable {
    case element(Tag, [Attribute: String], [Markup])
    case text(String)
    /// Several nodes without a wrapper.
    case group([Markup])
    /// The report's own CSS, compiled into the binary.
    case styleSheet(StaticStringBox)

    /// Wraps a `StaticString` so the enum stays `Hashable`.
    package struct StaticStringBox: Sendable, Hashable {
        package let text: String
        package init(_ css: StaticString) { text = css.description }
    }

    /// An element with attributes and children.
    package static func el(_ tag: Tag, _ attributes: [Attribute: String] = [:], _ children: Markup...) -> Markup {
        .element(tag, attributes, children)
    }

    /// An element with attributes and a list of children.
    package static func el(_ tag: Tag, _ attributes: [Attribute: String] = [:], children: [Markup]) -> Markup {
        .element(tag, attributes, children)
    }

    /// An element holding only text.
    package static func el(_ tag: Tag, _ attributes: [Attribute: String] = [:], text: String) -> Markup {
        .element(tag, attributes, [.text(text)])
    }

    // MARK: - Rendering

    /// The serialized HTML (or SVG inside HTML).
    package var rendered: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// Appends the serialized form to `out`.
    package func write(to out: inout String) {
        switch self {
        case .text(let text):
            out += Markup.escape(text)
        case .group(let children):
            for child in children { child.write(to: &out) }
        case .styleSheet(let css):
            out += "<style>"
            out += css.text
            out += "</style>"
        case .element(let tag, let attributes, let children):
            out += "<"
            out += tag.rawValue
            // Sorted so that output is deterministic (dictionary order is not).
            for (name, value) in attributes.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                out += " "
                out += name.rawValue
                out += "=\""
                out += Markup.escape(value, attribute: true)
                out += "\""
            }
            // Void elements close themselves (`<meta … />`, valid HTML5), so
            // the whole page is also well-formed XML that tests can parse.
            if tag.isVoid {
                out += " />"
                return
            }
            out += ">"
            for child in children { child.write(to: &out) }
            out += "</"
            out += tag.rawValue
            out += ">"
        }
    }

    /// Escapes text for HTML content and for double- or single-quoted attribute
    /// values: `& < > " '`. Every `&` is escaped, so `&amp;` in data shows as
    /// `&amp;`. Control characters other than tab and line breaks are shown
    /// as Swift writes them, `\u{1B}`, as every error message shows them
    /// (HTML has no way to show them raw, and some break parsers).
    ///
    /// In attribute values (`attribute: true`) line breaks and tabs are
    /// written as character references, so that XML readers, which fold
    /// literal ones into spaces, read the same value a browser does.
    package static func escape(_ text: String, attribute: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t": out += attribute ? "&#9;" : "\t"
            // Line breaks become "\n" ("\r\n" and a lone "\r" alike), as HTML parsers do.
            case "\n": if previous != "\r" { out += attribute ? "&#10;" : "\n" }
            case "\r": out += attribute ? "&#10;" : "\n"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += String(scalar).escapingControlCharacters
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}

// MARK: - Vocabulary

extension Markup {
    /// The elements a report may contain. No `script`, `link`, `img`,
    /// `iframe`, `object`, `a` with outside targets or `form`: a report is
    /// read, never run.
    package enum Tag: String, Sendable, Hashable, CaseIterable {
        // Document
        case html, head, body, meta, title, main, header, footer, nav, section
        case h1, h2, h3, p, span, strong, em, small, code, pre, div, br
        case ul, ol, li, dl, dt, dd, a, details, summary
        case table, caption, thead, tbody, tr, th, td
        case figure, figcaption
        // Inline SVG
        case svg, g, line, polyline, path, rect, circle, text, tspan, desc

        /// Elements that have no closing tag in HTML.
        var isVoid: Bool { self == .meta || self == .br }
    }

    /// The attributes a report may use. No `src`, no `on…` handlers, no
    /// `style` (colours come from classes and the `fill`/`stroke` presentation
    /// attributes), and `href` only ever holds an in-page `#fragment` (see
    /// ``Markup/link(toSection:_:)``).
    package enum Attribute: String, Sendable, Hashable, CaseIterable {
        case `class`, id, lang, charset, name, content, role, title
        case httpEquiv = "http-equiv"
        case ariaLabel = "aria-label"
        case ariaHidden = "aria-hidden"
        case colspan, rowspan, scope, open, href
        /// A table cell's column title, shown beside the value when a phone
        /// lays each row out as a card (the style sheet's `attr(data-label)`).
        case dataLabel = "data-label"
        // SVG
        case viewBox, width, height, preserveAspectRatio
        case x, y, x1, y1, x2, y2, cx, cy, r, dx, dy, d, points, transform
        case fill, stroke
        case strokeWidth = "stroke-width"
        case strokeDasharray = "stroke-dasharray"
        case strokeLinecap = "stroke-linecap"
        case fillOpacity = "fill-opacity"
        case opacity
        case textAnchor = "text-anchor"
        case dominantBaseline = "dominant-baseline"
    }

    /// A link to a section of the same page. The fragment is made of letters,
    /// digits and `-` only, so it can never leave the page.
    package static func link(toSection id: String, _ text: String) -> Markup {
        .el(.a, [.href: "#" + Markup.fragment(id)], text: text)
    }

    /// `id` reduced to `[a-z0-9-]`.
    package static func fragment(_ id: String) -> String {
        let kept = id.lowercased().unicodeScalars.map { scalar -> Character in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? Character(scalar) : "-"
        }
        return String(kept)
    }
}
