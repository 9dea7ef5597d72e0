// MARK: - Session header

/// The `session` line of a trace: who, on what, in which scene.
public struct SessionHeader: Sendable, Hashable, Codable {
    /// The version tag the canonical format requires on a file's first session.
    public static let formatTag = "gesturetune-trace/1"

    /// Unique in a store.
    public var id: String
    public var device: Device
    /// Pseudonymous participant id; train/holdout splits are made by user.
    public var user: String?
    /// The UI scene the session was recorded on (selects recognizers).
    public var scene: String?
    /// Wall-clock start, ISO 8601, as written.
    public var startedAt: String?
    /// Free-form metadata, kept as compact JSON text.
    public var metaJSON: String?
    /// The input line the session began on (0 when not read from a file),
    /// for errors about the whole session. Where a session came from is not
    /// what it is: equality, hashing and coding ignore it.
    public var line = 0

    public init(
        id: String, device: Device, user: String? = nil, scene: String? = nil,
        startedAt: String? = nil, metaJSON: String? = nil
    ) {
        self.id = id
        self.device = device
        self.user = user
        self.scene = scene
        self.startedAt = startedAt
        self.metaJSON = metaJSON
    }
}

extension SessionHeader {
    private enum CodingKeys: String, CodingKey {
        case id, device, user, scene, startedAt, metaJSON
    }

    public static func == (a: SessionHeader, b: SessionHeader) -> Bool {
        a.id == b.id && a.device == b.device && a.user == b.user && a.scene == b.scene
            && a.startedAt == b.startedAt && a.metaJSON == b.metaJSON
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(device)
        hasher.combine(user)
        hasher.combine(scene)
        hasher.combine(startedAt)
        hasher.combine(metaJSON)
    }
}
