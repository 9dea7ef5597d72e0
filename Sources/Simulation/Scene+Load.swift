import Foundation
import TraceModel
import Yams

// MARK: - Loading scenes

extension Scene {
    /// The names ``builtIn(named:)`` knows.
    package static let builtInNames = ["epilogue", "plain", "study", "playground", "tab-scroll"]

    /// Whether `name` names a built-in scene, options included
    /// (`tab-scroll:pages=12,edges=wrap`).
    package static func namesBuiltIn(_ name: String) -> Bool {
        builtInNames.contains(name) || name.hasPrefix("tab-scroll:")
    }

    /// A built-in scene: `epilogue` (the reference reading app, see
    /// Docs/epilogue-scene.md) or `plain` (tap, double tap, long press and pan
    /// on the whole screen, for recordings made without a scene) or `study`
    /// (the iOS study app: tap, long press, four swipes and a pan on the
    /// whole screen, all simultaneous) or `playground` (the multi-finger
    /// gesture playground in its reference configuration,
    /// ``playground(_:name:)`` with ``PlaygroundConfiguration/reference``;
    /// other configurations come from a scene file's `playground` key) or
    /// `tab-scroll` (the reference tab swipe over vertically scrolling pages,
    /// ``tabScroll(_:)``; `tab-scroll:pages=12,edges=wrap` sets its options).
    ///
    /// ```swift
    /// let scene = try Scene.builtIn(named: "epilogue")
    /// scene.recognizers.count
    /// ```
    package static func builtIn(named name: String) throws -> Scene {
        switch name {
        case "epilogue": .epilogue
        case "plain": .plain
        case "study": .study
        case "playground": .playground()
        case "tab-scroll": .tabScroll()
        default:
            if name.hasPrefix("tab-scroll:"),
                let configuration = TabScrollConfiguration(options: name.dropFirst("tab-scroll:".count))
            {
                .tabScroll(configuration)
            } else {
                throw SceneError.unknown(name)
            }
        }
    }

    /// Reads a scene from a YAML or JSON file (JSON when the name ends in
    /// `.json`; YAML, a superset, otherwise) and validates it.
    ///
    /// - Throws: ``SceneError/unreadable(path:message:)`` naming the file and
    ///   what is wrong with it.
    package static func load(path: String) throws -> Scene {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw SceneError.unreadable(path: path, message: "cannot read the file (\(error.localizedDescription))")
        }
        let scene: Scene
        do {
            if path.lowercased().hasSuffix(".json") {
                scene = try JSONDecoder().decode(Scene.self, from: Data(text.utf8))
            } else {
                scene = try YAMLDecoder().decode(Scene.self, from: text)
            }
        } catch {
            throw SceneError.unreadable(path: path, message: DecodingError.summary(of: error))
        }
        do {
            try scene.validate()
        } catch {
            throw SceneError.unreadable(path: path, message: "\(error)")
        }
        return scene
    }

    /// The scene as YAML (what `load(path:)` reads back).
    package func yaml() throws -> String { try YAMLEncoder().encode(self) }
}
