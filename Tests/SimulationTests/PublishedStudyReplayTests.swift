import Foundation
import GestureTuneTestSupport
import Recognizers
import Simulation
import Testing
import TraceImport
import TraceModel

// MARK: - Real published logs replayed (issue 27)

@Suite("Published touch logs, replayed")
struct PublishedStudyReplayTests {
    /// Henze et al.'s Fitts drags (real, Apache-2.0, read from
    /// `shared/fixtures`) through the shipped mapping, on the scene the
    /// mapping names: `plain`, whose free pan is what a screen without a
    /// scrolling view does with a drag.
    @Test func everyFittsDragIsAPan() throws {
        var options = ImportOptions()
        options.mappingPath = TestPaths.inPackage("mappings/henze2017.yaml").path
        var sessions: [Session] = []
        for participant in 1...8 {
            sessions += try ImporterRegistry.readSessions(
                path: TestPaths.sharedFixture("motionevent/henze2017/FittsTasks-participant\(participant).txt"),
                format: .mapped, options: options)
        }
        #expect(sessions.allSatisfy { $0.header.scene == "plain" })
        let result = try Simulator().run(sessions: sessions)
        #expect(result.labelOutcomes.count == 576)
        // Every drag is recognized as the pan it is, nothing else fires.
        #expect(result.labelOutcomes.allSatisfy { $0.recognized == .pan })
        #expect(result.total.spurious == 0 && result.total.missed == 0)
        // One drag of participant 3 leaves up-left at 45.3° and reaches the
        // 18 pt pan slop going more up than left, so the pan's direction
        // (decided at the slop) is up while the drag's net motion is left:
        // the one outcome the labels' direction makes wrong.
        let wrong = result.labelOutcomes.filter { $0.outcome != .correct }
        #expect(result.total.correct == 575 && wrong.count == 1)
        #expect(wrong.first?.direction == .left && wrong.first?.recognizedDirection == .up)
    }
}
