import Foundation
import Testing

@testable import Reports

/// The report on a 390 px phone (issue 15): no grid column or element may
/// insist on more than the phone's content width, and every chart's text must
/// stay at least 9 px when the chart is scaled to that width. Worked out from
/// the style sheet and the rendered sample, so a change to either that breaks
/// the phone layout fails here before `make browser-check` sees it.
@Suite struct PhoneLayoutTests {
    static let phone = 390.0
    static let minimumTextPx = 9.0
    let css = String(describing: ReportStyle.css)

    /// The first number of px after `prefix` in the style sheet.
    func px(after prefix: String) throws -> Double {
        let start = try #require(css.range(of: prefix), "style sheet has no \(prefix)")
        let digits = css[start.upperBound...].prefix { $0.isNumber || $0 == "." }
        return try #require(Double(digits), "no number after \(prefix)")
    }

    /// The style sheet's text a regular-expression match covers.
    func text(_ range: NSRange) -> String { (css as NSString).substring(with: range) }

    /// The page's content width on the phone: the screen less `main`'s side
    /// padding in the narrow-screen rule.
    func phoneContentWidth() throws -> Double {
        let narrow = try #require(css.range(of: "@media (max-width:600px){"), "no narrow-screen rule")
        let rule = css[narrow.upperBound...]
        let padding = try #require(rule.range(of: "main{padding:"))
        // `padding:top side bottom`: the second length.
        let values = rule[padding.upperBound...].prefix { $0 != "}" && $0 != ";" }.split(separator: " ")
        let side = try #require(values.count > 1 ? Double(values[1].replacingOccurrences(of: "px", with: "")) : nil)
        return Self.phone - 2 * side
    }

    @Test func noFixedColumnOrMinimumWiderThanAPhone() throws {
        let content = try phoneContentWidth()
        #expect(content >= 340, "the phone keeps at least 340 px for content")
        // A grid column's minimum: `minmax(min(100%,400px),1fr)` gives way on a
        // narrow screen; a bare `minmax(420px,1fr)` does not.
        var checked = 0
        for pattern in [#"minmax\((\d+(?:\.\d+)?)px"#, #"min-width:(\d+(?:\.\d+)?)px"#] {
            let regex = try NSRegularExpression(pattern: pattern)
            for match in regex.matches(in: css, range: NSRange(css.startIndex..., in: css)) {
                let value = try #require(Double(text(match.range(at: 1))))
                #expect(value <= content, "\(text(match.range)) is wider than a phone's \(content) px")
                checked += 1
            }
        }
        #expect(checked > 0)
        #expect(css.contains("minmax(min(100%,"), "grids collapse to one column on a phone")
        #expect(!css.contains("minmax(420px"))
    }

    /// Each chart's text at the size the style sheet gives its class, times
    /// the chart's scale on the phone (its drawn width over its viewBox).
    @Test func chartTextStaysLegibleAtAPhonesWidth() throws {
        let content = try phoneContentWidth()
        let svgMax = try px(after: "figure svg{display:block;width:100%;max-width:")
        let cardSvgMax = try px(after: ".example figure svg{max-width:")
        let cardPadding = try px(
            after: ".example{background:var(--panel);border:1px solid var(--border);border-radius:8px;padding:10px ")
        // Font sizes by the classes a rule names (`svg .tick`, `svg text.marker-label,…`).
        let ruleRegex = try NSRegularExpression(pattern: #"(svg[^{}]*)\{[^{}]*font-size:(\d+(?:\.\d+)?)px"#)
        var sizes: [(classes: Set<String>, px: Double)] = []
        for match in ruleRegex.matches(in: css, range: NSRange(css.startIndex..., in: css)) {
            let selectors = text(match.range(at: 1))
            let size = try #require(Double(text(match.range(at: 2))))
            for selector in selectors.split(separator: ",") {
                // The last compound selector: `.tick` or `text.marker-label.small`.
                let last = selector.split(separator: " ").last ?? ""
                let parts = last.split(separator: ".").map(String.init)
                let classes = last.hasPrefix(".") ? parts : Array(parts.dropFirst())
                if !classes.isEmpty { sizes.append((Set(classes), size)) }
            }
        }
        #expect(sizes.count >= 5)
        let body = try px(after: "body{margin:0;font:")

        let root = try XMLTreeBuilder.parse(HTMLReport.render(.sample))
        var smallest = Double.infinity
        var texts = 0
        for svg in root.elements(named: "svg") {
            let viewBox = try #require(svg.attributes["viewBox"]?.split(separator: " ").compactMap { Double($0) })
            let inCard = svg.parent?.parent?.attributes["class"]?.split(separator: " ").contains("example") == true
            let drawn = inCard ? min(cardSvgMax, content - 2 * (cardPadding + 1)) : min(svgMax, content)
            let scale = drawn / viewBox[2]
            for text in svg.elements(named: "text") {
                let classes = Set((text.attributes["class"] ?? "").split(separator: " ").map(String.init))
                // The most specific matching rule wins; without one, the body's size.
                let size =
                    sizes.filter { $0.classes.isSubset(of: classes) }.max { $0.classes.count < $1.classes.count }?.px ?? body
                let rendered = size * scale
                #expect(
                    rendered >= Self.minimumTextPx,
                    "\"\(text.allText)\" (\(classes.sorted())) is \(rendered) px on a phone in \(svg.elements(named: "title").first?.text ?? "?")"
                )
                smallest = min(smallest, rendered)
                texts += 1
            }
        }
        #expect(texts > 100)
        #expect(smallest >= Self.minimumTextPx)
    }

    /// On a phone every table row is a card of `column: value` lines: the
    /// narrow-screen rule makes the table's parts blocks and prints each
    /// cell's `data-label`, and every cell carries its column's title there
    /// (a cell without it would show a bare number in a card).
    @Test func tableRowsBecomeCardsThatNameEveryValue() throws {
        let narrow = try #require(css.range(of: "@media (max-width:600px){"))
        let rule = String(css[narrow.upperBound...].prefix { $0 != "@" })
        #expect(rule.contains("table.cards,table.cards tbody,table.cards tr,table.cards th,table.cards td{display:block}"))
        #expect(rule.contains("table.cards td::before{content:attr(data-label)"))
        #expect(rule.contains("table.cards thead{position:absolute"), "the header row is read from the labels instead")

        let root = try XMLTreeBuilder.parse(HTMLReport.render(.sample))
        let tables = root.elements(named: "table").filter { $0.attributes["class"] == "cards" }
        #expect(tables.count >= 8)
        var cells = 0
        for table in tables {
            let titles = table.elements(named: "thead").flatMap { $0.elements(named: "th") }.map(\.allText)
            for row in table.elements(named: "tbody").flatMap({ $0.elements(named: "tr") }) {
                for (index, cell) in row.children.enumerated() where cell.name == "td" && !titles[index].isEmpty {
                    #expect(cell.attributes["data-label"] == titles[index], "\(titles) row \(row.allText)")
                    cells += 1
                }
            }
        }
        #expect(cells > 100)
        // The confusion matrices stay matrices (in their scroller).
        #expect(root.elements(named: "table").contains { $0.attributes["class"] == "heatmap" })
    }
}
