import Foundation
import Testing

@testable import Tuning

@Suite struct SearchSpaceTests {
    static func space() throws -> SearchSpace {
        try SearchSpace([
            SearchDimension("tabSwipe.fastTrigger", unit: "pt/s", default: 700, range: 100...3000, scale: .log),
            SearchDimension("pan.slop", unit: "pt", default: 18, range: 4...40),
            SearchDimension("pan.slopSamples", unit: "samples", default: 3, range: 1...8, isInteger: true)
        ])
    }

    @Test func logScaleRoundTrips() throws {
        let space = try Self.space()
        let values = space.values(atUnitPoint: [0.5, 0.25, 0.5])
        // The middle of a log range is the geometric mean.
        #expect(abs((try #require(values["tabSwipe.fastTrigger"])) - (100.0 * 3000).squareRoot()) < 1e-9)
        #expect(values["pan.slop"] == 13)
        for value in [100.0, 123.4, 700, 2999.9, 3000] {
            let u = space.parameters[0].unitCoordinate(of: value)
            #expect(abs(space.parameters[0].value(atUnit: u) - value) < 1e-9 * value)
        }
        // Equal unit steps are equal ratios.
        let p = space.parameters[0]
        #expect(abs(p.value(atUnit: 0.2) / p.value(atUnit: 0.1) - p.value(atUnit: 0.9) / p.value(atUnit: 0.8)) < 1e-12)
    }

    @Test func integersRoundAndOwnEqualShares() throws {
        let slop = try Self.space().parameters[2]
        #expect(slop.value(atUnit: 0) == 1)
        #expect(slop.value(atUnit: 1) == 8)
        // 8 integers share [0, 1] equally: k owns [(k − 1)/8, k/8).
        var counts: [Double: Int] = [:]
        for i in 0..<8_000 { counts[slop.value(atUnit: (Double(i) + 0.5) / 8_000), default: 0] += 1 }
        #expect(counts.keys.sorted() == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(counts.values.allSatisfy { $0 == 1_000 })
        #expect(slop.unitCoordinate(of: 3) == 0.3125) // centre of [0.25, 0.375)
        #expect(slop.value(atUnit: slop.unitCoordinate(of: 3)) == 3)
        #expect(slop.clamp(4.4) == 4)
    }

    @Test func pointsThatRoundAlikeShareAKey() throws {
        let space = try Self.space()
        let a = space.values(atUnitPoint: [0.3, 0.3, 0.26])
        let b = space.values(atUnitPoint: [0.3, 0.3, 0.37])
        #expect(a["pan.slopSamples"] == 3 && b["pan.slopSamples"] == 3)
        #expect(space.key(for: a) == space.key(for: b))
        #expect(space.key(for: a) != space.key(for: space.values(atUnitPoint: [0.3, 0.3, 0.38])))
    }

    @Test func valuesStayInBounds() throws {
        let space = try Self.space()
        let wild = space.values(atUnitPoint: [-3, 7, .nan])
        #expect(wild["tabSwipe.fastTrigger"] == 100)
        #expect(wild["pan.slop"] == 40)
        #expect((1...8).contains((try #require(wild["pan.slopSamples"]))))
        let clamped = space.clamped(["pan.slop": 1_000, "nonsense": 3])
        #expect(clamped == ["tabSwipe.fastTrigger": 700, "pan.slop": 40, "pan.slopSamples": 3])
        #expect(space.unitPoint(for: ["pan.slop": -5]) == [space.parameters[0].unitCoordinate(of: 700), 0, 0.3125])
    }

    @Test func invalidDefinitionsAreRejected() {
        #expect(throws: TuningInputError.self) { try SearchDimension("a", unit: "", default: 1, range: 0...10, scale: .log) }
        #expect(throws: TuningInputError.self) { try SearchDimension("a", unit: "", default: 11, range: 0...10) }
        #expect(throws: TuningInputError.self) {
            try SearchDimension("a", unit: "", default: 1, range: 0...10.5, isInteger: true)
        }
        #expect(throws: TuningInputError.self) { try SearchDimension("a", unit: "", default: 1, range: 1...1) }
        #expect(throws: TuningInputError.self) {
            let p = try SearchDimension("a", unit: "", default: 1, range: 0...2)
            _ = try SearchSpace([p, p])
        }
        #expect(throws: TuningInputError.self) { try SearchSpace([]) }
    }

    @Test func jsonRoundTripAndErrors() throws {
        let space = try Self.space()
        let values: SearchPoint = ["tabSwipe.fastTrigger": 812.5, "pan.slop": 12, "pan.slopSamples": 5]
        let data = try space.encode(values)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"pan.slop\" : 12"))
        #expect(try space.decode(json: data) == values)
        // Missing names take defaults; integers are rounded.
        #expect(
            try space.decode(json: Data(#"{"pan.slopSamples": 4.2}"#.utf8)) == [
                "tabSwipe.fastTrigger": 700, "pan.slop": 18, "pan.slopSamples": 4
            ])
        #expect(throws: TuningInputError.self) { try space.decode(json: Data(#"{"pan.slip": 4}"#.utf8)) }
        #expect(throws: TuningInputError.self) { try space.decode(json: Data(#"{"pan.slop": 41}"#.utf8)) }
        #expect(throws: TuningInputError.self) { try space.decode(json: Data(#"[1, 2]"#.utf8)) }
        do {
            _ = try space.decode(json: Data(#"{"pan.slop": 41}"#.utf8))
        } catch {
            #expect(error.description == "the value 41.0 lies outside 4.0…40.0 (pan.slop)")
        }
    }
}
