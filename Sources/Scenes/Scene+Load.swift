import Foundation
import TraceModel
import Yams

// MARK: - Loading scenes

extension Scene {
    /// The names ``builtIn(named:)`` knows.
    package static let builtInNames = ["epilogue", "plain", "study", "playground", "tab-scroll", "animation-patterns"]

    /// Whether `name` names a built-in scene, options included
    /// (`tab-scroll:pages=12,edges=wrap`), or one screen of one
    /// (`playground/tap`).
    package static func namesBuiltIn(_ name: String) -> Bool {
        builtInNames.contains(name) || name.hasPrefix("tab-scroll:")
            || sceneAndScreen(name).scene == "playground"
                && PlaygroundScreen(rawValue: sceneAndScreen(name).screen ?? "") != nil
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
    /// ``tabScroll(_:)``; `tab-scroll:pages=12,edges=wrap` sets its options)
    /// or `animation-patterns` (the animation patterns' draggable card, with
    /// and without its velocity-preserving spring, ``animationPatterns``).
    /// `playground/tap` (any of ``PlaygroundScreen``) is the playground
    /// showing that one screen (``showing(screen:)``): every session on it.
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
        case "animation-patterns": .animationPatterns
        default:
            if name.hasPrefix("tab-scroll:"),
                let configuration = TabScrollConfiguration(options: name.dropFirst("tab-scroll:".count))
            {
                .tabScroll(configuration)
            } else if case ("playground", let screen?) = sceneAndScreen(name) {
                try Scene.playground().showing(screen: screen)
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
        } catch SceneError.playgroundKey(_, let key, let message) {
            // A configuration out of the app's range: the line of its key.
            let line = Scene.line(ofPlaygroundKey: key, in: text)
            throw SceneError.unreadable(path: line.map { "\(path):\($0)" } ?? path, message: "\(message) (\(key))")
        } catch {
            throw SceneError.unreadable(path: path, message: "\(error)")
        }
        return scene
    }

    /// The 1-based line of a playground file's `key`: a field of its
    /// `playground` mapping, or a name among its `parameters`.
    static func line(ofPlaygroundKey key: String, in text: String) -> Int? {
        guard let root = try? Yams.compose(yaml: text), let top = root.mapping else { return nil }
        for section in ["playground", "parameters"] {
            guard let mapping = top[Node(section)]?.mapping else { continue }
            for (name, _) in mapping where name.string == key {
                return name.mark?.line
            }
        }
        return nil
    }

    /// The scene as YAML (what `load(path:)` reads back).
    package func yaml() throws -> String { try YAMLEncoder().encode(self) }
}
