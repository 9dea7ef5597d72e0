import Digests
import TraceModel

// MARK: - What "the same session" means

/// The SHA-256 of a session's content: its header and every event in order,
/// in a fixed binary form (so formatting, key order and the source format of
/// the file do not matter, only the values after conversion).
///
/// Two sessions with the same id and the same content hash are the same
/// session imported twice (skipped); the same id with another hash is an
/// error.
package struct SessionContentHasher {
    private var sha = SHA256()
    /// Bytes gathered before they go to SHA-256 in one call (one call per
    /// sample would cost more than the hashing).
    private var buffer: [UInt8] = []

    package init(header: SessionHeader) {
        buffer.reserveCapacity(8192)
        add(string: header.id)
        add(string: header.device.platform.rawValue)
        add(string: header.device.model)
        add(header.device.screenWidth)
        add(header.device.screenHeight)
        add(header.device.scale)
        add(header.device.ppi)
        add(header.device.sampleRateHz)
        add(string: header.user)
        add(string: header.scene)
        add(string: header.startedAt)
        add(string: header.metaJSON)
    }

    package mutating func add(_ touch: TouchSample) {
        buffer.append(1)
        add(touch.t)
        add(Int64(touch.pointer))
        buffer.append(touch.phase.rawValue)
        add(touch.x)
        add(touch.y)
        add(touch.force)
        add(touch.radius)
        flushIfFull()
    }

    package mutating func add(_ sample: MotionSample) {
        buffer.append(2)
        add(sample.t)
        add(sample.ax)
        add(sample.ay)
        add(sample.az)
        add(sample.rx)
        add(sample.ry)
        add(sample.rz)
        flushIfFull()
    }

    package mutating func add(_ label: Label) {
        buffer.append(3)
        add(label.start)
        add(label.end)
        add(string: label.intent.rawValue)
        add(string: label.direction?.rawValue)
        add(label.fingers.map(Int64.init))
        add(string: label.target)
        add(string: label.note)
        flushIfFull()
    }

    /// The hash, as lowercase hex.
    package mutating func finalize() -> String {
        sha.update(data: buffer)
        buffer.removeAll()
        return sha.finalize().lowercaseHex
    }

    // MARK: - Encoding

    private mutating func flushIfFull() {
        if buffer.count >= 8000 {
            sha.update(data: buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    private mutating func add(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) }
    }

    private mutating func add(_ value: Int64?) {
        guard let value else { return buffer.append(0) }
        buffer.append(1)
        add(value)
    }

    private mutating func add(_ value: Double) {
        add(Int64(bitPattern: value.bitPattern))
    }

    private mutating func add(_ value: Double?) {
        guard let value else { return buffer.append(0) }
        buffer.append(1)
        add(value)
    }

    private mutating func add(string: String?) {
        guard let string else { return buffer.append(0) }
        buffer.append(1)
        add(Int64(string.utf8.count))
        buffer.append(contentsOf: string.utf8)
    }
}
