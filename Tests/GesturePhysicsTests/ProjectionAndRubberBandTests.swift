import Foundation
import Testing

@testable import GesturePhysics

@Suite struct ProjectionTests {
    @Test func restingDistanceIsTheGeometricSeries() {
        #expect(abs(Projection.restingDistance(velocity: 1_000) - 499) < 1e-9)
        #expect(abs(Projection.restingDistance(velocity: 1_000, rate: .fast) - 99) < 1e-9)
        #expect(abs(Projection.restingDistance(velocity: -2_000) + 998) < 1e-9)
        // Simulate the per-millisecond decay directly.
        var speedPerMs = 1.5, travelled = 0.0
        for _ in 0..<50_000 {
            speedPerMs *= 0.998
            travelled += speedPerMs
        }
        #expect(abs(Projection.restingDistance(velocity: 1_500) - travelled) < 1e-6)
    }

    @Test func predictedEndAddsTheRestingDistance() {
        #expect(abs(Projection.predictedEnd(translation: 40, velocity: 1_000) - 539) < 1e-9)
        let end = Projection.predictedEnd(translation: (x: 10, y: -5), velocity: Velocity(dx: 500, dy: 0), rate: .fast)
        #expect(abs(end.x - 59.5) < 1e-9 && end.y == -5)
        // The "velocity" the reference app compares is this difference: a distance in points.
        let projected = Projection.predictedEnd(translation: 40, velocity: 800) - 40
        #expect(abs(projected - Projection.restingDistance(velocity: 800)) < 1e-12)
    }

    @Test func glideDurationReachesTheStopSpeed() {
        let seconds = Projection.glideDuration(velocity: 2_000, stopSpeed: 10)
        #expect(abs(2_000 * pow(0.998, seconds * 1_000) - 10) < 1e-6)
        #expect(Projection.glideDuration(velocity: 5, stopSpeed: 10) == 0)
        #expect(Projection.restingDistance(velocity: 100, rate: DecelerationRate(perMillisecond: 1)) == 0)
    }
}

@Suite struct RubberBandTests {
    @Test func dampedOvershootStartsAtTheCoefficientAndNeverReachesTheDimension() {
        #expect(abs(RubberBand.dampedOvershoot(100, dimension: 800) - 55 / (1 + 55.0 / 800)) < 1e-12)
        #expect(abs(RubberBand.dampedOvershoot(1e-6, dimension: 800) / 1e-6 - 0.55) < 1e-6)
        #expect(RubberBand.dampedOvershoot(1e9, dimension: 800) < 800)
        #expect(RubberBand.dampedOvershoot(1e9, dimension: 800) > 799)
        #expect(RubberBand.dampedOvershoot(-100, dimension: 800) == -RubberBand.dampedOvershoot(100, dimension: 800))
        let samples = stride(from: 0.0, through: 2_000, by: 50).map { RubberBand.dampedOvershoot($0, dimension: 600) }
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0 < $1 })
        #expect(abs(RubberBand.dampedOvershoot(100, dimension: 0) - 55) < 1e-12)
    }

    @Test func positionIsFreeInsideAndBandedOutside() {
        let range = 0.0...1_200
        #expect(RubberBand.position(300, range: range, dimension: 800) == 300)
        #expect(RubberBand.position(0, range: range, dimension: 800) == 0)
        #expect(abs(RubberBand.position(-60, range: range, dimension: 800) - (-33 / (1 + 33.0 / 800))) < 1e-12)
        #expect(abs(RubberBand.position(1_300, range: range, dimension: 800) - (1_200 + 55 / (1 + 55.0 / 800))) < 1e-12)
        // Continuous at the bound.
        #expect(abs(RubberBand.position(1_200 + 1e-9, range: range, dimension: 800) - 1_200) < 1e-9)
    }

    @Test func limitedTranslationUsesTheLimitAsBoundAndDimension() {
        #expect(RubberBand.limitedTranslation(80, limit: 100) == 80)
        #expect(abs(RubberBand.limitedTranslation(150, limit: 100) - (100 + 27.5 / 1.275)) < 1e-12)
        #expect(RubberBand.limitedTranslation(-150, limit: 100) == -RubberBand.limitedTranslation(150, limit: 100))
        #expect(RubberBand.limitedTranslation(1e9, limit: 100) < 200)
        #expect(RubberBand.limitedTranslation(150, limit: 0) == 150)
    }

    @Test func linearResistanceFallsToHalfAtTheMaximum() {
        #expect(RubberBand.linearResistance(translation: 0, maxDistance: 100) == 1)
        #expect(RubberBand.linearResistance(translation: 50, maxDistance: 100) == 0.75)
        #expect(RubberBand.linearResistance(translation: -50, maxDistance: 100) == 0.75)
        #expect(RubberBand.linearResistance(translation: 100, maxDistance: 100) == 0.5)
        #expect(RubberBand.linearResistance(translation: 400, maxDistance: 100) == 0.5)
        #expect(RubberBand.linearlyResisted(translation: 50, maxDistance: 100) == 37.5)
        #expect(RubberBand.linearlyResisted(translation: -400, maxDistance: 100) == -200)
        #expect(RubberBand.linearResistance(translation: 0, maxDistance: 0) == 0.5)
    }
}
