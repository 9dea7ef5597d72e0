import Recognizers
import Scenes
import TraceModel

// MARK: - One session, every recognizer's state over time

/// One session replayed through its scene's arena input by input, keeping
/// every change of every member's state (possible → waiting → began →
/// recognized, ended, failed, cancelled) with the arena's reason for it:
/// what `gesturetune serve` draws as a session's timeline.
///
/// Design: the arena records what fired, not how its members got there,
/// and the optimizer's replay must not pay for anything more. So the
/// timeline is read from outside: the arena is fed one sample at a time
/// through its entry points (`touch`, `motion`, and `runTimers(upTo:)` for
/// each timer before the input that would run it) and its members' states
/// are compared before and after each. The arena's replay is unchanged, so
/// the optimizer's hot path costs exactly what it did; a timeline costs one
/// copy of the members per input and timer, for one session.
///
/// The reasons are read from the scene's relations and the arena's own
/// records at the same input: a member that fails as another wins is
/// exclusive with it (or required it to fail); a drop names its lock,
/// boundary or debounce; a member that waited and then won did so when
/// the one it waited for failed. A member that fails with no winner
/// beside it failed its own test (slop, timing, direction, a bias guard).
///
/// ```swift
/// let timeline = try SessionTimeline(session: session, scene: nil, parameters: try ParameterSet(values))
/// timeline.changes.filter { $0.member == 0 }.map(\.to)   // [.possible, .failed, …]
/// ```
package struct SessionTimeline: Sendable, Hashable, Encodable {
    /// One member of the scene's arena.
    package struct Member: Sendable, Hashable, Codable {
        package var id: String
        package var kind: String
        package var target: String?
        /// Where it listens on this session's screen, points.
        package var minX, minY, maxX, maxY: Double
    }

    /// One change of one member's state (in JSON the states by name).
    package struct Change: Sendable, Hashable, Encodable {
        /// Session time, µs: the input that caused it (a recognition's own
        /// time when it fired on a timer between inputs).
        package var t: Micros
        /// Index into ``members``.
        package var member: Int
        package var from: RecognizerState
        package var to: RecognizerState
        /// Why, in words: who won and by which rule, or the member's own test.
        package var reason: String
        /// The member that won the contact at this moment, when one did.
        package var winner: Int?

        private enum CodingKeys: String, CodingKey { case t, member, from, to, reason, winner }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(t, forKey: .t)
            try c.encode(member, forKey: .member)
            try c.encode(String(describing: from), forKey: .from)
            try c.encode(String(describing: to), forKey: .to)
            try c.encode(reason, forKey: .reason)
            try c.encodeIfPresent(winner, forKey: .winner)
        }
    }

    package var scene: String
    package var screenWidth: Double
    package var screenHeight: Double
    package var members: [Member]
    package var changes: [Change]
    /// What fired, as the simulator counts it.
    package var recognitions: [Recognition]
    /// Recognitions swallowed by a lock, a boundary or a debounce.
    package var drops: [Drop]

    /// Replays `session` with `parameters` on the scene the simulator would
    /// use for it (`scene` when given, else the one the session names).
    package init(session: Session, scene override: Scene?, parameters: ParameterSet) throws {
        let scene = try Simulator(scene: override).scene(forSession: session)
        var arena = try scene.arena(parameters: parameters)
        let width = session.header.device.screenWidth, height = session.header.device.screenHeight
        arena.beginSession(screenWidth: width, screenHeight: height)
        var recorder = Recorder(relations: Relations(scene), before: arena.recognizers.map(\.state))

        // Each timer on its own before the input that would run it, so a
        // double tap's window closing is seen when it closes.
        func timers(before t: Micros) {
            while arena.nextTimer < t {
                let due = arena.nextTimer
                arena.runTimers(upTo: due)
                recorder.observe(arena, at: due)
            }
        }
        var j = 0
        for touch in session.touches {
            while j < session.motion.count, session.motion[j].t < touch.t {
                let m = session.motion[j]
                timers(before: m.t)
                arena.motion(t: m.t, ax: m.ax, ay: m.ay, az: m.az)
                recorder.observe(arena, at: m.t)
                j += 1
            }
            timers(before: touch.t)
            arena.touch(t: touch.t, pointer: touch.pointer, phase: touch.phase, x: touch.x, y: touch.y)
            recorder.observe(arena, at: touch.t)
        }
        while j < session.motion.count {
            let m = session.motion[j]
            timers(before: m.t)
            arena.motion(t: m.t, ax: m.ax, ay: m.ay, az: m.az)
            recorder.observe(arena, at: m.t)
            j += 1
        }
        let last = max(session.touches.last?.t ?? 0, session.motion.last?.t ?? 0)
        arena.finishSession()
        recorder.observe(arena, at: max(last, arena.recognitions.last?.recognized ?? last))

        self.scene = scene.name
        screenWidth = width
        screenHeight = height
        let rects = arena.recognizers.map(\.rect)
        members = scene.recognizers.enumerated().map { i, member in
            let rect = rects[i]
            return Member(
                id: member.id, kind: member.kind.rawValue, target: member.target, minX: rect.minX, minY: rect.minY,
                maxX: rect.maxX, maxY: rect.maxY)
        }
        // In time order (a timer's decisions are timed before the input that ran them).
        self.changes = recorder.changes.enumerated().sorted { ($0.element.t, $0.offset) < ($1.element.t, $1.offset) }
            .map(\.element)
        recognitions = arena.recognitions
        drops = arena.drops
    }

    /// What the timeline has seen of the arena — its members' states and
    /// its records as they were after the last input — and the changes
    /// found so far.
    private struct Recorder {
        let relations: Relations
        var before: [RecognizerState]
        var seenRecognitions = 0, seenDrops = 0
        var changes: [Change] = []

        init(relations: Relations, before: [RecognizerState]) {
            self.relations = relations
            self.before = before
        }

        /// The changes of the members' states since the last look, at `t`.
        mutating func observe(_ arena: Arena, at t: Micros) {
            let now = arena.recognizers.map(\.state)
            let fresh = arena.recognitions[seenRecognitions...]
            let dropped = arena.drops[seenDrops...]
            defer {
                before = now
                seenRecognitions = arena.recognitions.count
                seenDrops = arena.drops.count
            }
            guard now != before else { return }
            // Whoever won at this input: the members that began or recognized.
            let winners = now.indices.filter { now[$0] != before[$0] && now[$0].hasWon && !before[$0].hasWon }
            // A recognition on a timer that ran out before this input is
            // timed at the timer; so is everything its win decided.
            func firedAt(_ i: Int) -> Micros? { fresh.first { $0.recognizer == i }.map { min($0.recognized, t) } }
            for i in now.indices where now[i] != before[i] {
                let winner = winners.first { $0 != i }
                let lost = now[i] == .failed || now[i] == .cancelled
                let at = firedAt(i) ?? (lost ? winner.flatMap(firedAt) : nil) ?? t
                let why = reason(i, now: now, winner: winner, dropped: dropped)
                changes.append(Change(t: at, member: i, from: before[i], to: now[i], reason: why, winner: lost ? winner : nil))
            }
        }

        /// Why member `i` went from its state `before` to `now[i]`, in words:
        /// the winner and the rule that let it win, a drop, or its own test.
        private func reason(_ i: Int, now: [RecognizerState], winner: Int?, dropped: ArraySlice<Drop>) -> String {
            switch now[i] {
            case .possible:
                return "joined the contact (the touch landed in its region)"
            case .waiting:
                let pending = relations.waitsFor[i].filter { now[$0].isUndecided }
                let those = pending.isEmpty ? relations.waitsFor[i] : pending
                return "would recognize, waits for " + relations.names(those) + " to fail (" + relations.rule(i, those)
                    + ")"
            case .began, .recognized:
                let verb = now[i] == .began ? "began" : "recognized"
                if before[i] == .waiting {
                    return "\(verb): " + relations.names(relations.waitsFor[i]) + " failed, so it won the arena"
                }
                return "\(verb) first: it won the arena"
            case .ended:
                return "ended (the fingers lifted)"
            case .failed, .cancelled:
                if let drop = dropped.first(where: { $0.recognizer == i }) {
                    return "dropped: " + SessionTimeline.words(drop.reason)
                } else if let w = winner, relations.waitsFor[i].contains(w) {
                    return "required \(relations.id(w)) to fail, and it won (\(relations.rule(i, [w])))"
                } else if let w = winner, relations.isFeedback[i] {
                    return "\(relations.id(w)) took the touches from the pressed control"
                } else if let w = winner {
                    return "lost to \(relations.id(w)): exclusive, the first to win takes the contact"
                } else if before[i] == .waiting {
                    return "still waiting when the fingers lifted: it can no longer recognize"
                } else if now[i] == .cancelled {
                    return "cancelled: forced out while in progress"
                }
                return "its own test ruled it out (movement, timing, direction or a bias guard)"
            case .idle:
                return "reset for a new contact"
            }
        }
    }

    static func words(_ reason: Drop.Reason) -> String {
        switch reason {
        case .horizontalLock: "the horizontal lock after a tab change"
        case .verticalScrollLock: "the vertical scroll lock after a tab swipe"
        case .boundary: "the boundary: no tab past the first or last"
        case .debounce: "the shake debounce"
        }
    }

    /// The scene's relations by member index.
    private struct Relations {
        var ids: [String]
        var waitsFor: [[Int]]
        var isFeedback: [Bool]
        /// (waiter, winner) pairs that come from a `highPriority` rule.
        var priority: Set<[Int]> = []

        init(_ scene: Scene) {
            ids = scene.recognizers.map(\.id)
            let index = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            waitsFor = Array(repeating: [], count: ids.count)
            for rule in scene.relations {
                switch rule {
                case .requireToFail(let a, let b):
                    if let i = index[a], let w = index[b] { waitsFor[i].append(w) }
                case .highPriority(let a, let b):
                    if let winner = index[a], let other = index[b] {
                        waitsFor[other].append(winner)
                        priority.insert([other, winner])
                    }
                case .simultaneous, .allSimultaneous: break
                }
            }
            isFeedback = scene.recognizers.map(\.kind.isFeedback)
        }

        /// The rule that makes `i` wait for `others`: require-to-fail, or their priority over it.
        func rule(_ i: Int, _ others: [Int]) -> String {
            others.allSatisfy { priority.contains([i, $0]) } && !others.isEmpty
                ? "\(names(others)) has priority over it" : "require-to-fail"
        }

        func id(_ i: Int) -> String { ids.indices.contains(i) ? ids[i] : "recognizer \(i)" }
        func names(_ members: [Int]) -> String {
            members.isEmpty ? "another recognizer" : members.map(id).joined(separator: ", ")
        }
    }
}

extension Simulator {
    /// The scene the simulator replays `session` on: its own override
    /// (for a scene of screens, the screen the session names), else a
    /// library scene or built-in the session's `scene` field names (`plain`
    /// when it names none) — as a run resolves it.
    package func scene(forSession session: Session) throws -> Scene {
        if let scene { return try scene.forSession(id: session.id, scene: session.header.scene) }
        let name = session.header.scene ?? "plain"
        let base = Scene.sceneAndScreen(name).scene
        let scene = try library[name] ?? library[base] ?? Scene.builtIn(named: name)
        return try scene.forSession(id: session.id, scene: name)
    }
}
