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
        // The reading-app scene: the reading app's, the paging and the
        // pages' scrolls borrowed from the tab session, the sheet and the
        // image's zoom and turn from the animation patterns, and the tab
        // session's bar, whose tap is the platform's; nothing of ours.
        let epilogue = Dictionary(uniqueKeysWithValues: Scene.epilogue.recognizers.map { ($0.id, $0.provenance) })
        #expect(epilogue.values.allSatisfy { $0?.isSource == true || $0?.word == "platform" })
        func from(_ source: ReferenceSource) -> [String] { epilogue.filter { $0.value?.document == source }.keys.sorted() }
        #expect(from(.tabSession) == ["libraryScroll", "notesScroll", "tabSwipe"])
        #expect(from(.animationPatterns) == ["imageDoubleTap", "imagePinch", "imageRotation", "sheetDismiss"])
        #expect(epilogue["tabBar"]??.word == "platform")
        #expect(Scene.playground().recognizers.allSatisfy { $0.provenance?.document == .playground })
    }

    @Test func constantsCarryTheirSourceAsData() {
        let spec = { (name: String) in Parameter(name: name)!.spec }
        #expect(spec("tabSwipe.directionalBias").provenance == .cite(.tabSession, 164, 415))
        #expect(spec("tabSwipe.momentumWindow").provenance.document == .tabSession)
        #expect(spec("swipeActions.resistanceDistance").provenance == .cite(.readingApp, 109, 169, written: "product"))
        #expect(spec("cardSwipe.deleteThreshold").provenance.document == .readingApp)
        // Issue 34: the interactive dismiss, the pinch and the rotation are
        // the animation patterns', not the reading app's.
        for parameter in Parameter.allCases
        where ["dismiss", "pinch", "rotation"].contains(String(parameter.name.prefix { $0 != "." })) {
            let provenance = parameter.spec.provenance
            #expect(provenance.document == .animationPatterns || !provenance.isSource, "\(parameter.name)")
        }
        // The drags' slops are SwiftUI DragGesture's default, a platform's.
        for name in ["swipeActions.slop", "cardSwipe.slop", "tabSwipe.slop", "dismiss.slop"] {
            #expect(spec(name).provenance.word == "platform", "\(name)")
        }
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
        for value in [Provenance.cite(.tabSession, 164, 415), .platform("UIKit's default"), .ours("because")] {
            let data = try JSONEncoder().encode(value)
            #expect(try JSONDecoder().decode(Provenance.self, from: data) == value)
        }
        let sorted = JSONEncoder()
        sorted.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try sorted.encode(Provenance.cite(.readingApp, 108)), as: UTF8.self)
                == #"{"source":{"document":"000_dfd263f105d7efd6.txt","line":108}}"#)
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
