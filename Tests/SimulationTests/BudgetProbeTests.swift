import GestureTuneTestSupport
import Recognizers
import Simulation
import Testing
import TraceModel

/// Which budgets a constant can make fail (``BudgetProbe``).
@Suite("Budget probe")
struct BudgetProbeTests {
    /// Long presses held 0.6, 0.8, 1.0 and 1.2 s on the plain scene.
    func presses() -> Corpus {
        var trace = TraceBuilder(id: "p", scene: "plain")
        for hold in [0.6, 0.8, 1.0, 1.2] {
            trace.wait(1)
            trace.press(at: (200, 400), duration: hold, label: .longPress)
        }
        return Corpus(sessions: [trace.session])
    }

    @Test func aBoundThatSilencesTheGestureIsBackedOffUntilItFiresAgain() throws {
        // The reference app's 500 ms context menu, exact. At the 3 s upper
        // bound no press is held long enough: no observation, nothing
        // missed. Halfway back on the log scale (√(3 × 0.5) = 1.22 s) still
        // none; halfway again (0.78 s) three presses fire at 0.78 s: missed.
        let budget = LatencyBudget(gesture: .longPress, limit: 500, exact: true)
        let simulator = Simulator(scene: .plain, options: SimulationOptions(budgets: [budget]))
        let corpus = presses()
        let baseline = try simulator.run(corpus: corpus)
        #expect(baseline.budgets[0].count == 4 && baseline.budgets[0].passed)
        let checks = try BudgetProbe.annotate(
            baseline.budgets, simulator: simulator, corpus: corpus,
            probing: [.longPressMinimumDuration])
        #expect(checks[0].fixedByDesign == nil)
        let witness = try #require(checks[0].missedWith?["longPress.minimumDuration"])
        #expect(abs(witness - ((3.0 * 0.5).squareRoot() * 0.5).squareRoot()) < 1e-12)
        // The witness does miss it.
        let missed = try Simulator(
            scene: .plain, parameters: try ParameterSet(["longPress.minimumDuration": witness]),
            options: SimulationOptions(budgets: [budget])
        ).run(corpus: corpus)
        #expect(missed.budgets[0].count == 3 && !missed.budgets[0].passed)
        // Probing a constant that cannot move it leaves it fixed by design.
        let unmoved = try BudgetProbe.annotate(
            baseline.budgets, simulator: simulator, corpus: corpus,
            probing: [.panSlop])
        #expect(unmoved[0].fixedByDesign?.hasPrefix("no constant makes it fail") == true)
    }
}
