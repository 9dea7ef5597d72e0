import Foundation
import GestureTuneTestSupport
import Testing

// MARK: - A study's mapped log → the tab-scroll scene → optimize → a report that says only what applies

@Suite struct PublishedStudyEndToEndTests {
    /// A log in a study's own layout (`;`-separated, no header, epoch ms,
    /// pixels at 2 per point), two invented tasks per person: reading
    /// (vertical scrolls, some drifting sideways as real ones do) and a
    /// gallery (horizontal page swipes, some slow and short).
    static func studyLog(people: Int) -> String {
        var rows: [String] = []
        var t = 1_700_000_000_000
        var seed: UInt64 = 27
        func random() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for person in 1...people {
            for task in ["read", "gallery"] {
                for stroke in 0..<14 {
                    let horizontal = task == "gallery"
                    let sign = stroke % 2 == 0 ? -1.0 : 1.0
                    let length = (horizontal ? 160 : 220) + 260 * random() // px
                    let drift = (horizontal ? 0.15 : 0.55) * random() * length
                    let steps = 4 + Int(10 * random())
                    let (x0, y0) = (360.0 + 40 * random(), 700.0 + 80 * random())
                    for k in 0...steps {
                        let f = Double(k) / Double(steps)
                        let along = sign * length * f, across = drift * f
                        let (x, y) = horizontal ? (x0 + along, y0 + across) : (x0 + across, y0 + along)
                        let action = k == 0 ? 0 : k == steps ? 1 : 2
                        rows.append("\(person);\(task);\(t);\(action);\(String(format: "%.2f", x));\(String(format: "%.2f", y))")
                        t += 16
                    }
                    t += 700 + Int(600 * random())
                }
            }
        }
        return rows.joined(separator: "\n") + "\n"
    }

    static let mapping = """
        study: invented
        csv: {delimiter: ";", header: false}
        columns: {user: 1, task: 2, time: 3, action: 4, x: 5, y: 6}
        time: {unit: ms, clock: epoch}
        coordinates: {unit: pixels, scale: 2}
        screen: {width: 720, height: 1280}
        session: {keys: [user, task]}
        labels: {intent: {column: task, values: {read: scroll, gallery: tab-swipe}}, target: tab-content}
        scene: tab-scroll:edges=wrap

        """

    @Test("two invented tasks, tab-scroll, optimize: the verdict and budget table list only what applies")
    func reportOfAStudy() throws {
        let dir = try scratch()
        let log = dir.appendingPathComponent("study.txt").path
        let mapping = dir.appendingPathComponent("study.yaml").path
        try Self.studyLog(people: 10).write(toFile: log, atomically: true, encoding: .utf8)
        try Self.mapping.write(toFile: mapping, atomically: true, encoding: .utf8)
        let db = dir.appendingPathComponent("s.sqlite").path
        let ingest = try run(["ingest", "--db", db, "--mapping", mapping, "--json", log])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(try json(ingest.stdout)["labels"] as? Int == 280)

        let out = dir.appendingPathComponent("report").path
        let optimize = try run([
            "optimize", "--db", db, "--scene", "tab-scroll:edges=wrap", "--max-evals", "30", "--seed", "1", "--out", out
        ])
        #expect(optimize.status == 0, "\(optimize.stderr)")
        let report = try json(try String(contentsOfFile: out + "/report.json", encoding: .utf8))
        let verdict = try #require(report["verdict"] as? [String: Any])
        let budgets = try #require(verdict["budgets"] as? [[String: Any]])
        let applicable = budgets.filter { $0["applicable"] as? Bool == true }.compactMap { $0["gesture"] as? String }
        // Only the tab swipe's budgets apply: its recognition, settle time and overshoot.
        #expect(!applicable.isEmpty && applicable.allSatisfy { $0.hasPrefix("tabSwipe") }, "\(applicable)")
        #expect(budgets.count > applicable.count)

        let markdown = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
        // Named once, as not applicable; never judged as fixed by design.
        let notApplicable = markdown.components(separatedBy: "Not applicable (no gesture of the scene produces them): ")
        #expect(notApplicable.count == 2)
        // Neither the budget table nor the latency table has a row for them.
        #expect(
            !markdown.contains("| tap response") && !markdown.contains("| pressFeedback") && !markdown.contains("| longPress"))
        #expect(!markdown.contains("fixed by design, not counted (no tuned constant can make them fail): tap"))
        // A constant on its bound says which way the data pulls and how to widen the range.
        for line in markdown.split(separator: "\n")
        where line.contains("on the lower bound") || line.contains("on the upper bound") {
            #expect(
                line.contains("the data pulls it") && (line.contains("--tune FILE") || line.contains("the catalogue")), "\(line)")
        }
        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        #expect(html.contains("not applicable to the scene"))
    }
}
