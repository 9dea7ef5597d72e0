import Foundation
import TraceModel

// MARK: - A devices file joined on the device column

/// The second file of a study that describes each device (BioIdent's
/// `devices.csv`: density, resolution, xdpi), read whole and looked up by
/// the device column's value. Only the columns the mapping names are read.
struct DeviceTable {
    /// The largest devices file read: 16 MiB, thousands of times a study's.
    static let maxSize = 16 << 20
    let file: String
    /// Device key → the cells of its row.
    private var rows: [String: [String]] = [:]
    private var indexes: [String: Int] = [:]
    private var lines: [String: Int] = [:]

    /// Reads the devices file of `mapping`, resolved against the folder of
    /// `dataFile` when relative.
    init(_ mapping: ImportMapping, beside dataFile: String) throws {
        guard let devices = mapping.devicesFile else {
            file = ""
            return
        }
        var path = devices.file
        if !path.hasPrefix("/") {
            let folder = (dataFile as NSString).deletingLastPathComponent
            path = folder.isEmpty ? path : folder + "/" + path
        }
        file = path
        if let refusal = TraceInput.refusal(ofSideFile: path, limit: Self.maxSize) {
            throw TraceError(
                mapping.location(of: "devices.file"), "the devices file \(path) cannot be read: " + refusal,
                field: "devices.file")
        }
        // Its errors name lines and columns, never its cells: the mapping,
        // not the person ingesting, chose the file.
        var reader = DelimitedRows(layout: devices.csv, file: path, quotesCells: false)
        var keyIndex: Int?
        var table: [String: [String]] = [:]
        var rowLines: [String: Int] = [:]
        try TraceInput(path: path).forEachLine { line, number in
            guard try reader.feed(line, number) else { return }
            if keyIndex == nil { keyIndex = try reader.index(of: devices.key, key: "devices.key", mapping: mapping) }
            let cells = (0..<reader.parser.count).map { reader.parser.string($0) }
            let key = keyIndex! < cells.count ? cells[keyIndex!] : ""
            let location = SourceLocation(file: path, line: reader.rowLine)
            guard !key.isEmpty else { throw TraceError(location, "no device key in the row", field: devices.key.description) }
            if let earlier = rowLines[key] {
                throw TraceError(
                    location, "the row's device appears twice (first on line \(earlier))", field: devices.key.description)
            }
            table[key] = cells
            rowLines[key] = reader.rowLine
        }
        try reader.finish()
        rows = table
        lines = rowLines
        // The named columns, checked against the header once.
        var named: [(ImportMapping.Column, String)] = []
        if case .devices(let column, _, _) = mapping.scale { named.append((column, "coordinates.scale.devices")) }
        if case .devices(let column, _, _) = mapping.ppi { named.append((column, "coordinates.ppi.devices")) }
        if case .devices(let column) = mapping.screen { named.append((column, "screen.devices")) }
        for (column, key) in named { indexes[key] = try reader.index(of: column, key: key, mapping: mapping) }
    }

    /// The cell of `key`'s column for a device, or an error naming the data
    /// row that asked and the devices file.
    func cell(device: String, key: String, at location: SourceLocation, field: String) throws(TraceError) -> (
        String, SourceLocation
    ) {
        guard let row = rows[device] else {
            throw TraceError(location, "device \(device) is not in the devices file \(file)", field: field)
        }
        let index = indexes[key] ?? 0
        let where_ = SourceLocation(file: file, line: lines[device] ?? 0)
        guard index < row.count, !row[index].isEmpty else {
            throw TraceError(where_, "device \(device) has no value", field: key)
        }
        return (row[index], where_)
    }
}
