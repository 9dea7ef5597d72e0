import Foundation

// MARK: - Observations as their bits

/// Numbers packed as their little-endian bits in `Data`, for a tally's
/// observations on the wire (`JSONEncoder` writes `Data` as base64).
///
/// Why not JSON numbers: a shard's reply on the 10× corpus held about
/// 200,000 observations, and writing and reading each as the shortest
/// decimal that reads back as the same `Double` cost the worker and the
/// coordinator together more than the replay the reply carried (issue 36).
/// Bits are exact by construction and move at memory speed; the merge
/// still sees the same `Double`s, so answers stay bit for bit the same.
package enum PackedNumbers {
    package static func data(_ values: [Double]) -> Data { pack(values.map(\.bitPattern)) }
    package static func data(_ values: [Int]) -> Data { pack(values.map(Int64.init)) }

    /// Whose each observation is, as runs (person, how many): observations
    /// come session by session, so a person's stand together, and a reply's
    /// hundred thousand slots shrink to a few hundred runs.
    package static func runs(_ people: [Int32]) -> Data {
        var runs: [Int32] = []
        var k = 0
        while k < people.count {
            var end = k + 1
            while end < people.count, people[end] == people[k], end - k < Int(Int32.max) { end += 1 }
            runs += [people[k], Int32(end - k)]
            k = end
        }
        return pack(runs)
    }

    package static func people(fromRuns data: Data) throws -> [Int32] {
        let runs = try unpack(data, as: Int32.self)
        guard runs.count % 2 == 0, stride(from: 1, to: runs.count, by: 2).allSatisfy({ runs[$0] > 0 }) else {
            throw PackedNumbersError(bytes: data.count, width: 8)
        }
        var people: [Int32] = []
        people.reserveCapacity(stride(from: 1, to: runs.count, by: 2).reduce(0) { $0 + Int(runs[$1]) })
        for k in stride(from: 0, to: runs.count, by: 2) {
            people.append(contentsOf: repeatElement(runs[k], count: Int(runs[k + 1])))
        }
        return people
    }

    package static func doubles(_ data: Data) throws -> [Double] {
        try unpack(data, as: UInt64.self).map(Double.init(bitPattern:))
    }

    package static func ints(_ data: Data) throws -> [Int] { try unpack(data, as: Int64.self).map(Int.init) }

    private static func pack<T: FixedWidthInteger>(_ values: [T]) -> Data {
        values.map(\.littleEndian).withUnsafeBytes { Data($0) }
    }

    private static func unpack<T: FixedWidthInteger>(_ data: Data, as: T.Type) throws -> [T] {
        let width = MemoryLayout<T>.size
        guard data.count % width == 0 else { throw PackedNumbersError(bytes: data.count, width: width) }
        return data.withUnsafeBytes { raw in
            (0..<(data.count / width)).map { T(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * width, as: T.self)) }
        }
    }
}

/// Packed numbers whose length is not a whole number of values (or runs
/// of none): a reply cut short or from another build.
package struct PackedNumbersError: Error, CustomStringConvertible {
    package var bytes: Int
    package var width: Int
    package var description: String { "\(bytes) bytes of packed numbers, not a multiple of \(width)" }
}
