import Foundation
import Recognizers
import Scenes

// MARK: - A scene's elements as text

/// A scene's elements, one a line — what `gesturetune simulate --scene NAME
/// --list-elements` prints: each member's id, its gesture (kind and
/// fingers), its tab and where it comes from (``Provenance/label``: the
/// source document and its lines, a platform convention, or ours with the
/// reason).
///
/// ```swift
/// print(elementTable(Scene.epilogue))
/// // id            kind          fingers  tab  source
/// // noteRowSwipe  swipeActions  1        0    the reading app (000_dfd263f105d7efd6.txt:143,270)
/// ```
func elementTable(_ scene: Scene) -> String {
    let header = ["id", "kind", "fingers", "tab", "source"]
    let rows = scene.recognizers.map { member in
        let element = ListedElement(member: member)
        return [member.id, member.kind.rawValue, element.fingerText, member.tab.map(String.init) ?? "-", element.source]
    }
    return alignedColumns(header, rows)
}

/// A scene's element as `--list-elements --json` prints it: `id`, `kind`,
/// `fingers` (those a tap, swipe or press needs; for a pan or a press that
/// takes any number, `minTouches` and `maxTouches` too), `tab` and
/// `target` where it has them, `provenance` as the catalogue's
/// (`{"source": {"document": "000_dfd263f105d7efd6.txt", "lines": [143,
/// 270]}}`, `{"platform": "…"}` or `{"ours": "why"}`; `null` for a scene
/// file's member that does not say) and `source`, the same in one line.
struct ListedElement: Encodable {
    let member: Scene.Member

    /// "not stated" for a file's member without provenance.
    var source: String { member.provenance?.label ?? "not stated" }

    /// `2`, or `1–5` where the gesture takes a range of fingers.
    var fingerText: String {
        member.minTouches == member.maxTouches || member.kind != .pan
            ? String(member.fingers) : "\(member.minTouches)–\(member.maxTouches)"
    }

    private enum Key: String, CodingKey { case id, kind, fingers, minTouches, maxTouches, tab, target, provenance, source }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(member.id, forKey: .id)
        try c.encode(member.kind, forKey: .kind)
        try c.encode(member.fingers, forKey: .fingers)
        try c.encode(member.minTouches, forKey: .minTouches)
        try c.encode(member.maxTouches, forKey: .maxTouches)
        try c.encodeIfPresent(member.tab, forKey: .tab)
        try c.encodeIfPresent(member.target, forKey: .target)
        if let provenance = member.provenance {
            try c.encode(provenance, forKey: .provenance)
        } else {
            try c.encodeNil(forKey: .provenance)
        }
        try c.encode(source, forKey: .source)
    }
}
