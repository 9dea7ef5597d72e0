import Foundation
import Simulation
import Testing

// MARK: - A tally's observations on the wire

@Suite struct PackedNumbersTests {
    @Test("doubles come back bit for bit: signed zeros, infinities, NaN payloads, subnormals, 0.1 + 0.2")
    func doublesAreExact() throws {
        let values: [Double] = [
            0, -0.0, 0x1p-1030, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .infinity, -.infinity,
            Double(nan: 0x1234, signaling: false), 0.1 + 0.2, 16.000_000_000_000_004, -272.5
        ]
        let data = PackedNumbers.data(values)
        #expect(data.count == 1 + values.count * 8, "in bits: not every value is whole thousandths")
        #expect(try PackedNumbers.doubles(data).map(\.bitPattern) == values.map(\.bitPattern))
    }

    @Test("milliseconds from microseconds travel as thousandths, a repeated value as runs, bit for bit")
    func compactForms() throws {
        let varied = (0..<1000).map { Double($0 * 7919 % 400_000) / 1000 } + [-12.345, 0]
        let variedData = PackedNumbers.data(varied)
        #expect(variedData.count == 1 + varied.count * 4)
        #expect(try PackedNumbers.doubles(variedData).map(\.bitPattern) == varied.map(\.bitPattern))

        let repeated = Array(repeating: 0.0, count: 20_000) + Array(repeating: 500.0, count: 3) + [16.441]
        let repeatedData = PackedNumbers.data(repeated)
        #expect(repeatedData.count == 1 + 3 * 8, "three runs of (thousandths, count)")
        #expect(try PackedNumbers.doubles(repeatedData).map(\.bitPattern) == repeated.map(\.bitPattern))
        #expect(try PackedNumbers.doubles(PackedNumbers.data([Double]())) == [])
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

    @Test("bytes that are no whole number of values, a run of none or an unknown form are refused, not misread")
    func malformed() {
        #expect(throws: PackedNumbersError.self) { try PackedNumbers.doubles(Data(count: 12)) }
        #expect(throws: PackedNumbersError.self) { try PackedNumbers.doubles(Data()) }
        #expect(throws: PackedNumbersError.self) { try PackedNumbers.doubles(Data([9, 0, 0, 0, 0])) }
        #expect(throws: PackedNumbersError.self) { try PackedNumbers.ints(Data(count: 7)) }
        #expect(throws: PackedNumbersError.self) { try PackedNumbers.people(fromRuns: Data(count: 4)) }
        // Person 1, a run of 0.
        #expect(throws: PackedNumbersError.self) {
            try PackedNumbers.people(fromRuns: Data([1, 0, 0, 0, 0, 0, 0, 0]))
        }
    }
}
