import Foundation
import GestureTuneTestSupport
import Testing

// MARK: - Running the built binary

/// The package root (the directory holding Package.swift).
let packageRoot = TestPaths.packageRoot

/// Flutter's velocity recording in `shared/fixtures`.
let flutterFixture = TestPaths.sharedFixture("velocity/flutter-velocity.jsonl")

/// `gesturetune` in the build products directory next to the test bundle.
let gesturetune: String = {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var candidates = [executable.deletingLastPathComponent().appendingPathComponent("gesturetune").path]
    if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
        candidates.append(
            URL(fileURLWithPath: bundle.bundlePath).deletingLastPathComponent()
                .appendingPathComponent("gesturetune").path)
    }
    candidates.append(packageRoot.appendingPathComponent(".build/debug/gesturetune").path)
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
}()

struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs gesturetune with `arguments` (and `stdin` text) to completion.
@discardableResult
func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: gesturetune)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "GESTURETUNE_DB")
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    // Read both pipes while the process runs (a full pipe would block it).
    nonisolated(unsafe) var errData = Data()
    let errReader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
    errReader.start()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while errReader.isExecuting || !errReader.isFinished { usleep(1000) }
    return RunResult(
        status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self))
}

func scratch() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gt-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}
