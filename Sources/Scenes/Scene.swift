import Recognizers
import TraceModel

// MARK: - Scenes: recognizers, regions, relations, shared state

/// A UI scene as the simulator sees it: which recognizers listen where, how
/// they relate, what state they share, and parameter values of its own.
///
/// Loaded from YAML or JSON (``load(path:)``) or built in
/// (``builtIn(named:)``: `epilogue`, `plain`, `study`, `playground`). A session's `scene` field
/// picks its scene; a scene given to the simulator (`Simulator`) overrides it.
///
/// ```yaml
/// name: photo
/// tabs: 1
/// recognizers:
///   - {id: tap, kind: tap, region: {x: 0, y: 0.2, width: 1, height: 0.5}, target: image}
///   - {id: doubleTap, kind: doubleTap, region: {x: 0, y: 0.2, width: 1, height: 0.5}, action: toggleZoom}
///   - {id: pinch, kind: pinch}
///   - {id: rotation, kind: rotation}
/// relations:
///   - {recognizer: tap, requireToFail: doubleTap}
///   - {simultaneous: [pinch, rotation]}
/// parameters:
///   doubleTap.window: 0.3
/// ```
package struct Scene: Sendable, Hashable, Codable {
    package var name: String
    /// Pages of a paged tab view (1 when the scene has none).
    package var tabs: Int
    package var initialTab: Int
    package var recognizers: [Member]
    package var relations: [Rule]
    /// Parameter values of this scene (the caller's set overrides them).
    package var parameters: [String: Double]
    /// The screen appears when the session starts, and the app starts its
    /// shake debounce then: a shake within `shake.debounce` of the start is
    /// dropped (the reference app initialises its last-shake time when the
    /// view appears, so a shake in the first 2 s does nothing).
    package var shakeDebounceAtStart: Bool
    /// The playground configuration this scene was built from
    /// (``playground(_:name:)``), `nil` for any other scene. A scene file
    /// with a `playground` key is built from it, and writes it back.
    package var playground: PlaygroundConfiguration?
    /// Whether each frame's finger moves reach the recognizers together, as
    /// UIKit delivers them (see `Arena/wholeFrames`): the epilogue and the
    /// playground; false — one finger at a time — for `plain` and `study`,
    /// whose figures were made so, and for a scene file that does not ask.
    package var wholeFrames: Bool
    /// The scene's screens, by name, in tab order: a scene of screens
    /// (the playground's seven) shows one of them for a whole session, the
    /// one the session's `scene` field names after a slash
    /// (`playground/long-press`; ``forSession(id:scene:)``). Empty for a
    /// scene that is one screen (its tabs, if any, are a pager's pages).
    package var screens: [String]

    package init(
        name: String, tabs: Int = 1, initialTab: Int = 0, recognizers: [Member], relations: [Rule] = [],
        parameters: [String: Double] = [:], shakeDebounceAtStart: Bool = false,
        playground: PlaygroundConfiguration? = nil, wholeFrames: Bool = false, screens: [String] = []
    ) {
        self.screens = screens
        self.name = name
        self.tabs = tabs
        self.initialTab = initialTab
        self.recognizers = recognizers
        self.relations = relations
        self.parameters = parameters
        self.shakeDebounceAtStart = shakeDebounceAtStart
        self.playground = playground
        self.wholeFrames = wholeFrames
    }

    private enum CodingKeys: String, CodingKey {
        case name, tabs, initialTab, recognizers, relations, parameters, shakeDebounceAtStart, playground, wholeFrames
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let configuration = try c.decodeIfPresent(PlaygroundConfiguration.self, forKey: .playground) {
            // A playground file: its recognizers and relations come from the
            // configuration, its parameters go on top of the playground's own.
            for key in [CodingKeys.recognizers, .relations, .tabs, .initialTab, .wholeFrames] where c.contains(key) {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: c,
                    debugDescription: "a playground scene takes its \(key.stringValue) from its playground configuration")
            }
            let name = try c.decodeIfPresent(String.self, forKey: .name) ?? "playground"
            self = Scene.playground(configuration, name: name)
            let own = try c.decodeIfPresent([String: Double].self, forKey: .parameters) ?? [:]
            parameters.merge(own) { $1 }
            shakeDebounceAtStart = try c.decodeIfPresent(Bool.self, forKey: .shakeDebounceAtStart) ?? false
            return
        }
        name = try c.decode(String.self, forKey: .name)
        tabs = try c.decodeIfPresent(Int.self, forKey: .tabs) ?? 1
        initialTab = try c.decodeIfPresent(Int.self, forKey: .initialTab) ?? 0
        recognizers = try c.decode([Member].self, forKey: .recognizers)
        relations = try c.decodeIfPresent([Rule].self, forKey: .relations) ?? []
        parameters = try c.decodeIfPresent([String: Double].self, forKey: .parameters) ?? [:]
        shakeDebounceAtStart = try c.decodeIfPresent(Bool.self, forKey: .shakeDebounceAtStart) ?? false
        playground = nil
        wholeFrames = try c.decodeIfPresent(Bool.self, forKey: .wholeFrames) ?? false
        screens = []
    }

    /// A playground scene writes its configuration instead of its
    /// recognizers and relations (what ``init(from:)`` builds them from).
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        if let playground {
            try c.encode(playground, forKey: .playground)
        } else {
            try c.encode(tabs, forKey: .tabs)
            try c.encode(initialTab, forKey: .initialTab)
            try c.encode(recognizers, forKey: .recognizers)
            try c.encode(relations, forKey: .relations)
            try c.encode(wholeFrames, forKey: .wholeFrames)
        }
        try c.encode(parameters, forKey: .parameters)
        try c.encode(shakeDebounceAtStart, forKey: .shakeDebounceAtStart)
    }

    // MARK: - Members

    /// One recognizer instance of the scene: where it listens, what label
    /// it stands for, and the `RecognizerOptions` it runs with.
    ///
    /// A scene file writes the options flat beside the id, kind and region
    /// (`{id: tap, kind: tap, fingers: 2}`); they are read as decoded, not
    /// clamped, and checked by ``Scene/validate()`` (`columns: 0` is an
    /// error). Members read their options' fields directly (`member.taps`).
    @dynamicMemberLookup
    package struct Member: Sendable, Hashable, Codable {
        /// Unique in the scene; relations name it.
        package var id: String
        package var kind: GestureKind
        package var region: Region
        /// Shown only on this tab (`nil`: always).
        package var tab: Int?
        /// The label `target` this region stands for (documentation for data
        /// generators; matching does not require it unless
        /// ``exclusiveTarget``).
        package var target: String?
        /// Its recognitions fulfil only labels aimed at its `target`, and
        /// labels aimed at that target only its recognitions: an overlay
        /// that swallows a touch meant for the content under it (the note
        /// menu's backdrop) misfires however the kinds agree. Other
        /// members' targets are not checked.
        package var exclusiveTarget: Bool
        package var options: RecognizerOptions
        /// Where the element comes from (`Provenance`): a source document,
        /// a platform convention, or ours with the reason. Every built-in
        /// scene's member states it; a scene file may (`provenance: {ours:
        /// "why"}`), and `nil` is a file's member that does not say.
        package var provenance: Provenance?

        package init(
            _ id: String, _ kind: GestureKind, region: Region = .screen, tab: Int? = nil, target: String? = nil,
            exclusiveTarget: Bool = false, _ options: RecognizerOptions = RecognizerOptions(),
            from provenance: Provenance? = nil
        ) {
            self.provenance = provenance
            self.id = id
            self.kind = kind
            self.region = region
            self.tab = tab
            self.target = target
            self.exclusiveTarget = exclusiveTarget
            self.options = options
        }

        package subscript<Value>(dynamicMember field: WritableKeyPath<RecognizerOptions, Value>) -> Value {
            get { options[keyPath: field] }
            set { options[keyPath: field] = newValue }
        }

        private enum CodingKeys: String, CodingKey { case id, kind, region, tab, target, exclusiveTarget, provenance }

        package init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decode(String.self, forKey: .id)
            kind = try c.decode(GestureKind.self, forKey: .kind)
            region = try c.decodeIfPresent(Region.self, forKey: .region) ?? .screen
            tab = try c.decodeIfPresent(Int.self, forKey: .tab)
            target = try c.decodeIfPresent(String.self, forKey: .target)
            exclusiveTarget = try c.decodeIfPresent(Bool.self, forKey: .exclusiveTarget) ?? false
            provenance = try c.decodeIfPresent(Provenance.self, forKey: .provenance)
            options = try RecognizerOptions(from: decoder)
            // A scroll's axis is vertical unless the file says otherwise.
            if kind == .scroll, try !RecognizerOptions.namesAxis(decoder) { options.axis = .vertical }
        }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(kind, forKey: .kind)
            try c.encode(region, forKey: .region)
            try c.encodeIfPresent(tab, forKey: .tab)
            try c.encodeIfPresent(target, forKey: .target)
            if exclusiveTarget { try c.encode(exclusiveTarget, forKey: .exclusiveTarget) }
            try c.encodeIfPresent(provenance, forKey: .provenance)
            try options.encode(to: encoder)
        }

        var recognizer: Recognizer { Recognizer(kind: kind, region: region, tab: tab, options: options) }
    }

    // MARK: - Relations

    /// A relation between members, by id (see `Relation` for semantics).
    ///
    /// Written `{simultaneous: [a, b]}`, `{simultaneous: all}`,
    /// `{recognizer: a, requireToFail: b}` or `{recognizer: a, highPriorityOver: b}`.
    package enum Rule: Sendable, Hashable, Codable {
        case simultaneous(String, String)
        /// Every member may recognize alongside every other — a view whose
        /// delegate's `shouldRecognizeSimultaneouslyWith` returns true for
        /// all, as a study app does to observe each recognizer. One rule
        /// instead of n(n−1)/2 pairs (21 for seven members); it names no
        /// member, so it also covers members added later.
        case allSimultaneous
        case requireToFail(String, waitsFor: String)
        case highPriority(String, over: String)

        private enum CodingKeys: String, CodingKey { case simultaneous, recognizer, requireToFail, highPriorityOver }

        package init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            if let word = try? c.decode(String.self, forKey: .simultaneous) {
                guard word == "all" else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .simultaneous, in: c,
                        debugDescription: "simultaneous names two recognizers or is all, not \(word)")
                }
                self = .allSimultaneous
                return
            }
            if let pair = try c.decodeIfPresent([String].self, forKey: .simultaneous) {
                guard pair.count == 2 else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .simultaneous, in: c, debugDescription: "simultaneous names exactly two recognizers")
                }
                self = .simultaneous(pair[0], pair[1])
                return
            }
            let a = try c.decode(String.self, forKey: .recognizer)
            if let b = try c.decodeIfPresent(String.self, forKey: .requireToFail) {
                self = .requireToFail(a, waitsFor: b)
            } else if let b = try c.decodeIfPresent(String.self, forKey: .highPriorityOver) {
                self = .highPriority(a, over: b)
            } else {
                throw DecodingError.dataCorruptedError(
                    forKey: .recognizer, in: c, debugDescription: "a relation needs requireToFail or highPriorityOver")
            }
        }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .simultaneous(let a, let b): try c.encode([a, b], forKey: .simultaneous)
            case .allSimultaneous: try c.encode("all", forKey: .simultaneous)
            case .requireToFail(let a, let b):
                try c.encode(a, forKey: .recognizer)
                try c.encode(b, forKey: .requireToFail)
            case .highPriority(let a, let b):
                try c.encode(a, forKey: .recognizer)
                try c.encode(b, forKey: .highPriorityOver)
            }
        }
    }

    // MARK: - Compiling

    /// Checks the scene and builds its arena with the given parameters: the
    /// catalogue defaults, the scene's own values on top, and the assigned
    /// values of `overrides` (the caller's, the optimizer's candidate) on top
    /// of those.
    package func arena(parameters overrides: ParameterSet? = nil, temperature: Double = 0) throws -> Arena {
        try validate()
        let values = try effectiveParameters(overrides)
        let index = Dictionary(uniqueKeysWithValues: recognizers.enumerated().map { ($1.id, $0) })
        func member(_ id: String) throws -> Int {
            guard let i = index[id] else { throw SceneError.invalid(name, "no recognizer \(id)") }
            return i
        }
        let relations: [Relation] = try self.relations.flatMap { rule -> [Relation] in
            switch rule {
            case .simultaneous(let a, let b): [.simultaneous(try member(a), try member(b))]
            case .allSimultaneous:
                // The arena's pairwise relation, for every pair.
                recognizers.indices.flatMap { a in (a + 1..<recognizers.count).map { .simultaneous(a, $0) } }
            case .requireToFail(let a, let b): [.requireToFail(recognizer: try member(a), waitsFor: try member(b))]
            case .highPriority(let a, let b): [.highPriority(winner: try member(a), over: try member(b))]
            }
        }
        return try Arena(
            recognizers: recognizers.map(\.recognizer), relations: relations, tuning: ResolvedParameters(values),
            shared: SharedState(
                tabCount: tabs, currentTab: initialTab,
                shakeDebounceFrom: shakeDebounceAtStart ? 0 : .min),
            temperature: temperature, wholeFrames: wholeFrames)
    }

    /// The parameters that can change this scene's outcome: those of the
    /// kinds it uses (a parameter's name starts with its kind), the tap's
    /// for a double tap (its taps obey them), the tap's and double tap's
    /// for a tap of several taps or a long press with taps before its hold,
    /// the return to identity's when a view returns to identity, the
    /// projection's when a gesture projects a release, and the note menu's
    /// and action pills' when the scene has them — but never a pressed
    /// item's or button's scale, which no measure reads. What an optimizer
    /// should search.
    ///
    /// ```swift
    /// Scene.plain.tunableParameters.map(\.name)   // tap.*, doubleTap.*, longPress.*, pan.*
    /// ```
    package var tunableParameters: [Parameter] {
        var prefixes = Set(recognizers.map(\.kind.rawValue))
        if prefixes.contains("doubleTap") { prefixes.insert("tap") }
        // A tap of several taps, or a long press with taps before its hold,
        // times and places its taps as a double tap does.
        if recognizers.contains(where: { $0.kind == .tap && ($0.taps ?? 1) > 1 || $0.kind == .longPress && ($0.taps ?? 0) > 0 }) {
            prefixes.formUnion(["tap", "doubleTap"])
        }
        if recognizers.contains(where: { $0.action == .returnToIdentity }) { prefixes.insert("returnToIdentity") }
        if !prefixes.isDisjoint(with: ["tabSwipe", "swipeActions", "cardSwipe"]) { prefixes.insert("projection") }
        // The overlays' constants, with the overlays.
        if recognizers.contains(where: { $0.action == .openNoteMenu || $0.action == .dismissNoteMenu }) {
            prefixes.insert("noteMenu")
        }
        if recognizers.contains(where: { $0.layer == .selectionMenu }) { prefixes.insert("actionPill") }
        // The animation patterns' draggable card reads its own constants
        // and, of the card swipe's, only the slop.
        var also: Set<Parameter> = []
        if recognizers.contains(where: { $0.action.isDraggableCard }) {
            prefixes.insert("draggableCard")
            if !recognizers.contains(where: { $0.kind == .cardSwipe && !$0.action.isDraggableCard }) {
                prefixes.remove("cardSwipe")
                also.insert(.cardSwipeSlop)
            }
        }
        // Without the constants the catalogue says no search tunes, and why
        // (`untuned`: layout, or a scale that changes nothing measured).
        return Parameter.allCases.filter { parameter in
            (prefixes.contains(String(parameter.name.prefix { $0 != "." })) || also.contains(parameter))
                && parameter.spec.untuned == nil
        }
    }

    /// The values an arena of this scene uses with the caller's `overrides`.
    package func effectiveParameters(_ overrides: ParameterSet? = nil) throws -> ParameterSet {
        var values = ParameterSet()
        do { try values.apply(parameters) } catch { throw SceneError.invalid(name, "\(error)") }
        return overrides.map { values.merging($0) } ?? values
    }

    /// Throws ``SceneError`` for duplicate ids, relations naming unknown
    /// members, bad tab numbers or parameters.
    package func validate() throws {
        func fail(_ message: String) -> SceneError { SceneError.invalid(name, message) }
        guard !recognizers.isEmpty else { throw fail("no recognizers") }
        guard recognizers.count <= Arena.maximumRecognizers else {
            throw fail("\(recognizers.count) recognizers; at most \(Arena.maximumRecognizers)")
        }
        guard tabs >= 1 else { throw fail("tabs must be at least 1") }
        if let playground { try Scene.validate(playground: playground, parameters: parameters, scene: name) }
        guard (0..<tabs).contains(initialTab) else { throw fail("initialTab \(initialTab) is not a tab") }
        var seen = Set<String>()
        for member in recognizers {
            guard seen.insert(member.id).inserted else { throw fail("duplicate recognizer id \(member.id)") }
            if let tab = member.tab, !(0..<tabs).contains(tab) {
                throw fail("recognizer \(member.id) is on tab \(tab); the scene has \(tabs)")
            }
            guard member.fingers >= 1, member.maxTouches >= 1, member.minTouches >= 1 else {
                throw fail("recognizer \(member.id) needs at least one finger")
            }
            guard member.fingers <= 5, member.minTouches <= 5 else {
                throw fail("recognizer \(member.id) asks for more than 5 fingers")
            }
            guard member.minTouches <= member.maxTouches else {
                throw fail("recognizer \(member.id): minTouches \(member.minTouches) > maxTouches \(member.maxTouches)")
            }
            guard member.columns >= 1, member.rows >= 1 else {
                throw fail("recognizer \(member.id): columns and rows must be at least 1")
            }
            if let direction = member.direction {
                guard member.kind == .swipe else {
                    throw fail("recognizer \(member.id): direction applies to a swipe only, not a \(member.kind.rawValue)")
                }
                guard [.left, .right, .up, .down].contains(direction) else {
                    throw fail(
                        "recognizer \(member.id): a swipe's direction is left, right, up or down, not \(direction.rawValue)")
                }
            }
            if member.action == .returnToIdentity, ![.pinch, .rotation, .transform].contains(member.kind) {
                throw fail(
                    "recognizer \(member.id): returnToIdentity applies to a pinch, rotation or transform, not a \(member.kind.rawValue)"
                )
            }
            if let taps = member.taps {
                let range: ClosedRange<Int>? =
                    switch member.kind {
                    case .tap: 1...5
                    case .doubleTap: 2...5
                    case .longPress: 0...5
                    default: nil
                    }
                guard let range else {
                    throw fail(
                        "recognizer \(member.id): taps applies to a tap, double tap or long press only, not a \(member.kind.rawValue)"
                    )
                }
                guard range.contains(taps) else {
                    throw fail(
                        "recognizer \(member.id): a \(member.kind.rawValue) takes \(range.lowerBound) to \(range.upperBound) taps, not \(taps)"
                    )
                }
            }
        }
        for member in recognizers where member.exclusiveTarget && member.target == nil {
            throw fail("recognizer \(member.id) claims its target exclusively but names none")
        }
        for rule in relations {
            let names: [String]
            switch rule {
            case .simultaneous(let a, let b), .requireToFail(let a, let b), .highPriority(let a, let b): names = [a, b]
            case .allSimultaneous: continue // names no member
            }
            for id in names where !seen.contains(id) { throw fail("a relation names \(id), which is not a recognizer") }
            if names[0] == names[1] { throw fail("a relation relates \(names[0]) to itself") }
        }
        if let cycle = requireToFailCycle() {
            throw fail(
                "requireToFail relations form a cycle (\(cycle.joined(separator: " waits for "))): "
                    + "each would wait for the next to fail, so none of them could ever be recognized")
        }
        do { _ = try ParameterSet(parameters) } catch { throw fail("\(error)") }
    }
}

extension Scene {
    /// The first cycle of `requireToFail` relations (`[a, b, a]`: a waits
    /// for b, which waits for a), `nil` when they form none.
    func requireToFailCycle() -> [String]? {
        var waitsFor: [String: [String]] = [:]
        for case .requireToFail(let a, let b) in relations { waitsFor[a, default: []].append(b) }
        var done = Set<String>()
        var path: [String] = []
        func visit(_ id: String) -> [String]? {
            if let start = path.firstIndex(of: id) { return Array(path[start...]) + [id] }
            guard done.insert(id).inserted else { return nil }
            path.append(id)
            defer { path.removeLast() }
            for next in waitsFor[id] ?? [] {
                if let cycle = visit(next) { return cycle }
            }
            return nil
        }
        for id in waitsFor.keys.sorted() {
            if let cycle = visit(id) { return cycle }
        }
        return nil
    }
}

/// A scene that cannot be used.
package enum SceneError: Error, Sendable, Hashable, CustomStringConvertible {
    /// FILE: message.
    case unreadable(path: String, message: String)
    case invalid(String, String)
    /// A playground configuration out of the app's range: the key it is
    /// wrong in, for the scene file's line (``Scene/load(path:)``).
    case playgroundKey(String, key: String, message: String)
    case unknown(String)

    package var description: String {
        switch self {
        case .unreadable(let path, let message): "\(path): \(message)"
        case .invalid(let scene, let message), .playgroundKey(let scene, _, let message): "scene \(scene): \(message)"
        case .unknown(let name):
            "unknown scene \(name) (built in: \(Scene.builtInNames.joined(separator: ", ")); or give a scene file)"
        }
    }
}
