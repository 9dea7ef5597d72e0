import Recognizers
import Simulation
import Testing
import TraceModel

// MARK: - The session timeline replays as the simulator does

/// `gesturetune serve`'s timeline feeds the arena one input and one timer at
/// a time (`Arena.runTimers(upTo:)`) to see every state change when it
/// happens; that must not change what fires. On committed sessions of the
/// epilogue (one finger at a time) and of the playground (whole frames, a
/// scene of screens), every session's recognitions equal the simulator's.
@Suite("session timeline on the committed corpora")
struct SessionTimelineCorpusTests {
    @Test(arguments: ["datasets/epilogue", "datasets/playground"])
    func theTimelineFiresExactlyWhatTheSimulatorFires(_ folder: String) throws {
        let sessions = Array(committedSessions(in: folder).prefix(12))
        #expect(sessions.count >= 5)
        var options = SimulationOptions()
        options.keepRecognitions = true
        let simulated = try Simulator(options: options).run(sessions: sessions).recognitionLog
        var changes = 0
        for session in sessions {
            let timeline = try SessionTimeline(session: session, scene: nil, parameters: ParameterSet())
            let expected = simulated.filter { $0.session == session.id }.map(\.recognition)
            #expect(timeline.recognitions == expected, "\(session.id)")
            #expect(timeline.changes.map(\.t) == timeline.changes.map(\.t).sorted(), "\(session.id)")
            changes += timeline.changes.count
        }
        #expect(changes > sessions.count * 10)
    }
}
