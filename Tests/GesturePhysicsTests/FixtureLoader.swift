import Foundation
import GestureTuneTestSupport
import TraceModel

// MARK: - Test-only fixture loading
//
// The real canonical reader lives in TraceImport; these tests only need the
// touch lines of small, known-good fixtures, so a few lines of
// JSONSerialization keep GesturePhysicsTests independent of the importer.

enum Fixtures {
    /// `shared/fixtures`, found by the support target.
    static let root: URL = TestPaths.sharedFixtures

    struct LoadError: Error, CustomStringConvertible {
        var description: String
    }

    /// Sessions (header id + touches only) of a canonical JSON Lines file.
    static func sessions(_ relativePath: String) throws -> [Session] {
        let url = root.appendingPathComponent(relativePath)
        let text = try String(contentsOf: url, encoding: .utf8)
        var sessions: [Session] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            let where_ = "\(relativePath):\(number + 1)"
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let type = object["type"] as? String
            else { throw LoadError(description: "\(where_): not a JSON object with a type") }
            switch type {
            case "session":
                guard let id = object["id"] as? String else { throw LoadError(description: "\(where_): id") }
                let device = Device(platform: .other, screenWidth: 0, screenHeight: 0)
                sessions.append(Session(header: SessionHeader(id: id, device: device)))
            case "touch":
                guard !sessions.isEmpty,
                    let t = (object["t"] as? NSNumber)?.doubleValue, let micros = Micros(seconds: t),
                    let id = (object["id"] as? NSNumber)?.int32Value,
                    let phaseName = object["phase"] as? String, let phase = TouchPhase(name: phaseName),
                    let x = (object["x"] as? NSNumber)?.doubleValue,
                    let y = (object["y"] as? NSNumber)?.doubleValue
                else { throw LoadError(description: "\(where_): bad touch line") }
                sessions[sessions.count - 1].touches.append(
                    TouchSample(t: micros, pointer: id, phase: phase, x: x, y: y))
            default:
                continue
            }
        }
        return sessions
    }

    /// One expected release velocity from an `.expected.json` file.
    struct ExpectedRelease: Sendable, CustomStringConvertible {
        var session: String
        var pointer: Int32
        var t: Micros
        var strategy: String
        var vx: Double
        var vy: Double
        var relativeTolerance: Double

        var description: String { "\(session) pointer \(pointer) at \(t) µs" }
    }

    static func expectedReleases(_ relativePath: String) throws -> [ExpectedRelease] {
        let data = try Data(contentsOf: root.appendingPathComponent(relativePath))
        guard let rows = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw LoadError(description: "\(relativePath): not an array of objects")
        }
        return try rows.enumerated().map { index, row in
            guard let session = row["session"] as? String,
                let pointer = (row["pointer"] as? NSNumber)?.int32Value,
                let t = (row["t"] as? NSNumber)?.doubleValue, let micros = Micros(seconds: t),
                let strategy = row["strategy"] as? String,
                let vx = (row["vx"] as? NSNumber)?.doubleValue,
                let vy = (row["vy"] as? NSNumber)?.doubleValue,
                let tolerance = (row["relativeTolerance"] as? NSNumber)?.doubleValue
            else { throw LoadError(description: "\(relativePath): row \(index) incomplete") }
            return ExpectedRelease(
                session: session, pointer: pointer, t: micros, strategy: strategy,
                vx: vx, vy: vy, relativeTolerance: tolerance)
        }
    }
}
