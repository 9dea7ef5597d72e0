import Foundation
import StudyRecorder
import Testing
import TraceStore
import TraceStoreInterface

// MARK: - Uploads through the ingest validator

@Suite struct UploadIngesterTests {
    static func store() throws -> TraceStore {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gt-upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return try TraceStore(path: dir.appendingPathComponent("lab.sqlite").path)
    }

    static func session(_ id: String, scene: String = "epilogue", secondT: String = "0.08") -> Data {
        Data(
            """
            {"type":"session","id":"\(id)","format":"gesturetune-trace/1","device":{"platform":"web","screen":{"width":390,"height":844}},"user":"P01","scene":"\(scene)","meta":{"hand":"right"}}
            {"type":"touch","t":0.1,"id":1,"phase":"began","x":100,"y":200}
            {"type":"touch","t":\(secondT),"id":1,"phase":"ended","x":100,"y":200}
            {"type":"label","start":0.1,"end":0.18,"intent":"tap","target":"note-row"}

            """.utf8)
    }

    @Test func aValidSessionIsStoredOnceAndARetryIsRecognized() async throws {
        let store = try Self.store()
        let ingester = UploadIngester(store: store, scene: "epilogue")
        let first = try await ingester.ingest(Self.session("s-1", secondT: "0.18"))
        #expect(first.stored && first.trials == 1 && first.touches == 2 && first.participant == "P01")
        let digest = try store.contentDigest()
        let again = try await ingester.ingest(Self.session("s-1", secondT: "0.18"))
        #expect(!again.stored && again.session == "s-1")
        #expect(try store.contentDigest() == digest)
    }

    @Test func aStudyOfTheScreensStoresEachSessionUnderItsScreen() async throws {
        // The playground: a session is recorded on one screen and names it.
        let store = try Self.store()
        let ingester = UploadIngester(store: store, scene: "playground", screens: ["tap", "long-press"])
        let tap = try await ingester.ingest(Self.session("p-1", scene: "playground/tap", secondT: "0.18"))
        #expect(tap.stored)
        for scene in ["playground", "playground/swipe", "epilogue"] {
            do {
                _ = try await ingester.ingest(Self.session("p-2", scene: scene, secondT: "0.18"))
                Issue.record("a session of scene \(scene) was stored")
            } catch let refusal as UploadRefusal {
                #expect(refusal.message.contains(#""playground/tap", "playground/long-press" (scene)"#))
            }
        }
    }

    @Test func refusalsNameTheLineAndFieldAndLeaveTheStoreAlone() async throws {
        let store = try Self.store()
        let ingester = UploadIngester(store: store, scene: "epilogue")
        let empty = try store.contentDigest()
        func refusal(_ body: Data) async -> UploadRefusal? {
            do {
                _ = try await ingester.ingest(body)
                return nil
            } catch { return error as? UploadRefusal }
        }
        // t goes back in time on line 3: the validator's own message.
        let backwards = await refusal(Self.session("s-2", secondT: "0.05"))
        #expect(backwards?.status == 400)
        #expect(backwards?.message.hasPrefix("upload:3: ") == true && backwards?.message.hasSuffix("(t)") == true)
        let notJSON = await refusal(Data("{\"type\":\"session\",\n{oops\n".utf8))
        #expect(notJSON?.status == 400 && notJSON?.message.hasPrefix("upload:1") == true)
        let two = await refusal(Self.session("a", secondT: "0.18") + Self.session("b", secondT: "0.18"))
        #expect(two?.status == 400 && two?.message.contains("exactly one session") == true)
        let otherScene = await refusal(Self.session("s-3", scene: "plain", secondT: "0.18"))
        #expect(otherScene?.status == 400 && otherScene?.message.hasSuffix("(scene)") == true)
        let badID = await refusal(Self.session("s 4/\\u001b[2J", secondT: "0.18"))
        #expect(badID?.status == 400 && badID?.message.hasSuffix("(id)") == true)
        let named = await refusal(
            Data(
                String(decoding: Self.session("s-6", secondT: "0.18"), as: UTF8.self)
                    .replacingOccurrences(of: "\"P01\"", with: "\"Ada Lovelace\"").utf8))
        #expect(named?.status == 400 && named?.message.hasSuffix("(user)") == true)
        #expect(try store.contentDigest() == empty)
        // The same id with other content: a conflict, not an overwrite.
        _ = try await ingester.ingest(Self.session("s-5", secondT: "0.18"))
        let stored = try store.contentDigest()
        let changed = await refusal(Self.session("s-5", secondT: "0.19"))
        #expect(changed?.status == 409)
        #expect(try store.contentDigest() == stored)
    }
}
