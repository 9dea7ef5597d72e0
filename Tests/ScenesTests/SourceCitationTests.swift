import Foundation
import GestureTuneTestSupport
import Recognizers
import Scenes
import Testing

/// Issue 34: every constant and element a source's cites the lines of
/// `shared/seeds` that write it, and those lines hold it — the value as it
/// is written there, the element's gesture named.
@Suite("Source citations")
struct SourceCitationTests {
    /// The four documents, line by line (1-based: `lines[0]` is unused).
    static let documents: [ReferenceSource: [String]] = {
        var documents: [ReferenceSource: [String]] = [:]
        for source in ReferenceSource.allCases {
            let url = TestPaths.sharedSeeds.appendingPathComponent(source.document)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            documents[source] = [""] + text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return documents
    }()

    /// The cited lines' text, or nil when the document or a line is missing.
    static func lines(of citation: Citation) -> [String]? {
        guard let document = documents[citation.source] else { return nil }
        return citation.lines.allSatisfy { $0 < document.count } ? citation.lines.map { document[$0] } : nil
    }

    /// The numbers a line writes: `-200`, `0.35` (of `0.35s`), `500` (of
    /// `500ms`), never digits inside a name (`iOS26…`) or a minus that is
    /// an operator (`0.3-0.4` is 0.3 and 0.4).
    static func numbers(in line: String) -> [(value: Double, milliseconds: Bool)] {
        let pattern = try! NSRegularExpression(pattern: #"(?<![A-Za-z0-9_.])(-?\d+(?:\.\d+)?)(\s*ms\b)?"#)
        let range = NSRange(line.startIndex..., in: line)
        return pattern.matches(in: line, range: range).compactMap { match in
            guard let number = Range(match.range(at: 1), in: line).flatMap({ Double(line[$0]) }) else { return nil }
            return (number, match.range(at: 2).location != NSNotFound)
        }
    }

    static func same(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }

    /// Whether `line` writes `value` of a constant with this unit and name:
    /// the number; seconds also as milliseconds (`500ms`); a damping
    /// fraction also as a spring's bounce (`bounce: 0.15` for 0.85);
    /// degrees also as radians.
    static func writes(_ line: String, _ value: Double, unit: String, name: String) -> Bool {
        let found = numbers(in: line)
        if found.contains(where: { !$0.milliseconds && same($0.value, value) }) { return true }
        if unit == "s", found.contains(where: { $0.milliseconds && same($0.value, value * 1000) }) { return true }
        if unit == "deg", found.contains(where: { abs($0.value - value * .pi / 180) < 5e-4 }) { return true }
        if name.lowercased().hasSuffix("damping") {
            let bounce = try! NSRegularExpression(pattern: #"bounce:\s*(\d+(?:\.\d+)?)"#)
            for match in bounce.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                if let b = Range(match.range(at: 1), in: line).flatMap({ Double(line[$0]) }), same(1 - b, value) {
                    return true
                }
            }
        }
        return false
    }

    /// Whether the cited lines hold `value`: each line writes it, or (with
    /// `written: product`) one number of each line multiplies to it.
    static func holds(_ citation: Citation, _ value: Double, unit: String, name: String) -> Bool {
        guard let lines = lines(of: citation) else { return false }
        if citation.written == "product" {
            var products: [Double] = [1]
            for line in lines { products = products.flatMap { p in numbers(in: line).map { p * $0.value } } }
            return products.contains { same($0, value) }
        }
        return citation.written == nil && lines.allSatisfy { writes($0, value, unit: unit, name: name) }
    }

    /// The words a line may name each kind of gesture with (case ignored).
    static let names: [GestureKind: [String]] = [
        .tap: ["tap", "button("], .doubleTap: ["count: 2", "double-tap", "double tap"],
        .longPress: ["longpress", "long-press", "long press", "contextmenu"],
        .pressFeedback: ["press", "minimumduration: 0"], .swipeActions: ["swipe", "draggesture"],
        .cardSwipe: ["swipe", "draggesture"], .tabSwipe: ["swipe", "draggesture"], .dismiss: ["dismiss", "draggesture"],
        .pinch: ["pinch", "magnif"], .rotation: ["rotat"], .transform: ["transform"], .textSelect: ["select"],
        .drag: ["drag"], .scroll: ["scroll"], .shake: ["shake"], .edgeSwipe: ["edge"], .swipe: ["swipe"],
        .pan: ["pan"], .multiSwipe: ["swipe"]
    ]

    /// Whether the cited lines name the member's gesture — its kind, and
    /// its fingers where it takes more than one.
    static func names(_ citation: Citation, _ member: Scene.Member) -> Bool {
        guard let lines = lines(of: citation)?.map({ $0.lowercased() }), let words = names[member.kind] else { return false }
        let kind = lines.contains { line in words.contains { line.contains($0) } }
        let manyFingers = member.fingers > 1 || member.minTouches > 1 || member.kind == .pan && member.maxTouches > 1
        let fingers = !manyFingers || lines.contains { $0.contains("finger") || $0.contains("touch") }
        return kind && fingers
    }

    static let builtIn: [Scene] = Scene.builtInNames.map { try! Scene.builtIn(named: $0) } + [Scene.tabScroll()]

    @Test func theDocumentsAreThere() {
        for source in ReferenceSource.allCases {
            #expect(Self.documents[source] != nil, "\(TestPaths.sharedSeeds.path)/\(source.document)")
        }
    }

    @Test func everyConstantASourceWritesIsOnItsLines() throws {
        var cited = 0
        for parameter in Parameter.allCases {
            let spec = parameter.spec
            if let citation = spec.provenance.citation {
                cited += 1
                #expect(
                    Self.holds(citation, spec.defaultValue, unit: spec.unit, name: spec.name),
                    "\(spec.name) = \(spec.defaultValue) is not on \(citation.reference)")
            }
            if let bounds = spec.boundsSource {
                #expect(
                    Self.holds(bounds, spec.lower, unit: spec.unit, name: spec.name)
                        && Self.holds(bounds, spec.upper, unit: spec.unit, name: spec.name),
                    "\(spec.name)'s bounds \(spec.lower)…\(spec.upper) are not on \(bounds.reference)")
            }
        }
        // 57 constants were labelled a source's; two dampings no line
        // writes went to SwiftUI's default bounce, the flight offset and the
        // card's removal delay (000:367) came in; then the animation
        // patterns' draggable card and its velocity-preserving spring (9).
        #expect(cited == 66)
    }

    @Test func everyElementASourceHasIsNamedOnItsLines() {
        for scene in Self.builtIn {
            for member in scene.recognizers {
                guard let citation = member.provenance?.citation else { continue }
                #expect(
                    Self.names(citation, member), "\(scene.name).\(member.id) (\(member.kind.rawValue)) on \(citation.reference)")
            }
        }
        for element in Scene.tabScrollSources() {
            if let citation = element.source.citation { #expect(Self.lines(of: citation) != nil, "\(element.element)") }
        }
    }

    /// The reference scenes hold nothing of ours: every element is a
    /// source's, cited, except the tab bar, a platform's convention on the
    /// tab session's bar. (The scenes for recordings without a UI, `plain`
    /// and `study`, are ours and say so.)
    @Test func theReferenceScenesHoldNothingOfOurs() {
        for scene in [Scene.epilogue, Scene.playground(), Scene.tabScroll(), Scene.animationPatterns] {
            for member in scene.recognizers {
                switch member.provenance {
                case .source: break
                case .platform: #expect(scene.name == "epilogue" && member.id == "tabBar", "\(scene.name).\(member.id)")
                case .ours, nil:
                    Issue.record("\(scene.name).\(member.id) is not a source's: \(member.provenance?.label ?? "nil")")
                }
            }
        }
    }

    /// The check can fail: a value on a line that does not write it, a
    /// line past the document's end, a gesture its lines do not name.
    @Test func aWrongCitationFails() {
        #expect(!Self.holds(Citation(.tabSession, lines: [167]), 3.5, unit: "×", name: "tabSwipe.directionalBias"))
        #expect(Self.holds(Citation(.tabSession, lines: [164]), 3.5, unit: "×", name: "tabSwipe.directionalBias"))
        #expect(!Self.holds(Citation(.tabSession, lines: [164, 100_000]), 3.5, unit: "×", name: "x"))
        // A damping of 0.85 is written as the spring's bounce 0.15; 0.9 is not there.
        #expect(Self.holds(Citation(.animationPatterns, lines: [149]), 0.85, unit: "", name: "dismiss.snapBackDamping"))
        #expect(!Self.holds(Citation(.animationPatterns, lines: [149]), 0.9, unit: "", name: "dismiss.snapBackDamping"))
        #expect(!Self.holds(Citation(.animationPatterns, lines: [149]), 0.85, unit: "", name: "dismiss.snapBackResponse"))
        // Seconds as milliseconds, but not milliseconds as seconds.
        #expect(Self.holds(Citation(.readingApp, lines: [1011]), 0.5, unit: "s", name: "doubleTap.window"))
        #expect(!Self.holds(Citation(.readingApp, lines: [1011]), 500, unit: "s", name: "doubleTap.window"))
        // `0.3-0.4s` is 0.3 and 0.4, not −0.4.
        #expect(Self.numbers(in: "| **Spring Response** | 0.3-0.4s | x |").map(\.value) == [0.3, 0.4])
        #expect(Self.numbers(in: "struct iOS26SwipeActionsModifier {").isEmpty)
        let tap = Scene.Member("t", .tap)
        #expect(!Self.names(Citation(.tabSession, lines: [164]), tap))
        #expect(Self.names(Citation(.readingApp, lines: [643]), tap))
        var twoFingers = tap
        twoFingers.fingers = 2
        #expect(!Self.names(Citation(.readingApp, lines: [643]), twoFingers))
    }

    /// `--list-params --json` and `--list-elements --json` print a
    /// citation as the issue writes it.
    @Test func aCitationReadsAndWritesAsItsDocumentAndLines() throws {
        let one = Provenance.cite(.tabSession, 167)
        let sorted = JSONEncoder()
        sorted.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try sorted.encode(one), as: UTF8.self)
                == #"{"source":{"document":"001_f8e9ba9022a96da8.txt","line":167}}"#)
        let two = Provenance.cite(.readingApp, 109, 169, written: "product")
        for value in [one, two, .platform("UIKit's"), .ours("because")] {
            #expect(try JSONDecoder().decode(Provenance.self, from: try JSONEncoder().encode(value)) == value)
        }
        #expect(one.label == "the tab session (001_f8e9ba9022a96da8.txt:167)")
        for bad in [
            #"{"source":"reading-app"}"#, #"{"source":{"document":"x.txt","line":1}}"#,
            #"{"source":{"document":"000_dfd263f105d7efd6.txt"}}"#
        ] {
            #expect(throws: DecodingError.self, "\(bad)") { try JSONDecoder().decode(Provenance.self, from: Data(bad.utf8)) }
        }
    }

    /// The README's claim about the demo: "no figure here comes from an
    /// element the sources do not contain". The demo replays the shipped
    /// corpus on the scene its sessions name; every element of that scene
    /// is a source's, cited on lines that name its gesture — the tab bar
    /// alone a platform's convention on the tab session's bar — and none
    /// is ours.
    @Test func theReadmesClaimAboutTheSourcesHolds() throws {
        let readme = try String(contentsOf: TestPaths.inPackage("README.md"), encoding: .utf8)
        let claim = "no figure here comes from an\nelement the sources do not contain"
        #expect(readme.contains(claim) || readme.contains(claim.replacingOccurrences(of: "\n", with: " ")))
        let corpus = try FileManager.default.contentsOfDirectory(atPath: TestPaths.inPackage("datasets/epilogue").path)
            .filter { $0.hasSuffix(".jsonl") }
        #expect(!corpus.isEmpty)
        for file in corpus {
            let handle = try #require(FileHandle(forReadingAtPath: TestPaths.inPackage("datasets/epilogue/\(file)").path))
            let head = String(decoding: handle.readData(ofLength: 1024), as: UTF8.self)
            try handle.close()
            #expect(head.prefix { $0 != "\n" }.contains(#""scene":"epilogue""#), "\(file)")
        }
        var platform: [String] = []
        for member in Scene.epilogue.recognizers {
            switch member.provenance {
            case .source(let citation): #expect(Self.names(citation, member), "\(member.id)")
            case .platform: platform.append(member.id)
            case .ours, nil: Issue.record("\(member.id): \(member.provenance?.label ?? "nil")")
            }
        }
        #expect(platform == ["tabBar"])
    }

    /// The sources' variants (``ParameterPreset``): each value a line
    /// writes holds it, each preset's section exists, and the rest say why.
    @Test func everyPresetValueASourceWritesIsOnItsLines() throws {
        #expect(
            ParameterPreset.all.map(\.name) == [
                "tab-session-before", "tab-session-horizontal-dominant", "tab-session-easier-swipes",
                "tab-session-slower-spring", "tab-session-longer-momentum", "tab-session-rubber-band"
            ])
        for preset in ParameterPreset.all {
            let section = try #require(preset.provenance.citation)
            #expect(Self.lines(of: section) != nil, "\(preset.name)")
            for value in preset.values {
                let spec = value.parameter.spec
                #expect(spec.accepts(value.value), "\(preset.name): \(spec.name) = \(value.value)")
                if let citation = value.provenance.citation {
                    #expect(
                        Self.holds(citation, value.value, unit: spec.unit, name: spec.name),
                        "\(preset.name): \(spec.name) = \(value.value) is not on \(citation.reference)")
                } else if case .ours(let why) = value.provenance {
                    #expect(why.count > 20)
                }
            }
        }
        // The before design: distance 50 on release, a .spring(response: 0.3).
        let before = try #require(ParameterPreset.named("tab-session-before")).parameters
        #expect(before[.tabSwipeDistanceThreshold] == 50 && before[.tabSwipeSpringResponse] == 0.3)
        #expect(before[.tabSwipeMomentumWindow] == 0 && !before.isAssigned(.swipeActionsThreshold))
        // The next step's rubber band: 0.3 where the shipped design blocks (0).
        let banded = try #require(ParameterPreset.named("tab-session-rubber-band"))
        #expect(banded.parameters[.tabSwipeEdgeRubberBand] == 0.3 && ParameterSet()[.tabSwipeEdgeRubberBand] == 0)
        #expect(banded.provenance(of: .tabSwipeEdgeRubberBand) == .cite(.tabSession, 515))
    }
}
