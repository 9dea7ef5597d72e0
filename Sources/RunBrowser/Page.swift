import Digests
import Foundation
import Reports

// MARK: - One page: a document with the report's style, nothing from outside

/// A served page: one self-contained HTML document (inline style, inline
/// SVG, at most the page's own inline script) and the Content-Security-Policy
/// that holds it to that: nothing is fetched, framed or posted anywhere.
///
/// Data reaches the page only through `Markup` (which escapes every text
/// and attribute) and `Page.attribute(_:_:)` for the few form fields and
/// data attributes the report's vocabulary has no word for.
struct Page: Sendable {
    var html: String
    var contentSecurityPolicy: String

    /// - Parameters:
    ///   - title: The document's title (escaped).
    ///   - base: The path prefix every link carries (`/TOKEN` or empty).
    ///   - body: The page's content, already rendered (from `Markup` or `Page` helpers).
    ///   - script: The page's own script, compiled in (never data).
    init(title: String, base: String, body: String, script: StaticString? = nil) {
        let scriptText = script.map { $0.description }
        var policy = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'self'"
        if let scriptText { policy += "; script-src '\(Self.sha256(scriptText))'" }
        // frame-ancestors holds in the header only (a browser ignores it, with
        // a console error, in the page's own <meta>).
        contentSecurityPolicy = policy + "; frame-ancestors 'none'"
        let head = Markup.group([
            .el(.meta, [.charset: "utf-8"]),
            .el(.meta, [.httpEquiv: "Content-Security-Policy", .content: policy]),
            .el(.meta, [.name: "viewport", .content: "width=device-width, initial-scale=1"]),
            .el(.meta, [.name: "color-scheme", .content: "light dark"]),
            .el(.title, text: "\(title) — gesturetune serve"),
            .styleSheet(.init(ReportStyle.css)),
            .styleSheet(.init(BrowserStyle.css))
        ])
        let nav = Markup.el(
            .nav, [.class: "site", .ariaLabel: "Site"],
            .el(.a, [.href: base + "/"], text: "Runs"), .el(.span, [.class: "dim"], text: " · gesturetune serve (read-only)"))
        html =
            "<!DOCTYPE html>\n<html lang=\"en\"><head>" + head.rendered + "</head><body><main>" + nav.rendered + body
            + "</main>" + (scriptText.map { "<script>" + $0 + "</script>" } ?? "") + "</body></html>\n"
    }

    /// `sha256-…` of the script, as CSP wants it.
    static func sha256(_ text: String) -> String {
        "sha256-" + Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString()
    }

    /// ` name="value"` with the value escaped as the report escapes attributes.
    static func attribute(_ name: StaticString, _ value: String) -> String {
        " \(name)=\"" + Markup.escape(value, attribute: true) + "\""
    }

    /// A filter's `<select>`: "any" and each value, the chosen one selected.
    static func select(name: StaticString, label: String, values: [String], chosen: String?) -> String {
        var out = "<label>" + Markup.escape(label) + " <select" + attribute("name", "\(name)") + ">"
        out += "<option value=\"\">any</option>"
        for value in values {
            out +=
                "<option" + attribute("value", value) + (value == chosen ? " selected" : "") + ">" + Markup.escape(value)
                + "</option>"
        }
        return out + "</select></label>"
    }

    /// A phone-friendly table (the report's `cards` table: each row a card
    /// under 600 px): the first cell names the row.
    static func table(_ head: [String], _ rows: [[Markup]]) -> Markup {
        .el(
            .div, [.class: "scroll"],
            .el(
                .table, [.class: "cards"],
                .el(.thead, [:], .el(.tr, children: head.map { .el(.th, [.scope: "col"], text: $0) })),
                .el(
                    .tbody,
                    children: rows.map { cells in
                        .el(
                            .tr,
                            children: cells.enumerated().map { index, cell in
                                index == 0
                                    ? .el(.th, [.scope: "row"], cell)
                                    : .el(.td, [.dataLabel: head.indices.contains(index) ? head[index] : ""], cell)
                            })
                    })))
    }

    static func link(_ href: String, _ text: String) -> Markup { .el(.a, [.href: href], text: text) }

    /// A path segment percent-encoded (session ids may hold any character).
    static func segment(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// `?a=1&b=2` of the non-empty values, percent-encoded.
    static func query(_ items: [(String, String?)]) -> String {
        let kept = items.compactMap { key, value in value.map { (key, $0) } }.filter { !$0.1.isEmpty }
        return kept.isEmpty ? "" : "?" + kept.map { "\($0.0)=\(segment($0.1))" }.joined(separator: "&")
    }
}

/// The pages' own CSS beside the report's: the site bar, forms, the
/// session stage and timeline. A `StaticString`, loading nothing.
enum BrowserStyle {
    static let css: StaticString = """
        nav.site{display:flex;flex-wrap:wrap;gap:4px;align-items:baseline;margin:0 0 12px;font-size:14px}
        form.filters{display:flex;flex-wrap:wrap;gap:8px 14px;align-items:flex-end;margin:8px 0 16px}
        form.filters label{display:flex;flex-direction:column;font-size:13px;color:var(--muted);min-width:0}
        select,button,input{font:inherit;color:var(--fg);background:var(--panel);border:1px solid var(--border);\
        border-radius:6px;padding:4px 8px;max-width:100%}
        button{cursor:pointer}
        .pager{display:flex;gap:12px;flex-wrap:wrap;margin:12px 0}
        .group{border-top:1px solid var(--border);margin-top:16px}
        .examples{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,320px),1fr));gap:12px}
        .sides{display:grid;grid-template-columns:1fr;gap:16px}
        @media (min-width:900px){.sides{grid-template-columns:1fr 1fr}}
        .side{min-width:0;border:1px solid var(--border);border-radius:8px;padding:8px 10px}
        .side h3{margin:4px 0 8px}
        svg.stage{width:100%;max-height:38vh;height:auto;display:block;background:var(--panel);border-radius:6px}
        svg.stage .member{fill:none;stroke:var(--border);stroke-dasharray:4 3}
        svg.stage .member-id{fill:var(--muted);font-size:11px}
        svg.stage .touch{fill:none;stroke:var(--accent);stroke-width:2}
        svg.stage .finger{fill:var(--bad);stroke:var(--bg);stroke-width:2}
        svg.timeline{width:100%;min-width:380px;height:auto;display:block}
        svg.timeline text{fill:var(--fg);font-size:13px}
        svg.timeline .axis{stroke:var(--grid)}
        svg.timeline .label-band{fill:rgba(var(--good-rgb),.16)}
        svg.timeline .cursor{stroke:var(--bad);stroke-width:2}
        .st-possible{fill:#8c959f}.st-waiting{fill:var(--warn)}.st-began{fill:var(--accent)}
        .st-recognized,.st-ended{fill:var(--good)}.st-failed{fill:var(--bad)}.st-cancelled{fill:var(--chosen)}
        .legend{display:flex;flex-wrap:wrap;gap:6px 14px;font-size:13px;margin:6px 0}
        .legend span::before{content:"";display:inline-block;width:10px;height:10px;margin-right:4px;border-radius:2px;\
        background:currentColor}
        .legend .l-possible{color:#8c959f}.legend .l-waiting{color:var(--warn)}.legend .l-began{color:var(--accent)}
        .legend .l-recognized{color:var(--good)}.legend .l-failed{color:var(--bad)}.legend .l-cancelled{color:var(--chosen)}
        .scrubber{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:center;position:sticky;top:0;background:var(--bg);\
        padding:6px 0;z-index:1}
        .scrubber input[type=range]{flex:1 1 200px;min-width:0}
        ol.events{font-size:13px;padding-left:20px;max-height:40vh;overflow:auto}
        ol.events li.now{background:rgba(var(--bad-rgb),.12)}
        ol.events li.past{color:var(--muted)}
        .why{color:var(--muted)}
        @media (prefers-reduced-motion:reduce){#play{display:none}}
        """
}
