import Foundation
import GestureTuneTestSupport
import Testing

// MARK: - synth → ingest → simulate

@Suite("gesturetune synth, ingest and simulate")
struct SimulateEndToEndTests {
    /// A small synthetic corpus in a fresh store.
    private func smallStore() throws -> (db: String, dir: URL) {
        let dir = try scratch()
        let corpus = dir.appendingPathComponent("small.jsonl").path
        let db = dir.appendingPathComponent("small.sqlite").path
        let synth = try run(["synth", "--seed", "7", "--users", "16", "--devices", "3", "--sessions", "1", "--out", corpus])
        #expect(synth.status == 0, "\(synth.stderr)")
        let ingest = try run(["ingest", "--db", db, corpus])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        return (db, dir)
    }

    /// Issue 18: `--scene playground` in simulate, optimize and evaluate, on
    /// sessions synthesized for it.
    @Test func thePlaygroundSceneWorksInSimulateOptimizeAndEvaluate() throws {
        let dir = try scratch()
        let corpus = dir.appendingPathComponent("playground.jsonl").path
        let db = dir.appendingPathComponent("playground.sqlite").path
        // A dozen people, so that the split by user holds some out.
        let synth = try run([
            "synth", "--seed", "3", "--users", "12", "--devices", "3", "--sessions", "1",
            "--gestures", "10", "--scene", "playground", "--out", corpus
        ])
        #expect(synth.status == 0, "\(synth.stderr)")
        #expect(try run(["ingest", "--db", db, corpus]).status == 0)
        let simulated = try run(["simulate", "--db", db, "--scene", "playground", "--json"])
        #expect(simulated.status == 0, "\(simulated.stderr)")
        let object = try json(simulated.stdout)
        // Ten gestures a session, and about half the visits end with a back swipe.
        let labels = try #require(object["labels"] as? Int)
        #expect((120...132).contains(labels))
        // Each session replayed on the screen it names: twelve people's first
        // sessions go round the seven screens.
        let scenes = try #require(object["scenes"] as? [String: Int])
        #expect(scenes.count == 7 && scenes.values.reduce(0, +) == 12)
        // The views return to identity along `.easeOut`: timing curves, no springs.
        let springs = try #require(object["springs"] as? [[String: Any]])
        #expect(springs.isEmpty)
        let curves = try #require(object["curves"] as? [[String: Any]])
        #expect(Set(curves.compactMap { $0["curve"] as? String }) == ["pinch", "rotation", "transform"])
        #expect(curves.allSatisfy { $0["timing"] as? String == "easeOut" && $0["duration"] as? Double == 0.35 })
        let out = dir.appendingPathComponent("report").path
        let optimized = try run([
            "optimize", "--db", db, "--scene", "playground", "--seed", "1", "--max-evals", "20",
            "--no-pareto", "--sensitivity-points", "0", "--out", out
        ])
        #expect(optimized.status == 0, "\(optimized.stderr)")
        let params = try json(try String(contentsOfFile: out + "/params.json", encoding: .utf8))
        #expect(params["swipe.maximumDuration"] is Double && params["doubleTap.window"] is Double)
        let evaluated = try run(["evaluate", "--db", db, "--scene", "playground", "--params", out + "/params.json", "--json"])
        #expect(evaluated.status == 0, "\(evaluated.stderr)")
    }

    /// Issue 36: which budgets the constants can reach is probed once per
    /// question and kept in the cache folder; a new import asks again, and
    /// the answer is the same whether probed or read back.
    @Test func theBudgetProbeIsKeptPerQuestionAndAskedAgainAfterAnImport() throws {
        let (db, dir) = try smallStore()
        let cache = dir.appendingPathComponent("cache").path
        let environment = ["GESTURETUNE_CACHE_DIR": cache]
        func entries() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: cache + "/budget-probes")) ?? [])
                .filter { $0.hasSuffix(".json") }.sorted()
        }
        let probed = try run(["simulate", "--db", db, "--json"], environment: environment)
        #expect(probed.status == 0, "\(probed.stderr)")
        #expect(entries().count == 1)
        let again = try run(["simulate", "--db", db, "--json"], environment: environment)
        #expect(again.stdout == probed.stdout)
        #expect(entries().count == 1)
        // Without the cache: the same budgets, fixed by design or not.
        let uncached = try run(["simulate", "--db", db, "--json"], environment: ["GESTURETUNE_CACHE_DIR": "off"])
        #expect(uncached.stdout == probed.stdout)
        // Another side of the split is another corpus: another entry.
        #expect(try run(["simulate", "--db", db, "--split", "holdout"], environment: environment).status == 0)
        #expect(entries().count == 2)
        // A new import changes the corpus's fingerprint: probed again.
        let more = dir.appendingPathComponent("more.jsonl").path
        #expect(try run(["synth", "--seed", "8", "--users", "2", "--sessions", "1", "--out", more]).status == 0)
        #expect(try run(["ingest", "--db", db, more]).status == 0)
        #expect(try run(["simulate", "--db", db], environment: environment).status == 0)
        #expect(entries().count == 3)
    }

    @Test func simulateJSONHasTheHeadlineKeys() throws {
        let (db, _) = try smallStore()
        let result = try run(["simulate", "--db", db, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try json(result.stdout)
        let labels = try #require(object["labels"] as? Int)
        let counts = ["correct", "missed", "wrong", "deadZones", "spurious"].compactMap { object[$0] as? Int }
        #expect(counts.count == 5)
        // A label is correct, missed, wrong or a dead zone, except `none`
        // labels that something fired inside (counted as spurious).
        #expect(counts[0] + counts[1] + counts[2] + counts[3] <= labels)
        #expect(counts[0] + counts[1] + counts[2] + counts[3] + counts[4] >= labels)
        let rate = try #require(object["misfireRate"] as? Double)
        #expect(
            isApproximatelyEqual(rate, Double(counts[1] + counts[2] + counts[3] + counts[4]) / Double(labels), tolerance: 1e-12))
        let latency = try #require(object["latency"] as? [String: [String: Any]])
        #expect(latency["tap"]?["p95"] is Double)
        #expect(object["budgetViolations"] is Int)

        // The two sides of the split add up to the whole.
        let train = try json(try run(["simulate", "--db", db, "--split", "train", "--json"]).stdout)
        let holdout = try json(try run(["simulate", "--db", db, "--split", "holdout", "--json"]).stdout)
        #expect((train["labels"] as? Int ?? 0) + (holdout["labels"] as? Int ?? 0) == labels)
        #expect((holdout["labels"] as? Int ?? 0) > 0)

        // The text form names each budget, its scope and what it measures.
        // No tap of the reading app waits for a double tap (its image has no
        // single tap, issue 24): the waited budget has no observations, and
        // says so instead of counting as met.
        let text = try run(["simulate", "--db", db])
        #expect(text.status == 0)
        #expect(text.stdout.contains("  fixed tap response (waited) p95 — / 300 ms (0 of 0 over"))
        #expect(text.stdout.contains("not counted: no observations"))
        // A tap that wins at once answers on its lift sample whatever the
        // constants: fixed by design, not counted, and said why.
        #expect(text.stdout.contains("  fixed tap response (immediate) p95 0.0 / 16 ms"))
        #expect(text.stdout.contains("fixed by design, not counted: no constant makes it fail"))
        let budgets = try #require(try json(try run(["simulate", "--db", db, "--json"]).stdout)["budgets"] as? [[String: Any]])
        func tunable(_ key: String) -> Bool? {
            budgets.first {
                ($0["budget"] as? [String: Any])?["scope"] as? String == key
                    && (($0["budget"] as? [String: Any])?["gesture"] as? String == "tap")
            }?["tunable"] as? Bool
        }
        #expect(tunable("immediate") == false && tunable("waited") == false)

        // Every counted budget can fail: the parameter set simulate names as
        // the evidence does miss it.
        let dir = try scratch()
        for check in budgets where check["tunable"] as? Bool == true {
            let budget = try #require(check["budget"] as? [String: Any])
            let witness = try #require(check["missedWith"] as? [String: Double], "\(budget)")
            let params = dir.appendingPathComponent("witness.json")
            try JSONSerialization.data(withJSONObject: witness).write(to: params)
            let probed = try json(try run(["simulate", "--db", db, "--params", params.path, "--json"]).stdout)
            func name(_ b: [String: Any]?) -> String {
                ["gesture", "measure", "scope"].map { "\(b?[$0] ?? "")" }.joined(separator: ".")
            }
            let same = (probed["budgets"] as? [[String: Any]] ?? []).first {
                name($0["budget"] as? [String: Any]) == name(budget)
            }
            #expect(same?["passed"] as? Bool == false, "\(budget) with \(witness)")
        }
        #expect(text.stdout.contains("pt (") && text.stdout.contains("from the moment a finger was 10 pt from where it landed"))
    }

    @Test func parametersChangeTheOutcomeAndBadOnesAreRefused() throws {
        let (db, dir) = try smallStore()
        let params = dir.appendingPathComponent("params.json")
        // A double-tap window too short for anyone: double taps become taps.
        try Data(#"{"doubleTap.window": 0.15}"#.utf8).write(to: params)
        let baseline = try json(try run(["simulate", "--db", db, "--json"]).stdout)
        let changed = try json(try run(["simulate", "--db", db, "--params", params.path, "--json"]).stdout)
        #expect(baseline["parameters"] as? [String: Double] == [:])
        #expect((changed["parameters"] as? [String: Double])?["doubleTap.window"] == 0.15)
        #expect(changed["correct"] as? Int != baseline["correct"] as? Int)

        try Data(#"{"doubleTap.windw": 0.3}"#.utf8).write(to: params)
        let unknown = try run(["simulate", "--db", db, "--params", params.path])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("params.json"))
        #expect(unknown.stderr.contains("doubleTap.windw"))

        #expect(try run(["simulate", "--db", db, "--split", "everyone"]).status == 2)
        #expect(try run(["simulate", "--db", db, "--scene", "no-such-scene"]).status == 1)
    }

    @Test func listParamsNamesEveryParameterWithBounds() throws {
        let result = try run(["simulate", "--list-params", "--json"])
        #expect(result.status == 0)
        let specs = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(specs.count >= 50)
        for spec in specs {
            let lower = try #require(spec["lower"] as? Double), upper = try #require(spec["upper"] as? Double)
            let value = try #require(spec["defaultValue"] as? Double)
            #expect(lower <= value && value <= upper, "\(spec["name"] ?? "?")")
        }
        #expect(specs.contains { $0["name"] as? String == "tabSwipe.directionalBias" })
        // Where each default comes from, as data (issue 24): `provenance`
        // names the source document, the platform convention or ours with
        // the reason; `source` says it in one line.
        func spec(_ name: String) -> [String: Any]? { specs.first { $0["name"] as? String == name } }
        func source(_ name: String) -> String? { spec(name)?["source"] as? String }
        func provenance(_ name: String) -> [String: String]? { spec(name)?["provenance"] as? [String: String] }
        func citation(_ name: String) -> [String: Any]? {
            (spec(name)?["provenance"] as? [String: Any])?["source"] as? [String: Any]
        }
        // A source's names its document and lines (issue 34).
        #expect(source("noteMenu.entranceResponse") == "the reading app (000_dfd263f105d7efd6.txt:682)")
        #expect(citation("noteMenu.entranceResponse")?["document"] as? String == "000_dfd263f105d7efd6.txt")
        #expect(citation("noteMenu.entranceResponse")?["line"] as? Int == 682)
        #expect(citation("tabSwipe.momentumWindow")?["document"] as? String == "001_f8e9ba9022a96da8.txt")
        #expect(citation("tabSwipe.momentumWindow")?["lines"] as? [Int] == [149, 419])
        #expect(citation("pinch.maxScale")?["document"] as? String == "002_fade1e29999cfedf.txt")
        // The reading app's stated spring ranges bound the search.
        let bounds = spec("cardSwipe.springDamping")?["boundsSource"] as? [String: Any]
        #expect(bounds?["line"] as? Int == 1014)
        #expect(spec("cardSwipe.springDamping")?["lower"] as? Double == 0.7)
        #expect(
            source("actionPill.springDamping")
                == "platform: SwiftUI's default damping fraction for a spring given only its response, 0.825")
        #expect(
            provenance("returnToIdentity.duration") == [
                "platform":
                    "SwiftUI's Animation.easeOut, whose documented default duration is 0.35 s (developer.apple.com/documentation/swiftui/animation/easeout)"
            ])
        #expect(provenance("edgeSwipe.minimumDistance")?.keys.first == "ours")
        #expect(specs.allSatisfy { ($0["provenance"] as? [String: Any])?.count == 1 })
        // None of ours is labelled a source's: every constant the sources
        // name is one of theirs, and no source's is the edge swipe's.
        #expect(specs.allSatisfy { ($0["source"] as? String)?.isEmpty == false })
        #expect(spec("cardSwipe.projectedDistanceTrigger") == nil)
    }

    /// Issue 34: each element of a built-in scene, its gestures and the
    /// lines it comes from.
    @Test func listElementsNamesEachElementWithItsGestureAndLines() throws {
        let result = try run(["simulate", "--scene", "epilogue", "--list-elements", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let elements = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(elements.count == 21 && elements.first?["id"] as? String == "noteRowSwipe")
        let swipe = try #require(elements.first { $0["id"] as? String == "noteRowSwipe" })
        #expect(swipe["kind"] as? String == "swipeActions" && swipe["fingers"] as? Int == 1)
        let cited = (swipe["provenance"] as? [String: Any])?["source"] as? [String: Any]
        #expect(cited?["document"] as? String == "000_dfd263f105d7efd6.txt")
        #expect(cited?["lines"] as? [Int] == [143, 270])
        // None of the five elements no source has.
        let ids = Set(elements.compactMap { $0["id"] as? String })
        #expect(ids.isDisjoint(with: ["multiSwipe", "noteRowTap", "cardTap", "textTwoFingerTap", "imageTransform"]))
        #expect(!elements.contains { ($0["provenance"] as? [String: Any])?["ours"] != nil })

        let playground = try run(["simulate", "--scene", "playground", "--list-elements"])
        #expect(playground.status == 0)
        #expect(playground.stdout.contains("003_3bd7d55b26cb2476.txt:38,42"))
        let none = try run(["simulate", "--list-elements"])
        #expect(none.status == 1 && none.stderr.contains("--list-elements: name the scene"))
    }
}
