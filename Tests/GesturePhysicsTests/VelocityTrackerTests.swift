import Testing
import TraceModel

@testable import GesturePhysics

// MARK: - Helpers

/// A tracker fed `(milliseconds, x, y)` samples.
private func tracker(_ strategy: VelocityStrategy, _ samples: [(Double, Double, Double)]) -> VelocityTracker {
    var tracker = VelocityTracker(strategy: strategy)
    for (ms, x, y) in samples { tracker.add(t: Micros(milliseconds: ms)!, x: x, y: y) }
    return tracker
}

private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(b))
}

// MARK: - Flutter's recorded flings

@Suite struct FlutterFixtureTests {
    @Test func all14FlutterReleaseVelocitiesMatchWithinTolerance() throws {
        let sessions = try Fixtures.sessions("velocity/flutter-velocity.jsonl")
        let expected = try Fixtures.expectedReleases("velocity/flutter-velocity.expected.json")
        #expect(expected.count == 14)
        var matched = 0
        for row in expected {
            let strategy = try #require(VelocityStrategy(rawValue: row.strategy))
            let session = try #require(sessions.first { $0.id == row.session })
            let releases = releaseVelocities(of: session, strategy: strategy)
            let release = try #require(
                releases.first { $0.pointer == row.pointer && $0.t == row.t }, "\(row)")
            #expect(abs(release.vx - row.vx) <= row.relativeTolerance * abs(row.vx), "\(row): vx \(release.vx)")
            #expect(abs(release.vy - row.vy) <= row.relativeTolerance * abs(row.vy), "\(row): vy \(release.vy)")
            matched += 1
        }
        #expect(matched == 14)
    }

    @Test func everyFixturePointerIsReleasedOnce() throws {
        let sessions = try Fixtures.sessions("velocity/flutter-velocity.jsonl")
        let counts = sessions.map { releaseVelocities(of: $0).count }
        #expect(counts == [13, 1])
    }

    @Test func theInterruptedFlingIsJudgedOnlyAfterThePause() throws {
        // 45 ms → 93 ms is a 48 ms gap: only the five samples after it count.
        let session = try #require(try Fixtures.sessions("velocity/flutter-velocity.jsonl").last)
        var full = VelocityTracker()
        var afterPause = VelocityTracker()
        for sample in session.touches where !sample.phase.isTerminal {
            full.add(t: sample.t, x: sample.x, y: sample.y)
            if sample.t >= 93_000 { afterPause.add(sample) }
        }
        #expect(full.windowCount() == 5)
        #expect(full.velocity() == afterPause.velocity())
    }
}

// MARK: - Window rules

@Suite struct VelocityWindowTests {
    @Test func fewerThanThreeSamplesGiveZeroForLsq2() {
        #expect(tracker(.lsq2, []).velocity() == .zero)
        #expect(tracker(.lsq2, [(0, 0, 0)]).velocity() == .zero)
        #expect(tracker(.lsq2, [(0, 0, 0), (8, 10, 5)]).velocity() == .zero)
        #expect(tracker(.lsq2, [(0, 0, 0), (8, 10, 5), (16, 20, 10)]).velocity() != .zero)
    }

    @Test func lsq2NeedsThreeDistinctTimes() {
        #expect(tracker(.lsq2, [(0, 0, 0), (8, 10, 0), (8, 11, 0)]).velocity() == .zero)
    }

    @Test func lsq2IsExactOnAQuadratic() {
        // x = 3 + 2τ + 0.5τ² with τ in ms (τ = −age): slope at the newest is 2 pt/ms.
        let times: [Double] = [-40, -31, -20, -12, -4, 0]
        let samples = times.map { τ in (τ + 40, 3 + 2 * τ + 0.5 * τ * τ, -1.5 * τ) }
        let v = tracker(.lsq2, samples).velocity()
        #expect(close(v.dx, 2_000, 1e-9))
        #expect(close(v.dy, -1_500, 1e-9))
    }

    @Test func hundredMillisecondHorizonIsDecidedInExactMicroseconds() {
        // Five samples 25 ms apart: the first is exactly 100 ms older than the
        // newest and stays in; one microsecond more and it drops out.
        var inside = VelocityTracker()
        var outside = VelocityTracker()
        for (i, x) in [0.0, 5, 20, 30, 70].enumerated() {
            inside.add(t: Micros(i) * 25_000, x: x, y: 0)
            outside.add(t: Micros(i) * 25_000 + (i == 0 ? -1 : 0), x: x, y: 0)
        }
        #expect(inside.windowCount() == 5)
        #expect(outside.windowCount() == 4)
        #expect(inside.velocity() != outside.velocity())

        // Times written as decimal seconds (0.1 is not exactly representable)
        // still land on the exact boundary.
        var decimal = VelocityTracker()
        for (seconds, x) in [(0.0, 0.0), (0.025, 5), (0.05, 20), (0.075, 30), (0.1, 70)] {
            decimal.add(t: Micros(seconds: seconds)!, x: x, y: 0)
        }
        #expect(decimal.windowCount() == 5)
        #expect(decimal.velocity() == inside.velocity())
    }

    @Test func aGapOfMoreThan40msCutsTheWindow() {
        let exactly40 = tracker(.lsq2, [(0, 0, 0), (40, 1, 0), (48, 2, 0), (56, 4, 0)])
        #expect(exactly40.windowCount() == 4)
        var longer = VelocityTracker()
        for (t, x) in [(Micros(0), 0.0), (40_001, 1), (48_001, 2), (56_001, 4)] { longer.add(t: t, x: x, y: 0) }
        #expect(longer.windowCount() == 3)
    }

    @Test func theWindowHoldsAtMostTwentySamples() {
        var t = VelocityTracker()
        for i in 0..<50 { t.add(t: Micros(i) * 1_000, x: Double(i), y: 0) }
        #expect(t.count == 20)
        #expect(t.windowCount() == 20)
        #expect(close(t.velocity().dx, 1_000))
    }

    @Test func releaseMoreThan40msAfterTheLastSampleMeansStopped() {
        let moving = tracker(.lsq2, [(0, 0, 0), (8, 10, 0), (16, 20, 0)])
        #expect(close(moving.releaseVelocity(at: 16_000).dx, 1_250))
        #expect(close(moving.releaseVelocity(at: 56_000).dx, 1_250)) // exactly 40 ms: still moving
        #expect(moving.releaseVelocity(at: 56_001) == .zero)
        for strategy in VelocityStrategy.allCases {
            var t = moving
            t.strategy = strategy
            #expect(t.releaseVelocity(at: 56_001) == .zero)
            #expect(t.releaseVelocity(at: 20_000) != .zero)
        }
        #expect(VelocityTracker().releaseVelocity(at: 0) == .zero)
    }

    @Test func resetForgetsAndTimeGoingBackwardsStartsOver() {
        var t = tracker(.twopoint, [(0, 0, 0), (10, 10, 0)])
        t.reset()
        #expect(t.count == 0 && t.velocity() == .zero)
        t = tracker(.twopoint, [(0, 0, 0), (10, 10, 0), (5, 100, 0)])
        #expect(t.count == 1)
        t.add(t: 15_000, x: 110, y: 0)
        #expect(close(t.velocity().dx, 1_000))
    }
}

// MARK: - The other strategies

@Suite struct VelocityStrategyTests {
    @Test func impulseAccumulatesWorkWithTheFirstTermHalved() {
        // Segments: 1 pt in 10 ms (100 pt/s), then 2 pt in 10 ms (200 pt/s).
        // W = ½·100·100 = 5000; v_prev = √(2·5000) = 100;
        // W += (200 − 100)·200 → 25000; v = √50000.
        let v = tracker(.impulse, [(0, 0, 0), (10, 1, 0), (20, 3, 0)]).velocity()
        #expect(close(v.dx, 50_000.0.squareRoot()))
        #expect(v.dy == 0)
    }

    @Test func impulseKeepsTheSignOfTheWork() {
        // Mirror image: moving left, then faster left.
        let v = tracker(.impulse, [(0, 0, 0), (10, 0, -1), (20, 0, -3)]).velocity()
        #expect(close(v.dy, -50_000.0.squareRoot()))
        // Reversal: +100 pt/s then −300 pt/s: W = 5000, then += (−300 − 100)·300 = −115000.
        let reversed = tracker(.impulse, [(0, 0, 0), (10, 1, 0), (20, -2, 0)]).velocity()
        #expect(close(reversed.dx, -(230_000.0.squareRoot())))
    }

    @Test func impulseWithTwoSamplesIsThePlainSlope() {
        #expect(close(tracker(.impulse, [(0, 0, 0), (8, 12, -4)]).velocity().dx, 1_500))
        #expect(close(tracker(.impulse, [(0, 0, 0), (8, 12, -4)]).velocity().dy, -500))
        #expect(tracker(.impulse, [(5, 0, 0), (5, 12, -4)]).velocity() == .zero)
        #expect(tracker(.impulse, [(5, 0, 0)]).velocity() == .zero)
    }

    @Test func impulseSkipsEqualTimes() {
        // The (10 ms, 10 ms) pair has no velocity; the remaining segments are
        // 0→10 ms: 100 pt/s (halved first term) and 10→20 ms from x=1.5: 150 pt/s.
        let v = tracker(.impulse, [(0, 0, 0), (10, 1, 0), (10, 1.5, 0), (20, 3, 0)]).velocity()
        // W = 5000; W += (150 − 100)·150 = 12500; v = √25000.
        #expect(close(v.dx, 25_000.0.squareRoot()))
        // A constant velocity reports itself exactly.
        let steady = tracker(.impulse, (0..<8).map { (Double($0) * 8, Double($0) * 4, 0) }).velocity()
        #expect(close(steady.dx, 500))
    }

    @Test func iosWeighsTheLastThreeSegmentsOldestFirst() {
        // Segment velocities oldest → newest: 1000 (ignored: fourth from the end),
        // 100, 200, 400 pt/s.
        let v = tracker(.ios, [(0, 0, 0), (10, 10, 0), (20, 11, 0), (30, 13, 0), (40, 17, 0)]).velocity()
        #expect(close(v.dx, 0.6 * 100 + 0.35 * 200 + 0.05 * 400))
    }

    @Test func iosRenormalisesWhenFewerThanThreeSegments() {
        let two = tracker(.ios, [(0, 0, 0), (10, 2, 0), (20, 6, 0)]).velocity()
        #expect(close(two.dx, (0.35 * 200 + 0.05 * 400) / 0.4))
        let one = tracker(.ios, [(0, 0, 0), (10, 2, 0)]).velocity()
        #expect(close(one.dx, 200))
        #expect(tracker(.ios, [(0, 0, 0)]).velocity() == .zero)
    }

    @Test func twopointUsesTheLastTwoDistinctTimes() {
        let v = tracker(.twopoint, [(0, 0, 0), (10, 5, 0), (20, 6, 2), (20, 8, 4)]).velocity()
        #expect(close(v.dx, 300))
        #expect(close(v.dy, 400))
        #expect(tracker(.twopoint, [(3, 0, 0), (3, 5, 0)]).velocity() == .zero)
    }

    @Test func strategiesParseFromTheirSpecNames() {
        #expect(VelocityStrategy.allCases.map(\.rawValue) == ["lsq2", "impulse", "ios", "twopoint"])
        #expect(VelocityTracker().strategy == .lsq2)
    }
}

// MARK: - Sessions

@Suite struct ReleaseVelocitiesTests {
    private func session(_ touches: [TouchSample]) -> Session {
        Session(
            header: SessionHeader(id: "s", device: Device(platform: .ios, screenWidth: 390, screenHeight: 844)),
            touches: touches)
    }

    @Test func oneReleasePerStrokeWithReusedIdsAndTheStopRule() {
        let touches: [TouchSample] = [
            .init(t: 0, pointer: 1, phase: .began, x: 0, y: 0),
            .init(t: 10_000, pointer: 1, phase: .moved, x: 10, y: 0),
            .init(t: 15_000, pointer: 2, phase: .began, x: 50, y: 50),
            .init(t: 20_000, pointer: 1, phase: .stationary, x: 20, y: 0),
            // The ended sample's position is not movement: still 1000 pt/s.
            .init(t: 25_000, pointer: 1, phase: .ended, x: 900, y: 900),
            .init(t: 30_000, pointer: 1, phase: .began, x: 0, y: 0),
            .init(t: 38_000, pointer: 1, phase: .moved, x: 0, y: 8),
            .init(t: 60_000, pointer: 2, phase: .cancelled, x: 50, y: 50), // 45 ms after its only sample
            .init(t: 46_000, pointer: 1, phase: .moved, x: 0, y: 16),
            .init(t: 50_000, pointer: 1, phase: .ended, x: 0, y: 16)
        ].sorted { $0.t < $1.t }
        let releases = releaseVelocities(of: session(touches), strategy: .twopoint)
        #expect(releases.map(\.pointer) == [1, 1, 2])
        #expect(releases.map(\.t) == [25_000, 50_000, 60_000])
        #expect(close(releases[0].vx, 1_000) && releases[0].vy == 0)
        #expect(releases[1].vx == 0 && close(releases[1].vy, 1_000))
        #expect(releases[2].velocity == .zero)
        #expect(releases.allSatisfy { $0.session == "s" })
    }
}

// MARK: - Storage

@Suite struct VelocityTrackerStorageTests {
    @Test func theRingBufferIsStoredInline() {
        // Twenty samples of (Int64, Double, Double) live in the struct itself:
        // no reference to a heap buffer, so adding a sample never allocates.
        #expect(MemoryLayout<VelocityTracker>.size >= VelocityTracker.capacity * 24)
        #expect(MemoryLayout<TimedPoint>.stride == 24)
    }

    @Test func otherStrategiesAgreeWithLsq2OnTheDirectionOfFastFlings() throws {
        let sessions = try Fixtures.sessions("velocity/flutter-velocity.jsonl")
        for session in sessions {
            let reference = releaseVelocities(of: session, strategy: .lsq2)
            for strategy in VelocityStrategy.allCases where strategy != .lsq2 {
                let other = releaseVelocities(of: session, strategy: strategy)
                #expect(other.map(\.t) == reference.map(\.t))
                for (a, b) in zip(reference, other) where abs(a.vy) > 1_000 {
                    #expect((a.vy > 0) == (b.vy > 0), "\(strategy) pointer \(a.pointer): \(b.vy) vs \(a.vy)")
                }
            }
        }
    }
}
