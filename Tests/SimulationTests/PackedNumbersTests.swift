import Foundation
import Simulation
import Testing

// MARK: - A tally's observations on the wire

@Suite struct PackedNumbersTests {
    @Test("doubles come back bit for bit: signed zeros, infinities, NaN payloads, subnormals")
    func doublesAreExact() throws {
        let values: [Double] = [
            0, -0.0, 1e-310, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .infinity, -.infinity,
            Double(nan: 0x1234, signaling: false), 0.1 + 0.2, 16.000_000_000_000_004, -272.5
        ]
        let data = PackedNumbers.data(values)
        #expect(data.count == values.count * 8)
        let back = try PackedNumbers.doubles(data)
        #expect(back.map(\.bitPattern) == values.map(\.bitPattern))
    }

    @Test("whose each observation is travels as runs, and reads back in order")
    func peopleAsRuns() throws {
        let people: [Int32] = [0, 0, 0, 3, 3, 1, 0, 0, 7] + Array(repeating: 2, count: 10_000)
        let data = PackedNumbers.runs(people)
        #expect(data.count == 6 * 2 * 4, "six runs of (person, count)")
        #expect(try PackedNumbers.people(fromRuns: data) == people)
        #expect(try PackedNumbers.people(fromRuns: PackedNumbers.runs([])) == [])
    }

    @Test("integers round trip, whatever their sign and size")
    func integers() throws {
        let values = [0, -1, Int(Int32.max) + 1, Int.min, Int.max]
        #expect(try PackedNumbers.ints(PackedNumbers.data(values)) == values)
    }

    @Test("bytes that are no whole number of values, or a run of none, are refused, not misread")
    func malformed() {
        #expect(throws: PackedNumbersError.self) { try PackedNumbers.doubles(Data(count: 12)) }
        #expect(throws: PackedNumbersError.self) { try PackedNumbers.ints(Data(count: 7)) }
        #expect(throws: PackedNumbersError.self) { try PackedNumbers.people(fromRuns: Data(count: 4)) }
        // Person 1, a run of 0.
        #expect(throws: PackedNumbersError.self) {
            try PackedNumbers.people(fromRuns: Data([1, 0, 0, 0, 0, 0, 0, 0]))
        }
    }
}
