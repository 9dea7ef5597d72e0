import Recognizers

// MARK: - Scenes of screens: which one a session was recorded on

extension Scene {
    /// A session's `scene` field split at its last slash:
    /// `playground/long-press` is the scene `playground` on its screen
    /// `long-press`; `epilogue` names no screen.
    package static func sceneAndScreen(_ field: String) -> (scene: String, screen: String?) {
        guard let slash = field.lastIndex(of: "/") else { return (field, nil) }
        return (String(field[..<slash]), String(field[field.index(after: slash)...]))
    }

    /// The scene a session is replayed on: this scene itself when it is one
    /// screen; for a scene of ``screens``, the screen the session's `scene`
    /// field names (``showing(screen:)``).
    ///
    /// - Throws: ``SceneError/invalid(_:_:)`` when this scene has screens
    ///   and the session names none of them: which gestures listen depends
    ///   on it, so it is never guessed.
    package func forSession(id: String, scene field: String?) throws -> Scene {
        guard !screens.isEmpty else { return self }
        let named = field.flatMap { Scene.sceneAndScreen($0).screen }
        guard let screen = named, screens.contains(screen) else {
            throw SceneError.invalid(
                name,
                "session \(id) "
                    + (field.map { "names scene \($0), not one of its screens" } ?? "names no scene, so no screen")
                    + "; a session of it names its screen: "
                    + screens.map { "\(Scene.sceneAndScreen(name).scene)/\($0)" }.joined(separator: ", "))
        }
        return try showing(screen: screen)
    }

    /// This scene as one of its screens shows it for a whole session:
    /// named `scene/screen`, with that screen's members alone (on every
    /// tab of a one-tab scene) and the relations between them.
    ///
    /// - Throws: ``SceneError/unknown(_:)`` for a name that is not one of
    ///   ``screens``.
    package func showing(screen: String) throws -> Scene {
        guard let tab = screens.firstIndex(of: screen) else {
            throw SceneError.unknown("\(name)/\(screen)")
        }
        var shown = self
        shown.name = "\(Scene.sceneAndScreen(name).scene)/\(screen)"
        shown.recognizers = recognizers.filter { $0.tab == nil || $0.tab == tab }.map { member in
            var member = member
            member.tab = nil
            return member
        }
        let kept = Set(shown.recognizers.map(\.id))
        shown.relations = relations.filter { rule in
            switch rule {
            case .allSimultaneous: true
            case .simultaneous(let a, let b), .requireToFail(let a, let b), .highPriority(let a, let b):
                kept.contains(a) && kept.contains(b)
            }
        }
        shown.tabs = 1
        shown.initialTab = 0
        shown.screens = []
        return shown
    }
}
