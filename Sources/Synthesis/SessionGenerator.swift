import GSL
import Scenes
import TraceModel

// MARK: - A session: gestures in a row

/// Generates one session: a sequence of intended gestures separated by
/// realistic pauses, sampled by the device's digitizer, each followed by its
/// label.
///
/// **Tab state.** A session starts on tab 0. A gesture whose target lives on
/// another tab is preceded by the tab swipes that reach it; the tab the
/// person *meant* is kept in every label's `target` (`tab2/card`), because
/// the simulated recognizers track the tab from what they recognize and may
/// disagree.
///
/// **Hurried follow-ups.** After a committing gesture (tab swipe, card
/// swipe, swipe actions, dismiss) a person sometimes starts the next one
/// while the animation still runs or the pager's locks are on (50–300 ms
/// after the lift: `during-animation`), and a second tab swipe on the way to
/// a far tab often comes inside the momentum window (`momentum`).
///
/// **What stays on screen.** A note row the person opened stays open until
/// they slide it closed (`swipe-actions` `right`, drawn only while one is
/// open). A long press on a note row opens the note menu, and the next
/// touch is the person's answer to it: a tap on its backdrop
/// (`note-menu`) that dismisses it. A text selection leaves its action pills up: about
/// half the selections are followed by a tap on a pill, some by two.
struct SessionGenerator {
    let header: SessionHeader
    let factory: GestureFactory
    let gestures: Int
    var sampler: TouchSampler
    /// Set when the session is performed on one of the playground's
    /// screens (the header's scene, `playground/tap`): no tabs, gestures
    /// follow one another.
    let playground: PlaygroundScene?

    init(header: SessionHeader, user: UserProfile, profile: DeviceProfile, gestures: Int, rng: RandomGenerator) {
        self.header = header
        let scene = EpilogueScene(width: profile.device.screenWidth, height: profile.device.screenHeight)
        playground = header.scene.flatMap { scene in
            guard scene.hasPrefix(PlaygroundScene.name + "/"),
                let screen = PlaygroundScreen(rawValue: String(scene.dropFirst(PlaygroundScene.name.count + 1)))
            else { return nil }
            return PlaygroundScene(width: profile.device.screenWidth, height: profile.device.screenHeight, screen: screen)
        }
        factory = GestureFactory(rng: rng, user: user, profile: profile, scene: scene)
        self.gestures = gestures
        sampler = TouchSampler(profile: profile, phase: rng.uniform(0, profile.samplePeriod))
    }

    var rng: RandomGenerator { factory.rng }
    var user: UserProfile { factory.user }

    /// Emits the session's events in order: the header, then each gesture's
    /// touch (or motion) samples followed by its label.
    mutating func generate(_ emit: (TraceEvent) throws -> Void) throws {
        try emit(.session(header))
        var time = rng.uniform(0.3, 1.0)
        if let playground {
            // The screen's gesture, again and again, with a touch meaning
            // nothing now and then; about half the visits end with the back
            // swipe that leaves the screen.
            let gesture = PlaygroundIntent.gesture(of: playground.screen)
            for _ in 0..<gestures {
                let intent = factory.chance(0.1) ? PlaygroundIntent.none : gesture
                (time, _) = pause(after: try perform(factory.playground(intent, at: time, on: playground), emit))
            }
            if factory.chance(0.5) { _ = try perform(factory.playground(.edgeSwipe, at: time, on: playground), emit) }
            return
        }
        var tab = 0
        var hurriedNote: String?
        var openRow: Int?
        for _ in 0..<gestures {
            let intent = drawIntent(onTab: tab, rowOpen: openRow != nil)
            if let allowed = intent.tabs, !allowed.contains(tab) {
                try goToTab(nearest(allowed, to: tab), from: &tab, time: &time, hurriedNote: &hurriedNote, emit)
            }
            var gesture = make(intent, at: time, tab: tab, openRow: openRow ?? 0)
            if let note = hurriedNote, gesture.motion.isEmpty { gesture.notes.append(note) }
            var end = try perform(gesture, emit)
            tab = gesture.tabAfter ?? tab
            switch intent {
            case .swipeActions: openRow = gesture.row
            case .closeRow: openRow = nil
            case .noteMenu:
                // The answer to the open menu: a tap on its backdrop. (No
                // longer, one time in five, a tap meant for a row, which the
                // backdrop swallowed: the scene's rows have no tap, issue 34.)
                (time, _) = pause(after: end)
                let press = gesture.tracks.first.map { $0.position($0.down) } ?? Vector(0, 0)
                end = try perform(factory.backdropTap(at: time, tab: tab, menuPress: press), emit)
            case .textSelect where !gesture.notes.contains(Note.impatient):
                // The pills show 0.25 s after the selection settles; the
                // pause before a tap on one is longer than that.
                guard let selection = gesture.tracks.first, factory.chance(0.5) else { break }
                let selectionEnd = selection.position(selection.up)
                for _ in 0..<(factory.chance(0.3) ? 2 : 1) {
                    (time, _) = pause(after: end)
                    end = try perform(factory.pillTap(at: time, tab: tab, selectionEnd: selectionEnd), emit)
                }
            default: break
            }
            let commits: Set<Intent> = [.tabSwipe, .cardSwipe, .swipeActions, .dismiss]
            if commits.contains(gesture.intent) && factory.chance(user.hurry) {
                time = end + factory.uniform(0.05, 0.3)
                hurriedNote = Note.duringAnimation
            } else {
                (time, hurriedNote) = pause(after: end)
            }
        }
    }

    /// Goes from `tab` to `needed` before a gesture that needs it: straight
    /// there with the tab bar, or walking the pager, one swipe per tab (a
    /// second swipe on the way often inside the momentum window).
    private mutating func goToTab(
        _ needed: Int, from tab: inout Int, time: inout Double, hurriedNote: inout String?,
        _ emit: (TraceEvent) throws -> Void
    ) throws {
        if factory.chance(0.45) {
            // Straight to the tab with the tab bar.
            let tap = factory.tabBarTap(at: time, tab: tab, to: needed)
            let end = try perform(tap, emit)
            tab = needed
            (time, hurriedNote) = pause(after: end)
        }
        // Or walk the pager there, one swipe per tab.
        var first = true
        while tab != needed {
            var swipe = factory.tabSwipe(at: time, tab: tab, left: needed > tab)
            if let note = hurriedNote { swipe.notes.append(note) }
            if !first { swipe.notes.append(Note.momentum) }
            let end = try perform(swipe, emit)
            tab = swipe.tabAfter ?? tab
            first = false
            // A second swipe on the way often comes inside the momentum window.
            if tab != needed && factory.chance(min(user.hurry * 2, 0.8)) {
                time = end + factory.uniform(0.12, 0.7)
                hurriedNote = nil
            } else {
                (time, hurriedNote) = pause(after: end)
            }
        }
    }

    /// The pause before the next gesture: lognormal around the person's
    /// median (people pause for a second or so between phone gestures).
    private func pause(after end: Double) -> (Double, String?) {
        let pause = min(max(rng.lognormal(zeta: log(user.pauseMedian), sigma: 0.5), 0.25), 6)
        return (end + pause, nil)
    }

    /// The allowed tab closest to `tab` (ties broken at random).
    private func nearest(_ allowed: [Int], to tab: Int) -> Int {
        let best = allowed.map { abs($0 - tab) }.min() ?? 0
        let closest = allowed.filter { abs($0 - tab) == best }
        return closest.count == 1 ? closest[0] : closest[rng.uniformInt(below: closest.count)]
    }

    /// Draws the next intent. Gestures available on the current tab are three
    /// times as likely (people do a few things on a tab before moving on);
    /// closing a row only while one is open.
    private func drawIntent(onTab tab: Int, rowOpen: Bool) -> EpilogueIntent {
        let all = EpilogueIntent.allCases
        let weights = all.map { intent -> Double in
            if intent == .closeRow && !rowOpen { return 0 }
            return intent.tabs?.contains(tab) ?? true ? intent.weight * 3 : intent.weight
        }
        var r = rng.uniform(0, weights.reduce(0, +))
        for (intent, w) in zip(all, weights) {
            if r < w { return intent }
            r -= w
        }
        return .tap
    }

    private func make(_ intent: EpilogueIntent, at time: Double, tab: Int, openRow: Int) -> PlannedGesture {
        switch intent {
        case .tap: return factory.tap(at: time, tab: tab)
        case .doubleTap: return factory.doubleTap(at: time, tab: tab)
        case .longPress: return factory.longPress(at: time, tab: tab)
        case .scroll: return factory.scroll(at: time, tab: tab)
        case .tabSwipe:
            let left = tab == 0 ? true : (tab == EpilogueScene.tabCount - 1 ? false : factory.chance(0.5))
            return factory.tabSwipe(at: time, tab: tab, left: left)
        case .swipeActions: return factory.swipeActions(at: time, tab: tab)
        case .cardSwipe: return factory.cardSwipe(at: time, tab: tab)
        case .dismiss: return factory.dismiss(at: time, tab: tab)
        case .pinch: return factory.pinch(at: time, tab: tab)
        case .rotate: return factory.rotate(at: time, tab: tab)
        case .shake: return factory.shake(at: time, tab: tab)
        case .none: return factory.nothing(at: time, tab: tab)
        case .drag: return factory.drag(at: time, tab: tab)
        case .textSelect: return factory.textSelect(at: time, tab: tab)
        case .closeRow: return factory.closeRow(at: time, tab: tab, row: openRow)
        case .noteMenu: return factory.noteMenuPress(at: time, tab: tab)
        }
    }

    /// Samples a gesture, emits its samples and its label; returns the time
    /// (seconds) of its last sample.
    private mutating func perform(_ gesture: PlannedGesture, _ emit: (TraceEvent) throws -> Void) throws -> Double {
        var start: Micros, end: Micros
        if gesture.tracks.isEmpty {
            for sample in gesture.motion { try emit(.motion(sample)) }
            (start, end) = gesture.motionWindow ?? (gesture.motion.first?.t ?? 0, gesture.motion.last?.t ?? 0)
            let last = gesture.motion.last?.t ?? end
            try emitLabel(gesture, start: start, end: end, emit)
            return last.seconds
        }
        var failure: (any Error)?
        (start, end) = sampler.sample(gesture.tracks, rng: rng) { sample in
            guard failure == nil else { return }
            do { try emit(.touch(sample)) } catch { failure = error }
        }
        if let failure { throw failure }
        try emitLabel(gesture, start: start, end: end, emit)
        return end.seconds
    }

    private func emitLabel(_ gesture: PlannedGesture, start: Micros, end: Micros, _ emit: (TraceEvent) throws -> Void) throws {
        let note = gesture.notes.isEmpty ? nil : gesture.notes.joined(separator: ",")
        try emit(
            .label(
                Label(
                    start: start, end: end, intent: gesture.intent, direction: gesture.direction,
                    fingers: gesture.fingers, target: gesture.target, note: note)))
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
