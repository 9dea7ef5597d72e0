import Foundation
import GestureTuneTestSupport
import Recognizers
import Scenes
import Testing

/// Issue 24: where every constant and every built-in scene element comes
/// from is data (``Provenance``), and the docs' tables are made from it.
@Suite("Provenance")
struct ProvenanceTests {
    @Test func everyBuiltInElementStatesWhereItComesFrom() throws {
        for name in Scene.builtInNames {
            let scene = try Scene.builtIn(named: name)
            for member in scene.recognizers {
                #expect(member.provenance != nil, "\(name).\(member.id)")
            }
        }
        // The reading-app scene: the reading app's, and the paging and tab
        // bar borrowed from the tab session; nothing of ours.
        let epilogue = Dictionary(uniqueKeysWithValues: Scene.epilogue.recognizers.map { ($0.id, $0.provenance) })
        #expect(epilogue.values.allSatisfy { $0?.isSource == true })
        let borrowed = epilogue.filter { $0.value == .source(.tabSession) }.keys.sorted()
        #expect(borrowed == ["tabBar", "tabSwipe"])
        #expect(Scene.playground().recognizers.allSatisfy { $0.provenance == .source(.playground) })
    }

    @Test func constantsCarryTheirSourceAsData() {
        let spec = { (name: String) in Parameter(name: name)!.spec }
        #expect(spec("tabSwipe.directionalBias").provenance == .source(.tabSession))
        #expect(spec("tabSwipe.momentumWindow").provenance == .source(.tabSession))
        #expect(spec("swipeActions.resistanceDistance").provenance == .source(.readingApp))
        #expect(spec("cardSwipe.deleteThreshold").provenance == .source(.readingApp))
        #expect(spec("pan.slop").provenance == .platform("Flutter's kTouchSlop"))
        #expect(spec("projection.decelerationRate").provenance == .platform("UIScrollView.DecelerationRate.normal, 0.998"))
        // Ours always says why.
        for parameter in Parameter.allCases {
            if case .ours(let reason) = parameter.spec.provenance {
                #expect(reason.count > 20, "\(parameter.name)")
            }
        }
        // No description carries provenance in prose any more.
        for parameter in Parameter.allCases {
            let text = parameter.spec.description
            #expect(!text.contains("names none") && !text.contains("gesturetune's choice"), "\(parameter.name)")
        }
        // The edge swipe is in no source: its constants are ours.
        #expect(!spec("edgeSwipe.minimumDistance").provenance.isSource)
    }

    @Test func provenanceReadsAndWritesAsOneKey() throws {
        for value in [Provenance.source(.tabSession), .platform("UIKit's default"), .ours("because")] {
            let data = try JSONEncoder().encode(value)
            #expect(try JSONDecoder().decode(Provenance.self, from: data) == value)
        }
        #expect(
            String(decoding: try JSONEncoder().encode(Provenance.source(.readingApp)), as: UTF8.self)
                == #"{"source":"reading-app"}"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Provenance.self, from: Data("{}".utf8)) }
    }

    /// The table in Docs/epilogue-scene.md is the scene's data.
    @Test func theEpilogueDocsSourceTableIsTheScenes() throws {
        let text = try String(contentsOf: TestPaths.inPackage("Docs/epilogue-scene.md"), encoding: .utf8)
        let start = try #require(text.range(of: "## Where each element comes from\n"))
        let lines = text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
        let first = try #require(lines.firstIndex { $0.hasPrefix("|") })
        let table = lines[first...].prefix { $0.hasPrefix("|") }.joined(separator: "\n")
        #expect(table == sourceTable(Scene.epilogue))
    }
}

/// The docs' table of a scene's elements and where each comes from, as
/// Docs/epilogue-scene.md prints it.
func sourceTable(_ scene: Scene) -> String {
    var lines = ["| element | kind | source |", "|---|---|---|"]
    for member in scene.recognizers {
        lines.append("| `\(member.id)` | \(member.kind.rawValue) | \(member.provenance?.label ?? "not stated") |")
    }
    return lines.joined(separator: "\n")
}
