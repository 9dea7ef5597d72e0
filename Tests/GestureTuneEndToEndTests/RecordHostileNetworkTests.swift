import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - record under clients that stall, idle, or never finish

/// The study server against what a real network does to it: a phone that
/// loses its signal mid-upload, connections opened and left half-sent by
/// anyone who can reach the port, a compressed or chunked body. Real
/// sockets on loopback against the built binary.
@Suite("record: stalled, idle and half-open clients; shutdown whatever they do", .serialized)
struct RecordHostileNetworkTests {
    /// A stalled upload no longer keeps `record` from stopping: Ctrl-C
    /// stops accepting, waits the grace period, closes the stalled upload
    /// (storing nothing of it), and keeps what was acknowledged.
    @Test func ctrlCDuringAStalledUploadStopsWithinTheGracePeriod() async throws {
        let server = try RecordServer(extra: ["--shutdown-grace", "1"])
        defer { server.stopIfRunning() }
        let valid = RecordServer.session("kept-1", user: "P01", taps: 2)
        #expect(try await server.request("POST", server.uploadURL, body: valid).status == 201)

        let stalled = try RawConnection(port: server.port)
        try stalled.send(Self.head(path: server.uploadPath, length: 5_000) + String(valid.prefix(300)))
        usleep(300_000)
        let started = Date()
        let stopped = try server.stop(within: 10)
        let elapsed = Date().timeIntervalSince(started)
        #expect(stopped.status == 0, "\(stopped.stderr)")
        #expect(elapsed < 4, "stopped after \(elapsed) s")
        #expect(elapsed >= 0.9, "the grace period was not given: \(elapsed) s")
        let events = stopped.events.compactMap { $0["event"] as? String }
        #expect(events.contains("stopping") && events.contains("closed-on-stop"), "\(events)")
        let closed = stopped.events.first { $0["event"] as? String == "closed-on-stop" }
        #expect((closed?["connections"] as? Int ?? 0) >= 1)
        #expect(stalled.closedByPeer(within: 1))
        let stats = try json(try server.stats())
        #expect(stats["sessions"] as? Int == 1 && stats["labels"] as? Int == 2)
    }

    /// A second signal does not wait for the grace period.
    @Test func aSecondSignalClosesEverythingAtOnce() async throws {
        let server = try RecordServer(extra: ["--shutdown-grace", "60"])
        defer { server.stopIfRunning() }
        let stalled = try RawConnection(port: server.port)
        try stalled.send(Self.head(path: server.uploadPath, length: 5_000) + "{\"type\":")
        usleep(300_000)
        let started = Date()
        let stopped = try server.stop(signals: 2, within: 10)
        #expect(stopped.status == 0, "\(stopped.stderr)")
        #expect(Date().timeIntervalSince(started) < 3)
        let closed = stopped.events.first { $0["event"] as? String == "closed-on-stop" }
        #expect(closed?["signal"] as? String == "SIGINT")
        #expect(stopped.stderr.contains("closed 1 connection(s) still open on a second signal (SIGINT)"), "\(stopped.stderr)")
    }

    /// Head, body and idle deadlines close slow clients, before any token
    /// is checked; an upload cut short stores nothing.
    @Test func slowHeadsBodiesAndIdleConnectionsAreClosed() async throws {
        let server = try RecordServer(extra: ["--head-timeout", "0.5", "--body-timeout", "1", "--idle-timeout", "0.5"])
        defer { server.stopIfRunning() }
        let empty = try server.stats()

        // No token, half a head, one byte at a time: closed all the same.
        let slowHead = try RawConnection(port: server.port)
        try slowHead.send("GET /study/")
        let headStarted = Date()
        var trickled = 0
        while !slowHead.closedByPeer(within: 0.1) && Date().timeIntervalSince(headStarted) < 5 {
            try? slowHead.send("x")
            trickled += 1
        }
        #expect(Date().timeIntervalSince(headStarted) < 2, "a trickled head was held \(trickled) bytes long")

        // A body that stops halfway: closed after the body deadline, nothing stored.
        let session = RecordServer.session("cut-1", user: "P02", taps: 3)
        let halfBody = try RawConnection(port: server.port)
        try halfBody.send(
            Self.head(path: server.uploadPath, length: session.utf8.count) + String(session.prefix(session.count / 2)))
        #expect(halfBody.closedByPeer(within: 4))
        #expect(try server.stats() == empty)

        // A keep-alive connection left idle after its answer.
        let idle = try RawConnection(port: server.port)
        try idle.send("GET \(server.pagePath) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(idle.readsResponse(within: 2))
        #expect(idle.closedByPeer(within: 3))

        let stopped = try server.stop(within: 10)
        let missed = Set(stopped.events.filter { $0["event"] as? String == "timed-out" }.compactMap { $0["deadline"] as? String })
        #expect(missed == ["head", "body", "idle"], "\(stopped.events)")
    }

    /// 300 half-sent requests against a server allowed 256 open files: the
    /// cap (192 here) keeps it from running out of descriptors, and a full
    /// server closes the connection that has waited longest for a request,
    /// so a participant's page loads at once, not after a head deadline
    /// (10 s by default: a queue behind the flood would have waited that).
    @Test func threeHundredHalfOpenConnectionsDoNotStarveAParticipant() async throws {
        let server = try RecordServer(extra: [], openFiles: 256)
        defer { server.stopIfRunning() }
        var attackers: [RawConnection] = []
        for _ in 0..<300 {
            let connection = try RawConnection(port: server.port)
            try? connection.send("POST /study/x/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-")
            attackers.append(connection)
        }
        let started = Date()
        let page = try await server.request("GET", server.url)
        let waited = Date().timeIntervalSince(started)
        #expect(page.status == 200)
        #expect(waited < 3, "the page took \(waited) s")
        let session = RecordServer.session("after-flood", user: "P03", taps: 1)
        #expect(try await server.request("POST", server.uploadURL, body: session).status == 201)
        // The oldest half-open connections were closed to make room.
        #expect(attackers.prefix(50).filter { $0.closedByPeer(within: 0.05) }.count == 50)
        let stopped = try server.stop(within: 10)
        #expect(stopped.status == 0, "\(stopped.stderr)")
        #expect(!stopped.stderr.contains("Too many open files"), "\(stopped.stderr)")
        let crowdedOut = stopped.events.filter { $0["event"] as? String == "crowded-out" }
        #expect(crowdedOut.count >= 100, "\(crowdedOut.count) crowded out")
        #expect(crowdedOut.allSatisfy { $0["open"] as? Int == 192 })
        withExtendedLifetime(attackers) {}
    }

    /// A compressed body is refused as compressed (it was "not UTF-8 text"),
    /// a body without a declared length as such.
    @Test func compressedAndChunkedUploadsAreRefusedSayingWhy() async throws {
        let server = try RecordServer(extra: [])
        defer { server.stopIfRunning() }
        let empty = try server.stats()
        let gzip = try RawConnection(port: server.port)
        let bytes = "\u{1F}\u{8B}\u{08}\u{00}compressed"
        try gzip.send(
            "POST \(server.uploadPath) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Encoding: gzip\r\n"
                + "Content-Length: \(bytes.utf8.count)\r\nConnection: close\r\n\r\n" + bytes)
        let refused = gzip.response(within: 3)
        #expect(refused.hasPrefix("HTTP/1.1 415"), "\(refused)")
        #expect(refused.contains("Content-Encoding gzip is not accepted"), "\(refused)")

        let chunked = try RawConnection(port: server.port)
        let session = RecordServer.session("chunked-1", user: "P04", taps: 1)
        try chunked.send(
            "POST \(server.uploadPath) HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                + String(session.utf8.count, radix: 16) + "\r\n" + session + "\r\n0\r\n\r\n")
        let lengthRequired = chunked.response(within: 3)
        #expect(lengthRequired.hasPrefix("HTTP/1.1 411"), "\(lengthRequired)")
        #expect(try server.stats() == empty)
        #expect(try server.stop(within: 10).status == 0)
    }

    static func head(path: String, length: Int) -> String {
        "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-ndjson\r\nContent-Length: \(length)\r\n\r\n"
    }
}

extension RecordServer {
    var pagePath: String { String(url.dropFirst(origin.count)) }
    var uploadPath: String { pagePath + "/sessions" }

    /// Signals as ``stop(signals:)`` does, but gives up (killing the
    /// server, and failing) if it has not exited within `seconds`.
    func stop(signals: Int = 1, within seconds: Double) throws -> Stopped {
        let deadline = Date().addingTimeInterval(seconds)
        let pid = processIdentifier
        let watchdog = Thread {
            while Date() < deadline {
                if kill(pid, 0) != 0 { return }
                usleep(50_000)
            }
            kill(pid, SIGKILL)
        }
        watchdog.start()
        let stopped = try stop(signals: signals)
        #expect(stopped.status != SIGKILL && Date() < deadline, "record did not stop within \(seconds) s")
        return stopped
    }
}

// MARK: - A client that speaks raw TCP

/// One TCP connection to 127.0.0.1, written and read byte for byte, so a
/// test can stop in the middle of a request as a dying phone does.
final class RawConnection {
    private let fd: Int32

    init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    deinit { close(fd) }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == bytes.count else { throw POSIXError(.EPIPE) }
    }

    /// Whatever arrives until the peer closes or `seconds` pass.
    func response(within seconds: Double) -> String {
        var data = [UInt8]()
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, let chunk = read(until: deadline) {
            if chunk.isEmpty { break }
            data += chunk
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Whether a response's first bytes arrive within `seconds`.
    func readsResponse(within seconds: Double) -> Bool {
        guard let chunk = read(until: Date().addingTimeInterval(seconds)) else { return false }
        return String(decoding: chunk, as: UTF8.self).hasPrefix("HTTP/1.1 ")
    }

    /// Whether the server closes the connection within `seconds` (bytes it
    /// sends first are read and dropped).
    func closedByPeer(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while let chunk = read(until: deadline) {
            if chunk.isEmpty { return true }
        }
        return false
    }

    /// The next bytes, `[]` at the peer's close (or a reset), nil at the deadline.
    private func read(until deadline: Date) -> [UInt8]? {
        let wait = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, wait) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        return n <= 0 ? [] : Array(buffer[0..<n])
    }
}
