import Foundation
import Recognizers
import Scenes
import Testing
import TraceModel

@testable import Synthesis

/// The corpus must cover the scene and look like people on real digitizers.
@Suite struct ModelTests {
    @Test func everyIntentOfTheSceneAppearsWithItsLabels() throws {
        let all = try sessions(population)
        let labels = all.flatMap(\.labels)
        var counts: [Intent: Int] = [:]
        for label in labels { counts[label.intent, default: 0] += 1 }
        let sceneIntents: [Intent] = [
            .tap, .doubleTap, .longPress, .scroll, .tabSwipe, .swipeActions, .cardSwipe,
            .dismiss, .pinch, .rotate, .shake, .none,
            .drag, .textSelect
        ]
        for intent in sceneIntents { #expect((counts[intent] ?? 0) >= 3, "\(intent): \(counts[intent] ?? 0)") }
        #expect(Set(counts.keys) == Set(sceneIntents))

        let directional: Set<Intent> = [
            .scroll, .tabSwipe, .swipeActions, .cardSwipe, .dismiss, .pinch, .rotate
        ]
        for label in labels {
            #expect((label.direction != nil) == directional.contains(label.intent), "\(label)")
            #expect(tab(of: label) != nil, "target without a tab: \(label.target ?? "nil")")
        }
        // Both ways where both ways exist.
        func directions(_ intent: Intent) -> Set<Direction> { Set(labels.filter { $0.intent == intent }.compactMap(\.direction)) }
        #expect(directions(.scroll) == [.up, .down])
        #expect(directions(.tabSwipe) == [.left, .right])
        #expect(directions(.cardSwipe) == [.left, .right])
        #expect(directions(.pinch) == [.in, .out])
        #expect(directions(.rotate) == [.cw, .ccw])
        // Rows are opened (left) and the open one closed (right).
        #expect(directions(.swipeActions) == [.left, .right])
        #expect(directions(.dismiss) == [.down])
        // No edge swipes: the reading app has no back swipe of its own (issue 24).
        #expect(directions(.edgeSwipe).isEmpty)
        // Taps are one finger's (no two-finger tap on the text since issue
        // 34); pinches and rotations two fingers'.
        #expect(labels.filter { $0.intent == .tap }.allSatisfy { $0.fingers == nil })
        #expect(labels.filter { $0.intent == .pinch || $0.intent == .rotate }.allSatisfy { $0.fingers == 2 })
    }

    /// Issue 34: people perform only what the built-in scene offers — every
    /// label's gesture is one of `Scene.epilogue`'s members on the label's
    /// target and tab (no three-finger swipe, no transform, no two-finger
    /// tap on the text, no tap on a note row or a card: those are
    /// `examples/scenes/ours-epilogue-additions.yaml`'s).
    @Test func everyGestureIsOneTheSceneOffers() throws {
        let kinds: [Intent: GestureKind] = [
            .tap: .tap, .doubleTap: .doubleTap, .longPress: .longPress, .scroll: .scroll, .tabSwipe: .tabSwipe,
            .swipeActions: .swipeActions, .cardSwipe: .cardSwipe, .dismiss: .dismiss, .pinch: .pinch,
            .rotate: .rotation, .shake: .shake, .drag: .drag, .textSelect: .textSelect
        ]
        var offered = Set<String>()
        for label in try sessions(population).flatMap(\.labels) where label.intent != .none {
            let kind = try #require(kinds[label.intent], "\(label.intent) is no gesture of the scene")
            let target = try #require(label.target)
            let region = target.split(separator: "/").last.map(String.init)
            let members = Scene.epilogue.recognizers.filter {
                $0.kind == kind && $0.target == region && ($0.tab == nil || $0.tab == tab(of: label))
            }
            #expect(!members.isEmpty, "\(label.intent) on \(target): no member of the scene")
            offered.insert("\(label.intent.rawValue) \(region ?? "")")
        }
        // The single taps land on the grid, the tab bar, the note menu's
        // backdrop and the pills, nowhere else.
        #expect(
            offered.filter { $0.hasPrefix("tap ") }
                == Set(["tap grid-item", "tap tab-bar", "tap note-menu", "tap action-pill"]))
    }

    /// Drags hold before they move, and some carry the item into the edge
    /// band (within 45 pt of the content's top or bottom) to auto-scroll;
    /// selections hold about the press duration before extending.
    @Test func dragsHoldThenMoveAndSomeAutoScroll() throws {
        var holds: [Double] = [], selectionHolds: [Double] = [], autoScrolls = 0, drags = 0
        for session in try sessions(population) {
            let height = session.header.device.screenHeight
            for label in session.labels where label.intent == .drag || label.intent == .textSelect {
                let stroke = try #require(strokes(of: label, in: session).first)
                let first = try #require(stroke.samples.first)
                // The hold: until the finger is 10 pt from where it went down.
                let moved = stroke.samples.first { s in
                    ((s.x - first.x) * (s.x - first.x) + (s.y - first.y) * (s.y - first.y)).squareRoot() > 10
                }
                if label.intent == .textSelect {
                    if let moved { selectionHolds.append(Double(moved.t - first.t) / 1e6) }
                    continue
                }
                drags += 1
                let m = try #require(moved, "a drag that never moved")
                holds.append(Double(m.t - first.t) / 1e6)
                if (label.note ?? "").contains("auto-scroll") {
                    autoScrolls += 1
                    #expect(stroke.samples.contains { $0.y < 0.1 * height + 50 || $0.y > 0.9 * height - 50 })
                }
            }
        }
        // 35 % of drags auto-scroll; this population's draw holds 1 of its
        // 10 since issue 34 redrew it for the scene's gestures (2 before).
        #expect(drags >= 10 && autoScrolls >= 1)
        #expect((0.3...0.55).contains(median(holds)), "median drag hold \(median(holds))")
        // 0.91 s on this population since issue 24 redrew the corpus.
        #expect((0.55...0.95).contains(median(selectionHolds)), "median selection hold \(median(selectionHolds))")
    }

    @Test func theHardCasesArePlanted() throws {
        let notes = try sessions(population).flatMap(\.labels).compactMap(\.note).flatMap { $0.split(separator: ",") }
        let tags = Set(notes.map(String.init))
        for tag in [
            "fling", "drag", "slow-drag", "diagonal", "momentum", "during-animation", "pan-start", "long-hold",
            "near-threshold", "resting-thumb", "brush", "grip", "contested", "hesitant", "auto-scroll",
            "extended"
        ] {
            #expect(tags.contains(tag), "no \(tag)")
        }
    }

    /// A session starts on tab 0; tab swipes and tab-bar taps move it; every
    /// gesture's target names the tab the person is on.
    @Test func tabStateIsConsistent() throws {
        for session in try sessions(population) {
            var tab = 0
            let width = session.header.device.screenWidth
            for label in session.labels.sorted(by: { $0.start < $1.start }) {
                #expect(epilogueTab(label) == tab, "\(label) on tab \(tab)")
                switch label.intent {
                case .tabSwipe: tab += label.direction == .left ? 1 : -1
                case .tap where label.target?.hasSuffix("/tab-bar") == true:
                    let down = try #require(strokes(of: label, in: session).first?.samples.first)
                    tab = min(Int(down.x / (width / 3)), 2)
                default: break
                }
                #expect((0..<3).contains(tab))
            }
        }
    }

    private func epilogueTab(_ label: Label) -> Int? { tab(of: label) }

    @Test func gesturesNeedingATabHappenOnIt() throws {
        let needs: [Intent: Set<Int>] = [
            .swipeActions: [0], .cardSwipe: [1], .dismiss: [1], .doubleTap: [2],
            .longPress: [0, 2], .pinch: [2], .rotate: [2], .scroll: [0, 2], .drag: [2],
            .textSelect: [2]
        ]
        for label in try sessions(population).flatMap(\.labels) {
            if let allowed = needs[label.intent], let t = tab(of: label) { #expect(allowed.contains(t), "\(label)") }
        }
    }

    @Test func medianSampleIntervalMatchesEachDevicesRate() throws {
        var intervals: [String: [Double]] = [:]
        var rates: [String: Double] = [:]
        for session in try sessions(population) {
            let model = session.header.device.model ?? ""
            rates[model] = session.header.device.sampleRateHz
            for stroke in session.strokes {
                let moving = stroke.samples.filter { $0.phase != .ended }
                for (a, b) in zip(moving, moving.dropFirst()) { intervals[model, default: []].append(Double(b.t - a.t) / 1e6) }
            }
        }
        #expect(intervals.count == DeviceProfile.catalogue.count)
        for (model, values) in intervals {
            let rate = try #require(rates[model])
            let m = median(values)
            #expect(abs(m * rate - 1) < 0.05, "\(model): median interval \(m) s at \(rate) Hz")
            // Jitter exists: not every interval is the nominal one.
            #expect(Set(values.map { ($0 * 1e6).rounded() }).count > 3)
        }
    }

    @Test func doubleTapGapsSpread100To400Milliseconds() throws {
        var gaps: [Double] = []
        for session in try sessions(population) {
            let period = 1 / (session.header.device.sampleRateHz ?? 60)
            for label in session.labels where label.intent == .doubleTap {
                let taps = strokes(of: label, in: session)
                #expect(taps.count == 2)
                guard taps.count == 2 else { continue }
                let gap = Double(taps[1].began - taps[0].ended) / 1e6
                // Sampling moves each edge by up to a frame (two with a dropped frame).
                #expect(gap >= 0.1 - 2 * period && gap <= 0.4 + 2 * period, "gap \(gap)")
                gaps.append(gap)
            }
        }
        #expect(gaps.count >= 20)
        #expect((0.13...0.26).contains(median(gaps)), "median gap \(median(gaps))")
        let spread = try #require(gaps.max()) - (try #require(gaps.min()))
        #expect(spread > 0.12)
    }

    /// Release speed by the simplest estimator: the slope between the last
    /// two samples of different times before the lift.
    func releaseSpeed(_ stroke: Stroke) -> Double? {
        let moving = stroke.samples.filter { $0.phase != .ended }
        guard let last = moving.last, let previous = moving.last(where: { $0.t < last.t }) else { return nil }
        let dt = Double(last.t - previous.t) / 1e6
        return ((last.x - previous.x) * (last.x - previous.x) + (last.y - previous.y) * (last.y - previous.y)).squareRoot() / dt
    }

    @Test func flingReleaseSpeedsSpanSlowToHard() throws {
        var speeds: [Double] = []
        for session in try sessions(population) {
            for label in session.labels where label.fingers == nil && (label.note ?? "").split(separator: ",").contains("fling") {
                guard let stroke = strokes(of: label, in: session).first, let v = releaseSpeed(stroke) else { continue }
                speeds.append(v)
            }
        }
        speeds.sort()
        #expect(speeds.count >= 100)
        let p05 = speeds[speeds.count / 20], p95 = speeds[speeds.count * 19 / 20]
        #expect(p05 >= 500 && p05 <= 1_500, "5th percentile \(p05)")
        #expect(p95 >= 4_000 && p95 <= 9_000, "95th percentile \(p95)")
        #expect((1_500...4_500).contains(median(speeds)), "median \(median(speeds))")
    }

    @Test func slowDragsComeToRestOrNearly() throws {
        var speeds: [Double] = []
        for session in try sessions(population) {
            for label in session.labels where (label.note ?? "").split(separator: ",").contains("slow-drag") {
                guard let stroke = strokes(of: label, in: session).first, let lift = stroke.samples.last?.t,
                    let lastMove = stroke.samples.last(where: { $0.phase != .ended })?.t
                else { continue }
                // Stopped: the lift comes long after the last reported movement.
                if lift - lastMove > 40_000 { speeds.append(0) } else if let v = releaseSpeed(stroke) { speeds.append(v) }
            }
        }
        #expect(speeds.count >= 20)
        #expect(median(speeds) < 200, "slow drags release at \(median(speeds)) pt/s")
    }

    @Test func verticalScrollsLeanUpToAboutThirtyDegrees() throws {
        var leans: [Double] = []
        for session in try sessions(population) {
            for label in session.labels where label.intent == .scroll {
                guard let stroke = strokes(of: label, in: session).first,
                    let a = stroke.samples.first, let b = stroke.samples.last
                else { continue }
                let dx = b.x - a.x, dy = b.y - a.y
                guard abs(dy) > 40 else { continue }
                leans.append(abs(atan2(dx, abs(dy))) * 180 / .pi)
            }
        }
        #expect(leans.count >= 50)
        #expect(try #require(leans.max()) < 40)
        let diagonal = leans.filter { $0 > 12 }.count
        #expect(diagonal >= leans.count / 10, "\(diagonal) of \(leans.count) scrolls lean more than 12°")
        #expect(median(leans) < 15)
    }

    @Test func shakesHaveMotionAndTouchesHaveNone() throws {
        for session in try sessions(population) {
            for label in session.labels where label.intent == .shake {
                let window = session.motion.filter { $0.t >= label.start && $0.t <= label.end }
                #expect(window.count >= 35, "a shake of \(window.count) samples")
                #expect(try #require(window.map(\.magnitude).max()) > 1.2)
                // 100 Hz.
                let steps = zip(window, window.dropFirst()).map { $1.t - $0.t }
                #expect(steps.allSatisfy { abs($0 - 10_000) <= 1 })
            }
            // Motion is written only around shakes and bumps.
            let motionLabels = session.labels.filter { $0.intent == .shake || ($0.note ?? "").contains("bump") }
            #expect(session.motion.isEmpty == motionLabels.isEmpty)
        }
    }

    @Test func forceOnlyOnIOSAndRadiusAtTouchDown() throws {
        for session in try sessions(population) {
            let ios = session.header.device.platform == .ios
            for sample in session.touches where sample.phase == .began {
                #expect(sample.radius != nil)
                #expect((sample.force != nil) == ios)
            }
        }
    }
}
