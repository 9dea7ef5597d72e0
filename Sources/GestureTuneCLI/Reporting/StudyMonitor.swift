import Foundation
import StudyRecorder
import Synchronization

// MARK: - What `record` shows while it runs

/// The terminal side of a running study: the participant URLs once the
/// server listens, then participants, sessions and trials received — one
/// live line on a terminal, a plain line per event otherwise (logs) — and
/// the totals when it stops. With `--json`, every event is also a JSON
/// line on standard output for scripts.
final class StudyMonitor: Sendable {
    private let json: Bool
    private let study: String
    private let scene: String
    private let db: String
    private let host: String
    private let pagePath: String
    private let live = Console.stderrIsTerminal
    /// Whether the server has listened; held while an event is written, so
    /// events reach the terminal one at a time.
    private let listened = Mutex(false)

    init(json: Bool, study: String, scene: String, db: String, host: String, pagePath: String) {
        self.json = json
        self.study = study
        self.scene = scene
        self.db = db
        self.host = host
        self.pagePath = pagePath
    }

    /// Called from the server's threads; one event at a time.
    func handle(_ event: StudyServer.Event) {
        listened.withLock { listened in write(event, listened: &listened) }
    }

    private func write(_ event: StudyServer.Event, listened: inout Bool) {
        switch event {
        case .listening(let port):
            listened = true
            let hosts = host == "0.0.0.0" ? LocalAddresses.ipv4() : [host.contains(":") ? "[\(host)]" : host]
            let urls = hosts.map { "http://\($0):\(port)\(pagePath)" }
            if json {
                try? Console.jsonLine(Listening(study: study, scene: scene, db: db, port: port, urls: urls))
            } else {
                Console.out("study \(study): scene \(scene), storing into \(db)")
                for url in urls { Console.out("participant URL: \(url)") }
                Console.out("Phones must be on the same network as this computer. Ctrl-C stops; everything received is kept.")
            }
        case .stored(let stored, let counts):
            if json { try? Console.jsonLine(Stored(event: stored.stored ? "stored" : "repeated", upload: stored)) }
            let who = Console.printable(stored.participant ?? "?")
            let what =
                stored.stored
                ? "session \(stored.session) from \(who): \(stored.trials) trials, \(Console.grouped(stored.touches)) touches"
                : "session \(stored.session) from \(who) again (already stored; the phone had not heard back)"
            progress(what, counts)
        case .refused(let status, let message, let address, let counts):
            if json { try? Console.jsonLine(Refused(status: status, message: message, address: address)) }
            progress("refused \(status) to \(address): \(Console.printable(message))", counts)
        case .serverError(let message):
            Console.error("the study server: \(Console.printable(message))")
        case .timedOut(let deadline, let seconds, let address):
            if json { try? Console.jsonLine(TimedOut(deadline: deadline, seconds: seconds, address: address)) }
            Console.error("closed a connection from \(address): \(deadline.missed) within \(Console.number(seconds)) s")
        case .crowdedOut(let address, let open):
            if json { try? Console.jsonLine(CrowdedOut(address: address, open: open)) }
            Console.error(
                "closed a connection from \(address) that was waiting for a request: \(open) connections open, "
                    + "the most allowed (--max-connections)")
        case .stopping(let signal, let open, let grace):
            if json { try? Console.jsonLine(Stopping(signal: signal, open: open, grace: grace)) }
            Console.error(
                "\(signal): stopping; \(open) connection(s) open, uploads in flight have \(Console.number(grace)) s to finish "
                    + "(a second Ctrl-C closes them now)")
        case .closedOnStop(let connections, let signal):
            if json { try? Console.jsonLine(ClosedOnStop(connections: connections, signal: signal)) }
            Console.error(
                "closed \(connections) connection(s) still open "
                    + (signal.map { "on a second signal (\($0))" } ?? "after the grace period")
                    + "; their unfinished uploads were not stored")
        }
    }

    private func progress(_ line: String, _ counts: StudyTally.Counts) {
        let totals =
            "\(counts.participants) participant(s), \(counts.sessions) session(s), \(counts.trials) trial(s) received"
            + (counts.refused > 0 ? ", \(counts.refused) refused" : "")
        if live {
            FileHandle.standardError.write(Data("\r\u{1B}[K\(line)\n\(totals)".utf8))
        } else {
            Console.error("\(line) [\(totals)]")
        }
    }

    /// The totals once the server has stopped (none if it never listened:
    /// the error says why).
    func finish(_ counts: StudyTally.Counts) {
        listened.withLock { listened in
            guard listened else { return }
            writeTotals(counts)
        }
    }

    private func writeTotals(_ counts: StudyTally.Counts) {
        if live { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        if json {
            try? Console.jsonLine(Stopped(counts: counts))
        } else {
            Console.out(
                "stopped: \(counts.participants) participant(s), \(counts.sessions) session(s), "
                    + "\(counts.trials) trial(s), \(Console.grouped(counts.touches)) touches stored in \(db)"
                    + (counts.repeated > 0 ? "; \(counts.repeated) repeated upload(s)" : "")
                    + (counts.refused > 0 ? "; \(counts.refused) request(s) refused" : ""))
        }
    }

    // MARK: - JSON events

    private struct Listening: Encodable {
        var event = "listening"
        var study: String
        var scene: String
        var db: String
        var port: Int
        var urls: [String]
    }

    private struct Stored: Encodable {
        var event: String
        var upload: UploadIngester.Stored
    }

    private struct Refused: Encodable {
        var event = "refused"
        var status: Int
        var message: String
        var address: String
    }

    private struct TimedOut: Encodable {
        var event = "timed-out"
        var deadline: ConnectionDeadline
        var seconds: Double
        var address: String
    }

    private struct CrowdedOut: Encodable {
        var event = "crowded-out"
        var address: String
        var open: Int
    }

    private struct Stopping: Encodable {
        var event = "stopping"
        var signal: String
        var open: Int
        var grace: Double
    }

    private struct ClosedOnStop: Encodable {
        var event = "closed-on-stop"
        var connections: Int
        var signal: String?
    }

    private struct Stopped: Encodable {
        var event = "stopped"
        var counts: StudyTally.Counts
    }
}
