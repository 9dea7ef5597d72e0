import Foundation
import Testing

// MARK: - gesturetune velocity

@Suite("gesturetune velocity")
struct VelocityEndToEndTests {
    /// Every release of the Flutter fixture matches Flutter's lsq2 figure
    /// within the fixture's own tolerance (0.1%).
    @Test func flutterFixturesThroughTheCommand() throws {
        let result = try run(["velocity", "--json", flutterFixture])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let expectedURL = URL(fileURLWithPath: flutterFixture).deletingPathExtension().appendingPathExtension("expected.json")
        let expected = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: expectedURL)) as? [[String: Any]])
        #expect(lines.count == expected.count)
        #expect(expected.count == 14)
        for (line, want) in zip(lines, expected) {
            #expect(line["pointer"] as? Int == want["pointer"] as? Int)
            #expect(line["session"] as? String == want["session"] as? String)
            let tolerance = try #require(want["relativeTolerance"] as? Double)
            for axis in ["vx", "vy"] {
                let got = try #require(line[axis] as? Double)
                let target = try #require(want[axis] as? Double)
                #expect(abs(got - target) <= tolerance * max(abs(target), 1e-9), "\(axis) of pointer \(want["pointer"] ?? "?")")
            }
        }
    }

    @Test func strategiesDifferAndUsageErrorsExitTwo() throws {
        let lsq2 = try run(["velocity", flutterFixture]).stdout
        let twopoint = try run(["velocity", "--strategy", "twopoint", flutterFixture]).stdout
        #expect(lsq2.split(separator: "\n").count == 15) // header + 14 releases
        #expect(lsq2 != twopoint)
        #expect(try run(["velocity", "--strategy", "fastest", flutterFixture]).status == 2)
        let missing = try run(["velocity", "/nonexistent/trace.jsonl"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("/nonexistent/trace.jsonl"))
    }
}
