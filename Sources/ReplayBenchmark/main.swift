// ReplayBenchmark — how fast the simulator replays touch samples.
//
// Builds an in-memory corpus of hand-made gesture traces of every intent on
// the epilogue scene (drag and drop, text selection, two-finger taps and
// press feedback included) (repeated with offsets, ≥ 5 M touch samples), then
// replays it through the whole scene on one core and on two threads,
// printing samples per second. Figures go to reports/BENCHMARKS.md ("Replay").
//
//     swift build -c release --product ReplayBenchmark
//     .build/release/ReplayBenchmark [--samples 5000000] [--repeats 5]
//     .build/release/ReplayBenchmark --digest   # a hash of every figure, to compare two builds

import Dispatch
import Foundation
import GestureTuneTestSupport
import Recognizers
import Simulation
import TraceModel

// MARK: - Arguments

var targetSamples = 5_000_000
var repeats = 5
var explain = false
var digest = false
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--samples": targetSamples = arguments.next().flatMap(Int.init) ?? targetSamples
    case "--repeats": repeats = max(1, arguments.next().flatMap(Int.init) ?? repeats)
    case "--explain": explain = true
    case "--digest": digest = true
    case "-h", "--help":
        print("usage: ReplayBenchmark [--samples N] [--repeats N] [--explain] [--digest]")
        exit(0)
    default:
        FileHandle.standardError.write(Data("unknown argument \(argument)\n".utf8))
        exit(2)
    }
}

// MARK: - The corpus

/// One session with every epilogue gesture, varied by `k` (positions,
/// distances, speeds), labelled.
func session(_ k: Int) -> Session {
    let j = Double(k % 7) * 2.5, s = 1 + Double(k % 5) * 0.1
    var trace = TraceBuilder(id: "bench-\(k)", user: "user\(k % 40)", scene: "epilogue")
    // Tab 0: notes
    trace.tap(at: (200 + j, 150), label: .tap, target: "note-row")
    trace.wait(0.6)
    trace.drag(
        from: (300, 200 + j), by: (-100 - j, 0), speed: 300 * s, label: .swipeActions, direction: .left,
        target: "note-row")
    trace.wait(0.6)
    trace.drag(from: (200, 500), by: (8, -250 - j), speed: 900 * s, label: .scroll, direction: .up)
    trace.wait(0.6)
    trace.press(at: (150, 650), duration: 0.3) // a resting thumb
    trace.label(.none, from: trace.now - 300_000, to: trace.now)
    trace.wait(0.6)
    trace.drag(from: (300, 650), by: (-140 - j, 0), speed: 500 * s, label: .tabSwipe, direction: .left)
    trace.wait(0.9)
    // Tab 1: cards and the sheet
    trace.drag(
        from: (150, 300), by: (150 + j, 0), speed: 500 * s, label: .cardSwipe, direction: .right,
        target: "card-stack")
    trace.wait(0.6)
    trace.tap(at: (195, 300), label: .tap, target: "card-stack")
    trace.wait(0.8)
    trace.drag(from: (200, 600), by: (0, 150 + j), speed: 500 * s, label: .dismiss, direction: .down, target: "sheet")
    trace.wait(0.6)
    trace.shake(label: .shake)
    trace.wait(0.6)
    trace.drag(from: (300, 650), by: (-150, 0), speed: 600 * s, label: .tabSwipe, direction: .left)
    trace.wait(0.9)
    // Tab 2: library
    let doubleStart = trace.now
    trace.tap(at: (200, 200))
    trace.wait(0.1)
    trace.tap(at: (202, 203))
    trace.label(.doubleTap, from: doubleStart, to: trace.now, target: "image")
    trace.wait(0.6)
    trace.twoFinger(
        center: (195, 230), span: 100, scale: 1.5 + j / 10, degrees: 30, duration: 0.3,
        label: .transform, target: "image")
    trace.wait(0.6)
    trace.press(at: (100, 600 + j), duration: 0.7, label: .longPress, target: "grid-item")
    trace.wait(0.6)
    trace.path(
        from: (195, 560), hold: 0.35, legs: [(by: (120 + j, 10), speed: 400 * s, pause: 0.1)],
        label: .drag, target: "grid-item")
    trace.wait(0.6)
    trace.path(
        from: (195, 560 + j), hold: 0.3, legs: [(by: (0, -470), speed: 700, pause: 0.4), (by: (0, 300), speed: 700, pause: 0.1)],
        label: .drag, target: "grid-item") // to the top edge: auto-scroll
    trace.wait(0.6)
    trace.path(
        from: (80, 300), hold: 0.6, legs: [(by: (150 + j, 22), speed: 250 * s, pause: 0.3)],
        label: .textSelect, target: "text")
    trace.wait(0.6)
    trace.multiTap(center: (195, 330 + j), offsets: [(-20, 0), (20, 0)], label: .tap, target: "text")
    trace.wait(0.6)
    trace.drag(from: (200, 700), by: (-5, -300), speed: 1200 * s, label: .scroll, direction: .up)
    trace.wait(0.6)
    trace.drag(
        from: (8, 400), by: (150, j), speed: 600 * s, label: .edgeSwipe, direction: .right,
        target: "left-edge")
    trace.wait(0.6)
    trace.multiDrag(
        center: (200, 400), offsets: [(-40, 0), (0, 0), (40, 0)], by: (-150, 0), speed: 600 * s,
        label: .multiSwipe, direction: .left)
    trace.wait(0.6)
    // A hesitant drag that ends as a slow scroll (on the text: the selection
    // needs 0.5 s; on the grid the 0.2 s rest would lift an item).
    trace.drag(from: (150, 300), by: (3, 120), speed: 150, hold: 0.2, label: .scroll, direction: .down)
    trace.wait(0.6)
    trace.drag(from: (100, 650), by: (140, 0), speed: 500, label: .tabSwipe, direction: .right)
    return trace.session
}

let clock = ContinuousClock()
let buildStart = clock.now
let templates = (0..<70).map(session)
var sessions: [Session] = []
var samples = 0
while samples < targetSamples {
    for template in templates where samples < targetSamples {
        var copy = template
        copy.header.id = "\(template.id)-\(sessions.count)"
        samples += copy.touches.count
        sessions.append(copy)
    }
}
let corpus = Corpus(sessions: sessions)
sessions = []
let buildTime = clock.now - buildStart
let total = corpus.touchCount + corpus.motionCount
print(
    "corpus: \(corpus.sessionCount) sessions, \(corpus.touchCount) touch + \(corpus.motionCount) motion samples "
        + "(built in \(buildTime.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 2)))))")

// MARK: - Replay

if digest {
    // Every recognition, label outcome, percentile and spring figure of one
    // replay (springs measured, every recognition kept), as sorted-key JSON
    // hashed with FNV-1a: two builds that print the same digest replayed
    // the corpus identically, figure for figure (the speed work's check).
    // Exact, then smoothed (the margins of every contact).
    for temperature in [0, 0.05] {
        let simulator = Simulator(
            options: SimulationOptions(temperature: temperature, keepLabelOutcomes: true, keepRecognitions: true))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = try encoder.encode(try simulator.run(corpus: corpus))
        let hash = FNV1a.hash(bytes)
        print("digest τ = \(temperature): \(String(hash, radix: 16)) over \(bytes.count) bytes of result JSON")
    }
    exit(0)
}

func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

@MainActor
func measure(_ label: String, threads: Int, temperature: Double = 0, springs: Bool = false) throws
    -> (Double, SimulationResult)
{
    let simulator = Simulator(
        options: SimulationOptions(
            temperature: temperature, keepLabelOutcomes: false, threads: threads, measureSprings: springs))
    var best = Double.infinity
    var last: SimulationResult?
    for _ in 0..<repeats {
        let start = clock.now
        last = try simulator.run(corpus: corpus)
        best = min(best, seconds(clock.now - start))
    }
    let rate = Double(total) / best
    print(
        String(
            format: "%@: best of %d %.3f s, %.1f M samples/s", label, repeats, best, rate / 1e6))
    guard let last else { fatalError("--repeats must be at least 1") }
    return (rate, last)
}

// Replay + matching + latency metrics; then the same with τ > 0, with spring
// settle/overshoot metrics, and on two threads.
let (single, result) = try measure("1 thread, exact", threads: 1)
let (soft, _) = try measure("1 thread, smoothed (τ = 0.05)", threads: 1, temperature: 0.05)
let (springs, _) = try measure("1 thread, exact + spring metrics", threads: 1, springs: true)
let (double, _) = try measure("2 threads, exact", threads: 2)
print(
    String(
        format: "ratios to 1 thread exact: 2 threads %.2f×, smoothed %.2f×, with spring metrics %.2f×",
        double / single, soft / single, springs / single))
print(
    String(
        format: "check: %d labels, misfire rate %.4f, %d recognitions", result.total.labels, result.misfireRate,
        result.recognitions))

if explain {
    // What the default parameters get wrong on the synthetic corpus.
    print("confusion (intended → recognized: count):")
    for (row, columns) in result.confusion.sorted(by: { $0.key < $1.key }) {
        let cells = columns.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("  \(row) → \(cells)")
    }
}
