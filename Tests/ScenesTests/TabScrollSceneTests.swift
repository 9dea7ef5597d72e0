import Foundation
import GestureTuneTestSupport
import Recognizers
import Scenes
import Testing
import TraceModel

// MARK: - The tab-scroll scene for published studies (issue 27)

@Suite("The tab-scroll scene")
struct TabScrollSceneTests {
    /// What the arena did with a session: recognized member ids (committed
    /// or not) and drops.
    func replayed(_ session: Session, on scene: Scene) throws -> (ids: [String], committed: [Bool], drops: [Drop.Reason?]) {
        let arena = replay(session, try scene.arena())
        return (
            arena.recognitions.map { scene.recognizers[$0.recognizer].id }, arena.recognitions.map(\.committed),
            arena.drops.map(\.reason)
        )
    }

    @Test func namesAndOptions() throws {
        let reference = try Scene.builtIn(named: "tab-scroll")
        #expect(reference == Scene.tabScroll() && reference.name == "tab-scroll")
        #expect(reference.tabs == 3 && reference.recognizers.map(\.id) == ["tabSwipe", "pageScroll"])
        #expect(reference.recognizers.allSatisfy { $0.region == .screen && $0.target == "tab-content" })
        // No relation: the tab swipe, declared first, decides each update
        // and skips the steep ones, which the scroll takes (issue 34).
        #expect(reference.relations.isEmpty)
        let wide = try Scene.builtIn(named: "tab-scroll:pages=12,edges=wrap")
        #expect(wide.tabs == 12 && wide.recognizers[0].wrapsAround && wide.name == "tab-scroll:pages=12,edges=wrap")
        #expect(try Scene.builtIn(named: "tab-scroll:edges=stop") == reference)
        for bad in ["tab-scroll:pages=1", "tab-scroll:edges=bounce", "tab-scroll:colour=red", "tab-scroll:pages"] {
            #expect(throws: SceneError.self, "\(bad)") { try Scene.builtIn(named: bad) }
        }
        #expect(Scene.namesBuiltIn("tab-scroll:pages=5") && !Scene.namesBuiltIn("tab-scrolls"))
        try wide.validate()
        // A scene file written from it reads back the same.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tab-scroll-\(UUID()).yaml")
        try wide.yaml().write(to: url, atomically: true, encoding: .utf8)
        #expect(try Scene.load(path: url.path) == wide)
    }

    @Test func everyElementSaysWhereItComesFrom() {
        for configuration in [TabScrollConfiguration.reference, TabScrollConfiguration(pages: 8, edgesStop: false)] {
            let scene = Scene.tabScroll(configuration)
            let sources = Scene.tabScrollSources(configuration)
            let elements = Set(sources.map(\.element))
            #expect(elements.isSuperset(of: scene.recognizers.map(\.id)))
            #expect(
                elements.isSuperset(of: [
                    "pages", "edges", "region", "initialTab", "wholeFrames", "tabSwipe decides before pageScroll"
                ]
                ))
            #expect(sources.allSatisfy { !$0.note.isEmpty })
            // What the user's options chose is labelled so, never the reference app's.
            for source in sources where source.option != nil { #expect(!source.source.isSource) }
            #expect(scene.recognizers.allSatisfy { $0.provenance?.document == .tabSession })
        }
        let wrapped = Scene.tabScrollSources(TabScrollConfiguration(pages: 8, edgesStop: false))
        #expect(wrapped.first { $0.element == "edges" }?.option == "edges=wrap")
        #expect(Scene.tabScrollSources().first { $0.element == "edges" }?.source.document == .tabSession)
    }

    @Test func pagesScrollsAndEdges() throws {
        var trace = TraceBuilder(id: "t", width: 360, height: 640)
        trace.drag(from: (300, 300), by: (-200, 0), speed: 800) // page left: to page 1
        trace.wait(1)
        trace.drag(from: (180, 500), by: (0, -250), speed: 600) // scroll
        trace.wait(1)
        trace.drag(from: (60, 300), by: (200, 0), speed: 800) // back to page 0
        trace.wait(1)
        trace.drag(from: (60, 300), by: (200, 0), speed: 800) // past the first page
        let stopped = try replayed(trace.session, on: .tabScroll())
        #expect(stopped.ids == ["tabSwipe", "pageScroll", "tabSwipe"])
        #expect(stopped.committed == [true, true, true])
        #expect(stopped.drops == [.boundary])
        // Wrapping around, the last swipe goes to the last page instead.
        let wrapped = try replayed(trace.session, on: .tabScroll(TabScrollConfiguration(edgesStop: false)))
        #expect(wrapped.ids == ["tabSwipe", "pageScroll", "tabSwipe", "tabSwipe"])
        #expect(wrapped.committed == [true, true, true, true] && wrapped.drops.isEmpty)
    }
}
