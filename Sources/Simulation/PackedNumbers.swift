import Foundation

// MARK: - Observations packed for the wire

/// Numbers packed in `Data`, little-endian, for a tally's observations on
/// the wire (`JSONEncoder` writes `Data` as base64).
///
/// Why not JSON numbers: a shard's reply on the 10× corpus held about
/// 200,000 observations, and writing and reading each as the shortest
/// decimal that reads back as the same `Double` cost the worker and the
/// coordinator together more than the replay the reply carried (issue 36).
///
/// Why not just their bits: the observations are mostly milliseconds
/// measured from microsecond timestamps, whole thousandths, and many
/// arrays hold one value over and over (a tap's recognition latency is 0
/// for every tap). So a list of doubles is sent in the smallest of three
/// forms — their bits, their thousandths as `Int32`, or runs of equal
/// thousandths — and the compact forms are used only when every value
/// reads back bit for bit (a `-0.0`, a NaN or 0.1 + 0.2 keep the list in
/// bits). Answers stay the same to the last bit either way.
package enum PackedNumbers {
    /// The first byte of a packed list of doubles.
    private enum Form: UInt8 {
        case bits = 0
        case thousandths = 1
        case thousandthRuns = 2
    }

    package static func data(_ values: [Double]) -> Data {
        guard let thousandths = wholeThousandths(values) else {
            return Data([Form.bits.rawValue]) + pack(values.map(\.bitPattern))
        }
        let runs = runs(of: thousandths)
        return runs.count < thousandths.count
            ? Data([Form.thousandthRuns.rawValue]) + pack(runs) : Data([Form.thousandths.rawValue]) + pack(thousandths)
    }

    package static func doubles(_ data: Data) throws -> [Double] {
        guard let first = data.first, let form = Form(rawValue: first) else {
            throw PackedNumbersError(bytes: data.count, why: "no known form")
        }
        let body = data.dropFirst()
        switch form {
        case .bits: return try unpack(body, as: UInt64.self).map(Double.init(bitPattern:))
        case .thousandths: return try unpack(body, as: Int32.self).map { Double($0) / 1000 }
        case .thousandthRuns: return try expand(runs: unpack(body, as: Int32.self), bytes: data.count).map { Double($0) / 1000 }
        }
    }

    package static func data(_ values: [Int]) -> Data { pack(values.map(Int64.init)) }

    package static func ints(_ data: Data) throws -> [Int] { try unpack(data, as: Int64.self).map(Int.init) }

    /// Whose each observation is, as runs (person, how many): observations
    /// come session by session, so a person's stand together, and a reply's
    /// hundred thousand slots shrink to a few hundred runs.
    package static func runs(_ people: [Int32]) -> Data { pack(runs(of: people)) }

    package static func people(fromRuns data: Data) throws -> [Int32] {
        try expand(runs: unpack(data, as: Int32.self), bytes: data.count)
    }

    // MARK: - Forms

    /// Each value as a whole number of thousandths, if every one reads
    /// back as the same bits.
    private static func wholeThousandths(_ values: [Double]) -> [Int32]? {
        var thousandths: [Int32] = []
        thousandths.reserveCapacity(values.count)
        for value in values {
            let scaled = (value * 1000).rounded()
            guard scaled.magnitude <= Double(Int32.max), (Double(Int32(scaled)) / 1000).bitPattern == value.bitPattern
            else { return nil }
            thousandths.append(Int32(scaled))
        }
        return thousandths
    }

    /// (value, how many) pairs, flattened.
    private static func runs(of values: [Int32]) -> [Int32] {
        var runs: [Int32] = []
        var k = 0
        while k < values.count {
            var end = k + 1
            while end < values.count, values[end] == values[k], end - k < Int(Int32.max) { end += 1 }
            runs += [values[k], Int32(end - k)]
            k = end
        }
        return runs
    }

    private static func expand(runs: [Int32], bytes: Int) throws -> [Int32] {
        let counts = stride(from: 1, to: runs.count, by: 2).map { runs[$0] }
        guard runs.count % 2 == 0, counts.allSatisfy({ $0 > 0 }) else {
            throw PackedNumbersError(bytes: bytes, why: "runs that are not (value, count > 0) pairs")
        }
        var values: [Int32] = []
        values.reserveCapacity(counts.reduce(0) { $0 + Int($1) })
        for k in stride(from: 0, to: runs.count, by: 2) {
            values.append(contentsOf: repeatElement(runs[k], count: Int(runs[k + 1])))
        }
        return values
    }

    private static func pack<T: FixedWidthInteger>(_ values: [T]) -> Data {
        values.map(\.littleEndian).withUnsafeBytes { Data($0) }
    }

    private static func unpack<T: FixedWidthInteger>(_ data: Data, as: T.Type) throws -> [T] {
        let width = MemoryLayout<T>.size
        guard data.count % width == 0 else {
            throw PackedNumbersError(bytes: data.count, why: "not a whole number of \(width)-byte values")
        }
        return data.withUnsafeBytes { raw in
            (0..<(data.count / width)).map { T(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * width, as: T.self)) }
        }
    }
}

/// Packed numbers whose length is not a whole number of values (or runs
/// of none, or an unknown form): a reply cut short or from another build.
package struct PackedNumbersError: Error, CustomStringConvertible {
    package var bytes: Int
    package var why: String
    package var description: String { "\(bytes) bytes of packed numbers: \(why)" }
}
