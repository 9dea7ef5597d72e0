import Foundation
import Testing
import TraceImport
import TraceModel
import TraceStoreInterface

@testable import TraceStore

// MARK: - Every ingest error as FILE:LINE: what (field), blaming the right file

/// `FILE:LINE: what (field)` with a line ≥ 1 and a field.
private func isInTheOneForm(_ text: String, file: String) -> Bool {
    guard text.hasPrefix(file + ":") else { return false }
    let rest = text.dropFirst(file.count + 1)
    guard let colon = rest.firstIndex(of: ":"), let line = Int(rest[..<colon]), line >= 1 else { return false }
    return rest.hasSuffix(")") && rest.contains(" (")
}

@Suite("Ingest errors: one form, the right file")
struct IngestErrorFormTests {
    static let evemuDirectory = URL(fileURLWithPath: fixture("evemu/Atmel maXTouch Touchscreen.desc")).deletingLastPathComponent()
    static let events = evemuDirectory.appendingPathComponent("Atmel maXTouch Touchscreen.1-finger-fast-taps.events").path

    @Test("a bad line in an evemu --device-desc file names the description file and its line")
    func evemuDescription() async throws {
        let (store, dir) = try newStore()
        let desc = try write("N: Broken Panel\nI: 0018 0000 0000 0000\nA: 35 0 zero 0 0 10\n", "broken.desc", in: dir)
        var options = ImportOptions()
        options.deviceDescriptionPath = desc
        let text = await errorText { _ = try await store.ingest(path: Self.events, displayName: "taps.events", options: options) }
        #expect(text.hasPrefix("\(desc):3: "), "\(text)")
        #expect(isInTheOneForm(text, file: desc))
        #expect(try store.tableCounts()["imports"] == 0)
    }

    @Test("a bad line in a getevent -lp listing names the listing and its line")
    func geteventListing() async throws {
        let (store, dir) = try newStore()
        let listing = try write(
            """
            add device 1: /dev/input/event2
              name:     "fts_ts"
              events:
                ABS (0003): ABS_MT_POSITION_X     : value 0, min zero, max 1079, fuzz 0, flat 0, resolution 0

            """, "listing.txt", in: dir)
        let log = try write("[  100.000000] /dev/input/event2: EV_SYN       SYN_REPORT           00000000\n", "log.txt", in: dir)
        var options = ImportOptions()
        options.deviceDescriptionPath = listing
        let text = await errorText {
            _ = try await store.ingest(path: log, displayName: "spooled-name", format: .getevent, options: options)
        }
        #expect(text.hasPrefix("\(listing):4: "), "\(text)")
        #expect(isInTheOneForm(text, file: listing))
    }

    @Test("the errors that lacked a line or a field now have both")
    func oneForm() async throws {
        let (store, dir) = try newStore()
        let cases: [(name: String, text: String, format: InputFormat, field: String)] = [
            ("garbage.bin", "\u{1}\u{2} no format here\n", .auto, "--format"),
            ("bad.jsonl", "{\"type\":\"session\",\n", .jsonl, "json"),
            ("bad.csv", "session,t,id,phase,x,y,force,radius\ns,\"1,1\n", .csv, "csv"),
            ("nodesc.events", "E: 1.000000 0003 0035 1\n", .evemu, "A:"),
            ("bad.yml", "version: 1\nndevices: [\n  - a: b\n  c\n", .libinput, "yaml"),
            ("control.yml", "version: 1\n\u{7}\n", .libinput, "yaml")
        ]
        for item in cases {
            let path = try write(item.text, item.name, in: dir)
            let text = await errorText { _ = try await store.ingest(path: path, format: item.format) }
            #expect(isInTheOneForm(text, file: path), "\(item.name): \(text)")
            #expect(text.hasSuffix("(\(item.field))"), "\(item.name): \(text)")
        }
        #expect(try store.tableCounts()["imports"] == 0)
    }

    @Test("a session already stored with other content names the line of its session line")
    func duplicateSessionHasALine() async throws {
        let (store, dir) = try newStore()
        _ = try await store.ingest(path: flutter)
        let lines = try String(contentsOfFile: flutter, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let second = try #require(lines.indices.dropFirst().first { lines[$0].contains(#""type":"session""#) })
        var changed = lines.map(String.init)
        let touch = try #require(changed.indices.last { changed[$0].contains(#""type":"touch""#) })
        changed[touch] = changed[touch].replacingOccurrences(of: #""x":"#, with: #""x":1"#)
        let path = try write(changed.joined(separator: "\n"), "changed.jsonl", in: dir)
        let text = await errorText { _ = try await store.ingest(path: path) }
        #expect(text.hasPrefix("\(path):\(second + 1): session \""), "\(text)")
        #expect(text.hasSuffix("is already in the store with different content (id)"))
    }
}

@Suite("Ingest of inputs without end")
struct EndlessInputTests {
    @Test("a device (/dev/zero) is refused at once, not read until memory runs out")
    func device() async throws {
        let (store, _) = try newStore()
        let error = try await #require(throws: TraceError.self) { try await store.ingest(path: "/dev/zero", format: .jsonl) }
        #expect(error.description == "/dev/zero: not a regular file (a device or a pipe); pass - to read standard input (file)")
        #expect(try store.tableCounts()["imports"] == 0)
    }
}
