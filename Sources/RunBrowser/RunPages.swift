import Foundation
import Hummingbird
import NIOCore
import Reports
import TraceModel
import Tuning

// MARK: - What each route answers

/// The pages and JSON answers of ``RunBrowserServer``, from its library.
struct RunPages: Sendable {
    let library: RunLibrary
    /// The path prefix of every link (`/TOKEN`, or empty on loopback).
    let base: String

    func route(_ parts: [String], query: [String: String]) async throws -> Response {
        switch parts.count {
        case 0:
            return RunBrowserServer.html(runList())
        default: break
        }
        switch (parts[0], parts.count) {
        case ("runs", 2):
            let analysis = try await analysis(parts[1])
            return Response(
                status: .ok,
                headers: RunBrowserServer.headers(
                    type: "text/html; charset=utf-8", policy: HTMLReport.contentSecurityPolicy + "; frame-ancestors 'none'"),
                body: .init(byteBuffer: .init(string: HTMLReport.render(analysis.report))))
        case ("runs", 3) where parts[2] == "misfires":
            let analysis = try await analysis(parts[1])
            return RunBrowserServer.html(misfirePage(analysis, filter: Self.filter(query)))
        case ("compare", 3):
            return RunBrowserServer.html(comparePage(try await comparison(parts[1], parts[2])))
        case ("compare", 1):
            // The run list's form: ?a=&b=.
            guard let a = query["a"], let b = query["b"] else {
                throw PageFailure(status: 400, message: "compare needs runs a and b")
            }
            return try await route(["compare", a, b], query: [:])
        case ("sessions", 2):
            let analysis = try await analysis(query["run"] ?? "")
            let label = query["label"].flatMap(Int.init)
            return RunBrowserServer.html(try SessionPage.page(session(parts[1]), analysis: analysis, label: label, base: base))
        case ("api", _):
            return try await api(Array(parts.dropFirst()), query: query)
        default:
            throw PageFailure.notFound("no page \(parts.joined(separator: "/"))")
        }
    }

    func api(_ parts: [String], query: [String: String]) async throws -> Response {
        switch (parts.first, parts.count) {
        case ("runs", 1):
            return try RunBrowserServer.json(library.runs.map(RunSummary.init))
        case ("runs", 2):
            struct Answer: Encodable {
                var summary: RunSummary
                var report: TuningReport
            }
            let analysis = try await analysis(parts[1])
            return try RunBrowserServer.json(Answer(summary: RunSummary(analysis.result), report: analysis.report))
        case ("runs", 3) where parts[2] == "misfires":
            let analysis = try await analysis(parts[1])
            return try RunBrowserServer.json(MisfireListing(analysis, sessions: library.sessions, filter: Self.filter(query)))
        case ("compare", 3):
            return try RunBrowserServer.json(try await comparison(parts[1], parts[2]))
        case ("sessions", 2):
            let analysis = try await analysis(query["run"] ?? "")
            return try RunBrowserServer.json(try SessionPage.Replays(session(parts[1]), analysis: analysis))
        default:
            throw PageFailure.notFound("no API route \(parts.joined(separator: "/"))")
        }
    }

    // MARK: Lookups

    func analysis(_ text: String) async throws -> RunAnalysis {
        guard let id = Int64(text) else { throw PageFailure(status: 400, message: "a run id is a number, not '\(text)'") }
        guard let analysis = try await library.analysis(id) else {
            throw PageFailure.notFound("no run \(id) in \(library.store)")
        }
        return analysis
    }

    func comparison(_ a: String, _ b: String) async throws -> RunComparison {
        let (x, y) = (try await analysis(a), try await analysis(b))
        guard let ids = x.result.run.id.flatMap({ i in y.result.run.id.map { (i, $0) } }),
            let comparison = try await library.comparison(ids.0, ids.1)
        else { throw PageFailure.notFound("no runs \(a) and \(b) in \(library.store)") }
        return comparison
    }

    func session(_ id: String) throws -> Session {
        guard let session = library.sessions[id] else { throw PageFailure.notFound("no session \(id) in \(library.store)") }
        return session
    }

    static func filter(_ query: [String: String]) -> MisfireFilter {
        func value(_ key: String) -> String? { query[key].flatMap { $0.isEmpty ? nil : $0 } }
        return MisfireFilter(
            intent: value("intent"), device: value("device"), user: value("user"), kind: value("kind"),
            page: query["page"].flatMap(Int.init) ?? 1)
    }

    // MARK: - GET /

    func runList() -> Page {
        let runs = library.runs.map(RunSummary.init)
        let rows: [[Markup]] = runs.enumerated().map { index, r in
            let previous = runs.indices.contains(index + 1) ? runs[index + 1].id : nil
            var links: [Markup] = [
                Page.link("\(base)/runs/\(r.id)", "report"), .text(" · "),
                Page.link("\(base)/runs/\(r.id)/misfires", "misfires")
            ]
            if let previous {
                links += [.text(" · "), Page.link("\(base)/compare/\(previous)/\(r.id)", "vs #\(previous)")]
            }
            return [
                Page.link("\(base)/runs/\(r.id)", "#\(r.id)"),
                .text(r.createdAt),
                .text(r.scene),
                .el(.span, [.title: r.corpusFingerprint], text: "\(r.corpusFingerprint.prefix(8)) · \(r.sessions) sessions"),
                .text("\(r.seed)"),
                .text("\(r.evaluations)"),
                .text(
                    "\(r.heldOutMisfiresBefore) → \(r.heldOutMisfiresAfter) (\(Format.percent(r.heldOutMisfireRateBefore)) → "
                        + "\(Format.percent(r.heldOutMisfireRateAfter)))"),
                .el(.span, [.class: r.budgetsMissed > 0 ? "fail" : "ok"], text: "\(r.budgetsMissed)"),
                .group(links)
            ]
        }
        let options = runs.map { "#\($0.id) · \($0.createdAt)" }
        var compare = ""
        if runs.count >= 2 {
            func choice(_ name: StaticString, _ label: String, chosen: Int64) -> String {
                var out = "<label>" + Markup.escape(label) + " <select" + Page.attribute("name", "\(name)") + ">"
                for (r, text) in zip(runs, options) {
                    out +=
                        "<option" + Page.attribute("value", "\(r.id)") + (r.id == chosen ? " selected" : "") + ">"
                        + Markup.escape(text) + "</option>"
                }
                return out + "</select></label>"
            }
            compare =
                "<form class=\"filters\" method=\"get\"" + Page.attribute("action", "\(base)/compare") + ">"
                + choice("a", "run A", chosen: runs[1].id) + choice("b", "run B", chosen: runs[0].id)
                + "<button type=\"submit\">Compare</button></form>"
        }
        let body =
            Markup.group([
                .el(.h1, text: "Runs"),
                .el(
                    .p, [.class: "subtitle"],
                    text: "\(runs.count) optimization run\(runs.count == 1 ? "" : "s") in \(library.store), newest first."),
                runs.isEmpty
                    ? .el(.p, text: "No optimization run is stored yet: gesturetune optimize stores one.")
                    : Page.table(
                        [
                            "run", "when", "scene", "corpus", "seed", "evaluations", "held-out misfires before → after",
                            "budgets missed", "pages"
                        ], rows),
                .el(.h2, text: "Compare two runs")
            ]).rendered + compare
        return Page(title: "Runs", base: base, body: body)
    }

    // MARK: - GET /compare/A/B

    func comparePage(_ c: RunComparison) -> Page {
        func rate(_ r: RunComparison.Rate?) -> String {
            guard let r else { return "–" }
            return
                "\(r.misfires) of \(r.labels) · \(Format.percent(r.rate)) (95 % CI \(Format.percent(r.lower))–\(Format.percent(r.upper)))"
        }
        func test(_ t: RunComparison.PairedTest?) -> Markup {
            guard let t else { return .el(.span, [.class: "dim"], text: "no shared gestures: not tested") }
            let significant = t.pValue < 0.05
            return .el(
                .span, [.class: significant ? (t.fixedByB >= t.brokenByB ? "ok" : "fail") : "dim"],
                text:
                    "B fixes \(t.fixedByB), breaks \(t.brokenByB) of \(t.pairs) · p \(Format.pValue(t.pValue))"
                    + (significant ? " (significant)" : " (not significant)"))
        }
        let intentRows: [[Markup]] = ([c.overall] + c.intents).map {
            [.text($0.intent), .text(rate($0.a)), .text(rate($0.b)), test($0.paired)]
        }
        let constantRows: [[Markup]] = c.constants.map { k in
            [
                .el(.code, text: k.name),
                .text(Format.value(k.a, unit: k.unit) + (k.aTuned ? "" : " (default)")),
                .text(Format.value(k.b, unit: k.unit) + (k.bTuned ? "" : " (default)")),
                .text(Format.value(k.defaultValue, unit: k.unit) + " · " + k.defaultSource)
            ]
        }
        let budgetRows: [[Markup]] = c.budgets.map { b in
            func value(_ v: Double?, _ met: Bool?) -> Markup {
                guard let v else { return .el(.span, [.class: "dim"], text: "no observations") }
                return .el(.span, [.class: met == false ? "fail" : "ok"], text: Format.measure(v, unit: b.unit))
            }
            return [.text(b.title), .text("≤ " + Format.measure(b.limit, unit: b.unit)), value(b.a, b.aMet), value(b.b, b.bMet)]
        }
        func gestures(_ list: [RunComparison.GestureChange]) -> Markup {
            guard !list.isEmpty else { return .el(.p, [.class: "dim"], text: "none") }
            return Page.table(
                ["session", "intent", "user", "device", "run A", "run B"],
                list.prefix(200).map { g in
                    [
                        Page.link(
                            "\(base)/sessions/\(Page.segment(g.session))\(Page.query([("run", "\(c.b.id)"), ("label", "\(g.label)")]))",
                            "\(g.session) #\(g.label)"),
                        .text(g.intent), .text(g.user ?? "–"), .text(g.device), .text(g.a), .text(g.b)
                    ]
                })
        }
        let body = Markup.group([
            .el(.h1, text: "Run #\(c.a.id) (A) against run #\(c.b.id) (B)"),
            .el(
                .p, [.class: "subtitle"],
                text:
                    "A: \(c.a.createdAt), scene \(c.a.scene), seed \(c.a.seed) · B: \(c.b.createdAt), scene \(c.b.scene), seed \(c.b.seed)"
            ),
            .el(
                .p, [:], Page.link("\(base)/runs/\(c.a.id)", "report A"), .text(" · "),
                Page.link("\(base)/runs/\(c.b.id)", "report B"), .text(" · "),
                Page.link("\(base)/compare/\(c.b.id)/\(c.a.id)", "swap")),
            .el(.h2, text: "Constants that differ"),
            c.constants.isEmpty
                ? .el(.p, text: "Both runs ship the same value for every constant either tuned.")
                : Page.table(["constant", "run A", "run B", "default and where it comes from"], constantRows),
            .el(.h2, text: "Held-out misfires per intent (tuned constants)"),
            .el(.p, [.class: "pairing"], text: c.pairingSentence),
            Page.table(["intent", "run A", "run B", "change (McNemar, paired)"], intentRows),
            .el(.h2, text: "Budgets on held-out people"),
            c.budgets.isEmpty
                ? .el(.p, text: "Neither run set a budget.") : Page.table(["budget", "limit", "run A", "run B"], budgetRows),
            .el(.h2, text: "Gestures B fixes (\(c.fixedByB.count))"),
            gestures(c.fixedByB),
            .el(.h2, text: "Gestures B breaks (\(c.brokenByB.count))"),
            gestures(c.brokenByB)
        ])
        return Page(title: "Run \(c.a.id) against \(c.b.id)", base: base, body: body.rendered)
    }

    // MARK: - GET /runs/ID/misfires

    func misfirePage(_ analysis: RunAnalysis, filter: MisfireFilter) -> Page {
        let listing = MisfireListing(analysis, sessions: library.sessions, filter: filter)
        let id = analysis.result.run.id ?? 0
        let path = "\(base)/runs/\(id)/misfires"
        let form =
            "<form class=\"filters\" method=\"get\"" + Page.attribute("action", path) + ">"
            + Page.select(name: "intent", label: "intent", values: listing.intents, chosen: filter.intent)
            + Page.select(name: "device", label: "device", values: listing.devices, chosen: filter.device)
            + Page.select(name: "user", label: "user", values: listing.users, chosen: filter.user)
            + Page.select(name: "kind", label: "kind", values: listing.kinds, chosen: filter.kind)
            + "<button type=\"submit\">Filter</button></form>"
        func pageLink(_ n: Int, _ text: String) -> Markup {
            Page.link(
                path
                    + Page.query([
                        ("intent", filter.intent), ("device", filter.device), ("user", filter.user), ("kind", filter.kind),
                        ("page", "\(n)")
                    ]), text)
        }
        var pager: [Markup] = [.el(.span, text: "page \(listing.page) of \(listing.pages)")]
        if listing.page > 1 { pager.append(pageLink(listing.page - 1, "← previous")) }
        if listing.page < listing.pages { pager.append(pageLink(listing.page + 1, "next →")) }
        let groups: [Markup] = listing.groups.map { g in
            let what =
                "\(g.intent) · \(g.kind)" + (g.recognized.map { " · \($0) fired" } ?? "") + (g.detail.map { " · \($0)" } ?? "")
            return .el(
                .section, [.class: "group"],
                .el(
                    .h3,
                    text:
                        "\(what) — \(g.count) gesture\(g.count == 1 ? "" : "s"), \(g.people) \(g.people == 1 ? "person" : "people")"
                ),
                .el(
                    .div, [.class: "examples"],
                    children: g.examples.map { e in
                        .el(
                            .div, [:],
                            HTMLReport.exampleCard(e, fixed: false),
                            .el(
                                .p, [:],
                                Page.link(
                                    "\(base)/sessions/\(Page.segment(e.sessionID))"
                                        + Page.query([("run", "\(id)"), ("label", label(of: e))]),
                                    "replay this session's timeline")))
                    }))
        }
        let body =
            Markup.group([
                .el(.h1, text: "Held-out misfires of run #\(id)"),
                .el(
                    .p, [.class: "subtitle"],
                    text:
                        "\(listing.total) misfire\(listing.total == 1 ? "" : "s") left after tuning match the filter, grouped by pattern (what was meant, how it misfired, what fired), the most common first. "
                ),
                .el(.p, [:], Page.link("\(base)/runs/\(id)", "the run's report"))
            ]).rendered + form
            + Markup.group(
                [.el(.div, [.class: "pager"], children: pager)] + groups + [.el(.div, [.class: "pager"], children: pager)]
            ).rendered
        return Page(title: "Misfires of run \(id)", base: base, body: body)
    }

    /// The label's index in its session, for the session page's window.
    private func label(of example: TuningReport.Example) -> String? {
        library.sessions[example.sessionID]?.labels.firstIndex(of: example.label).map(String.init)
    }
}
