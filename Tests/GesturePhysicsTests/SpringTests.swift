import Foundation
import Testing

@testable import GesturePhysics

// MARK: - Reference: numeric integration

/// Integrates `x″ = −k·x − c·x′` with classic fourth-order Runge–Kutta,
/// independently of the closed forms under test.
private func integrate(
    _ spring: Spring, displacement: Double, velocity: Double, until end: Double, step: Double = 1e-5,
    checkpoints: [Double]
) -> [SpringState] {
    func derivative(_ x: Double, _ v: Double) -> (Double, Double) {
        (v, -spring.stiffness * x - spring.damping * v)
    }
    var x = displacement, v = velocity, t = 0.0
    var results: [SpringState] = []
    var pending = checkpoints.sorted()[...]
    while let next = pending.first {
        if t >= next - step / 2 {
            results.append(SpringState(displacement: x, velocity: v))
            pending = pending.dropFirst()
            continue
        }
        let h = min(step, end - t)
        let (k1x, k1v) = derivative(x, v)
        let (k2x, k2v) = derivative(x + h / 2 * k1x, v + h / 2 * k1v)
        let (k3x, k3v) = derivative(x + h / 2 * k2x, v + h / 2 * k2v)
        let (k4x, k4v) = derivative(x + h * k3x, v + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        t += h
    }
    return results
}

/// The last time on a fine grid where |x| > tolerance (brute force).
private func bruteForceSettle(
    _ spring: Spring, distance: Double, velocity: Double, tolerance: Double = 0.5,
    horizon: Double = 8, step: Double = 1e-4
) -> Double {
    var last = 0.0
    var t = 0.0
    while t <= horizon {
        if abs(spring.state(after: t, displacement: -distance, velocity: velocity).displacement) > tolerance {
            last = t
        }
        t += step
    }
    return last
}

private func bruteForceOvershoot(_ spring: Spring, distance: Double, velocity: Double) -> Double {
    var most = 0.0
    var t = 0.0
    let direction = distance > 0 ? 1.0 : -1.0
    while t <= 8 {
        most = max(most, direction * spring.state(after: t, displacement: -distance, velocity: velocity).displacement)
        t += 1e-4
    }
    return most
}

// MARK: - Parameters

@Suite struct SpringParameterTests {
    @Test func durationAndBounceFollowSwiftUI() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        #expect((spring.stiffness * 10).rounded() / 10 == 157.9)
        #expect((spring.damping * 10).rounded() / 10 == 17.6)
        #expect(abs(spring.stiffness - pow(2 * Double.pi / 0.5, 2)) < 1e-9)
        #expect(abs(spring.damping - 4 * Double.pi * 0.7 / 0.5) < 1e-9)
        #expect(abs(spring.dampingFraction - 0.7) < 1e-12)
        #expect(abs(spring.response - 0.5) < 1e-12)
        #expect(abs(spring.bounce - 0.3) < 1e-12)
        #expect(spring.regime == .underdamped)
    }

    @Test func negativeBounceIsOverdamped() {
        let spring = Spring(duration: 0.4, bounce: -0.5)
        #expect(abs(spring.dampingFraction - 2) < 1e-12)
        #expect(abs(spring.bounce + 0.5) < 1e-12)
        #expect(spring.regime == .overdamped)
        #expect(Spring(duration: 0.4, bounce: 0).regime == .criticallyDamped)
    }

    @Test func responseDampingFractionAndPhysicalConstantsAgree() {
        let perceptual = Spring(response: 0.35, dampingFraction: 0.85)
        let physical = Spring(stiffness: perceptual.stiffness, damping: perceptual.damping)
        #expect(abs(physical.response - 0.35) < 1e-12)
        #expect(abs(physical.dampingFraction - 0.85) < 1e-12)
        #expect(abs(perceptual.damping - 4 * Double.pi * 0.85 / 0.35) < 1e-9)
        #expect(perceptual.isPhysical)
        #expect(!Spring(stiffness: 0, damping: 1).isPhysical)
        #expect(!Spring(stiffness: 100, damping: -1).isPhysical)
    }
}

// MARK: - Closed forms against integration

@Suite struct SpringMotionTests {
    static let cases: [(String, Spring, Double, Double)] = [
        ("underdamped, towards", Spring(response: 0.4, dampingFraction: 0.3), -200, 1_500),
        ("underdamped, away", Spring(response: 0.4, dampingFraction: 0.3), -200, -900),
        ("undamped", Spring(stiffness: 100, damping: 0), 50, 120),
        ("critical, towards", Spring(response: 0.4, dampingFraction: 1), -200, 1_500),
        ("critical, away", Spring(response: 0.4, dampingFraction: 1), 120, 2_000),
        ("overdamped, towards", Spring(response: 0.4, dampingFraction: 2.5), -200, 3_000),
        ("overdamped, away", Spring(response: 0.4, dampingFraction: 2.5), -200, -700),
        ("strongly overdamped", Spring(response: 0.3, dampingFraction: 40), 80, -50)
    ]

    @Test(arguments: 0..<cases.count)
    func closedFormMatchesRungeKutta(index: Int) {
        let (name, spring, x0, v0) = Self.cases[index]
        let times = [0, 0.013, 0.05, 0.1, 0.2, 0.35, 0.6, 1.0]
        let numeric = integrate(spring, displacement: x0, velocity: v0, until: 1.0, checkpoints: times)
        #expect(numeric.count == times.count)
        let scale = max(abs(x0), abs(v0) / spring.naturalFrequency)
        for (t, reference) in zip(times, numeric) {
            let exact = spring.state(after: t, displacement: x0, velocity: v0)
            #expect(abs(exact.displacement - reference.displacement) < 1e-7 * scale, "\(name) x at \(t)")
            #expect(
                abs(exact.velocity - reference.velocity) < 1e-7 * scale * spring.naturalFrequency,
                "\(name) v at \(t)")
        }
    }

    @Test func theCriticalFormIsContinuousWithItsNeighbours() {
        let critical = Spring(response: 0.5, dampingFraction: 1)
        for zeta in [1 - 1e-4, 1 + 1e-4] {
            let near = Spring(response: 0.5, dampingFraction: zeta)
            for t in [0.05, 0.2, 0.5] {
                let a = critical.state(after: t, displacement: -100, velocity: 400)
                let b = near.state(after: t, displacement: -100, velocity: 400)
                #expect(abs(a.displacement - b.displacement) < 0.05)
            }
        }
    }

    @Test func startsWhereItIsToldAndAcceleratesAsTheODESays() {
        let spring = Spring.bouncy
        let start = spring.state(after: 0, displacement: -80, velocity: 250)
        #expect(abs(start.displacement + 80) < 1e-12 && abs(start.velocity - 250) < 1e-9)
        #expect(abs(spring.acceleration(of: start) - (spring.stiffness * 80 - spring.damping * 250)) < 1e-9)
    }
}

// MARK: - Settling and overshoot

@Suite struct SpringSettleTests {
    @Test(arguments: [
        (Spring(duration: 0.5, bounce: 0.3), 300.0, 0.0),
        (Spring(response: 0.4, dampingFraction: 0.15), 300.0, 2_000.0),
        (Spring(response: 0.4, dampingFraction: 1), 300.0, 0.0),
        (Spring(response: 0.4, dampingFraction: 1), 100.0, 4_000.0),
        (Spring(response: 0.4, dampingFraction: 1), 100.0, -3_000.0),
        (Spring(response: 0.3, dampingFraction: 2.2), 250.0, 0.0),
        (Spring(response: 0.3, dampingFraction: 2.2), 50.0, 6_000.0),
        (Spring(response: 0.3, dampingFraction: 2.2), -50.0, 1_000.0)
    ])
    func settleTimeIsTheLastExitFromTheBand(spring: Spring, distance: Double, velocity: Double) {
        let settle = spring.settleTime(distance: distance, initialVelocity: velocity)
        let brute = bruteForceSettle(spring, distance: distance, velocity: velocity)
        #expect(abs(settle - brute) <= 1.5e-4, "settle \(settle) vs brute force \(brute)")
        let at = { (t: Double) in abs(spring.state(after: t, displacement: -distance, velocity: velocity).displacement) }
        #expect(at(settle - 1e-6) > 0.5 - 1e-9)
        #expect(at(settle) <= 0.5 + 1e-9)
    }

    @Test func aBouncySpringEntersTheBandBeforeItSettles() {
        let spring = Spring(response: 0.4, dampingFraction: 0.2)
        let settle = spring.settleTime(distance: 300)
        let firstEntry = stride(from: 0.0, to: settle, by: 1e-4).first {
            abs(spring.state(after: $0, displacement: -300, velocity: 0).displacement) <= 0.5
        }
        // Never entering the band fails too (nil is not below anything).
        #expect(firstEntry.map { $0 < settle / 2 } == true, "entered at \(String(describing: firstEntry)), settled at \(settle)")
    }

    @Test func settleTimeIsMonotonicWhereItShouldBe() {
        let spring = Spring(response: 0.45, dampingFraction: 0.8)
        // Farther to go: not sooner.
        let distances = [1.0, 10, 50, 100, 300, 1_000, 5_000]
        let byDistance = distances.map { spring.settleTime(distance: $0) }
        #expect(zip(byDistance, byDistance.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(byDistance.first == 0.0 || byDistance[0] < byDistance[1])
        // Looser tolerance: not later.
        let byTolerance = [0.05, 0.1, 0.5, 1, 5, 20].map { spring.settleTime(distance: 300, tolerance: $0) }
        #expect(zip(byTolerance, byTolerance.dropFirst()).allSatisfy { $0 >= $1 })
        // Stiffer (shorter response), same damping fraction: sooner.
        let byResponse = [0.2, 0.3, 0.5, 0.8].map { Spring(response: $0, dampingFraction: 1).settleTime(distance: 300) }
        #expect(zip(byResponse, byResponse.dropFirst()).allSatisfy { $0 < $1 })
        // Critical damping beats both a very bouncy and a very sluggish spring.
        let critical = Spring(response: 0.4, dampingFraction: 1).settleTime(distance: 300)
        #expect(critical < Spring(response: 0.4, dampingFraction: 0.1).settleTime(distance: 300))
        #expect(critical < Spring(response: 0.4, dampingFraction: 4).settleTime(distance: 300))
    }

    @Test func trivialAndNeverSettlingCases() {
        #expect(Spring.smooth.settleTime(distance: 0) == 0)
        #expect(Spring.smooth.settleTime(distance: 0.3) == 0)
        #expect(Spring(stiffness: 100, damping: 0).settleTime(distance: 10) == .infinity)
        #expect(Spring(stiffness: 100, damping: 0).settleTime(distance: 0.2, initialVelocity: 1) == 0)
        #expect(Spring(stiffness: -1, damping: 0).settleTime(distance: 10) == .infinity)
    }

    @Test func overshootOfAStepMatchesTheTextbookFormula() {
        for zeta in [0.2, 0.5, 0.7, 0.9] {
            let spring = Spring(response: 0.5, dampingFraction: zeta)
            let expected = exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot())
            #expect(abs(spring.overshootFraction(distance: 100) - expected) < 1e-9)
            #expect(abs(spring.overshoot(distance: -100) - 100 * expected) < 1e-7)
        }
        #expect(abs(Spring(duration: 0.5, bounce: 0.3).overshoot(distance: 100) - 4.599) < 1e-3)
        #expect(Spring.smooth.overshoot(distance: 100) == 0)
        #expect(Spring(response: 0.4, dampingFraction: 3).overshoot(distance: 100) == 0)
    }

    @Test(arguments: [
        (Spring(response: 0.4, dampingFraction: 1), 100.0, 4_000.0),
        (Spring(response: 0.4, dampingFraction: 2.5), 50.0, 6_000.0),
        (Spring(response: 0.4, dampingFraction: 0.4), 100.0, -1_500.0),
        (Spring(response: 0.4, dampingFraction: 0.4), -100.0, -3_000.0)
    ])
    func overshootWithVelocityMatchesBruteForce(spring: Spring, distance: Double, velocity: Double) {
        let overshoot = spring.overshoot(distance: distance, initialVelocity: velocity)
        #expect(abs(overshoot - bruteForceOvershoot(spring, distance: distance, velocity: velocity)) < 1e-3)
        #expect(overshoot > 0)
    }

    @Test func overshootFromTheTarget() {
        let spring = Spring(response: 0.4, dampingFraction: 1)
        #expect(spring.overshoot(distance: 0, initialVelocity: 0) == 0)
        #expect(spring.overshoot(distance: 0, initialVelocity: 1_000) > 0)
        #expect(spring.overshootFraction(distance: 0, initialVelocity: 1_000) == .infinity)
    }
}

// MARK: - Retargeting

@Suite struct SpringAnimationTests {
    @Test func retargetingPreservesPositionAndVelocity() {
        let original = SpringAnimation(spring: .snappy, from: 0, velocity: 300, to: 300, at: 2)
        let t = 2.12
        let moved = original.retargeted(to: -50, at: t)
        #expect(abs(moved.position(at: t) - original.position(at: t)) < 1e-9)
        #expect(abs(moved.velocity(at: t) - original.velocity(at: t)) < 1e-9)
        #expect(moved.target == -50 && moved.startTime == t)
        // And from then on it is the spring's motion towards the new target.
        let alone = Spring.snappy.state(
            after: 0.2, displacement: original.position(at: t) + 50, velocity: original.velocity(at: t))
        #expect(abs(moved.position(at: t + 0.2) - (-50 + alone.displacement)) < 1e-9)
        // Retargeting to a stiffer spring keeps continuity too.
        let stiffer = original.retargeted(to: 300, at: t, spring: Spring(response: 0.2, dampingFraction: 1))
        #expect(abs(stiffer.velocity(at: t) - original.velocity(at: t)) < 1e-9)
    }

    @Test func settlesAtTheTargetOnTheAbsoluteClock() {
        let animation = SpringAnimation(spring: .smooth, from: 100, to: 400, at: 1)
        let end = animation.settleTime()
        #expect(end > 1)
        #expect(abs(end - 1 - Spring.smooth.settleTime(distance: 300)) < 1e-12)
        #expect(abs(animation.position(at: end) - 400) <= 0.5 + 1e-9)
        #expect(animation.position(at: 0) == 100) // the clock before the start clamps
    }
}

// MARK: - The root searches' trajectory

@Suite struct TrajectoryTests {
    /// The settle-time and overshoot searches evaluate a `Trajectory`
    /// (constants worked out once per release) instead of
    /// `state(after:)`: their results stay the same only if every
    /// displacement is bit for bit the same, in every regime.
    @Test func displacementIsStateAfterBitForBit() {
        var checked = 0
        for response in [0.08, 0.35, 0.5, 1.2] {
            for dampingFraction in [0.0, 0.2, 0.75, 0.999_999_5, 1.0, 1.000_000_5, 1.4, 3.0] {
                let spring = Spring(response: response, dampingFraction: dampingFraction)
                for (x0, v0) in [(-300.0, 0.0), (-120.0, 2_400.0), (45.5, -800.25), (0.0, 1_500.0), (-1e-3, 3.0)] {
                    let curve = Trajectory(spring, displacement: x0, velocity: v0)
                    for step in 0..<400 {
                        let t = Double(step) * 0.013_7 + Double(step % 7) * 1e-9
                        let expected = spring.state(after: t, displacement: x0, velocity: v0).displacement
                        #expect(curve.displacement(at: t).bitPattern == expected.bitPattern)
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 4 * 8 * 5 * 400)
    }

    /// The settle time's bisection skips the midpoints that Newton's
    /// bracket shows to be on a known side: it must return what evaluating
    /// every midpoint returns, to the last bit, for starts from rest and
    /// flicks, in every regime, across distances and tolerances.
    @Test func lastExitIsTheFullBisectionBitForBit() {
        func fullBisection(_ curve: Trajectory, from a: Double, to b: Double, tolerance: Double) -> Double {
            let side: Double = curve.displacement(at: a) > 0 ? 1 : -1
            var outside = a, inside = b
            for _ in 0..<200 {
                let mid = (outside + inside) / 2
                guard mid > outside, mid < inside else { break }
                if side * curve.displacement(at: mid) > tolerance { outside = mid } else { inside = mid }
            }
            return inside
        }
        var checked = 0
        for response in [0.08, 0.3, 0.35, 0.5, 0.55, 1.2] {
            for dampingFraction in [0.05, 0.2, 0.6, 0.75, 0.85, 0.999_999_5, 1.0, 1.000_000_5, 1.4, 3.0] {
                let spring = Spring(response: response, dampingFraction: dampingFraction)
                for step in 0..<120 {
                    let x0 = -(0.6 + Double(step) * 3.71 + Double(step % 9) * 1e-7) * (step % 3 == 0 ? -1 : 1)
                    let v0 = step % 4 == 0 ? 0 : Double(step % 11 - 5) * 417.3
                    let curve = Trajectory(spring, displacement: x0, velocity: v0)
                    for tolerance in [0.5, 0.05, 2.0] {
                        // Monotonic stretches: from the start to the first
                        // extremum or a long way out, as the settle time's.
                        var a = 0.0
                        if spring.regime == .underdamped {
                            a = spring.firstUnderdampedExtremum(displacement: x0, velocity: v0)
                        } else if let e = spring.nonOscillatingExtremum(displacement: x0, velocity: v0) {
                            a = e
                        }
                        let b = a + (spring.regime == .underdamped ? Double.pi / spring.dampedFrequency : 30)
                        guard abs(curve.displacement(at: a)) > tolerance, abs(curve.displacement(at: b)) <= tolerance
                        else { continue }
                        let expected = fullBisection(curve, from: a, to: b, tolerance: tolerance)
                        let found = Spring.lastExit(
                            curve, from: a, to: b, tolerance: tolerance, atFrom: curve.displacement(at: a))
                        #expect(found.bitPattern == expected.bitPattern, "\(spring) x0 \(x0) v0 \(v0) tol \(tolerance)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 2_000)
    }
}
