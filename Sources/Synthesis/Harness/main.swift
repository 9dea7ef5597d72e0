// synth-corpus: regenerates datasets/epilogue/ and measures generation speed,
// until `gesturetune synth` is wired. It calls exactly the library functions
// the CLI calls, with the same arguments, so both write the same bytes.
//
//   swift run -c release SynthCorpus --seed 2026 --users 40 --devices 6 --sessions 8 \
//       --scene epilogue --users-per-file 10 --out datasets/epilogue
import Foundation
import Synthesis
import TraceModel

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("synth-corpus: \(message)\n".utf8))
    exit(2)
}

func parseOptions() -> [String: String] {
    var options: [String: String] = [:]
    var arguments = CommandLine.arguments.dropFirst()
    while let key = arguments.popFirst() {
        guard key.hasPrefix("--"), let value = arguments.popFirst() else { fail("expected --option VALUE, got \(key)") }
        options[String(key.dropFirst(2))] = value
    }
    return options
}
let options = parseOptions()
func number(_ key: String, _ fallback: Int) -> Int {
    guard let text = options[key] else { return fallback }
    guard let value = Int(text) else { fail("--\(key) needs an integer, got \(text)") }
    return value
}

let configuration = SynthConfiguration(
    seed: UInt(number("seed", 2026)), users: number("users", 40), devices: number("devices", 6),
    sessions: number("sessions", 8), scene: options["scene"] ?? "epilogue",
    gesturesPerSession: number("gestures", 27))
guard let out = options["out"] else { fail("--out FILE (or a directory with --users-per-file) is required") }

do {
    let clock = ContinuousClock()
    let started = clock.now
    let synthesizer = try Synthesizer(configuration)
    var total = SynthSummary()
    if let perFile = options["users-per-file"] {
        guard let n = Int(perFile) else { fail("--users-per-file needs an integer") }
        for (file, summary) in try synthesizer.writeParts(toDirectory: out, usersPerFile: n) {
            print("\(file)\t\(summary.sessions) sessions\t\(summary.labels) labels\t\(summary.touches) touches\t\(summary.motion) motion\t\(summary.bytes) bytes")
            total.add(summary)
        }
    } else {
        total = try synthesizer.write(toPath: out)
    }
    let elapsed = clock.now - started
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print("total\t\(total.sessions) sessions\t\(total.labels) labels\t\(total.touches) touches\t\(total.motion) motion\t\(total.bytes) bytes")
    for intent in Intent.allCases { if let n = total.labelsByIntent[intent] { print("  \(intent.rawValue)\t\(n)") } }
    let events = total.sessions + total.touches + total.motion + total.labels
    let hours = total.recordedTime.seconds / 3600
    print(String(format: "session time %.2f h\telapsed %.3f s\t%.0f events/s\t%.0f touch samples/s\t%.1f MB/s\t%.0f× real time",
                 hours, seconds, Double(events) / seconds, Double(total.touches) / seconds,
                 Double(total.bytes) / seconds / 1e6, total.recordedTime.seconds / seconds))
} catch {
    FileHandle.standardError.write(Data("synth-corpus: \(error)\n".utf8))
    exit(1)
}
