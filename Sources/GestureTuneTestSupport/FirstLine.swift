import Foundation

extension FileHandle {
    /// What a child process has written up to and including its first
    /// newline (possibly more, read in the same chunk), or everything it
    /// wrote before closing without one. Blocks until then: for a server
    /// that announces where it listens on its first line.
    package func readThroughFirstLine() -> Data {
        var bytes = Data()
        while !bytes.contains(0x0A) {
            let chunk = availableData
            if chunk.isEmpty { break }
            bytes += chunk
        }
        return bytes
    }
}
