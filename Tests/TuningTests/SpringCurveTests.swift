import GesturePhysics
import GestureTuneTestSupport
import Testing

@testable import Tuning

/// The report's springs section (fed by HoldoutReplay) draws each curve against a "rest" line at 1 and prints
/// the overshoot as a percentage: both must be fractions of the distance.
@Suite struct SpringCurveTests {
    @Test func curvesAreFractionsOfTheDistanceToRest() throws {
        let bouncy = HoldoutReplay.curve(Spring(duration: 0.5, bounce: 0.3), distance: 234, velocity: 0)
        #expect(bouncy.points.first?.value == 0)
        let last = try #require(bouncy.points.last)
        #expect(last.t == 1.2 && abs(last.value - 1) < 0.01)
        // Spring(duration: 0.5, bounce: 0.3) overshoots ≈ 4.6 % whatever the distance.
        #expect(isApproximatelyEqual(bouncy.overshoot, 0.046, tolerance: 0.002))
        #expect(isApproximatelyEqual(bouncy.points.map(\.value).max() ?? 0, 1 + bouncy.overshoot, tolerance: 0.01))
        #expect(
            abs(
                HoldoutReplay.curve(Spring(duration: 0.5, bounce: 0.3), distance: 20, velocity: 0).overshoot
                    - bouncy.overshoot) < 1e-9)
        let critical = HoldoutReplay.curve(Spring(duration: 0.5, bounce: 0), distance: 234, velocity: 0)
        #expect(critical.overshoot == 0)
        #expect(critical.points.allSatisfy { $0.value <= 1 + 1e-9 })
    }
}
