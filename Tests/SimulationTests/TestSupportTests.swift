import Foundation
import GestureTuneTestSupport
import Testing
import TraceModel

// MARK: - The shared test support, checked once

@Suite("test support")
struct TestSupportTests {
    @Test func approximatelyEqualIsAnAbsoluteToleranceThatNaNNeverMeets() {
        #expect(isApproximatelyEqual(1.0, 1.0 + 1e-10, tolerance: 1e-9))
        #expect(!isApproximatelyEqual(1.0, 1.1, tolerance: 0.05))
        #expect(!isApproximatelyEqual(0.3, 0.1 + 0.2, tolerance: 0)) // tolerance 0: exact only
        #expect(isApproximatelyEqual(.infinity, .infinity, tolerance: 0))
        #expect(!isApproximatelyEqual(.nan, .nan, tolerance: 1))
        #expect(!isApproximatelyEqual(.infinity, 1e308, tolerance: 1e300))
    }

    @Test func pathsFindThePackageAndTheSharedFixtures() {
        #expect(FileManager.default.fileExists(atPath: TestPaths.inPackage("Package.swift").path))
        #expect(FileManager.default.fileExists(atPath: TestPaths.sharedFixture("velocity/flutter-velocity.jsonl")))
    }

    @Test func aBuiltTapIsTwoSamplesAndItsLabel() throws {
        var trace = TraceBuilder(id: "t")
        trace.tap(at: (100, 200), label: .tap)
        let session = trace.session
        // Held still 80 ms: stationary samples between the touch and the lift.
        #expect(session.touches.first?.phase == .began && session.touches.last?.phase == .ended)
        #expect(session.touches.dropFirst().dropLast().allSatisfy { $0.phase == .stationary && $0.x == 100 })
        #expect(session.touches.last?.t == 80_000)
        #expect(session.labels.map(\.intent) == [.tap])
        #expect(session.labels.first?.start == 0 && session.labels.first?.end == 80_000)
    }
}
