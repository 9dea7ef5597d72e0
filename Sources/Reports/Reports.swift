// MARK: - Reports: what a tuning run found, for the people who decide
//
// The optimizer's result arrives as a plain `TuningReport` (Codable, Sendable)
// and leaves as four files (see `ReportWriter`):
//
//   report.html              one self-contained page: CSS inline, charts as
//                            inline SVG, no script, no outside resource
//   report.md                the same findings as GitHub Markdown tables
//   report.json              the model itself, keys sorted
//   GestureConstants.swift   the tuned constants, ready to paste
//
// ## Why a small typed builder of our own, not Plot or Mustache
//
// Every label, note, target, session id, device model and user id in a report
// comes from recorded data, so escaping is the one thing the HTML layer must
// never get wrong. Both candidates were read at the versions we may use:
//
// - JohnSundell/Plot 0.14.0 writes attribute values verbatim
//   (`Attribute.render()` is `name="value"` with no escaping) and its text
//   escaping deliberately passes `&name;` through, so a note reading `&amp;`
//   would be shown as `&`. It has no SVG vocabulary either, so every chart
//   element would be a stringly `.element(named:)` anyway.
// - Mustache templates escape `{{value}}` well, but charts are geometry
//   computed in Swift; a template would only receive pre-rendered SVG strings
//   through unescaped `{{{…}}}` — string soup with extra steps.
//
// So `Markup` is a ~150-line typed tree: tags and attribute names are enums
// (there is no `script`, `link`, `img`, `src` or `on…` case to misuse), every
// text and attribute value is escaped at the single place it is written out,
// and the only raw text it can emit is the report's own style sheet, a
// `StaticString` compiled into the binary. Charts (`Charts/`) build `Markup`
// and are tested on their own.
