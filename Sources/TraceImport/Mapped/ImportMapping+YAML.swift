import Foundation
import TraceModel
import Yams

// MARK: - Reading a mapping file

extension ImportMapping {
    /// The largest mapping read: 1 MiB, hundreds of times a real one.
    static let maxMappingSize = 1 << 20

    /// Reads and checks a mapping file. Every problem is one
    /// `TraceModel/TraceError` naming the mapping file, the line and the
    /// key (`bioident.yaml:7: unknown unit "px" (time.unit)`): unknown keys,
    /// a key given twice, wrong types and values, and keys that need another
    /// (`scale: {devices: xdpi}` without `devices`).
    public static func load(path: String) throws(TraceError) -> ImportMapping {
        if let refusal = TraceInput.refusal(ofSideFile: path, limit: maxMappingSize) {
            throw TraceError(SourceLocation(file: path, line: 0), "cannot read the mapping: " + refusal, field: "--mapping")
        }
        let bytes: [UInt8]
        do {
            bytes = try TraceInput(path: path).readAll()
        } catch let error as TraceError {
            throw error
        } catch {
            throw TraceError(SourceLocation(file: path, line: 0), "cannot read the mapping: \(error)", field: "--mapping")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let offset = LineEnds.firstInvalidUTF8(in: bytes) ?? 0
            throw TraceError(
                SourceLocation(file: path, line: LineEnds.lineNumber(ofOffset: offset, in: bytes)),
                "not UTF-8 text (byte 0x\(String(bytes[min(offset, bytes.count - 1)], radix: 16, uppercase: true))): save the mapping as UTF-8",
                field: "mapping")
        }
        let root = try YAMLDocument.compose(
            text, file: path, ifEmpty: TraceError(SourceLocation(file: path, line: 1), "the mapping is empty", field: "mapping"))
        let reader = MappingReader(file: path)
        return try reader.mapping(root)
    }
}

/// Walks the YAML with the key path of every node, so that each error says
/// which key is wrong.
final class MappingReader {
    let file: String
    /// The line of every column key read, for errors found once the data's
    /// header is known.
    private(set) var lines: [String: Int] = [:]

    init(file: String) { self.file = file }

    func at(_ node: Node?, _ key: String) -> (String) -> TraceError {
        { [file] in TraceError(SourceLocation(file: file, line: (node?.mark?.line ?? 0)), $0, field: key) }
    }

    /// The pairs of a mapping node, checked for unknown and repeated keys.
    func object(_ node: Node, _ key: String, allowed: [String]) throws(TraceError) -> [String: Node] {
        guard let mapping = node.mapping else {
            throw at(node, key)("must be a mapping of \(allowed.joined(separator: ", "))")
        }
        var result: [String: Node] = [:]
        for (k, value) in mapping {
            let name = k.string ?? ""
            let path = key.isEmpty ? name : key + "." + name
            guard allowed.contains(name) else {
                throw at(k, path)("unknown key (expected one of \(allowed.joined(separator: ", ")))")
            }
            guard result[name] == nil else { throw at(k, path)("the key appears twice") }
            result[name] = value
        }
        return result
    }

    /// A table's pairs in the file's order, every key once.
    func table(_ node: Node, _ key: String) throws(TraceError) -> [(key: String, node: Node, value: Node)] {
        guard let mapping = node.mapping, !mapping.isEmpty else {
            throw at(node, key)("must be a non-empty table of value: meaning")
        }
        var seen: Set<String> = []
        var pairs: [(key: String, node: Node, value: Node)] = []
        for (k, value) in mapping {
            let name = k.string ?? ""
            guard seen.insert(name).inserted else { throw at(k, "\(key).\(name)")("the key appears twice") }
            pairs.append((name, k, value))
        }
        return pairs
    }

    func string(_ node: Node, _ key: String) throws(TraceError) -> String {
        guard let scalar = node.scalar else { throw at(node, key)("must be a text value") }
        return scalar.string
    }

    func number(_ node: Node, _ key: String, positive: Bool = false) throws(TraceError) -> Double {
        guard let scalar = node.scalar, let value = Double(scalar.string), value.isFinite else {
            throw at(node, key)("must be a number")
        }
        if positive, value <= 0 { throw at(node, key)("must be > 0") }
        return value
    }

    func bool(_ node: Node, _ key: String) throws(TraceError) -> Bool {
        guard let value = node.bool else { throw at(node, key)("must be true or false") }
        return value
    }

    func choice<T: RawRepresentable & CaseIterable>(_ node: Node, _ key: String, _: T.Type) throws(TraceError) -> T
    where T.RawValue == String {
        let text = try string(node, key)
        guard let value = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw at(node, key)("unknown value \"\(text)\" (expected one of \(names))")
        }
        return value
    }

    func column(_ node: Node, _ key: String) throws(TraceError) -> ImportMapping.Column {
        lines[key] = node.mark?.line ?? 0
        if let scalar = node.scalar, node.int != nil, scalar.style == .plain {
            guard let position = node.int, position >= 1 else { throw at(node, key)("a column position counts from 1") }
            return .position(position)
        }
        let name = try string(node, key)
        let normalized = name.lowercased().filter { $0.isLetter }
        guard !ImportMapping.personalColumns.contains(normalized) else {
            throw at(node, key)(
                "column \"\(name)\" holds personal data: gesturetune never reads it (map an anonymous id as the user)")
        }
        return .name(name)
    }

    func intent(_ node: Node, _ key: String) throws(TraceError) -> Intent? {
        if node.null != nil { return nil }
        let name = try string(node, key)
        if name == "unlabelled" { return nil }
        guard let intent = Intent(rawValue: name) else {
            throw at(node, key)(
                "unknown intent \"\(name)\" (expected unlabelled or one of \(Intent.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        return intent
    }

    func delimiter(_ node: Node, _ key: String) throws(TraceError) -> UInt8 {
        let text = try string(node, key)
        if text == "tab" || text == "\t" { return 0x09 }
        guard text.utf8.count == 1, let byte = text.utf8.first, byte != 0x22, byte != 0x0A, byte != 0x0D else {
            throw at(node, key)("must be one character other than a quote or a line break (or \"tab\")")
        }
        return byte
    }

    func layout(_ fields: [String: Node], _ key: String, into layout: inout ImportMapping.CSVLayout) throws(TraceError) {
        let prefix = key.isEmpty ? "" : key + "."
        if let node = fields["delimiter"] { layout.delimiter = try delimiter(node, prefix + "delimiter") }
        if let node = fields["header"] { layout.header = try bool(node, prefix + "header") }
        if let node = fields["trailingDelimiter"] { layout.trailingDelimiter = try bool(node, prefix + "trailingDelimiter") }
        if let node = fields["comment"] {
            let text = try string(node, prefix + "comment")
            guard !text.isEmpty else { throw at(node, prefix + "comment")("must not be empty") }
            layout.comment = Array(text.utf8)
        }
    }

    // MARK: - The whole mapping

    func mapping(_ root: Node) throws(TraceError) -> ImportMapping {
        let top = try object(
            root, "",
            allowed: [
                "study", "csv", "columns", "time", "action", "coordinates", "devices", "screen", "orientation", "session",
                "labels", "scene"
            ])
        let columnsNode = try requiredKey("columns", top, "", root)
        var (mapping, screenColumn) = try columns(columnsNode)
        if let node = top["study"] {
            mapping.study = try string(node, "study")
        } else {
            mapping.study = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        }
        if let node = top["csv"] {
            let fields = try object(node, "csv", allowed: ["delimiter", "header", "comment", "trailingDelimiter"])
            try layout(fields, "csv", into: &mapping.csv)
        }
        if !mapping.csv.header {
            let named = [mapping.time, mapping.action, mapping.x, mapping.y] + Array(mapping.roles.values)
            if named.contains(where: { if case .name = $0 { true } else { false } }) {
                throw at(columnsNode, "csv.header")("columns by name need a header row: give positions (1, 2, …)")
            }
        }
        if let node = top["time"] { try time(node, into: &mapping) }
        if let node = top["action"] { try actions(node, into: &mapping) }
        if let node = top["devices"] { try devices(node, into: &mapping) }
        try coordinates(top["coordinates"], root: root, into: &mapping)
        try screen(top["screen"], column: screenColumn, into: &mapping)
        if let node = top["orientation"] { try orientation(node, into: &mapping) }
        if let node = top["session"] { try session(node, into: &mapping) }
        // The screen's size changes with these: a session never spans two.
        for role in [ImportMapping.Role.device, .orientation]
        where mapping.roles[role] != nil && !mapping.sessionKeys.contains(role) {
            mapping.sessionKeys.append(role)
        }
        if let node = top["labels"] { try labels(node, into: &mapping) }
        if let node = top["scene"] { mapping.scene = try string(node, "scene") }
        mapping.lines = lines
        return mapping
    }

    // MARK: - The mapping's sections

    /// `columns`: the mapping begins with them (every other section refers
    /// to a role's column); the screen's column is returned apart, since
    /// `screen` may give the size instead.
    private func columns(_ columnsNode: Node) throws(TraceError) -> (ImportMapping, screen: ImportMapping.Column?) {
        let columns = try object(
            columnsNode, "columns",
            allowed: ["time", "wallclock", "action", "pointer", "x", "y"] + ImportMapping.Role.allCases.map(\.rawValue) + [
                "screen"
            ])
        func col(_ name: String) throws(TraceError) -> ImportMapping.Column {
            try column(try requiredKey(name, columns, "columns", columnsNode), "columns." + name)
        }
        var mapping = ImportMapping(
            path: file, study: "", time: try col("time"), action: try col("action"), x: try col("x"), y: try col("y"))
        if let node = columns["wallclock"] { mapping.wallclock = try column(node, "columns.wallclock") }
        if let node = columns["pointer"] { mapping.pointer = try column(node, "columns.pointer") }
        for role in ImportMapping.Role.allCases {
            if let node = columns[role.rawValue] { mapping.roles[role] = try column(node, "columns." + role.rawValue) }
        }
        var screenColumn: ImportMapping.Column?
        if let node = columns["screen"] { screenColumn = try column(node, "columns.screen") }
        return (mapping, screenColumn)
    }

    /// `time`: the unit and the clock of the time column.
    private func time(_ node: Node, into mapping: inout ImportMapping) throws(TraceError) {
        let fields = try object(node, "time", allowed: ["unit", "clock"])
        if let unit = fields["unit"] { mapping.timeUnit = try choice(unit, "time.unit", ImportMapping.TimeUnit.self) }
        if let clock = fields["clock"] { mapping.clock = try choice(clock, "time.clock", ImportMapping.Clock.self) }
    }

    /// `action`: the table of action codes (it must say which is down and
    /// which is up) and whether the code carries the pointer's index.
    private func actions(_ node: Node, into mapping: inout ImportMapping) throws(TraceError) {
        let fields = try object(node, "action", allowed: ["codes", "pointerIndexBits"])
        if let bits = fields["pointerIndexBits"] { mapping.pointerIndexBits = try bool(bits, "action.pointerIndexBits") }
        if let codesNode = fields["codes"] {
            var codes: [Int: ImportMapping.Action] = [:]
            for (name, keyNode, value) in try table(codesNode, "action.codes") {
                guard let code = Int(name), code >= 0, code <= 0xff else {
                    throw at(keyNode, "action.codes.\(name)")("an action code is an integer 0–255")
                }
                codes[code] = try choice(value, "action.codes.\(name)", ImportMapping.Action.self)
            }
            for needed in [ImportMapping.Action.down, .up] where !codes.values.contains(needed) {
                throw at(codesNode, "action.codes")("the table has no code for \(needed.rawValue)")
            }
            mapping.actionCodes = codes
        }
    }

    /// `devices`: a file of per-device values beside the data, joined on the
    /// device column.
    private func devices(_ node: Node, into mapping: inout ImportMapping) throws(TraceError) {
        let fields = try object(
            node, "devices", allowed: ["file", "key", "delimiter", "header", "comment", "trailingDelimiter"])
        var layout = ImportMapping.CSVLayout()
        try self.layout(fields, "devices", into: &layout)
        guard mapping.roles[.device] != nil else {
            throw at(node, "devices")("a devices file is joined on the device column: give columns.device")
        }
        let fileNode = try requiredKey("file", fields, "devices", node)
        let name = try string(fileNode, "devices.file")
        // A mapping may come from anyone: it names a file beside the
        // data it reads, never one elsewhere on the machine.
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.hasPrefix("/"), !name.hasPrefix("~"), !components.contains("..") else {
            throw at(fileNode, "devices.file")(
                "must name a file beside the data file (no absolute path, no ..)")
        }
        lines["devices.file"] = fileNode.mark?.line ?? 0
        mapping.devicesFile = ImportMapping.DevicesFile(
            file: name,
            key: try column(try requiredKey("key", fields, "devices", node), "devices.key"), csv: layout)
    }

    /// `coordinates`: their unit, and for pixels the scale to points (which
    /// they cannot do without).
    private func coordinates(_ node: Node?, root: Node, into mapping: inout ImportMapping) throws(TraceError) {
        if let node {
            let fields = try object(node, "coordinates", allowed: ["unit", "scale", "ppi"])
            if let unit = fields["unit"] {
                mapping.coordinateUnit = try choice(unit, "coordinates.unit", ImportMapping.CoordinateUnit.self)
            }
            if let scale = fields["scale"] { mapping.scale = try deviceValue(scale, "coordinates.scale", mapping) }
            if let ppi = fields["ppi"] { mapping.ppi = try deviceValue(ppi, "coordinates.ppi", mapping) }
            if mapping.coordinateUnit != .pixels, let scale = fields["scale"] {
                throw at(scale, "coordinates.scale")("a scale converts pixels; the unit is \(mapping.coordinateUnit.rawValue)")
            }
        }
        if mapping.coordinateUnit == .pixels, mapping.scale == nil {
            throw at(node ?? root, "coordinates.scale")(
                "coordinates in pixels need a scale (pixels per point): a number, {values: {DEVICE: scale}} or {devices: COLUMN}"
            )
        }
    }

    /// `screen`: the size as numbers or a devices file's column, or else
    /// `columns.screen`; never both.
    private func screen(_ node: Node?, column screenColumn: ImportMapping.Column?, into mapping: inout ImportMapping)
        throws(TraceError)
    {
        if let node {
            let fields = try object(node, "screen", allowed: ["width", "height", "devices"])
            if let devices = fields["devices"] {
                guard mapping.devicesFile != nil else {
                    throw at(devices, "screen.devices")("no devices file to read it from: give devices")
                }
                mapping.screen = .devices(try column(devices, "screen.devices"))
            } else {
                mapping.screen = .constant(
                    width: try number(try requiredKey("width", fields, "screen", node), "screen.width", positive: true),
                    height: try number(
                        try requiredKey("height", fields, "screen", node), "screen.height", positive: true))
            }
            if screenColumn != nil { throw at(node, "screen")("the screen is given twice: here and as columns.screen") }
        } else if let screenColumn {
            mapping.screen = .column(screenColumn)
        }
    }

    /// `orientation`: the orientation column's values that mean landscape.
    private func orientation(_ node: Node, into mapping: inout ImportMapping) throws(TraceError) {
        let fields = try object(node, "orientation", allowed: ["landscape"])
        guard mapping.roles[.orientation] != nil else {
            throw at(node, "orientation")("give the orientation column as columns.orientation")
        }
        let list = try requiredKey("landscape", fields, "orientation", node)
        guard let values = list.sequence, !values.isEmpty else {
            throw at(list, "orientation.landscape")("must be a list of the column's values that mean landscape")
        }
        for value in values { mapping.landscape.insert(try string(value, "orientation.landscape")) }
    }

    /// `session`: the roles that key a session, the pause that splits one,
    /// and the user read from the file's path.
    private func session(_ node: Node, into mapping: inout ImportMapping) throws(TraceError) {
        let fields = try object(node, "session", allowed: ["keys", "pause", "userFromPath"])
        if let pattern = fields["userFromPath"] {
            let text = try string(pattern, "session.userFromPath")
            guard (try? NSRegularExpression(pattern: text)) != nil else {
                throw at(pattern, "session.userFromPath")("not a regular expression")
            }
            guard mapping.roles[.user] == nil else {
                throw at(pattern, "session.userFromPath")("the user is given twice: here and as columns.user")
            }
            mapping.userFromPath = text
        }
        if let keys = fields["keys"] {
            guard let list = keys.sequence else { throw at(keys, "session.keys")("must be a list of roles") }
            for value in list {
                let role = try choice(value, "session.keys", ImportMapping.Role.self)
                guard mapping.roles[role] != nil else {
                    throw at(value, "session.keys")("\(role.rawValue) has no column: give columns.\(role.rawValue)")
                }
                guard !mapping.sessionKeys.contains(role) else {
                    throw at(value, "session.keys")("\(role.rawValue) appears twice")
                }
                mapping.sessionKeys.append(role)
            }
        }
        if let pause = fields["pause"] {
            mapping.pause = Micros(seconds: try number(pause, "session.pause", positive: true))
        }
    }

    private func deviceValue(_ node: Node, _ key: String, _ mapping: ImportMapping) throws(TraceError)
        -> ImportMapping.DeviceValue
    {
        if node.scalar != nil { return .constant(try number(node, key, positive: true)) }
        let fields = try object(node, key, allowed: ["values", "devices", "divideBy"])
        var values: [String: Double]?
        if let table = fields["values"] {
            var read: [String: Double] = [:]
            for (name, _, value) in try self.table(table, key + ".values") {
                read[name] = try number(value, "\(key).values.\(name)", positive: true)
            }
            values = read
        }
        guard let devices = fields["devices"] else {
            guard let values else { throw at(node, key)("give a number, values: {DEVICE: value} or devices: COLUMN") }
            guard mapping.roles[.device] != nil else {
                throw at(node, key + ".values")("values per device need the device column: give columns.device")
            }
            if let divide = fields["divideBy"] { throw at(divide, key + ".divideBy")("divideBy applies to devices: COLUMN") }
            return .table(values)
        }
        guard mapping.devicesFile != nil else {
            throw at(devices, key + ".devices")("no devices file to read it from: give devices")
        }
        let divide =
            try fields["divideBy"].map { (n: Node) throws(TraceError) -> Double in
                try number(n, key + ".divideBy", positive: true)
            } ?? 1
        return .devices(column: try column(devices, key + ".devices"), values: values, divideBy: divide)
    }

    private func labels(_ node: Node, into mapping: inout ImportMapping) throws(TraceError) {
        let fields = try object(node, "labels", allowed: ["intent", "direction", "clicks", "target"])
        if let intentNode = fields["intent"] {
            if intentNode.mapping != nil {
                let source = try object(intentNode, "labels.intent", allowed: ["column", "values", "fileName"])
                if let tableNode = source["fileName"] {
                    if let extra = source["column"] ?? source["values"] {
                        throw at(extra, "labels.intent")("give either fileName or column with values")
                    }
                    var rules: [(prefix: String, intent: Intent?)] = []
                    for (prefix, _, value) in try table(tableNode, "labels.intent.fileName") {
                        rules.append((prefix, try intent(value, "labels.intent.fileName.\(prefix)")))
                    }
                    mapping.intent = .fileName(rules)
                } else {
                    let columnNode = try requiredKey("column", source, "labels.intent", intentNode)
                    var column = try self.column(columnNode, "labels.intent.column")
                    if case .name(let name) = column, let role = ImportMapping.Role(rawValue: name),
                        let roleColumn = mapping.roles[role]
                    {
                        column = roleColumn
                    }
                    var values: [String: Intent?] = [:]
                    for (value, _, meaning) in try table(
                        try requiredKey("values", source, "labels.intent", intentNode), "labels.intent.values")
                    {
                        values[value] = try intent(meaning, "labels.intent.values.\(value)")
                    }
                    mapping.intent = .column(column, values)
                }
            } else {
                mapping.intent = .constant(try intent(intentNode, "labels.intent"))
            }
        }
        if let direction = fields["direction"] {
            mapping.direction = try choice(direction, "labels.direction", ImportMapping.DirectionRule.self)
        }
        if mapping.direction == .none {
            let intents: [Intent?] =
                switch mapping.intent {
                case .constant(let intent): [intent]
                case .column(_, let table): Array(table.values)
                case .fileName(let rules): rules.map(\.intent)
                }
            if let needy = intents.compactMap({ $0 }).first(where: { CanonicalVocabulary.directions(for: $0).required }) {
                throw at(fields["direction"], "labels.direction")(
                    "intent \(needy.rawValue) needs a direction: use needed or motion")
            }
        }
        if let clicks = fields["clicks"] {
            if clicks.mapping != nil {
                let click = try object(clicks, "labels.clicks", allowed: ["intent", "within"])
                if let intentNode = click["intent"] { mapping.clickIntent = try intent(intentNode, "labels.clicks.intent") }
                if let within = click["within"] {
                    mapping.clickRadius = try number(within, "labels.clicks.within")
                    guard mapping.clickRadius >= 0 else { throw at(within, "labels.clicks.within")("must be ≥ 0 points") }
                }
            } else {
                mapping.clickIntent = try intent(clicks, "labels.clicks")
            }
        }
        if let target = fields["target"] { mapping.target = try string(target, "labels.target") }
    }

    /// The value of `name` in `fields`, the mapping at `key` (empty at the top).
    private func requiredKey(_ name: String, _ fields: [String: Node], _ key: String, _ node: Node) throws(TraceError) -> Node {
        guard let value = fields[name] else { throw at(node, key.isEmpty ? name : "\(key).\(name)")("missing required key") }
        return value
    }
}
