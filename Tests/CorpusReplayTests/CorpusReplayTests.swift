import Foundation
import GestureTuneTestSupport
import Recognizers
import Simulation
import Testing
import TraceImport
import TraceModel

/// The committed synthetic corpus (`datasets/epilogue/`) replayed through the
/// `epilogue` scene: what the default constants get wrong (the figures in
/// `datasets/README.md`), and that the new gestures' trade-offs respond to
/// their parameters.
@Suite(.serialized) struct CorpusReplayTests {
    /// Parsed once for the suite.
    static let sessions = committedSessions(in: "datasets/epilogue")

    func run(_ overrides: [String: Double] = [:]) throws -> SimulationResult { try replay(Self.sessions, overrides) }

    @Test func theDefaultsOnTheCommittedCorpus() throws {
        #expect(Self.sessions.count == 320)
        let result = try run()
        #expect(result.scenes == ["epilogue": 320])
        #expect(result.total.labels == 11_194)
        // datasets/README.md: 21.3 % at the catalogue defaults before issue
        // 14, 21.2 % with the reference app's semantics, 21.3 % with the
        // shake debounce at launch and note rows that stay open (8 150
        // correct of 10 350). Issue 18's reading-app interactions and the
        // corpus regenerated with them: people close the rows they opened
        // (`swipe-actions` `right`), hold a note row to open its menu and
        // answer it (a backdrop tap, or a tap meant for a row that the
        // backdrop swallows), and tap the selection's pills. 25.7 % (8 004
        // correct, 1 117 wrong, 1 218 missed, 97 dead zones, 332
        // spurious; each frame's fingers delivered together, as UIKit does —
        // one at a time, 9 fast three-finger swipes turned into pinches and
        // rotations, 7 995 correct): besides the new labels' own misfires, presses that
        // open the note menu by accident (resting thumbs, long presses meant
        // for the Library that land on Notes) hand the next touch to its
        // backdrop, and pills left up cover the image above a selection.
        // Issue 24, the scene as its sources write it (no image single tap,
        // no edge-swipe back, distance-only card delete, per-row swipe
        // actions, …) and the corpus regenerated without the gestures of
        // elements no source has (10 768 → 10 902 labels): 23.3 % (8 357
        // correct, 1 110 wrong, 1 006 missed, 88 dead zones, 341 spurious;
        // was 8 004, 1 117, 1 218, 97, 332 — 25.7 %). An open row's action
        // buttons as tap targets (a tap on one closes its row): one rightward
        // tab swipe after such a tap no longer closes the row, and meets the
        // first tab's edge (wrong 1 110 → 1 109, dead zones 88 → 89).
        // The note menu as the source sizes it (260 × 240 pt below its row,
        // a touch on it is the menu's and dismisses nothing) and the pills
        // 16 pt apart, with the corpus's backdrop and pill taps regenerated
        // for that layout: 23.9 % (8 300 correct, was 8 357). Most of the
        // change is the menu staying open when a touch lands on it after an
        // accidental opening, and the touches after it that its backdrop
        // then swallows.
        // Issue 34: five more elements no source has left the scene (the
        // three-finger swipe, the note's and the card's taps, the two-finger
        // tap on the text, the image's transform) while the corpus still
        // performs them, and the scene behaves as the sources write it (the
        // menu placed as written and dismissed by a tap on it, the pills'
        // padded panel, the deleted card removed 0.3 s later, the tab
        // swipe's guards skipping an update): 35.6 % (7 024 correct, 1 008
        // wrong, 2 478 missed, 94 dead zones, 301 spurious; was 8 300,
        // 1 112, 1 059, 89, 342 — 23.9 %). The removed elements' labels are
        // missed whatever the constants, until the corpus is regenerated
        // without them, as issue 24's was.
        // Issue 34, the corpus regenerated to perform only the scene's
        // gestures (the same command; no three-finger swipes, transforms,
        // two-finger taps on the text, or taps on note rows and cards —
        // single taps on the grid alone, weight 16 → 24; 10 902 → 11 194
        // labels): 26.1 % (8 279 correct, 1 087 wrong, 1 353 missed, 115
        // dead zones, 362 spurious; was 7 024, 1 008, 2 478, 94, 301 —
        // 35.6 %). Above issue 24's 23.9 % because the scene now behaves
        // as the sources write it (above) and the Library, where a tap
        // now always leads, is reached by more tab swipes (1 767 → 1 922).
        #expect(result.total.correct == 8_279 && result.total.deadZone == 115 && result.total.wrong == 1_087)
        #expect(result.total.missed == 1_353 && result.total.spurious == 362)
        #expect(result.confusion["tab-swipe"]?["swipe-actions"] == 104)
        #expect(abs(result.misfireRate - 0.2606) < 0.0005, "misfire rate \(result.misfireRate)")
        // Only the scene's gestures: none of the five elements that left it.
        #expect(result.confusion["multi-swipe"] == nil && result.confusion["transform"] == nil)
        let tapTargets = Set(
            result.labelOutcomes.filter { $0.intent == .tap }.compactMap { $0.target?.split(separator: "/").last })
        #expect(tapTargets == ["grid-item", "tab-bar", "note-menu", "action-pill"])
        // The new labels: backdrop taps, pill taps, closing swipes.
        func outcomes(_ keep: (LabelOutcome) -> Bool) -> [Outcome: Int] {
            result.labelOutcomes.filter(keep).reduce(into: [:]) { $0[$1.outcome, default: 0] += 1 }
        }
        // (With no tap of a note row's or the text's own, a backdrop or a
        // pill tap after an accidental opening is missed, not wrong.)
        // Regenerated for issue 34: backdrop taps 116 + 16 missed → 121 + 23
        // (every answer to the menu is one now; the taps meant for a row
        // that the backdrop swallowed, 22 wrong and 7 missed of 29, are
        // gone with the rows' tap), pill taps 108 / 15 / 32 → 149 / 11 / 25,
        // closing swipes 87 / 9 / 8 → 73 / 8 / 7.
        #expect(outcomes { $0.target?.hasSuffix("/note-menu") == true } == [.correct: 121, .missed: 23])
        #expect(outcomes { $0.target?.hasSuffix("/action-pill") == true } == [.correct: 149, .wrong: 11, .missed: 25])
        #expect(outcomes { $0.intent == .swipeActions && $0.direction == .right } == [.correct: 73, .missed: 7, .wrong: 8])
        // Every new intent is there and mostly recognized…
        for intent in ["drag", "text-select"] {
            let counts = try #require(result.perIntent[intent])
            #expect(counts.labels >= 100 && counts.correct > counts.labels / 3, "\(intent): \(counts)")
        }
        // …and the classic conflicts show up: drags opening the context
        // menu, hesitant scrolls lifting grid items.
        #expect((result.confusion["drag"]?["long-press"] ?? 0) > 50)
        #expect((result.confusion["scroll"]?["drag"] ?? 0) > 10)
        // Press feedback: shown at touch-down (the tab bar's presses —
        // ours — are gone from the reference scene).
        let press = try #require(result.budgets.first { $0.budget.gesture == .pressFeedback })
        #expect(press.passed && press.count > 1_000)
        // The grid's haptics: light on every press, medium on every tap, at
        // once (2 000 and 554 before the corpus was regenerated for issue
        // 34: the content's single taps are all the grid's now).
        #expect(result.haptics["pressFeedback"]?.count == 3_314 && result.haptics["pressFeedback"]?.max == 0)
        #expect(result.haptics["tap"]?.count == 1_438 && result.haptics["tap"]?.max == 0)
        #expect((result.dragAutoScroll?.max ?? 0) > 100)
        #expect(result.selectionMenuWait != nil)
    }

    @Test func theDragTradeOffRespondsToItsParameters() throws {
        let defaults = try run()
        // A later context menu leaves drags time to start moving: fewer
        // drags lost, a slower menu.
        let later = try run(["longPress.minimumDuration": 0.7])
        let lost = { (r: SimulationResult) in r.confusion["drag"]?["long-press"] ?? 0 }
        #expect(lost(later) < lost(defaults) / 2)
        #expect((later.latency["longPress"]?.p50 ?? 0) > (defaults.latency["longPress"]?.p50 ?? 0))
        // A longer drag hold leaves hesitant scrolls alone.
        let patient = try run(["drag.minimumDuration": 0.6])
        #expect((patient.confusion["scroll"]?["drag"] ?? 0) < (defaults.confusion["scroll"]?["drag"] ?? 0))
    }
}
