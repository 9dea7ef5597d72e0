import Foundation
import GestureTuneTestSupport
import Recognizers
import Simulation
import Testing
import TraceModel

@Suite("Matching recognitions to labels")
struct MatchingTests {
    /// On the epilogue scene (390 × 844 pt, notes tab first): one correct
    /// tap, one missed long press, one tab swipe that scrolled instead
    /// (wrong), one tab swipe that worked (correct), one swallowed by the
    /// horizontal lock (dead zone), and an unlabelled tap (spurious).
    func knownOutcomes() -> Session {
        var trace = TraceBuilder(id: "known", user: "u1", scene: "epilogue")
        trace.wait(0.5)
        trace.tap(at: (65, 800), label: .tap, target: "tab-bar") // correct: the tab bar (tab 0 again)
        trace.wait(1)
        trace.press(at: (200, 680), duration: 0.6, label: .longPress) // missed: no long press below the rows
        trace.wait(1)
        trace.drag(from: (300, 300), by: (-50, 200), speed: 600, label: .tabSwipe, direction: .left) // wrong: scroll
        trace.wait(1)
        trace.drag(from: (300, 650), by: (-150, 0), speed: 600, label: .tabSwipe, direction: .left) // correct
        trace.wait(0.05)
        trace.drag(from: (300, 650), by: (-150, 0), speed: 600, label: .tabSwipe, direction: .left) // dead zone
        trace.wait(1)
        trace.tap(at: (195, 800)) // spurious: a tab-bar tap
        return trace.session
    }

    @Test func countsEveryKindOfOutcome() throws {
        let result = try Simulator().run(sessions: [knownOutcomes()])
        #expect(result.scenes == ["epilogue": 1])
        let t = result.total
        #expect(t.labels == 5)
        #expect(t.correct == 2)
        #expect(t.wrong == 1)
        #expect(t.missed == 1)
        #expect(t.deadZone == 1)
        #expect(t.spurious == 1)
        #expect(t.misfires == 4)
        #expect(result.misfireRate == 0.8)
        #expect(t.softMisfires == 4) // temperature 0: exact

        #expect(result.labelOutcomes.map(\.outcome) == [.correct, .missed, .wrong, .correct, .deadZone])
        #expect(result.labelOutcomes[2].recognized == .scroll)
        #expect(result.labelOutcomes[4].detail == "horizontalLock")
        #expect(result.confusion["tab-swipe"] == ["scroll": 1, "tab-swipe": 1, "dead-zone": 1])
        #expect(result.confusion["long-press"] == ["nothing": 1])
        #expect(result.confusion["unlabelled"] == ["tap": 1])
        #expect(result.perIntent["tab-swipe"]?.labels == 3)
        #expect(result.perIntent["tab-swipe"]?.misfires == 2)
        #expect(result.perIntent["unlabelled"]?.spurious == 1)
        #expect(result.perUser["u1"]?.misfires == 4)
        #expect(result.perDevice.count == 1)
        #expect(result.drops == ["horizontalLock": 1])
    }

    @Test func noneLabelsAreCorrectWhenNothingFiresAndSpuriousOtherwise() throws {
        var trace = TraceBuilder(id: "none", scene: "plain")
        // `Intent.none`, not `.none`: the label parameter is optional.
        trace.press(at: (100, 100), duration: 0.45, label: Intent.none) // resting thumb: nothing fires
        trace.wait(1)
        trace.tap(at: (100, 100), label: Intent.none) // a brush that taps
        let result = try Simulator().run(sessions: [trace.session])
        #expect(result.labelOutcomes.map(\.outcome) == [.correct, .spurious])
        #expect(result.total.labels == 2)
        #expect(result.total.spurious == 1)
        #expect(result.misfireRate == 0.5)
        #expect(result.confusion["none"] == ["nothing": 1, "tap": 1])
    }

    @Test func aGestureThatSprangBackIsMissedAndDirectionMatters() throws {
        var trace = TraceBuilder(id: "dir", scene: "epilogue")
        // Snaps back (50 pt/s over 100 pt).
        trace.drag(from: (300, 650), by: (-100, 0), speed: 50, label: .tabSwipe, direction: .left)
        trace.wait(1)
        // Switches left, but the label says right.
        trace.drag(from: (300, 650), by: (-150, 0), speed: 600, label: .tabSwipe, direction: .right)
        let result = try Simulator().run(sessions: [trace.session])
        #expect(result.labelOutcomes.map(\.outcome) == [.missed, .wrong])
        #expect(result.labelOutcomes[0].detail == "sprang back")
        #expect(result.labelOutcomes[1].recognizedDirection == .left)
    }

    @Test func budgetsAreAConfigurationThatDecodesFromJSON() throws {
        let json = Data(#"[{"gesture": "tap", "measure": "latency", "percentile": 50, "limit": 600}]"#.utf8)
        let budgets = try JSONDecoder().decode([LatencyBudget].self, from: json)
        var trace = TraceBuilder(id: "taps", scene: "plain")
        trace.tap(at: (100, 100), label: .tap)
        let result = try Simulator(options: SimulationOptions(budgets: budgets)).run(sessions: [trace.session])
        #expect(result.budgets.count == 1)
        #expect(result.budgets[0].passed && result.budgets[0].value == 500)
        #expect(result.budgetViolations == 0)
    }

    @Test func latencyBudgetsFlagASingleTapThatWaitsForADoubleTap() throws {
        var trace = TraceBuilder(id: "taps", scene: "plain")
        for _ in 0..<5 {
            trace.tap(at: (100, 100), label: .tap)
            trace.wait(1)
        }
        let result = try Simulator().run(sessions: [trace.session])
        #expect(result.total.correct == 5)
        let tap = try #require(result.latency["tap"])
        #expect(tap.count == 5 && tap.p50 == 500 && tap.p95 == 500 && tap.p99 == 500)
        // They all waited: the budget for waiting taps (300 ms) is missed,
        // the one for taps that win at once has nothing to judge.
        let waited = try #require(result.budgets.first { $0.budget.gesture == .tap && $0.budget.scope == .waited })
        #expect(!waited.passed)
        #expect(waited.count == 5 && waited.overLimit == 5)
        #expect(waited.value == 500)
        let immediate = try #require(result.budgets.first { $0.budget.gesture == .tap && $0.budget.scope == .immediate })
        #expect(immediate.count == 0 && immediate.value == nil)
        // A shorter double-tap window answers sooner and meets it.
        let fast = try Simulator(parameters: try ParameterSet(["doubleTap.window": 0.15])).run(sessions: [trace.session])
        #expect(fast.latency["tap"]?.p95 == 150)
        #expect(fast.budgets.first { $0.budget.key == "tap.response.waited.p95" }?.passed == true)
    }
}

@Suite("Unlabelled recordings")
struct UnlabelledSessionTests {
    /// A raw recording has no ground truth: its taps are recognized but not
    /// counted as spurious misfires.
    @Test func sessionsWithoutLabelsAreNotScored() throws {
        var builder = TraceBuilder(id: "raw", scene: "plain")
        builder.tap(at: (100, 100))
        builder.wait(0.8)
        builder.tap(at: (200, 300))
        builder.wait(0.8)
        let session = builder.session
        #expect(session.labels.isEmpty)
        let result = try Simulator().run(sessions: [session])
        #expect(result.recognitions >= 2)
        #expect(result.total.spurious == 0)
        #expect(result.total.labels == 0)
        #expect(result.misfireRate == 0)
    }
}
