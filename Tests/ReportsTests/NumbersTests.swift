import Testing

@testable import Reports

@Suite struct FormatTests {
    @Test func printsNumbersAsPeopleReadThem() {
        #expect(Format.fixed(-0.0001, 2) == "0.00")
        #expect(Format.fixed(.nan, 2) == "–")
        #expect(Format.smart(2.6174) == "2.617")
        #expect(Format.smart(0.0125) == "0.0125")
        #expect(Format.smart(120) == "120")
        #expect(Format.smart(80.0) == "80")
        #expect(Format.smart(0.35) == "0.35")
        #expect(Format.percent(0.0312) == "3.1 %")
        #expect(Format.signed(-0.7) == "\u{2212}0.7")
        #expect(Format.signed(0.055) == "+0.055")
        #expect(Format.signed(0) == "0")
        #expect(Format.signedPercent(-0.2) == "\u{2212}20.0 %")
        #expect(Format.signedFixed(-2.083, 1) == "\u{2212}2.1")
        #expect(Format.pValue(0.0004) == "< 0.001")
        #expect(Format.pValue(0.0123) == "0.012")
        #expect(Format.pValue(0.4321) == "0.43")
        #expect(Format.ms(97.65) == "98 ms")
        #expect(Format.ms(8.46) == "8.5 ms")
        #expect(Format.value(2.8, unit: "×") == "2.8 ×")
        #expect(Format.value(0.85, unit: "") == "0.85")
    }
}

@Suite struct NiceTicksTests {
    @Test func ticksLandOnRoundNumbers() {
        #expect(NiceTicks(lower: 3, upper: 97, count: 5).values == [0, 25, 50, 75, 100])
        #expect(NiceTicks(lower: 0, upper: 1, count: 6).values == [0, 0.2, 0.4, 0.6, 0.8, 1])
        let small = NiceTicks(lower: 0.041, upper: 0.107, count: 5)
        #expect(small.domain.lowerBound <= 0.041 && small.domain.upperBound >= 0.107)
        #expect(small.step == 0.02)
        #expect(small.label(0.06) == "0.06")
    }

    @Test func decimalsFollowTheStep() {
        #expect(NiceTicks(lower: 50, upper: 200, count: 7).decimals == 0) // step 25
        #expect(NiceTicks(lower: 0, upper: 1, count: 5).decimals == 2) // step 0.25
        #expect(NiceTicks(lower: 0, upper: 10, count: 5).decimals == 1) // step 2.5
        #expect(NiceTicks(lower: 0, upper: 400, count: 5).decimals == 0)
    }

    @Test func aFlatOrEmptySeriesStillGetsAnAxis() {
        let flat = NiceTicks(lower: 5, upper: 5)
        #expect(flat.domain.lowerBound < 5 && flat.domain.upperBound > 5)
        let zero = NiceTicks(lower: 0, upper: 0)
        #expect(zero.values.count >= 2)
        let nonsense = NiceTicks(lower: .nan, upper: .infinity)
        #expect(nonsense.values.count >= 2)
    }

    @Test func scalesMapLinearlyAndFlip() {
        let x = LinearScale(domain: 0...100, range: 50...650)
        #expect(x(50) == 350)
        let y = LinearScale(domain: 0...10, range: 0...200, flipped: true)
        #expect(y(0) == 200)
        #expect(y(10) == 0)
    }
}

@Suite struct VerdictStatisticsTests {
    @Test func paretoFrontKeepsOnlyUndominatedCandidates() {
        let candidates: [TuningReport.ParetoPoint] = [
            .init(misfireRate: 0.10, latencyMs: 100, onFront: true), // front
            .init(misfireRate: 0.08, latencyMs: 120, onFront: true), // front
            .init(misfireRate: 0.09, latencyMs: 130, onFront: true), // dominated by (120, 0.08)
            .init(misfireRate: 0.08, latencyMs: 125, onFront: true), // dominated: same rate, slower
            .init(misfireRate: 0.05, latencyMs: 200, onFront: false), // front
            .init(misfireRate: 0.05, latencyMs: 200, onFront: false), // its duplicate: front too
            .init(misfireRate: 0.12, latencyMs: 100, onFront: true) // dominated: same latency, worse
        ]
        let marked = TuningReport.markingFront(candidates)
        #expect(marked.map(\.onFront) == [true, true, false, false, true, true, false])
        #expect(marked.map(\.latencyMs) == candidates.map(\.latencyMs), "order is kept")
    }
}
