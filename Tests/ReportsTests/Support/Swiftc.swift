import Foundation

// MARK: - Running the Swift compiler on generated source

/// Runs `swiftc MODE FILE` on `source` and returns the exit status and
/// diagnostics. The compiler is `$SWIFTC` or `swiftc` on the `PATH`.
func runSwiftc(_ mode: String, on source: String) throws -> (status: Int32, output: String) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gesturetune-swiftc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("GestureConstants.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let compiler = ProcessInfo.processInfo.environment["SWIFTC"] ?? "swiftc"
    process.arguments = [compiler, mode, file.path]
    process.currentDirectoryURL = directory
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}
