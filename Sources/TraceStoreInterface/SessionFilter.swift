// MARK: - Which sessions to load

/// Which sessions to load; empty sets mean "any".
///
/// ```swift
/// let filter = SessionFilter(scenes: ["library"], users: ["p07", "p08"])
/// ```
package struct SessionFilter: Sendable, Hashable {
    package var scenes: Set<String>
    package var users: Set<String>
    /// Session ids (the `id` of the session line).
    package var sessionIDs: Set<String>

    package init(scenes: Set<String> = [], users: Set<String> = [], sessionIDs: Set<String> = []) {
        self.scenes = scenes
        self.users = users
        self.sessionIDs = sessionIDs
    }

    /// Every session.
    package static let all = SessionFilter()

    package func matches(scene: String?, user: String?, id: String) -> Bool {
        (scenes.isEmpty || scene.map(scenes.contains) == true)
            && (users.isEmpty || user.map(users.contains) == true)
            && (sessionIDs.isEmpty || sessionIDs.contains(id))
    }
}
