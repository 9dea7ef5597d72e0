import Foundation
import Testing

@testable import GesturePhysics

@Suite("Timing curves")
struct TimingCurveTests {
    @Test func thePlatformsCurvesAreTheirDocumentedControlPoints() {
        // SwiftUI's UnitCurve and Core Animation's named timing functions.
        #expect(TimingCurve.easeOut == TimingCurve(0, 0, 0.58, 1))
        #expect(TimingCurve.easeIn == TimingCurve(0.42, 0, 1, 1))
        #expect(TimingCurve.easeInOut == TimingCurve(0.42, 0, 0.58, 1))
        #expect(TimingCurve.defaultDuration == 0.35)
        // A control point's x is clamped to [0, 1], as UnitCurve.bezier's is.
        #expect(TimingCurve(-0.5, 0, 1.5, 1) == TimingCurve(0, 0, 1, 1))
    }

    @Test func aCurveIsNamedAsThePlatformsNameItOrAsCSSWritesItsPoints() {
        #expect(TimingCurve.easeOut.name == "easeOut")
        #expect(TimingCurve(0.42, 0, 0.58, 1).name == "easeInOut")
        #expect(TimingCurve.linear.name == "linear" && TimingCurve.easeIn.name == "easeIn")
        #expect(TimingCurve(0.3, 0, 0.6, 1.5).name == "cubic-bezier(0.3, 0.0, 0.6, 1.5)")
    }

    @Test func easeOutMatchesValuesSolvedIndependently() {
        // cubic-bezier(0, 0, 0.58, 1), solved by 200 bisections in
        // 50-digit decimals (not this code's Newton): progress at 10 %,
        // 25 %, 50 %, 75 % and 90 % of the duration.
        let known: [(Double, Double)] = [
            (0.1, 0.160572154237533), (0.25, 0.378138130825110), (0.5, 0.684643187427461),
            (0.75, 0.906535349281175), (0.9, 0.982973390348437)
        ]
        for (fraction, progress) in known {
            #expect(abs(TimingCurve.easeOut.progress(at: fraction) - progress) < 1e-13, "\(fraction)")
        }
        #expect(abs(TimingCurve.easeInOut.progress(at: 0.25) - 0.129161931047320) < 1e-13)
        // Ease-out starts fast and ends slow: ahead of linear everywhere inside.
        for k in 1..<100 {
            let x = Double(k) / 100
            #expect(TimingCurve.easeOut.progress(at: x) > x)
        }
    }

    @Test func symmetriesAndEndsHoldToRounding() {
        // Ease-in is ease-out turned half a turn about (0.5, 0.5);
        // ease-in-out is its own such turn; linear is the identity.
        for k in 0...200 {
            let x = Double(k) / 200
            let eased = TimingCurve.easeOut.progress(at: x)
            #expect(abs(TimingCurve.easeIn.progress(at: 1 - x) - (1 - eased)) < 1e-14)
            #expect(abs(TimingCurve.easeInOut.progress(at: x) + TimingCurve.easeInOut.progress(at: 1 - x) - 1) < 1e-14)
            #expect(abs(TimingCurve.linear.progress(at: x) - x) < 1e-15)
            // The parameter found gives back the fraction asked for.
            let t = TimingCurve.easeOut.parameter(atFraction: x)
            #expect(abs(TimingCurve.easeOut.x(at: t) - x) < 1e-15)
        }
        #expect(TimingCurve.easeOut.progress(at: 0) == 0 && TimingCurve.easeOut.progress(at: 1) == 1)
        #expect(TimingCurve.easeOut.progress(at: -1) == 0 && TimingCurve.easeOut.progress(at: 2) == 1)
    }

    @Test func settleTimeIsTheLastExitFromTheBand() {
        // Linear: 100 pt in 1 s is within 0.5 pt from 0.995 s on.
        #expect(abs(TimingCurve.linear.settleTime(distance: 100, duration: 1) - 0.995) < 1e-12)
        #expect(abs(TimingCurve.linear.settleTime(distance: -100, duration: 1) - 0.995) < 1e-12)
        // Ease-out's slow last stretch: 0.5 pt short of 100 pt, and of the
        // farthest corner of a 150 pt view pinched to 2× (75√2 pt), well
        // before the 0.35 s it runs (independent 50-digit solutions).
        #expect(abs(TimingCurve.easeOut.settleTime(distance: 100, duration: 0.35) - 0.331472964465913) < 1e-12)
        let corner = 75 * 2.0.squareRoot()
        #expect(abs(TimingCurve.easeOut.settleTime(distance: corner, duration: 0.35) - 0.332025248520896) < 1e-12)
        #expect(abs(TimingCurve.easeOut.settleTime(distance: 20, duration: 0.35) - 0.307137264028693) < 1e-12)
        // Within the band from the start: settled at once; never past the end.
        #expect(TimingCurve.easeOut.settleTime(distance: 0.4, duration: 0.35) == 0)
        #expect(TimingCurve.easeOut.settleTime(distance: 0, duration: 0.35) == 0)
        #expect(TimingCurve.easeOut.settleTime(distance: 1e9, duration: 0.35) <= 0.35)
        // Brute force on a fine grid agrees with the root search.
        for distance in [3.0, 40, 250] {
            let duration = 0.35
            var last = 0.0
            for k in 0...200_000 {
                let x = Double(k) / 200_000
                if abs(1 - TimingCurve.easeOut.progress(at: x)) * distance > 0.5 { last = x * duration }
            }
            let exact = TimingCurve.easeOut.settleTime(distance: distance, duration: duration)
            #expect(exact >= last && exact - last < 2 * duration / 200_000, "\(distance)")
        }
    }

    @Test func onlyACurveThatRisesAboveOneOvershoots() throws {
        for curve in [TimingCurve.easeOut, .easeIn, .easeInOut, .linear] {
            #expect(curve.overshoot(distance: 150) == 0)
        }
        // cubic-bezier(0.3, 0, 0.6, 1.5) peaks at 1.10204 (a 10⁵-point scan
        // in 50-digit decimals): 10.2 pt past a 100 pt target.
        let back = TimingCurve(0.3, 0, 0.6, 1.5)
        #expect(abs(back.overshoot(distance: 100) - 10.2040816289796) < 1e-6)
        #expect(abs(back.overshoot(distance: -100) - 10.2040816289796) < 1e-6)
        // It then comes back into the 0.5 pt band after its peak: the last
        // exit is on the way down, after the peak's time.
        let peak = try #require(back.turningPoints().last)
        let settle = back.settleTime(distance: 100, duration: 1)
        #expect(settle > back.x(at: peak) && settle < 1)
        #expect(abs(abs(1 - back.progress(at: settle)) * 100 - 0.5) < 1e-9)
    }
}
