import TraceModel

// MARK: - Canonical JSON Lines, byte for byte

/// Writes `TraceEvent`s as `gesturetune-trace/1` lines with a fixed,
/// locale-independent number format, so one seed always gives the same bytes.
///
/// Times are written from integer microseconds (seconds with up to six
/// decimals, trailing zeros trimmed), coordinates with two decimals, radius
/// with one, force with two, acceleration with three; keys always come in the
/// same order. The first session line carries the format tag.
///
/// ```swift
/// var encoder = TraceLineEncoder()
/// var bytes: [UInt8] = []
/// encoder.encode(.touch(sample), into: &bytes)
/// // {"type":"touch","t":0.008333,"id":1,"phase":"moved","x":292.5,"y":411}
/// ```
package struct TraceLineEncoder: Sendable {
    private var wroteFirstSession = false

    package init() {}

    /// Appends one line (with its `\n`).
    package mutating func encode(_ event: TraceEvent, into out: inout [UInt8]) {
        switch event {
        case .session(let header): encodeSession(header, into: &out)
        case .touch(let s):
            out.append(contentsOf: #"{"type":"touch","t":"#.utf8)
            Self.time(s.t, into: &out)
            out.append(contentsOf: #","id":"#.utf8)
            Self.integer(Int64(s.pointer), into: &out)
            out.append(contentsOf: #","phase":""#.utf8)
            out.append(contentsOf: s.phase.name.utf8)
            out.append(contentsOf: #"","x":"#.utf8)
            Self.fixed(s.x, decimals: 2, into: &out)
            out.append(contentsOf: #","y":"#.utf8)
            Self.fixed(s.y, decimals: 2, into: &out)
            if let radius = s.radius {
                out.append(contentsOf: #","radius":"#.utf8)
                Self.fixed(radius, decimals: 1, into: &out)
            }
            if let force = s.force {
                out.append(contentsOf: #","force":"#.utf8)
                Self.fixed(force, decimals: 2, into: &out)
            }
            out.append(contentsOf: "}\n".utf8)
        case .motion(let m):
            out.append(contentsOf: #"{"type":"motion","t":"#.utf8)
            Self.time(m.t, into: &out)
            for (key, value) in [("ax", m.ax), ("ay", m.ay), ("az", m.az)] {
                out.append(contentsOf: ",\"\(key)\":".utf8)
                Self.fixed(value, decimals: 3, into: &out)
            }
            for (key, value) in [("rx", m.rx), ("ry", m.ry), ("rz", m.rz)] {
                guard let value else { continue }
                out.append(contentsOf: ",\"\(key)\":".utf8)
                Self.fixed(value, decimals: 3, into: &out)
            }
            out.append(contentsOf: "}\n".utf8)
        case .label(let label):
            out.append(contentsOf: #"{"type":"label","start":"#.utf8)
            Self.time(label.start, into: &out)
            out.append(contentsOf: #","end":"#.utf8)
            Self.time(label.end, into: &out)
            out.append(contentsOf: #","intent":"#.utf8)
            Self.string(label.intent.rawValue, into: &out)
            if let direction = label.direction {
                out.append(contentsOf: #","direction":"#.utf8)
                Self.string(direction.rawValue, into: &out)
            }
            if let fingers = label.fingers {
                out.append(contentsOf: #","fingers":"#.utf8)
                Self.integer(Int64(fingers), into: &out)
            }
            if let target = label.target {
                out.append(contentsOf: #","target":"#.utf8)
                Self.string(target, into: &out)
            }
            if let note = label.note {
                out.append(contentsOf: #","note":"#.utf8)
                Self.string(note, into: &out)
            }
            out.append(contentsOf: "}\n".utf8)
        }
    }

    private mutating func encodeSession(_ header: SessionHeader, into out: inout [UInt8]) {
        out.append(contentsOf: #"{"type":"session","id":"#.utf8)
        Self.string(header.id, into: &out)
        if !wroteFirstSession {
            out.append(contentsOf: #","format":"#.utf8)
            Self.string(SessionHeader.formatTag, into: &out)
            wroteFirstSession = true
        }
        let d = header.device
        out.append(contentsOf: #","device":{"platform":"#.utf8)
        Self.string(d.platform.rawValue, into: &out)
        if let model = d.model {
            out.append(contentsOf: #","model":"#.utf8)
            Self.string(model, into: &out)
        }
        out.append(contentsOf: #","screen":{"width":"#.utf8)
        Self.fixed(d.screenWidth, decimals: 3, into: &out)
        out.append(contentsOf: #","height":"#.utf8)
        Self.fixed(d.screenHeight, decimals: 3, into: &out)
        out.append(contentsOf: #"},"scale":"#.utf8)
        Self.fixed(d.scale, decimals: 3, into: &out)
        if let ppi = d.ppi {
            out.append(contentsOf: #","ppi":"#.utf8)
            Self.fixed(ppi, decimals: 3, into: &out)
        }
        if let rate = d.sampleRateHz {
            out.append(contentsOf: #","sampleRateHz":"#.utf8)
            Self.fixed(rate, decimals: 3, into: &out)
        }
        out.append(UInt8(ascii: "}"))
        if let user = header.user {
            out.append(contentsOf: #","user":"#.utf8)
            Self.string(user, into: &out)
        }
        if let scene = header.scene {
            out.append(contentsOf: #","scene":"#.utf8)
            Self.string(scene, into: &out)
        }
        if let startedAt = header.startedAt {
            out.append(contentsOf: #","startedAt":"#.utf8)
            Self.string(startedAt, into: &out)
        }
        if let meta = header.metaJSON {
            // Already compact JSON text, produced with fixed key order.
            out.append(contentsOf: #","meta":"#.utf8)
            out.append(contentsOf: meta.utf8)
        }
        out.append(contentsOf: "}\n".utf8)
    }

    // MARK: - Numbers and strings

    /// Seconds from integer microseconds: `1.5`, `0.008333`, `12`.
    static func time(_ t: Micros, into out: inout [UInt8]) {
        if t < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = t.magnitude
        integer(Int64(magnitude / 1_000_000), into: &out)
        fraction(magnitude % 1_000_000, digits: 6, into: &out)
    }

    /// `value` rounded to `decimals` places, trailing zeros trimmed; `-0` is `0`.
    static func fixed(_ value: Double, decimals: Int, into out: inout [UInt8]) {
        guard value.isFinite else {
            // Never produced by the model; keep the line valid JSON anyway.
            out.append(UInt8(ascii: "0"))
            return
        }
        var scale: UInt64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * Double(scale)).rounded()
        let magnitude = UInt64(min(abs(scaled), 9e18))
        if scaled < 0 && magnitude != 0 { out.append(UInt8(ascii: "-")) }
        integer(Int64(magnitude / scale), into: &out)
        fraction(magnitude % scale, digits: decimals, into: &out)
    }

    private static func fraction(_ value: UInt64, digits: Int, into out: inout [UInt8]) {
        guard value != 0 else { return }
        var digitsOut = [UInt8](repeating: UInt8(ascii: "0"), count: digits)
        var v = value
        for i in stride(from: digits - 1, through: 0, by: -1) {
            digitsOut[i] = UInt8(ascii: "0") + UInt8(v % 10)
            v /= 10
        }
        var length = digits
        while length > 0 && digitsOut[length - 1] == UInt8(ascii: "0") { length -= 1 }
        out.append(UInt8(ascii: "."))
        out.append(contentsOf: digitsOut[0..<length])
    }

    static func integer(_ value: Int64, into out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var v = value.magnitude
        if v == 0 {
            out.append(UInt8(ascii: "0"))
            return
        }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while v > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                count += 1
            }
            for i in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[i]) }
        }
    }

    /// A JSON string with the escapes JSON requires.
    static func string(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): out.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): out.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
