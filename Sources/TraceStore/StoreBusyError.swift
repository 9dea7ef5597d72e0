import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - Another process holds the file

/// The store's write lock was held by another process for longer than the
/// command would wait; nothing was written.
package struct StoreBusyError: Error, Sendable, CustomStringConvertible {
    package var store: String
    /// `process 4242 (sqlite3)`, when /proc/locks tells.
    package var holder: String?
    package var waited: TimeInterval

    package var description: String {
        "\(store) is busy: \(holder ?? "another process") holds its write lock and did not let go within "
            + "\(Int(waited.rounded())) s; the store is unchanged: run the command again once it has finished, or end it"
    }

    /// Whether `error` is SQLite's "another connection holds the lock".
    static func isBusy(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    }

    /// Which other process holds a write lock on the store or its WAL
    /// index, from Linux's /proc/locks (SQLite's locks are POSIX record
    /// locks): `process PID (NAME)`, or nil where that cannot be told.
    static func holder(of path: String) -> String? {
        guard let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return nil }
        var inodes = Set<UInt64>()
        for file in [path, path + "-shm", path + "-wal"] {
            var info = stat()
            if stat(file, &info) == 0 { inodes.insert(UInt64(info.st_ino)) }
        }
        let me = Int(getpid())
        // "1: POSIX  ADVISORY  WRITE 4242 fe:01:1234567 120 120"
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[1] == "POSIX" || fields[1] == "OFDLCK", fields[3] == "WRITE",
                let pid = Int(fields[4]), pid != me, pid > 0,
                let inode = fields[5].split(separator: ":").last.flatMap({ UInt64($0) }), inodes.contains(inode)
            else { continue }
            let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            return "process \(pid)" + (name.map { " (\($0))" } ?? "")
        }
        return nil
    }
}
