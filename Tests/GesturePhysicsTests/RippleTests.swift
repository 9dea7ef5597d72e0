import GesturePhysics
import GestureTuneTestSupport
import Testing

/// Issue 18: the reference app's ripple — a 50 pt circle scaled 0.5 → 3 in
/// 0.8 s, ease-out — and when its edge reaches the lift point.
@Suite("The ripple")
struct RippleTests {
    let ripple = Ripple(diameter: 50, startScale: 0.5, endScale: 3, duration: 0.8)

    @Test func easeOutIsSwiftUIsCubicBezier() {
        // (0, 0, 0.58, 1): at the Bézier's midpoint the progress is exactly
        // 0.5 and the time 3·¼·½·0.58 + ⅛ = 0.3425 of the duration.
        #expect(isApproximatelyEqual(TimingCurve.easeOut.time(atProgress: 0.5), 0.3425, tolerance: 1e-9))
        #expect(isApproximatelyEqual(TimingCurve.easeOut.progress(at: 0.3425), 0.5, tolerance: 1e-9))
        // Ease-out: ahead of linear, and pinned at both ends.
        #expect(isApproximatelyEqual(TimingCurve.easeOut.progress(at: 0.5), 0.684643187, tolerance: 1e-8))
        #expect(
            TimingCurve.easeOut.progress(at: 0) == 0
                && isApproximatelyEqual(TimingCurve.easeOut.progress(at: 1), 1, tolerance: 1e-12))
        #expect(TimingCurve.easeOut.progress(at: 2) == TimingCurve.easeOut.progress(at: 1))
    }

    @Test func theRippleReachesALiftPointInsideItsGrownCircleOnly() throws {
        #expect(ripple.startRadius == 12.5 && ripple.endRadius == 75)
        // Inside the starting circle: reached at once.
        #expect(ripple.reachTime(distance: 0) == 0 && ripple.reachTime(distance: 12.5) == 0)
        // Halfway in radius (43.75 pt) at 0.3425 × 0.8 s = 274 ms.
        let halfway = try #require(ripple.reachTime(distance: 43.75))
        #expect(isApproximatelyEqual(halfway, 0.274, tolerance: 1e-9))
        #expect(isApproximatelyEqual(ripple.radius(at: halfway), 43.75, tolerance: 1e-9))
        #expect(isApproximatelyEqual(try #require(ripple.reachTime(distance: 30)), 0.144168138, tolerance: 1e-8))
        // The grown circle's edge is the last point reached, at the end.
        #expect(isApproximatelyEqual(try #require(ripple.reachTime(distance: 75)), 0.8, tolerance: 1e-9))
        // Beyond it, or no distance at all: never.
        #expect(ripple.reachTime(distance: 75.01) == nil)
        #expect(ripple.reachTime(distance: .nan) == nil)
        // A circle that does not grow reaches nothing outside it.
        #expect(Ripple(diameter: 50, startScale: 1, endScale: 1, duration: 0.8).reachTime(distance: 30) == nil)
    }
}
