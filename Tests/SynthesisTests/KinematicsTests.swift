import Testing
import TraceModel

@testable import Synthesis

@Suite struct KinematicsTests {
    @Test func minimumJerkStartsAndEndsAtRest() {
        #expect(MinimumJerk.fraction(0) == 0)
        #expect(MinimumJerk.fraction(1) == 1)
        #expect(abs(MinimumJerk.fraction(0.5) - 0.5) < 1e-12)
        #expect(MinimumJerk.speedFactor(0) == 0)
        #expect(MinimumJerk.speedFactor(1) == 0)
        #expect(abs(MinimumJerk.speedFactor(0.5) - MinimumJerk.peakSpeedFactor) < 1e-12)
        // Numerical derivative agrees with the closed form.
        let h = 1e-6, tau = 0.3
        let numeric = (MinimumJerk.fraction(tau + h) - MinimumJerk.fraction(tau - h)) / (2 * h)
        #expect(abs(numeric - MinimumJerk.speedFactor(tau)) < 1e-6)
    }

    @Test func fittsLawGrowsWithTheIndexOfDifficulty() {
        let law = FittsLaw(a: 0.1, b: 0.12)
        #expect(abs(law.indexOfDifficulty(distance: 120, width: 40) - 2) < 1e-12)
        #expect(abs(law.movementTime(distance: 120, width: 40) - 0.34) < 1e-12)
        #expect(law.movementTime(distance: 400, width: 40) > law.movementTime(distance: 100, width: 40))
    }

    @Test func aFlickLeavesTheGlassAtItsReleaseSpeedAfterItsTravel() {
        for (travel, speed, sigma, ratio) in [(150.0, 4000.0, 0.3, 1.1), (60, 1000, 0.25, 0.95), (200, 8000, 0.4, 1.25)] {
            let (stroke, lift) = LognormalStroke.flick(travel: travel, releaseSpeed: speed, sigma: sigma, liftRatio: ratio)
            #expect(abs(stroke.speed(at: lift) - speed) / speed < 1e-9)
            #expect(abs(stroke.distance(at: lift) - travel) / travel < 1e-9)
            #expect(abs(lift / stroke.peakTime - ratio) < 1e-9)
            // The speed profile is the derivative of the distance.
            let h = 1e-7
            let numeric = (stroke.distance(at: lift + h) - stroke.distance(at: lift - h)) / (2 * h)
            #expect(abs(numeric - speed) / speed < 1e-5)
        }
        // A hard flick lasts at least the minimum duration when given the minimum travel.
        let travel = LognormalStroke.minimumTravel(releaseSpeed: 8000, sigma: 0.3, liftRatio: 1.1, minimumDuration: 0.045)
        let (_, lift) = LognormalStroke.flick(travel: travel, releaseSpeed: 8000, sigma: 0.3, liftRatio: 1.1)
        #expect(abs(lift - 0.045) < 1e-9)
    }

    @Test func trajectoriesJoinTheirPieces() {
        var path = Trajectory(start: Vector(100, 500), at: 1)
        path.hold(0.05)
        path.reach(to: Vector(100, 300), duration: 0.4, bend: 10)
        #expect(path.position(at: 0.5) == Vector(100, 500))
        #expect(path.position(at: 1.04) == Vector(100, 500))
        #expect(abs(path.position(at: 1.25).y - 400) < 1e-9)
        #expect(abs(abs(path.position(at: 1.25).x - 100) - 10) < 1e-9) // the bend peaks mid-way
        #expect(path.position(at: 2) == Vector(100, 300))
        #expect(abs(path.endTime - 1.45) < 1e-12)
        path.flick(direction: Vector(0, -1), travel: 100, releaseSpeed: 3000, sigma: 0.3, liftRatio: 1)
        #expect(abs(path.end.y - 200) < 1e-6)
    }
}
