import Foundation
import TraceModel

// MARK: - TEST ONLY: a minimal evemu reader for the Atmel recordings
//
// The real evemu importer (TraceImport) is being written in parallel; this
// reader exists only so that the simulator's tests can replay the shared
// recordings now. It understands just what the two-device fixtures need from
// the Atmel maXTouch files — multi-touch protocol B, `E: sec.usec type code
// value` lines, ABS_MT_SLOT (47), ABS_MT_TRACKING_ID (57), ABS_MT_POSITION_X
// (53), ABS_MT_POSITION_Y (54), SYN_REPORT (type 0, code 0) — and maps the
// 800 × 480 panel (x 0…799, y 0…479) to 800 × 480 points. Replace it with
// the real importer after the merge.

enum TestOnlyEvemuReader {
    /// `shared/fixtures/evemu/NAME` in the package's parent directory (or
    /// the nearest ancestor holding `shared/`, for worktrees nested deeper).
    static func fixture(_ name: String) -> URL {
        var directory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for _ in 0..<4 {
            directory = directory.deletingLastPathComponent()
            let candidate = directory.appendingPathComponent("shared/fixtures/evemu/\(name)")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return directory.appendingPathComponent("shared/fixtures/evemu/\(name)")
    }

    struct Slot {
        var tracking = -1
        var x = 0.0, y = 0.0
        var wasDown = false
        var moved = false
    }

    static func session(atmel name: String) throws -> Session {
        let text = try String(contentsOf: fixture("Atmel maXTouch Touchscreen.\(name).events"), encoding: .utf8)
        var session = Session(header: SessionHeader(
            id: name, device: Device(platform: .linux, model: "Atmel maXTouch", screenWidth: 800, screenHeight: 480)))
        var slots = [Slot](repeating: Slot(), count: 16)
        var current = 0
        for line in text.split(separator: "\n") where line.hasPrefix("E: ") {
            let fields = line.dropFirst(3).split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 4, let seconds = Double(fields[0]), let type = Int(fields[1], radix: 16),
                let code = Int(fields[2], radix: 16), let value = Int(fields[3].split(separator: "\t")[0])
            else { continue }
            let t = Micros(seconds: seconds) ?? 0
            switch (type, code) {
            case (3, 47): current = min(max(value, 0), slots.count - 1)
            case (3, 57): slots[current].tracking = value
            case (3, 53): slots[current].x = Double(value) / 799 * 800; slots[current].moved = true
            case (3, 54): slots[current].y = Double(value) / 479 * 480; slots[current].moved = true
            case (0, 0):
                for i in slots.indices {
                    let down = slots[i].tracking >= 0
                    let phase: TouchPhase? =
                        down && !slots[i].wasDown ? .began
                        : !down && slots[i].wasDown ? .ended
                        : down && slots[i].moved ? .moved : nil
                    if let phase {
                        session.touches.append(TouchSample(
                            t: t, pointer: Int32(i), phase: phase, x: slots[i].x, y: slots[i].y))
                    }
                    slots[i].wasDown = down
                    slots[i].moved = false
                }
            default: break
            }
        }
        return session
    }
}
