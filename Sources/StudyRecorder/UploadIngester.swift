import Foundation
import TraceImport
import TraceModel
import TraceStoreInterface

// MARK: - One uploaded session into the store

/// Stores the sessions phones post, each through the same importer,
/// validator and single transaction as `gesturetune ingest` (the body is
/// spooled to a file and ingested as canonical JSON Lines): a refused
/// upload leaves the store exactly as it was.
///
/// Ingests run one at a time, in the order they arrive, through an actor
/// (a SQLite store has one writer anyway, and a PostgreSQL store's
/// transactions need no more from one server), never on the server's
/// event loops.
package final class UploadIngester: Sendable {
    /// `Retry-After` while the store is unavailable.
    static let retrySeconds = 5
    package let store: any TraceStoring
    /// The scene every session of the study must name.
    package let scene: String
    /// The scene names a session may carry: the scene's, or for a scene of
    /// screens (the playground) one of its screens' (`playground/tap`),
    /// since each session is recorded on one screen.
    package let sceneNames: [String]
    private let writes = OneWriter()

    package init(store: any TraceStoring, scene: String, screens: [String] = []) {
        self.store = store
        self.scene = scene
        sceneNames = screens.isEmpty ? [scene] : screens.map { "\(scene)/\($0)" }
    }

    /// What a stored upload was.
    package struct Stored: Sendable, Codable, Hashable {
        package var session: String
        package var participant: String?
        /// `false` when the same session was stored before (a retry).
        package var stored: Bool
        package var trials: Int
        package var touches: Int
    }

    /// Validates and stores one session.
    /// - Throws: ``UploadRefusal`` (400 for a body the validator rejects,
    ///   409 for a session id stored with other content, 503 with
    ///   `Retry-After` while the store is unavailable); the store is unchanged.
    package func ingest(_ body: Data) async throws -> Stored {
        try await writes.run { try await self.ingestNow(body) }
    }

    func ingestNow(_ body: Data) async throws -> Stored {
        let head = try Self.sessionHead(of: body, scenes: sceneNames)
        let path = NSTemporaryDirectory() + "gesturetune-record-\(UUID().uuidString).jsonl"
        guard FileManager.default.createFile(atPath: path, contents: body) else {
            throw UploadRefusal(500, "cannot spool the upload to \(NSTemporaryDirectory())")
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            // The display name is what errors (`upload:LINE: … (field)`)
            // and the store's imports table show.
            switch try await store.ingest(
                path: path, displayName: "upload", format: .jsonl, options: ImportOptions(), progress: nil)
            {
            case .alreadyImported:
                return Stored(session: head?.id ?? "?", participant: head?.user, stored: false, trials: 0, touches: 0)
            case .imported(let report):
                let new = report.sessions > 0
                return Stored(
                    session: head?.id ?? "?", participant: head?.user, stored: new, trials: new ? report.labels : 0,
                    touches: new ? report.touches : 0)
            }
        } catch let error as TraceError {
            throw UploadRefusal(400, error.description)
        } catch let error as DuplicateSessionError {
            throw UploadRefusal(409, "\(error)")
        } catch {
            // A store down or busy (a PostgreSQL server restarting): the
            // page keeps the upload and sends it again (it retries any 5xx).
            throw UploadRefusal(
                503, "the store is unavailable; nothing was stored (\(error)); retry in \(Self.retrySeconds) s",
                retryAfter: Self.retrySeconds)
        }
    }

    // MARK: - Before the validator

    /// The study's own rules, checked before anything is written: exactly
    /// one session (one transaction per session), this study's scene, a
    /// session id of plain characters (it names the import) and a
    /// participant code like the page's. The format
    /// itself is the validator's job: a line that is not JSON, or a body
    /// without a session line, goes to it (`nil`) so that its message names
    /// the line and field the same way as `ingest`.
    static func sessionHead(of body: Data, scenes: [String]) throws -> (id: String, user: String?)? {
        guard String(data: body, encoding: .utf8) != nil else {
            throw UploadRefusal(400, "upload: not UTF-8 text")
        }
        var sessions: [(line: Int, object: [String: Any])] = []
        var lineNumber = 0
        for line in body.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
                return nil // the validator names this line
            }
            if object["type"] as? String == "session" { sessions.append((lineNumber, object)) }
        }
        if sessions.isEmpty { return nil } // the validator says what the first line should be
        guard sessions.count == 1, let (line, session) = sessions.first else {
            throw UploadRefusal(
                400, "upload:\(sessions[1].line): an upload holds exactly one session; this one holds \(sessions.count) (type)")
        }
        guard let id = session["id"] as? String,
            !id.isEmpty, id.count <= 160,
            id.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.:".unicodeScalars.contains($0))
            })
        else {
            throw UploadRefusal(400, "upload:\(line): a session id of 1 to 160 letters, digits, - _ . or : (id)")
        }
        // The page asks for a code of this form; anything else (a name with
        // spaces, terminal escapes) did not come from it.
        let user = session["user"] as? String
        guard let user, (1...24).contains(user.count),
            user.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_".unicodeScalars.contains($0))
            })
        else {
            throw UploadRefusal(400, "upload:\(line): a participant code of 1 to 24 letters, digits, - or _ (user)")
        }
        guard let named = session["scene"] as? String, scenes.contains(named) else {
            let names = scenes.map { "\"\($0)\"" }.joined(separator: ", ")
            throw UploadRefusal(400, "upload:\(line): this study records scene \(names) (scene)")
        }
        return (id, user)
    }
}

/// An upload refused with an HTTP status and one line saying why.
package struct UploadRefusal: Error, Sendable, CustomStringConvertible {
    package var status: Int
    package var message: String
    /// Seconds to wait before asking again (`Retry-After`), when waiting helps.
    package var retryAfter: Int?
    package init(_ status: Int, _ message: String, retryAfter: Int? = nil) {
        self.status = status
        self.message = message
        self.retryAfter = retryAfter
    }
    package var description: String { "\(status): \(message)" }
}

/// Runs one write at a time, in the order they were asked for: an actor
/// alone would interleave two writes at their awaits.
private actor OneWriter {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        }
        busy = true
        defer {
            if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
        }
        return try await body()
    }
}
