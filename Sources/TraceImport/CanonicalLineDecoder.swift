import Foundation
import TraceModel

// MARK: - One canonical line → one event

/// Turns one line of `gesturetune-trace/1` into a ``TraceEvent``, checking
/// every rule that concerns the line alone (required fields, types, value
/// ranges, vocabularies). Rules across lines belong to
/// ``CanonicalStreamChecker``.
///
/// ```swift
/// var decoder = CanonicalLineDecoder(requireFormatTag: true)
/// if let event = try decoder.decode(line, at: SourceLocation(file: "a.jsonl", line: 3)) { ... }
/// ```
struct CanonicalLineDecoder {
    /// Whether the first session of the input must carry `format` (the
    /// canonical files do; CSV `#session` rows need not).
    var requireFormatTag: Bool
    /// Valid session lines decoded so far.
    private(set) var sessionsDecoded = 0
    private var scanner = JSONLineScanner()
    /// Index into `scanner.members` for each known field (-1: absent).
    private var slots = [Int](repeating: -1, count: Field.allCases.count)

    init(requireFormatTag: Bool) {
        self.requireFormatTag = requireFormatTag
    }

    /// Every field name any line type knows; the rest are ignored.
    enum Field: Int, CaseIterable {
        case type, t, id, phase, x, y, force, radius
        case ax, ay, az, rx, ry, rz
        case start, end, intent, direction, fingers, target, note
        case format, device, user, scene, startedAt, meta

        var name: String {
            switch self {
            case .startedAt: "startedAt"
            default: String(describing: self)
            }
        }
    }

    /// Whether `line` holds nothing but whitespace.
    static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        for c in line where !(c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A) { return false }
        return true
    }

    /// Decodes one line; `nil` for a blank line.
    mutating func decode(_ line: UnsafeBufferPointer<UInt8>, at location: SourceLocation) throws(TraceError) -> TraceEvent? {
        if Self.isBlank(line) { return nil }
        do {
            try scanner.scan(line)
        } catch {
            throw TraceError(location, error.description, field: "json")
        }
        try fillSlots(location)
        guard let typeIndex = slot(.type) else { throw TraceError(location, "missing required field", field: "type") }
        let typeMember = scanner.members[typeIndex]
        guard typeMember.kind == .string else { throw TraceError(location, "must be a string", field: "type") }
        if scanner.stringEquals(typeMember, "touch") { return .touch(try touch(location)) }
        if scanner.stringEquals(typeMember, "session") { return .session(try session(location)) }
        if scanner.stringEquals(typeMember, "label") { return .label(try label(location)) }
        if scanner.stringEquals(typeMember, "motion") { return .motion(try motion(location)) }
        let name = try string(typeMember, "type", location)
        throw TraceError(location, "unknown line type \"\(name)\"", field: "type")
    }

    /// Decodes a session object that is not a JSON line of its own (the CSV
    /// `#session` row); `type` may be absent there.
    mutating func decodeSessionObject(
        _ bytes: UnsafeBufferPointer<UInt8>, at location: SourceLocation
    ) throws(TraceError) -> SessionHeader {
        do {
            try scanner.scan(bytes)
        } catch {
            throw TraceError(location, error.description, field: "session")
        }
        try fillSlots(location)
        if let typeIndex = slot(.type), !scanner.stringEquals(scanner.members[typeIndex], "session") {
            throw TraceError(location, "must be \"session\"", field: "type")
        }
        return try session(location)
    }

    // MARK: - Fields

    private mutating func fillSlots(_ location: SourceLocation) throws(TraceError) {
        for k in slots.indices { slots[k] = -1 }
        for (index, member) in scanner.members.enumerated() {
            let field: Field?
            if member.keyEscaped {
                let key: String
                do { key = try scanner.key(member) } catch { throw TraceError(location, error.description, field: "json") }
                field = Field.allCases.first { $0.name == key }
            } else {
                field = classify(member)
            }
            if let field { slots[field.rawValue] = index } // the last duplicate wins, as in most readers
        }
    }

    /// Maps a key to a known field by its length and bytes (no String made).
    private func classify(_ m: JSONLineScanner.Member) -> Field? {
        switch m.keyEnd - m.keyStart {
        case 1:
            switch scanner.bytes[m.keyStart] {
            case UInt8(ascii: "t"): return .t
            case UInt8(ascii: "x"): return .x
            case UInt8(ascii: "y"): return .y
            default: return nil
            }
        case 2:
            if scanner.keyBytesEqual(m, "id") { return .id }
            if scanner.keyBytesEqual(m, "ax") { return .ax }
            if scanner.keyBytesEqual(m, "ay") { return .ay }
            if scanner.keyBytesEqual(m, "az") { return .az }
            if scanner.keyBytesEqual(m, "rx") { return .rx }
            if scanner.keyBytesEqual(m, "ry") { return .ry }
            if scanner.keyBytesEqual(m, "rz") { return .rz }
            return nil
        case 3: return scanner.keyBytesEqual(m, "end") ? .end : nil
        case 4:
            if scanner.keyBytesEqual(m, "type") { return .type }
            if scanner.keyBytesEqual(m, "user") { return .user }
            if scanner.keyBytesEqual(m, "meta") { return .meta }
            if scanner.keyBytesEqual(m, "note") { return .note }
            return nil
        case 5:
            if scanner.keyBytesEqual(m, "phase") { return .phase }
            if scanner.keyBytesEqual(m, "force") { return .force }
            if scanner.keyBytesEqual(m, "start") { return .start }
            if scanner.keyBytesEqual(m, "scene") { return .scene }
            return nil
        case 6:
            if scanner.keyBytesEqual(m, "radius") { return .radius }
            if scanner.keyBytesEqual(m, "intent") { return .intent }
            if scanner.keyBytesEqual(m, "device") { return .device }
            if scanner.keyBytesEqual(m, "format") { return .format }
            if scanner.keyBytesEqual(m, "target") { return .target }
            return nil
        case 7: return scanner.keyBytesEqual(m, "fingers") ? .fingers : nil
        case 9:
            if scanner.keyBytesEqual(m, "direction") { return .direction }
            if scanner.keyBytesEqual(m, "startedAt") { return .startedAt }
            return nil
        default: return nil
        }
    }

    @inline(__always)
    private func slot(_ field: Field) -> Int? {
        let index = slots[field.rawValue]
        return index >= 0 ? index : nil
    }

    /// A present, non-null member.
    @inline(__always)
    private func member(_ field: Field) -> JSONLineScanner.Member? {
        guard let index = slot(field) else { return nil }
        let m = scanner.members[index]
        return m.kind == .null ? nil : m
    }

    private func requiredNumber(_ field: Field, _ location: SourceLocation) throws(TraceError) -> Double {
        guard let index = slot(field) else { throw TraceError(location, "missing required field", field: field.name) }
        return try number(scanner.members[index], field, location)
    }

    private func optionalNumber(_ field: Field, _ location: SourceLocation) throws(TraceError) -> Double? {
        guard let m = member(field) else { return nil }
        return try number(m, field, location)
    }

    private func number(_ m: JSONLineScanner.Member, _ field: Field, _ location: SourceLocation) throws(TraceError) -> Double {
        guard m.kind == .number else { throw TraceError(location, "must be a number", field: field.name) }
        guard m.number.isFinite else { throw TraceError(location, "must be a finite number", field: field.name) }
        return m.number
    }

    private func nonNegative(_ value: Double, _ field: Field, _ location: SourceLocation) throws(TraceError) -> Double {
        guard value >= 0 else { throw TraceError(location, "must be ≥ 0", field: field.name) }
        return value
    }

    private func micros(_ seconds: Double, _ field: Field, _ location: SourceLocation) throws(TraceError) -> Micros {
        guard let us = Micros(seconds: seconds) else {
            throw TraceError(location, "must be a finite number of seconds", field: field.name)
        }
        return us
    }

    private func requiredString(_ field: Field, _ location: SourceLocation) throws(TraceError) -> String {
        guard let index = slot(field) else { throw TraceError(location, "missing required field", field: field.name) }
        return try string(scanner.members[index], field.name, location)
    }

    private func optionalString(_ field: Field, _ location: SourceLocation) throws(TraceError) -> String? {
        guard let m = member(field) else { return nil }
        return try string(m, field.name, location)
    }

    private func string(_ m: JSONLineScanner.Member, _ field: String, _ location: SourceLocation) throws(TraceError) -> String {
        guard m.kind == .string else { throw TraceError(location, "must be a string", field: field) }
        do { return try scanner.string(m) } catch { throw TraceError(location, error.description, field: field) }
    }

    private func integer(_ m: JSONLineScanner.Member, _ field: Field, _ location: SourceLocation) throws(TraceError) -> Int {
        guard m.kind == .number, m.number.isFinite, m.number.rounded() == m.number,
            abs(m.number) <= Double(Int32.max)
        else { throw TraceError(location, "must be an integer", field: field.name) }
        return Int(m.number)
    }

    // MARK: - Line types

    private func touch(_ location: SourceLocation) throws(TraceError) -> TouchSample {
        let t = try micros(nonNegative(requiredNumber(.t, location), .t, location), .t, location)
        guard let idIndex = slot(.id) else { throw TraceError(location, "missing required field", field: "id") }
        let pointer = try integer(scanner.members[idIndex], .id, location)
        guard let phaseIndex = slot(.phase) else { throw TraceError(location, "missing required field", field: "phase") }
        let phase = try self.phase(scanner.members[phaseIndex], location)
        let x = try requiredNumber(.x, location)
        let y = try requiredNumber(.y, location)
        var force: Double?
        if let f = try optionalNumber(.force, location) { force = try nonNegative(f, .force, location) }
        var radius: Double?
        if let r = try optionalNumber(.radius, location) { radius = try nonNegative(r, .radius, location) }
        return TouchSample(t: t, pointer: Int32(pointer), phase: phase, x: x, y: y, force: force, radius: radius)
    }

    private func phase(_ m: JSONLineScanner.Member, _ location: SourceLocation) throws(TraceError) -> TouchPhase {
        guard m.kind == .string else { throw TraceError(location, "must be a string", field: "phase") }
        if scanner.stringEquals(m, "moved") { return .moved }
        if scanner.stringEquals(m, "began") { return .began }
        if scanner.stringEquals(m, "ended") { return .ended }
        if scanner.stringEquals(m, "stationary") { return .stationary }
        if scanner.stringEquals(m, "cancelled") { return .cancelled }
        let name = (try? scanner.string(m)) ?? "?"
        throw TraceError(
            location, "unknown phase \"\(name)\" (expected began, moved, stationary, ended or cancelled)",
            field: "phase")
    }

    private func motion(_ location: SourceLocation) throws(TraceError) -> MotionSample {
        let t = try micros(nonNegative(requiredNumber(.t, location), .t, location), .t, location)
        return MotionSample(
            t: t,
            ax: try requiredNumber(.ax, location), ay: try requiredNumber(.ay, location),
            az: try requiredNumber(.az, location),
            rx: try optionalNumber(.rx, location), ry: try optionalNumber(.ry, location),
            rz: try optionalNumber(.rz, location))
    }

    private func label(_ location: SourceLocation) throws(TraceError) -> Label {
        try CanonicalVocabulary.label(
            start: try micros(requiredNumber(.start, location), .start, location),
            end: try micros(requiredNumber(.end, location), .end, location),
            intent: try requiredString(.intent, location), direction: try optionalString(.direction, location),
            fingers: try optionalNumber(.fingers, location),
            target: try optionalString(.target, location), note: try optionalString(.note, location), location)
    }

    private mutating func session(_ location: SourceLocation) throws(TraceError) -> SessionHeader {
        let id = try requiredString(.id, location)
        guard !id.isEmpty else { throw TraceError(location, "must not be empty", field: "id") }
        if let format = try optionalString(.format, location) {
            guard format == SessionHeader.formatTag else {
                throw TraceError(
                    location, "unsupported format \"\(format)\" (expected \"\(SessionHeader.formatTag)\")",
                    field: "format")
            }
        } else if requireFormatTag && sessionsDecoded == 0 {
            throw TraceError(
                location, "the first session of a file must carry \"format\": \"\(SessionHeader.formatTag)\"",
                field: "format")
        }
        guard let deviceIndex = slot(.device) else {
            throw TraceError(location, "missing required field", field: "device")
        }
        let deviceMember = scanner.members[deviceIndex]
        guard deviceMember.kind == .object else { throw TraceError(location, "must be an object", field: "device") }
        let device = try CanonicalDeviceDecoder.decode(scanner.rawValue(deviceMember), location)
        var metaJSON: String?
        if let meta = member(.meta) {
            guard meta.kind == .object else { throw TraceError(location, "must be an object", field: "meta") }
            metaJSON = JSONText.compact(scanner.rawValue(meta))
        }
        let startedAt = try optionalString(.startedAt, location)
        if let startedAt, !CanonicalVocabulary.isISO8601(startedAt) {
            throw TraceError(location, "not an ISO 8601 date-time: \"\(startedAt)\"", field: "startedAt")
        }
        let header = SessionHeader(
            id: id, device: device, user: try optionalString(.user, location),
            scene: try optionalString(.scene, location), startedAt: startedAt, metaJSON: metaJSON)
        // The one part of `meta` gesturetune reads: checked here, so that a
        // store only ever holds platform recognitions it can load.
        do { _ = try header.platformRecognitions() } catch {
            throw TraceError(
                location,
                "cannot be read as a list of platform recognitions"
                    + " ({gesture, state, t ≥ 0, x?, y?, touches?}): \(DecodingError.summary(of: error))",
                field: "meta.\(SessionHeader.platformRecognitionsKey)")
        }
        sessionsDecoded += 1
        return header
    }
}

// MARK: - The nested device object (rare: once per session)

enum CanonicalDeviceDecoder {
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ location: SourceLocation) throws(TraceError) -> Device {
        var scanner = JSONLineScanner()
        do { try scanner.scan(bytes) } catch { throw TraceError(location, error.description, field: "device") }
        func find(_ name: StaticString) -> JSONLineScanner.Member? {
            scanner.members.last { scanner.keyBytesEqual($0, name) && $0.kind != .null }
        }
        func number(_ m: JSONLineScanner.Member, _ field: String) throws(TraceError) -> Double {
            guard m.kind == .number else { throw TraceError(location, "must be a number", field: field) }
            guard m.number.isFinite else { throw TraceError(location, "must be a finite number", field: field) }
            return m.number
        }
        func positive(_ name: StaticString, _ field: String, required: Bool, in s: JSONLineScanner) throws(TraceError) -> Double?
        {
            guard let m = s.members.last(where: { s.keyBytesEqual($0, name) && $0.kind != .null }) else {
                if required { throw TraceError(location, "missing required field", field: field) }
                return nil
            }
            let v = try number(m, field)
            guard v > 0 else { throw TraceError(location, "must be > 0", field: field) }
            return v
        }
        guard let platformMember = find("platform") else {
            throw TraceError(location, "missing required field", field: "device.platform")
        }
        guard platformMember.kind == .string else {
            throw TraceError(location, "must be a string", field: "device.platform")
        }
        let platformName = (try? scanner.string(platformMember)) ?? "?"
        guard let platform = Device.Platform(rawValue: platformName) else {
            throw TraceError(
                location, "unknown platform \"\(platformName)\" (expected ios, android, web, linux or other)",
                field: "device.platform")
        }
        var model: String?
        if let m = find("model") {
            guard m.kind == .string else { throw TraceError(location, "must be a string", field: "device.model") }
            do { model = try scanner.string(m) } catch { throw TraceError(location, error.description, field: "device.model") }
        }
        guard let screenMember = find("screen") else {
            throw TraceError(location, "missing required field", field: "device.screen")
        }
        guard screenMember.kind == .object else {
            throw TraceError(location, "must be an object", field: "device.screen")
        }
        var screen = JSONLineScanner()
        do { try screen.scan(scanner.rawValue(screenMember)) } catch {
            throw TraceError(location, error.description, field: "device.screen")
        }
        let width = try positive("width", "device.screen.width", required: true, in: screen) ?? 0
        let height = try positive("height", "device.screen.height", required: true, in: screen) ?? 0
        return Device(
            platform: platform, model: model, screenWidth: width, screenHeight: height,
            scale: try positive("scale", "device.scale", required: false, in: scanner) ?? 1,
            ppi: try positive("ppi", "device.ppi", required: false, in: scanner),
            sampleRateHz: try positive("sampleRateHz", "device.sampleRateHz", required: false, in: scanner))
    }
}
